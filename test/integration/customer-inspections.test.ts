/**
 * The customer's inspection page API: no sign-in, the link's token is the key. Links are issued
 * through the link store (functions/recommendations/links.ts) on sheets written through the sheet
 * store, as "send to customer" would leave them.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { requireSheet, updateSheet, type SheetRecord, type StoredSheetAttachment } from '../../functions/inspections/records.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import { issueLink, writeLink } from '../../functions/recommendations/links.js';
import { pdfInput } from '../../functions/recommendations/pdfInput.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { TECHNICIAN, recommendation, sendInspection } from '../support/inspections.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { createRepairOrder, DEMO_NORTH, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const publicApi = () => api(baseUrl);

let advisor: ApiClient;

beforeAll(async () => {
  useStackEnv();
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
});



const attachment = (id: string, verdict: StoredSheetAttachment['verdict']): StoredSheetAttachment => ({
  id,
  group: 'Brakes',
  item: 'Front brake pads',
  name: `${id}.jpg`,
  content_type: 'image/jpeg',
  size: 1000,
  kind: 'photo',
  notes: 'Shop note on the photo',
  verdict,
  agent: TECHNICIAN,
  created_at: new Date().toISOString(),
  key: `mpi/${DEMO_NORTH.companyId}/test/${id}.jpg`,
  small_key: null,
  thumb_key: null,
});

/** An order whose sheet the advisor completed and sent, with a link to it. */
async function sentInspection(customer: Partial<CustomerRecord> = {}): Promise<{ ro: RepairOrderRecord; sheet: SheetRecord; token: string }> {
  const { ro } = await createRepairOrder({ customer });
  const { sheet, token } = await sendInspection(ro, [attachment('att_shown', 'approved'), attachment('att_hidden', 'disapproved')]);
  return { ro, sheet, token };
}

async function notesOf(roId: string): Promise<{ text: string; agent: unknown; metadata: { note: Record<string, string> } }[]> {
  const res = await advisor.get(`/api/repair_orders/${roId}/messages?limit=50`);
  return res.body.messages.filter((m: { behaviour: string | null }) => m.behaviour === 'RECOMMENDED_WORK_STATUS');
}

const decide = (token: string, recId: string, approved: unknown) => publicApi().put(`/api/public/inspections/${token}/recommendations/${recId}`, { approved });

