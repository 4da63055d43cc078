/**
 * The customer's visit page (issue 21 part 5) on the shared stack: the order's one link (the same
 * token for every text, extended on each, a new one after expiry, two texts at once agreeing), the
 * page (the order, the dealership, the parts in position order, a failing part left out), the
 * inspection and survey parts' actions, and the walls: a token reaches only its own order.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { getSheet } from '../../inspections/records.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import type { VisitPart } from '../part.js';
import '../../messages/boards.js';
import { getRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import { getSurvey } from '../../csi/records.js';
import { openVisit, VISIT_DAYS, VISIT_ERRORS, visitUrl } from '../links.js';
import { visitPage } from '../page.js';
import { openSurvey } from './fixtures.js';
import { api } from '../../../test/support/api.js';
import { sendInspection } from '../../../test/support/inspections.js';
import { createRepairOrder, useStackEnv } from '../../../test/support/service.js';

useStackEnv();
import { DEMO_VISIT_TOKEN } from '../../gallery/demo.js';

const baseUrl = inject('baseUrl');
const DAY = 86_400_000;
const REVIEW = 'https://reviews.example.com/demo-north';

const orderOf = (ro: RepairOrderRecord) => ({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id });
const tokenOf = (url: string) => /\/app\/public\/visits\/([A-Za-z0-9_-]{43})(#\w+)?$/.exec(url)![1]!;
const page = (token: string) => api(baseUrl).get(`/api/public/visits/${token}`);
const act = (token: string, kind: string, action: string, body: unknown) => api(baseUrl).post(`/api/public/visits/${token}/${kind}/${action}`, body);

/** An order of Demo Motors North whose inspection went to the customer and whose survey is open. */
async function visitedOrder(customer: { language?: string } = {}): Promise<{ ro: RepairOrderRecord; token: string }> {
  const { ro } = await createRepairOrder({ customer });
  await sendInspection(ro);
  await openSurvey(ro);
  return { ro, token: tokenOf(await visitUrl(orderOf(ro), 'inspection')) };
}

