/**
 * A scheduled text in the conversation (issue 18 §3): the advisor schedules a text outside texting
 * hours, sees when it will go, edits it and cancels it, by keyboard as well as by pointer, at a
 * desktop's 1280 px and a phone's 390 px; a colleague's open console follows every change live.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import '../../functions/messages/boards.js';
import { getMessage } from '../../functions/messages/records.js';
import { sendDueMessages } from '../../functions/messages/scheduled.js';
import { seriousViolations } from '../support/axe.js';
import { textsTo } from '../support/api.js';
import { createRepairOrder, DEMO_NORTH, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

const { companyId, locationId } = DEMO_NORTH;
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let saved: SettingsOf<'service_settings'>;

/** The location's wall clock `minutes` from now, HH:MM. */
function wallClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

beforeAll(async () => {
  await serviceNumberOfNorth();
  saved = await readSettings(companyId, locationId, 'service_settings');
  // The store's evening: texting hours open in an hour (browser test files run one at a time).
  await writeSettings(companyId, locationId, 'service_settings', { ...saved, quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60), safe_mode: false, double_opt_in: false }, 'agt_manager');
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved, 'agt_manager');
});

async function pageIn(options: BrowserContextOptions): Promise<Page> {
  const context = await browser.context(options);
  return context.newPage();
}

/** Opens the order's conversation from its address (the board selects it). */
async function openConversation(page: Page, roId: string): Promise<void> {
  await page.goto(`/app/?ro=${roId}`);
  await page.getByTestId('conversation').waitFor({ timeout: 15_000 });
}

/** Writes a text in the composer and, asked about texting hours, schedules it for the window's start. */
async function scheduleText(page: Page, text: string): Promise<ReturnType<Page['getByTestId']>> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('send-button').click();
  await page.getByTestId('quiet-hours-dialog').waitFor();
  await page.getByTestId('quiet-schedule').click();
  const bubble = page.getByTestId('message-bubble').filter({ hasText: text });
  await expect.poll(() => bubble.getAttribute('data-status'), { timeout: 10_000 }).toBe('scheduled');
  return bubble;
}

describe('a scheduled text in the conversation', () => {
  it('at 1280 px: shows when it goes, is edited and cancelled, and a colleague sees each change live', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Hana', last_name: 'Held', opt_in: 'in' } });
    const advisor = await pageIn(DESKTOP);
    await signInAs(advisor, 'advisor@demo.example');
    await openConversation(advisor, ro.id);
    const manager = await pageIn(DESKTOP);
    await signInAs(manager, 'manager@demo.example');
    await openConversation(manager, ro.id);

    // Schedule: the bubble says when it will go and offers Edit and Cancel.
    const bubble = await scheduleText(advisor, 'Your car will be ready at 8 tomorrow.');
    expect(await bubble.getByTestId('message-status').textContent()).toMatch(/^Scheduled for .*\d{1,2}:\d{2} [AP]M$/);
    await bubble.getByTestId('held-edit').waitFor();
    await bubble.getByTestId('held-cancel').waitFor();
    expect(await seriousViolations(advisor)).toEqual([]);

    // Edit by keyboard: Enter on Edit opens the words in place, focused; Escape leaves them as they were.
    await bubble.getByTestId('held-edit').focus();
    await advisor.keyboard.press('Enter');
    const editor = advisor.getByTestId('held-editor');
    await editor.waitFor();
    expect(await advisor.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('held-text');
    expect(await seriousViolations(advisor)).toEqual([]);
    await advisor.keyboard.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);

    await bubble.getByTestId('held-edit').click();
    await advisor.getByTestId('held-text').fill('Your car will be ready at 9:30 tomorrow.');
    await advisor.getByTestId('held-save').click();
    const edited = advisor.getByTestId('message-bubble').filter({ hasText: 'ready at 9:30 tomorrow' });
    await edited.waitFor();
    expect(await edited.getAttribute('data-status')).toBe('scheduled');
    // The colleague's open conversation follows (message.updated), no reload.
    await manager.getByTestId('message-bubble').filter({ hasText: 'ready at 9:30 tomorrow' }).waitFor({ timeout: 10_000 });
    const id = (await edited.getAttribute('data-message-id'))!;
    expect((await getMessage(companyId, id))?.text).toMatch(/^Your car will be ready at 9:30 tomorrow\.\n/);

    // Cancel asks first; keeping it changes nothing.
    await edited.getByTestId('held-cancel').click();
    const dialog = advisor.getByTestId('held-cancel-dialog');
    await dialog.waitFor();
    expect(await seriousViolations(advisor)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep it scheduled' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await edited.getAttribute('data-status')).toBe('scheduled');

    await edited.getByTestId('held-cancel').click();
    await advisor.getByTestId('held-cancel-confirm').click();
    await expect.poll(() => edited.getByTestId('message-status').textContent(), { timeout: 10_000 }).toBe('Canceled');
    expect(await edited.getByTestId('held-edit').count()).toBe(0);
    expect(await edited.getByTestId('message-retry').count()).toBe(0);
    const managerBubble = manager.getByTestId('message-bubble').filter({ hasText: 'ready at 9:30 tomorrow' });
    await expect.poll(() => managerBubble.getByTestId('message-status').textContent(), { timeout: 10_000 }).toBe('Canceled');
    expect(await seriousViolations(advisor)).toEqual([]);
    expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toHaveLength(0);
  });

  it('at 390 px: the same by keyboard, within the screen, and a text that went meanwhile is said to have gone', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Pim', last_name: 'Pocket', opt_in: 'in' } });
    const page = await pageIn(PHONE);
    await signInAs(page, 'advisor@demo.example');
    await openConversation(page, ro.id);

    const bubble = await scheduleText(page, 'See you at the service desk at 8.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: words and time fit the phone's width.
    await bubble.getByTestId('held-edit').click();
    await page.getByTestId('held-editor').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('held-text').fill('See you at the service desk at 8:15.');
    await page.getByTestId('held-save').press('Enter');
    const edited = page.getByTestId('message-bubble').filter({ hasText: 'desk at 8:15' });
    await edited.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Cancel by keyboard: the dialog opens on "keep", the next button cancels.
    await edited.getByTestId('held-cancel').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('held-cancel-dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('held-cancel-confirm');
    await page.keyboard.press('Enter');
    await expect.poll(() => edited.getByTestId('message-status').textContent(), { timeout: 10_000 }).toBe('Canceled');

    // Another text goes (the job runs) while the page still offers to cancel it: the console says it has gone.
    const second = await scheduleText(page, 'One more thing about your tires.');
    const secondId = (await second.getAttribute('data-message-id'))!;
    await page.route(/\/api\/messages\/[^/]+\/cancel$/, async (route) => {
      // The job sends it just before the cancel arrives.
      const message = await getMessage(companyId, secondId);
      await sendDueMessages(new Date(Date.parse(message!.metadata.send_at!) + 1000));
      await route.continue();
    });
    await second.getByTestId('held-cancel').click();
    await page.getByTestId('held-cancel-confirm').click();
    await page.getByText('This text has already gone').waitFor({ timeout: 10_000 });
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 10_000 }).not.toBe('scheduled');
    expect(await second.getByTestId('held-cancel').count()).toBe(0);
  });
});