describe('GET /api/public/inspections/{token}', () => {
  it('shows the inspection without signing in, without shop notes, disapproved photos or ids beyond the link', async () => {
    // prepare
    const { ro, token } = await sentInspection();
    // act
    const res = await publicApi().get(`/api/public/inspections/${token}`);
    // assess
    expect(res.status).toBe(200);
    const inspection = res.body.inspection;
    expect(inspection).toMatchObject({
      ro_id: ro.ro_id,
      customer_first_name: ro.customer_first_name,
      form_name: 'Brake check',
      header: 'Checked on the lift',
      locale: 'en-us',
      currency_locale: 'en-us',
      advisor: { name: 'Priya Raman' },
      // The store's number as its (US) customers read it; the raw one stays for the call link.
      dealership: { name: 'Demo Motors North', phone: '+16175550100', phone_display: '(617) 555-0100', colour: expect.stringMatching(/^#[0-9a-fA-F]{6}$/) },
      expires_at: expect.any(String),
    });
    expect(inspection.attachments.map((a: { id: string }) => a.id)).toEqual(['att_shown']);
    expect(inspection.attachments[0]).not.toHaveProperty('notes');
    expect(inspection.attachments[0].metadata.orig).toEqual(expect.stringContaining('att_shown.jpg'));
    expect(inspection.recommendations[0]).toEqual({
      id: 'rec_pads',
      group: 'Brakes',
      item: 'Front brake pads',
      est_cost_in_cents: 24000,
      comment: 'Replace front brake pads',
      approved: null,
      decided_at: null,
    });
    expect(res.text).not.toContain('Shop note');
    expect(res.text).not.toContain(ro.id);
  });

  it("speaks the customer's language when the order's customer has one", async () => {
    const { token } = await sentInspection({ language: 'el' });

    const res = await publicApi().get(`/api/public/inspections/${token}`);

    expect(res.body.inspection).toMatchObject({ locale: 'el', currency_locale: 'en-us' });
  });

  it('answers 410 link_expired for a link past its time', async () => {
    // prepare: a link whose validity ended yesterday
    const { ro, sheet } = await sentInspection();
    const token = randomBytes(32).toString('base64url');
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    await writeLink(token, { company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id, sheet_id: sheet.id, created_at: dayAgo, valid_until: dayAgo });
    // act
    const page = await publicApi().get(`/api/public/inspections/${token}`);
    const decision = await decide(token, 'rec_pads', true);
    // assess
    expect(page.status).toBe(410);
    expect(page.body.error).toEqual({ id: 'link_expired', message: 'This inspection link has expired. Please contact the dealership for a new one.' });
    expect(decision.status).toBe(410);
    expect(await notesOf(ro.id)).toHaveLength(0);
  });

  it('answers 404 link_not_found for a garbage token and for a well-formed unknown one', async () => {
    const garbage = await publicApi().get('/api/public/inspections/not-a-token');
    const unknown = await publicApi().get(`/api/public/inspections/${randomBytes(32).toString('base64url')}`);

    expect(garbage.status).toBe(404);
    expect(garbage.body.error).toEqual({ id: 'link_not_found', message: 'This inspection link is not valid' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.id).toBe('link_not_found');
  });

  it('keeps an earlier link working after a new one is issued', async () => {
    const { ro, sheet, token: first } = await sentInspection();
    await issueLink({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id, sheet_id: sheet.id }, 14);

    expect((await publicApi().get(`/api/public/inspections/${first}`)).status).toBe(200);
  });
});

describe('PUT /api/public/inspections/{token}/recommendations/{recommendation_id}', () => {
  it("records the customer's approval, notes it for the advisor and tells the location", async () => {
    // prepare
    const { ro, token } = await sentInspection();
    const since = Date.now() - 1000;
    // act
    const res = await decide(token, 'rec_pads', true);
    // assess
    expect(res.status).toBe(200);
    expect(res.body.inspection.recommendations[0]).toMatchObject({ id: 'rec_pads', approved: true, decided_at: expect.any(String) });
    const notes = await notesOf(ro.id);
    expect(notes.map((n) => n.text)).toEqual(['Customer approved Front brake pads ($240.00)']);
    expect(notes[0]).toMatchObject({ agent: null, metadata: { note: { initiator: 'customer', status: 'approved' } } });
    const sheet = (await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.sheet;
    expect(sheet.recommendations).toMatchObject({ approved: 1, undecided: 1, approved_cents: 24000 });
    const events = await eventsAfter(DEMO_NORTH.companyId, channels.location(DEMO_NORTH.locationId), cursorAt(since));
    const decisions = events.filter((e) => e.type === 'mpi.decision').map((e) => e.data);
    expect(decisions).toContainEqual(expect.objectContaining({ repair_order_id: ro.id, recommendation_id: 'rec_pads', approved: true, initiator: 'customer' }));
    expect(events.some((e) => e.type === 'mpi.changed' && (e.data as { reason: string; repair_order_id: string }).repair_order_id === ro.id)).toBe(true);
  });

  it('lets the customer change their mind, each change noted once', async () => {
    // prepare
    const { ro, token } = await sentInspection();
    await decide(token, 'rec_wipers', true);
    // act
    const changed = await decide(token, 'rec_wipers', false);
    const repeated = await decide(token, 'rec_wipers', false);
    // assess
    expect(changed.body.inspection.recommendations[1]).toMatchObject({ approved: false });
    expect(repeated.status).toBe(200);
    expect((await notesOf(ro.id)).map((n) => n.text).sort()).toEqual(['Customer approved Wiper blades ($35.00)', 'Customer declined Wiper blades ($35.00)']);
  });

  it('shows the approver on the advisor’s sheet as the customer', async () => {
    const { ro, token } = await sentInspection();

    await decide(token, 'rec_pads', false);

    const after = await requireSheet(ro.company_id, ro.id, true);
    expect(after.recommendations[0]).toMatchObject({ approved: false, metadata: { approver: { initiator: 'customer', agent: null } } });
  });

  it('answers 404 for a recommendation of another sheet, and changes nothing there', async () => {
    // prepare: two sent inspections; the second's recommendation is asked for through the first's link
    const { token } = await sentInspection();
    const other = await sentInspection();
    const foreign = 'rec_foreign';
    await updateSheet(other.ro.company_id, other.ro.id, (s) => ({ recommendations: [...s.recommendations, recommendation(foreign, 'Wiper blades', 100)] }));
    // act
    const res = await decide(token, foreign, true);
    // assess
    expect(res.status).toBe(404);
    expect(res.body.error.id).toBe('unknown_recommendation');
    expect(await notesOf(other.ro.id)).toHaveLength(0);
  });

  it('refuses "undecided" from the customer: only approve or decline', async () => {
    const { token } = await sentInspection();

    expect((await decide(token, 'rec_pads', null)).status).toBe(422);
  });
});

describe('GET /api/public/inspections/{token}/pdf', () => {
  it("answers a signed URL of the PDF in the customer's language, Greek included", async () => {
    const { token } = await sentInspection({ language: 'el' });

    const res = await publicApi().get(`/api/public/inspections/${token}/pdf`);

    expect(res.status).toBe(200);
    expect(res.body.pdf.url).toEqual(expect.stringMatching(/\/pdf\/\d+-el\.pdf/));
    const bytes = Buffer.from(await (await fetch(res.body.pdf.url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The page now offers the same file.
    expect((await publicApi().get(`/api/public/inspections/${token}`)).body.inspection.pdf_url).toEqual(expect.stringMatching(/-el\.pdf/));
  });
});

describe('the PDF of the inspection', () => {
  it("prints the store's number as its customers read it", async () => {
    const { ro, sheet } = await sentInspection({ language: 'de' });

    const input = await pdfInput(sheet, ro, 'de');

    expect(input.dealership).toMatchObject({ name: 'Demo Motors North', phone: '(617) 555-0100' });
  });
});
