/**
 * One text to several repair orders from the service board (issue 19): the advisor picks orders with
 * their boxes (a click, or Space on a row the keyboard is on), opens "Send text to selected", writes
 * once and watches it go; the summary says who was texted and who was skipped, and why. In the
 * store's evening the dialog asks the quiet-hours question first and the summary counts the held
 * texts apart from the sent ones. At 1280 px and on a 390 px phone, each screen scanned with axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_LOCATIONS } from '../../../../../infra/local/demo.js';
import { api, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, createRepairOrder, useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];
const phoneSized = (options: BrowserContextOptions) => (options.viewport?.width ?? 1280) < 600;

async function advisorBoard(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context(options)).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  await signInAs(page, 'advisor@demo.example');
  return page;
}

const orderRow = (page: Page, roNumber: string) => page.getByTestId('board-row').filter({ hasText: roNumber }).first();

/** The dialog's summary once the text is finished: each line as the agent reads it. */
async function summaryOf(page: Page): Promise<{ sent: string | null; scheduled: string | null; skipped: string | null; reasons: string[] }> {
  const progress = page.getByTestId('mass-progress');
  await expect.poll(() => progress.getAttribute('data-state'), { timeout: 20_000 }).toBe('finished');
  const line = async (testId: string) => ((await page.getByTestId(testId).count()) ? page.getByTestId(testId).textContent() : null);
  return { sent: await line('mass-sent'), scheduled: await line('mass-scheduled'), skipped: await line('mass-skipped'), reasons: await page.getByTestId('mass-skip-reason').allTextContents() };
}

/** Writes the text in the open dialog (scanned as it stands) and sends it. */
async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('mass-text').fill(text);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('mass-send').click();
}

describe.each(WIDTHS)('a mass text from the service board at %s', (width, options) => {
  it('texts the orders picked, skips the customer who opted out, and says so', { timeout: 120_000 }, async () => {
    const tag = phoneSized(options) ? 'Narrow' : 'Wide';
    const texted = await createRepairOrder({ customer: { first_name: 'Molly', last_name: `Mass${tag}`, opt_in: 'in' } });
    const optedOut = await createRepairOrder({ customer: { first_name: 'Oscar', last_name: `Out${tag}`, opt_in: 'out' } });
    const page = await advisorBoard(options);
    await orderRow(page, optedOut.ro.ro_id).waitFor({ timeout: 15_000 });

    // One box ticked by pointer, which picks the order and does not open it; the other by keyboard.
    await orderRow(page, texted.ro.ro_id).getByTestId('order-pick').check();
    expect(new URL(page.url()).searchParams.get('ro')).toBeNull();
    if (phoneSized(options)) {
      await orderRow(page, optedOut.ro.ro_id).getByTestId('order-pick').check();
    } else {
      await orderRow(page, optedOut.ro.ro_id).focus();
      await page.keyboard.press('Space');
      expect(await orderRow(page, optedOut.ro.ro_id).getByTestId('order-pick').isChecked()).toBe(true);
    }
    expect(await page.getByTestId('picked-count').textContent()).toBe('2 selected');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('mass-open').click();
    expect(await page.getByTestId('mass-recipients').textContent()).toBe('2 repair orders selected.');
    await send(page, `Our service lane opens at 7 tomorrow (${width}).`);

    expect(await summaryOf(page)).toEqual({ sent: 'Sent to 1 customer', scheduled: null, skipped: '1 skipped', reasons: ['Opted out: 1'] });
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(async () => (await textsTo(browser.carrierUrl, texted.customer.phones.cell!)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain(`opens at 7 tomorrow (${width})`);
    expect(await textsTo(browser.carrierUrl, optedOut.customer.phones.cell!)).toEqual([]);

    // Done with: closing the summary clears the pick.
    await page.getByTestId('mass-close').click();
    expect(await page.getByTestId('picked-count').textContent()).toBe('0 selected');
    expect(await page.getByTestId('mass-open').isDisabled()).toBe(true);
  });
});

describe('a mass text from the service board in the store’s evening', () => {
  const timeZone = DEMO_LOCATIONS.find((l) => l.id === DEMO_NORTH.locationId)!.timezone;
  /** The store's wall clock `minutes` from now, HH:MM. */
  const wallClock = (minutes: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));
  async function quietHours(start: string, end: string): Promise<void> {
    const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
    const res = await manager.post(`/api/locations/${DEMO_NORTH.locationId}/service_settings`, { service_settings: { quiet_hours_start: start, quiet_hours_end: end } });
    expect(res.status, res.text).toBe(200);
  }
  // Quiet since an hour ago, texting again in an hour; every other test texts in the daytime.
  beforeAll(() => quietHours(wallClock(-60), wallClock(60)));
  afterAll(() => quietHours('00:00', '00:00'));

  it.each(WIDTHS)('asks before anything goes at %s, and the summary counts the held texts apart from the sent', { timeout: 120_000 }, async (_width, options) => {
    const tag = phoneSized(options) ? 'Narrow' : 'Wide';
    const orders = await Promise.all(['Quinn', 'Quincy'].map((first) => createRepairOrder({ customer: { first_name: first, last_name: `Evening${tag}`, opt_in: 'in' } })));
    const page = await advisorBoard(options);
    for (const { ro } of orders) {
      await orderRow(page, ro.ro_id).waitFor({ timeout: 15_000 });
      await orderRow(page, ro.ro_id).getByTestId('order-pick').check();
    }
    await page.getByTestId('mass-open').click();
    await send(page, 'Winter tyres are in stock.');

    const question = page.getByTestId('quiet-hours-dialog');
    await question.waitFor();
    expect(await question.textContent()).toContain('Outside texting hours');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('quiet-schedule').click();

    expect(await summaryOf(page)).toEqual({ sent: 'Sent to 0 customers', scheduled: expect.stringMatching(/^Scheduled for .+(AM|PM): 2 customers$/), skipped: '0 skipped', reasons: [] });
    for (const { customer } of orders) expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
