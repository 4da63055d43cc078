/**
 * CSI in the console (issue 21): a customer answers the survey with a low number by text, and the
 * store's manager gets the notice at once (a toast with a way to the order, and a desktop
 * notification while the tab is hidden); the order's row shows the rating in red (SPEC §9); the
 * manager sets the store's CSI settings from the keyboard; the advisor sends an order's survey with
 * "Send survey" and reads why a second one for the same customer may not go yet. At 1280 px and on
 * a 390 px phone, each screen scanned with axe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { replyAsCustomer, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../../../../../test/support/desktopNotices.js';
import { DEMO_NORTH, createRepairOrder, repairOrderRecord, serviceNumberOfNorth, useStackEnv } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { readSettings, writeSettings } from '../../../../../functions/lib/settings.js';
import '../../../../../functions/messages/boards.js';
import { offerSurvey } from '../../../../../functions/csi/surveys.js';
import { getRepairOrder, saveRepairOrder } from '../../../../../functions/repairOrders/records.js';
import { getSurvey } from '../../../../../functions/csi/records.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];
const MANAGER = 'manager@demo.example';

beforeAll(async () => {
  const csi = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'csi_settings');
  await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'csi_settings', { ...csi, enabled: true, send_on: 'closed', low_rating_threshold: 6, review_link: 'https://reviews.example.com/demo-motors-north' }, 'agt_test');
});

async function managerPage(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context(options)).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

describe.each(WIDTHS)('CSI at %s', (width, options) => {
  it('a low rating by reply raises the manager’s notice, and the row shows it in red', { timeout: 120_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Lowell', last_name: `Rater${tag}`, opt_in: 'in' }, ro: { closed: true, closed_at: new Date().toISOString() } });
    expect((await offerSurvey(ro, 'closed')).outcome).toBe('sent');

    const page = await managerPage(options);
    await recordDesktopNotices(page);
    await signInAs(page, MANAGER);
    const row = page.getByTestId('board-row').filter({ hasText: ro.ro_id }).first();
    await row.waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });
    await hideTab(page);

    await replyAsCustomer(browser.carrierUrl, customer.phones.cell!, await serviceNumberOfNorth(), '2 waited three hours');

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Low rating: 2/10 from Lowell Rater${tag}` });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toContain('“waited three hours”');
    await expect
      .poll(async () => (await shownNotices(page)).map((n) => `${n.title} / ${n.body}`).join('|'), { timeout: 10_000 })
      .toContain(`Low rating: 2/10 from Lowell Rater${tag} / Repair order ${ro.ro_id}: “waited three hours”`);

    const marker = row.getByTestId('marker-csi-rating');
    await expect.poll(() => marker.getAttribute('data-tone'), { timeout: 10_000 }).toBe('red');
    expect(await marker.getAttribute('aria-label')).toBe('Satisfaction rating: 2 out of 10');
    expect(await seriousViolations(page)).toEqual([]);

    // The notice's button opens the order, whose detail shows the survey and its comment.
    await toast.getByRole('button', { name: 'Open the order' }).click();
    // On a phone the conversation comes first; the order's details are a button away.
    if (tag === 'Narrow') {
      await page.getByTestId('detail-open').waitFor({ timeout: 15_000 });
      await page.getByTestId('detail-open').click();
    }
    const survey = page.getByTestId('csi-survey');
    await survey.waitFor({ timeout: 15_000 });
    await expect.poll(() => survey.textContent(), { timeout: 10_000 }).toContain('waited three hours');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the customer answers on the survey page from the keyboard, and is offered the review link whatever the rating', { timeout: 60_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Paige', last_name: `Survey${tag}`, opt_in: 'in', language: 'es' }, ro: { closed: true, closed_at: new Date().toISOString() } });
    expect((await offerSurvey(ro, 'closed')).outcome).toBe('sent');
    // The text links to the order's visit page, opened at its survey (issue 21 part 5).
    const text = (await textsTo(browser.carrierUrl, customer.phones.cell!)).find((sms) => sms.text.includes('/app/public/visits/'))!;
    const link = /https?:\/\/\S+\/app\/public\/visits\/[A-Za-z0-9_-]+#survey/.exec(text.text)![0];

    const page = await (await browser.context(options)).newPage();
    const url = new URL(link);
    await page.goto(url.pathname + url.hash);
    await page.locator('[data-testid="survey-part"][data-state="open"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('#survey h2').textContent()).toBe('¿Qué tal fue su visita?');
    expect(await seriousViolations(page)).toEqual([]);

    // Sent without a number: asked for one.
    await page.getByTestId('survey-send').click();
    expect(await page.getByTestId('survey-error').textContent()).toBe('Elija un número del 0 al 10.');
    await page.locator('#rating-0').focus();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await page.locator('#survey-comment').fill('Muy lento');
    await page.getByTestId('survey-send').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('survey-thanks').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('survey-review').getAttribute('href')).toMatch(/^https:\/\//);
    expect(await seriousViolations(page)).toEqual([]);
    const answered = await getRepairOrder(ro.company_id, ro.id, true);
    expect(answered?.satisfaction_poll).toEqual({ rating: 4 });
  });

  it('the advisor sends the survey from the order by keyboard, and reads why the same customer cannot get another yet', { timeout: 120_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Sam', last_name: `Sender${tag}`, opt_in: 'in' }, ro: { closed: true, closed_at: new Date().toISOString() } });
    // The same customer's other order: the store's frequency keeps its survey back.
    const second = repairOrderRecord(customer, { closed: true, closed_at: new Date().toISOString() });
    await saveRepairOrder(second, null);

    const page = await managerPage(options);
    await signInAs(page, MANAGER);
    const openDetail = async (roNumber: string) => {
      if (tag === 'Wide') return openOrder(page, roNumber);
      // On a phone the conversation comes first; the order's details are a button away.
      const row = page.getByTestId('board-row').filter({ hasText: roNumber }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByTestId('detail-open').waitFor({ timeout: 15_000 });
      await page.getByTestId('detail-open').click();
    };
    await openDetail(ro.ro_id);
    const section = page.getByTestId('csi-survey');
    await section.waitFor({ timeout: 15_000 });
    const send = section.getByRole('button', { name: 'Send survey' });
    await send.waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await send.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByTestId('csi-sent').textContent(), { timeout: 10_000 }).toBe('Survey sent to the customer.');
    await expect.poll(() => section.textContent(), { timeout: 10_000 }).toContain("Waiting for the customer's answer");
    // An open survey stands: no second button.
    expect(await send.count()).toBe(0);
    expect((await getSurvey(ro.company_id, ro.id, true))?.state).toBe('open');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/app/');
    await openDetail(second.ro_id);
    const other = page.getByTestId('csi-survey');
    await other.getByRole('button', { name: 'Send survey' }).waitFor({ timeout: 15_000 });
    await other.getByRole('button', { name: 'Send survey' }).focus();
    await page.keyboard.press('Enter');
    const refusal = other.getByTestId('csi-refused');
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.textContent()).toMatch(/^This customer was surveyed recently\. The next survey can be sent from .+\.$/);
    expect(await getSurvey(second.company_id, second.id, true)).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the manager sets the CSI settings from the keyboard', { timeout: 60_000 }, async () => {
    const page = await managerPage(options);
    await signInAs(page, MANAGER);
    await page.goto('/app/settings?tab=csi');
    const tab = page.getByTestId('settings-csi');
    await tab.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('csi-threshold').focus();
    await page.getByTestId('csi-threshold').selectOption('5');
    await page.getByTestId('csi-review-link').fill('not a link');
    await page.getByTestId('csi-save').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('csi-problem').waitFor();
    expect(await page.getByTestId('csi-problem').textContent()).toContain('https://');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('csi-review-link').fill('https://reviews.example.com/demo-motors-north');
    await page.getByTestId('csi-save').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'csi_settings')).low_rating_threshold, { timeout: 10_000 })
      .toBe(5);
    const saved = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'csi_settings');
    expect(saved.review_link).toBe('https://reviews.example.com/demo-motors-north');
    await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'csi_settings', { ...saved, low_rating_threshold: 6 }, 'agt_test');
  });
});