describe('the visit link (functions/visits/links.ts)', () => {
  it('gives every text of one order the same token, extended on each use, with the anchor of what the text is about', async () => {
    const { ro } = await createRepairOrder();
    const early = new Date(Date.now() - 5 * DAY);
    const first = await visitUrl(orderOf(ro), 'inspection', early);
    const second = await visitUrl(orderOf(ro), 'survey');

    expect(first).toMatch(/\/app\/public\/visits\/[A-Za-z0-9_-]{43}#inspection$/);
    expect(second).toMatch(/#survey$/);
    expect(tokenOf(second)).toBe(tokenOf(first));
    const link = await openVisit(tokenOf(first));
    expect(Date.parse(link.valid_until)).toBeGreaterThan(Date.now() + (VISIT_DAYS - 1) * DAY);
  });

  it('issues a new token once the old one expired, which then answers 410', async () => {
    const { ro } = await createRepairOrder();
    const old = tokenOf(await visitUrl(orderOf(ro), 'inspection', new Date(Date.now() - (VISIT_DAYS + 2) * DAY)));
    const fresh = tokenOf(await visitUrl(orderOf(ro), 'inspection'));

    expect(fresh).not.toBe(old);
    const expired = await page(old);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toEqual({ id: 'link_expired', message: VISIT_ERRORS.link_expired });
    expect((await page(fresh)).status).toBe(200);
  });

  it('agrees on one token when two texts go at once', async () => {
    const { ro } = await createRepairOrder();
    const urls = await Promise.all([visitUrl(orderOf(ro), 'inspection'), visitUrl(orderOf(ro), 'survey'), visitUrl(orderOf(ro), 'payment')]);

    expect(new Set(urls.map(tokenOf)).size).toBe(1);
  });

  it('answers 404 link_not_found for a malformed or unknown token', async () => {
    for (const token of ['not-a-token', randomBytes(32).toString('base64url')]) {
      const res = await page(token);
      expect(res.status, token).toBe(404);
      expect(res.body.error).toEqual({ id: 'link_not_found', message: VISIT_ERRORS.link_not_found });
    }
  });
});

describe('GET /api/public/visits/{token}', () => {
  it('shows the order, the dealership as its texts name it, and the inspection and survey parts in position order', async () => {
    const { ro, token } = await visitedOrder({ language: 'fr' });

    const res = await page(token);

    expect(res.status, res.text).toBe(200);
    const visit = res.body.visit;
    expect(visit).toMatchObject({
      dealership: 'Demo Motors North',
      phone: '+16175550100',
      phone_display: '(617) 555-0100',
      locale: 'fr',
      store_locale: 'en-us',
      order: { number: ro.ro_id },
      valid_until: expect.any(String),
      branding: { colour: expect.stringMatching(/^#[0-9a-fA-F]{6}$/) },
    });
    expect(visit.parts.map((p: { kind: string }) => p.kind)).toEqual(['inspection', 'survey']);
    expect(visit.parts[0].data).toMatchObject({ ro_id: ro.ro_id, form_name: 'Brake check', locale: 'fr', expires_at: visit.valid_until });
    expect(visit.parts[1].data).toEqual({ state: 'open', rating: null, comment: '', review_link: null });
    // The page names the order by its number only: the record's own ids stay out.
    expect(res.text).not.toContain(ro.id);
    expect(res.text).not.toContain('Shop note');
  });

  it('shows no part where nothing applies yet: an order with no sheet sent and no survey', async () => {
    const { ro } = await createRepairOrder();
    const res = await page(tokenOf(await visitUrl(orderOf(ro))));

    expect(res.status).toBe(200);
    expect(res.body.visit.parts).toEqual([]);
  });

  it('leaves out a part that fails and still shows the others, in position order', async () => {
    const { token } = await visitedOrder();
    const parts: VisitPart[] = [
      { kind: 'late', position: 30, load: async () => ({ n: 3 }) },
      { kind: 'broken', position: 20, load: () => Promise.reject(new Error('the gallery is down')) },
      { kind: 'early', position: 10, load: async () => ({ n: 1 }) },
      { kind: 'empty', position: 15, load: async () => null },
    ].sort((a, b) => a.position - b.position);

    const visit = await visitPage(token, new Date(), parts);

    expect(visit.parts).toEqual([
      { kind: 'early', data: { n: 1 } },
      { kind: 'late', data: { n: 3 } },
    ]);
  });
});

describe("the demo's visit page", () => {
  it('opens the demo album at the token the README names, with the shown photos and the video', async () => {
    const res = await page(DEMO_VISIT_TOKEN);
    expect(res.status, res.text).toBe(200);
    expect(res.body.visit).toMatchObject({ dealership: 'Demo Motors North', order: { number: '7010240' } });
    const album = (res.body.visit.parts as { kind: string; data: { items: { kind: string }[] } }[]).find((part) => part.kind === 'album');
    expect(album?.data.items.map((item) => item.kind).sort()).toEqual(['photo', 'photo', 'video']);
  });
});

describe('links sent before the visit page', () => {
  it("turns an inspection link into its order's visit link, and refuses an unknown or expired one as before", async () => {
    const { ro } = await createRepairOrder();
    const { token: old } = await sendInspection(ro);
    const visit = tokenOf(await visitUrl(orderOf(ro), 'payment'));

    const res = await api(baseUrl).get(`/api/public/inspections/${old}/visit`);

    expect(res.status, res.text).toBe(200);
    expect(res.body.visit.url).toMatch(new RegExp(`/app/public/visits/${visit}#inspection$`));
    expect((await api(baseUrl).get(`/api/public/inspections/${randomBytes(32).toString('base64url')}/visit`)).status).toBe(404);
    const { writeLink } = await import('../../recommendations/links.js');
    const expired = randomBytes(32).toString('base64url');
    const dayAgo = new Date(Date.now() - DAY).toISOString();
    const sheet = (await getSheet(ro.company_id, ro.id, true))!;
    await writeLink(expired, { company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id, sheet_id: sheet.id, created_at: dayAgo, valid_until: dayAgo });
    expect((await api(baseUrl).get(`/api/public/inspections/${expired}/visit`)).status).toBe(410);
  });
});

describe('POST /api/public/visits/{token}/{kind}/{action}', () => {
  it("records the customer's decision on a recommendation and answers the part again", async () => {
    const { ro, token } = await visitedOrder();

    const res = await act(token, 'inspection', 'decide', { recommendation_id: 'rec_pads', approved: true });

    expect(res.status, res.text).toBe(200);
    expect(res.body.part.kind).toBe('inspection');
    expect(res.body.part.data.recommendations.find((r: { id: string }) => r.id === 'rec_pads')).toMatchObject({ approved: true, decided_at: expect.any(String) });
    const sheet = await getSheet(ro.company_id, ro.id, true);
    expect(sheet!.recommendations.find((r) => r.id === 'rec_pads')!.metadata.approver).toEqual({ initiator: 'customer', agent: null });
  });

  it('draws the PDF and answers its address', async () => {
    const { token } = await visitedOrder();

    const res = await act(token, 'inspection', 'pdf', {});

    expect(res.status, res.text).toBe(200);
    expect(res.body.part.data.pdf_url).toEqual(expect.stringMatching(/^https?:\/\//));
  }, 30_000);

  it("answers the survey on the page, then thanks and offers the store's review link, whatever the rating", async () => {
    const { ro, token } = await visitedOrder();
    const csi = await readSettings(ro.company_id, ro.location_id, 'csi_settings');
    await writeSettings(ro.company_id, ro.location_id, 'csi_settings', { ...csi, review_link: REVIEW }, 'agt_test');
    try {
      const bad = await act(token, 'survey', 'answer', { rating: 11 });
      const answered = await act(token, 'survey', 'answer', { rating: 3, comment: ' Too slow ' });
      const again = await act(token, 'survey', 'answer', { rating: 10 });

      expect(bad.status).toBe(422);
      expect(bad.text).toContain('Please choose a rating from 0 to 10');
      expect(answered.status, answered.text).toBe(200);
      expect(answered.body.part).toEqual({ kind: 'survey', data: { state: 'answered', rating: 3, comment: 'Too slow', review_link: REVIEW } });
      expect(again.status).toBe(409);
      expect((await getSurvey(ro.company_id, ro.id, true))!).toMatchObject({ rating: 3, via: 'page' });
      expect((await getRepairOrder(ro.company_id, ro.id, true))!.satisfaction_poll).toEqual({ rating: 3 });
      const shown = await page(token);
      expect(shown.body.visit.parts.find((p: { kind: string }) => p.kind === 'survey').data.state).toBe('answered');
    } finally {
      await writeSettings(ro.company_id, ro.location_id, 'csi_settings', csi, 'agt_test');
    }
  });

  it('answers 404 for a kind or action nobody declares', async () => {
    const { token } = await visitedOrder();
    for (const [kind, action] of [
      ['gallery', 'decide'],
      ['inspection', 'delete'],
      ['inspection', 'constructor'],
      ['survey', 'toString'],
    ]) {
      expect((await act(token, kind!, action!, {})).status, `${kind}/${action}`).toBe(404);
    }
  });

  it("reaches only its own order: another order's recommendation is refused and left as it was", async () => {
    const mine = await visitedOrder();
    const theirs = await visitedOrder();
    // The sheets share the fixture's recommendation ids: the decision must land on the token's order only.
    const res = await act(mine.token, 'inspection', 'decide', { recommendation_id: 'rec_wipers', approved: false });
    const unknown = await act(mine.token, 'inspection', 'decide', { recommendation_id: 'rec_not_on_this_sheet', approved: true });

    expect(res.status).toBe(200);
    expect(unknown.status).toBe(404);
    const theirSheet = await getSheet(theirs.ro.company_id, theirs.ro.id, true);
    expect(theirSheet!.recommendations.every((r) => r.approved === null)).toBe(true);
    const theirPage = await page(theirs.token);
    expect(theirPage.body.visit.order.number).toBe(theirs.ro.ro_id);
    expect((await page(mine.token)).text).not.toContain(theirs.ro.ro_id);
  });

});
