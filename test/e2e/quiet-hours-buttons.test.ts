/**
 * Issue 18 §3 in the browser, in the store's evening: the buttons that text a prepared message ask
 * the composer's quiet-hours question (send anyway, schedule for the window's start, or not send),
 * and what they say afterwards is what happened: "scheduled for …" while the carrier has nothing.
 * Vehicle ready and the appointments board's mass text, at 1280 px and on a 390 px phone, each
 * screen scanned with axe while the question is open. Quiet hours are set around the store's
 * wall clock (the local stack has no clock to fake).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO_LOCATIONS } from '../../infra/local/demo.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { DEMO_NORTH, createRepairOrder, uniquePhone, useStackEnv } from '../support/service.js';
import { openOrder, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];
const TIMEZONE = DEMO_LOCATIONS.find((l) => l.id === DEMO_NORTH.locationId)!.timezone;

let manager: ApiClient;

/** The store's wall clock `minutes` from now, HH:MM. */
function wallClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

async function quietHours(start: string, end: string): Promise<void> {
  const res = await manager.post(`/api/locations/${DEMO_NORTH.locationId}/service_settings`, { service_settings: { quiet_hours_start: start, quiet_hours_end: end } });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  // The store's evening: quiet since an hour ago, texting again in an hour.
  await quietHours(wallClock(-60), wallClock(60));
});

afterAll(async () => {
  await quietHours('00:00', '00:00');
});

async function pageIn(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context(options)).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

describe.each(WIDTHS)('vehicle ready in quiet hours at %s', (_width, options) => {
  it('asks as the composer does, schedules for the window, and says scheduled, not sent', { timeout: 120_000 }, async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Vera', last_name: 'Evening', opt_in: 'in' } });
    const page = await pageIn(options);
    await signInAs(page, 'advisor@demo.example');
    const row = page.getByTestId('board-row').filter({ hasText: ro.ro_id }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await page.getByTestId('conversation').waitFor();
    // On the phone the details wait behind their button.
    if ((options.viewport?.width ?? 1280) < 600) await page.getByTestId('detail-open').click();
    await page.getByTestId('detail-panel').waitFor();

    await page.getByTestId('vehicle-ready-button').click();
    await page.getByTestId('vehicle-ready-preview').waitFor();
    await page.getByTestId('vehicle-ready-confirm').click();

    // The composer's question, with the window's start on its schedule button.
    const question = page.getByTestId('quiet-hours-dialog');
    await question.waitFor();
    expect(await question.textContent()).toContain('Outside texting hours');
    expect(await page.getByTestId('quiet-schedule').textContent()).toMatch(/^Schedule for .+(AM|PM)$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport!.width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('quiet-schedule').click();
    await page.getByText(/^Vehicle ready text scheduled for .+(AM|PM)$/).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Vehicle ready text sent').count()).toBe(0);
    expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toEqual([]);
    // The conversation shows the held text as scheduled.
    await page.getByTestId('message-bubble').filter({ hasText: 'Your vehicle is ready' }).waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('vehicle ready in quiet hours, sent anyway', () => {
  it('sends at once when the agent says so, and says sent', { timeout: 120_000 }, async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Sid', last_name: 'Anyway', opt_in: 'in' } });
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await openOrder(page, ro.ro_id);
    await page.getByTestId('vehicle-ready-button').click();
    await page.getByTestId('vehicle-ready-preview').waitFor();
    await page.getByTestId('vehicle-ready-confirm').click();
    await page.getByTestId('quiet-send-anyway').click();
    await page.getByText('Vehicle ready text sent').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await textsTo(browser.carrierUrl, customer.phones.cell!)).length, { timeout: 10_000 }).toBe(1);
  });
});

let booked = 0;
async function book(first: string, last: string): Promise<{ phone: string }> {
  booked += 1;
  const phone = uniquePhone();
  const coordinator = api(browser.baseUrl, await signIn(browser.baseUrl, 'appointments@demo.example'));
  const res = await coordinator.post(`/api/locations/${DEMO_NORTH.locationId}/appointments`, {
    appointment: { scheduled_at: new Date(Date.now() + 50 * 3_600_000 + booked * 60_000).toISOString(), notes: `Tyres for ${first}` },
    customer: { first_name: first, last_name: last, phone, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` },
  });
  expect(res.status, res.text).toBe(201);
  return { phone };
}

describe.each(WIDTHS)('a mass text in quiet hours at %s', (width, options) => {
  it('asks before anything goes, and its summary counts the scheduled apart from the sent', { timeout: 120_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const one = await book('Quinn', `Quiet${tag}`);
    const two = await book('Quincy', `Quiet${tag}`);
    const page = await pageIn(options);
    await signInAs(page, 'appointments@demo.example');
    for (const name of [`Quinn Quiet${tag}`, `Quincy Quiet${tag}`]) {
      const row = page.getByTestId('appointment-row').filter({ hasText: name }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.getByTestId('appointment-pick').check();
    }
    await page.getByTestId('mass-open').click();
    await page.getByTestId('mass-text').fill('Winter tyres are in stock.');
    await page.getByTestId('mass-send').click();

    const question = page.getByTestId('quiet-hours-dialog');
    await question.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('quiet-schedule').click();

    const progress = page.getByTestId('mass-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 20_000 }).toBe('finished');
    expect(await page.getByTestId('mass-sent').textContent()).toBe('Sent to 0 customers');
    expect(await page.getByTestId('mass-scheduled').textContent()).toMatch(/^Scheduled for .+(AM|PM): 2 customers$/);
    for (const { phone } of [one, two]) expect(await textsTo(browser.carrierUrl, phone)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
