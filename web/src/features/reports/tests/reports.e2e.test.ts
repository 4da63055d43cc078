/**
 * Reports in the console (issue 24): the store's manager prepares a texting report from the
 * download modal, sees it listed as not generated yet until it is ready, downloads the workbook,
 * and drills from a figure on screen (the texts the advisor sent) down to the conversation behind
 * it. At 1280 px and on a 390 px phone, each state scanned with axe.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { api, signIn } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, createRepairOrder, useStackEnv } from '../../../../../test/support/service.js';
import { streamCaughtUp } from '../../../../../test/support/tableStream.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

async function pageAt(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context({ ...options, acceptDownloads: true })).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

/** The manager texts a new customer's repair order: one text sent by them, this month, at this store, counted once the table's stream has caught up. */
async function textSentByTheManager(text: string): Promise<{ roId: string }> {
  const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  const { ro } = await createRepairOrder();
  const sent = await manager.post(`/api/repair_orders/${ro.id}/messages`, { message: { text } }, { 'idempotency-key': randomUUID() });
  expect(sent.status).toBe(201);
  await streamCaughtUp(browser.baseUrl);
  return { roId: ro.id };
}

/** How many reports North has, as the server counts them (the list shows 20 a page). */
async function reportCount(): Promise<number> {
  const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  const res = await manager.get(`/api/locations/${DEMO_NORTH.locationId}/reports?limit=1`);
  expect(res.status).toBe(200);
  return res.body.meta.paging.total as number;
}

describe.each(WIDTHS)('reports at %s', (width, options) => {
  it('a manager prepares a report, downloads it, and drills from a figure to the records behind it', { timeout: 180_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const name = `Texting ${tag} ${Date.now().toString(36)}`;
    const text = `Your car is ready for pick-up (${tag} ${Date.now().toString(36)}).`;
    const { roId } = await textSentByTheManager(text);
    const page = await pageAt(options);
    await signInAs(page, 'manager@demo.example');

    // The download modal: texting activity, month to date, a name of the manager's own.
    await page.goto('/app/reports?tab=downloads');
    await page.getByTestId('report-new').click();
    const form = page.getByTestId('report-order-form');
    await form.waitFor();
    await form.getByTestId('report-type').selectOption('texting');
    await form.getByTestId('report-period').selectOption('mtd');
    await form.getByTestId('report-order-name').fill(name);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('report-order-submit').click();
    await form.waitFor({ state: 'detached' });

    // Listed at once; ready without a reload (the list follows the report's own events).
    const item = page.getByTestId('report-item').filter({ hasText: name });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.textContent()).toContain('Texting activity · Month to date (MTD)');
    expect(await item.textContent()).toContain('Made by Marcus Bell');
    await expect.poll(() => item.getByTestId('report-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('ready');
    expect(await seriousViolations(page)).toEqual([]);

    // Downloading hands over the workbook itself: an .xlsx is a zip.
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByTestId('report-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.length).toBeGreaterThan(1_000);

    // The same report on screen: the manager's own row of the advisors' table counts the text.
    await page.getByTestId('reports-tab-figures').click();
    const figures = page.getByTestId('report-figures');
    await figures.waitFor({ timeout: 15_000 });
    const row = figures.getByTestId('report-row').filter({ hasText: 'Marcus Bell' });
    await row.first().waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const sent = row.first().locator('[data-testid="report-drill"][data-figure="sent"]');
    const sentCount = Number((await sent.textContent())!.replace(/\D/g, ''));
    expect(sentCount).toBeGreaterThanOrEqual(1);

    // Its records, as many as the figure says: the text itself among them, opening the repair order's conversation.
    await sent.click();
    const records = page.getByTestId('report-records');
    await records.waitFor();
    const record = records.getByTestId('report-record').filter({ hasText: text });
    await record.waitFor({ timeout: 15_000 });
    expect(await record.getByTestId('report-record-link').getAttribute('href')).toBe(`/app?ro=${encodeURIComponent(roId)}`);
    expect(await records.getByTestId('report-records-total').textContent()).toBe(sentCount === 1 ? '1 record' : `${sentCount.toLocaleString('en-US')} records`);
    expect(await seriousViolations(page)).toEqual([]);

    // Exported, the list becomes a report of its own under Downloads, and the keyboard is back on the figure.
    const before = await reportCount();
    await records.getByTestId('report-records-export').click();
    await page.getByText('The export is being prepared').waitFor();
    await page.keyboard.press('Escape');
    await records.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-figure'))).toBe('sent');
    await page.getByTestId('reports-tab-downloads').click();
    await expect.poll(() => reportCount(), { timeout: 15_000 }).toBe(before + 1);
    // Named by what it lists, in the manager's words.
    await page.getByTestId('report-item').filter({ has: page.getByTestId('report-name').getByText('Sent · Marcus Bell', { exact: true }) }).first().waitFor({ timeout: 15_000 });

    // Deleting asks first (the shared confirmation): keeping it changes nothing, confirming removes it.
    const count = await reportCount();
    await item.getByTestId('report-delete').click();
    const confirm = page.getByTestId('report-delete-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(name);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await reportCount()).toBe(count);
    await item.getByTestId('report-delete').click();
    await page.getByTestId('report-delete-confirm').click();
    await item.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => reportCount(), { timeout: 15_000 }).toBe(count - 1);
  });
});
