/**
 * Calls in the console end to end (issue 25), on a dealership of this file's own with the local
 * telephony simulator (test/support/calls.ts). A customer calls the store's service number: the
 * advisor's console shows the incoming call (customer, number, open order; a desktop notification,
 * as the call is theirs) and opens the conversation from it; nobody answers, the caller leaves a
 * voicemail, the notice goes, the voicemail plays in the conversation, and the missed-call
 * text-back is there too. "Call customer" is refused until the advisor says in My Profile which
 * phone to ring, then rings that phone, then the customer's, shows the connected call's running
 * time, and hangs up from the console; the call's note lands in the conversation. At 1280 px and on
 * a 390 px phone, each step scanned with axe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { api, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { answer, callOver, callStore, leaveVoicemail, phoneRings, ringOut } from '../../../../../test/support/calls.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../../../../../test/support/desktopNotices.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, uniquePhone, useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { readSettings, writeSettings } from '../../../../../functions/lib/settings.js';
import { saveCustomer } from '../../../../../functions/customers/records.js';
import { saveRepairOrder } from '../../../../../functions/repairOrders/records.js';
import { formatPhone } from '../../../lib/phone.js';

const browser = useBrowser();
const run = Date.now().toString(36);
const ADVISOR = { id: `agt_e2e_calls_${run}`, first_name: 'Anna', last_name: 'Weber' };
const EMAIL = `${ADVISOR.id}@harbor.example`;
/** The store's ring-to phone (the service desk's) and the advisor's own. */
const DESK_PHONE = uniquePhone();
const ADVISOR_PHONE = uniquePhone();
let store: OwnStore;

const DESK: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

beforeAll(async () => {
  useStackEnv();
  store = await createOwnStore('calls_e2e');
  await createAgent(store, ADVISOR.id, ADVISOR.first_name, ADVISOR.last_name);
  const calls = await readSettings(store.companyId, store.locationId, 'service_calls_settings');
  await writeSettings(
    store.companyId,
    store.locationId,
    'service_calls_settings',
    { ...calls, enabled: true, ring_to_numbers: [DESK_PHONE], voicemail_enabled: true, voicemail_greeting: 'Harbor Motors service. Please leave a message.', text_back_enabled: true, text_back_text: '' },
    'agt_test',
  );
});

/** A customer of the store with an open order of the advisor's. */
async function customerWithOrder(first: string, last: string) {
  const customer = customerRecord({ company_id: store.companyId, location_id: store.locationId, first_name: first, last_name: last, opt_in: 'in' });
  await saveCustomer(customer);
  const ro = repairOrderRecord(customer, { agent: ADVISOR });
  await saveRepairOrder(ro, null);
  return { customer, ro, cell: customer.phones.cell! };
}

async function advisorConsole(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context(options)).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  await recordDesktopNotices(page);
  await signInAs(page, EMAIL);
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });
  return page;
}

/** The order's details: beside the conversation at a desk, a button away on a phone. */
async function openDetails(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByTestId('detail-open').click();
  await page.getByTestId('detail-panel').waitFor({ timeout: 15_000 });
}

async function openOrderFromBoard(page: Page, roNumber: string): Promise<void> {
  const row = page.getByTestId('board-row').filter({ hasText: roNumber });
  await row.first().waitFor({ timeout: 15_000 });
  await row.first().click();
  await page.getByTestId('conversation').waitFor();
}

const conversationText = (page: Page) => page.getByTestId('conversation').textContent();

describe.each([
  ['1280 px', DESK, false],
  ['a 390 px phone', PHONE, true],
] as const)('calls at %s', (width, options, phone) => {
  it('a call nobody answers rings the console, the voicemail plays in the conversation, and the text-back is there', { timeout: 150_000 }, async () => {
    const tag = phone ? 'Narrow' : 'Wide';
    const { ro, cell } = await customerWithOrder('Vera', `Caller${tag}`);
    const page = await advisorConsole(options);
    await hideTab(page);

    const call = await callStore(browser.baseUrl, { from: cell, to: store.number });
    const notice = page.getByTestId('incoming-call').filter({ hasText: `Vera Caller${tag}` });
    await notice.waitFor({ timeout: 15_000 });
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain(`Incoming call: Vera Caller${tag}`);
    expect(said).toContain(formatPhone(cell));
    expect(said).toContain(ro.ro_id);
    // The call is the advisor's customer's: their desktop says so while the console is in the background.
    await expect
      .poll(async () => (await shownNotices(page)).map((n) => `${n.title} / ${n.body}`).join('|'), { timeout: 10_000 })
      .toContain(`Incoming call: Vera Caller${tag} / ${formatPhone(cell)}`);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // The notice's link opens the conversation, by keyboard.
    await notice.getByTestId('incoming-call-open').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('conversation').waitFor({ timeout: 15_000 });

    // Nobody at the desk answers: the caller hears the greeting and leaves a message.
    await phoneRings(browser.baseUrl, DESK_PHONE);
    await ringOut(browser.baseUrl, DESK_PHONE);
    await leaveVoicemail(browser.baseUrl, call, { seconds: 3 });
    await callOver(browser.baseUrl, call);
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);

    const voicemail = page.locator('[data-testid="message-bubble"][data-voicemail]');
    await voicemail.waitFor({ timeout: 20_000 });
    expect(await voicemail.getByTestId('voicemail-tag').textContent()).toBe('Voicemail · 0:03');
    const player = voicemail.getByTestId('message-audio');
    expect(await player.getAttribute('aria-label')).toBe('Play the voicemail (0:03)');
    // The recording is there to play: the player reads its length once asked to load it.
    const duration = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
          audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code ?? ''}`)), { once: true });
          audio.preload = 'metadata';
          audio.load();
        }),
    );
    expect(duration).toBeGreaterThan(2);
    const source = (await voicemail.locator('audio source').getAttribute('src'))!;
    const recording = await fetch(new URL(source, browser.baseUrl));
    expect(recording.status).toBe(200);
    expect(recording.headers.get('content-type')).toContain('audio/wav');
    // The player takes the keyboard.
    await player.focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('AUDIO');

    // The text-back went from the number they called, and it is in the conversation.
    await expect.poll(async () => (await textsTo(browser.carrierUrl, cell)).map((sms) => sms.text).join('|'), { timeout: 15_000 }).toContain('sorry we missed your call');
    await expect.poll(() => conversationText(page), { timeout: 15_000 }).toContain('sorry we missed your call');
    await expect.poll(() => conversationText(page), { timeout: 15_000 }).toContain('Missed call · voicemail left');
    expect(await seriousViolations(page)).toEqual([]);

    // The order's call history has the call, with its voicemail.
    await openDetails(page, phone);
    const history = page.getByTestId('call-history');
    await history.locator('summary').click();
    await history.getByTestId('call-voicemail').waitFor({ timeout: 10_000 });
    expect(await history.textContent()).toContain('Inbound');
  });

  it('"call customer" rings the advisor’s phone, then the customer’s, runs the time, and hangs up from the console', { timeout: 150_000 }, async () => {
    const tag = phone ? 'Narrow' : 'Wide';
    const { ro, cell } = await customerWithOrder('Carl', `Called${tag}`);
    // On the phone the advisor's phone is already known (the desk's test set it in My Profile).
    if (phone) expect((await api(browser.baseUrl, await signIn(browser.baseUrl, EMAIL)).put('/api/agents/me', { agent: { call_phone: ADVISOR_PHONE } })).status).toBe(200);
    const page = await advisorConsole(options);
    await openOrderFromBoard(page, ro.ro_id);
    await openDetails(page, phone);
    const state = page.getByTestId('call-state');

    if (!phone) {
      // No phone of theirs to ring yet: the console says where to add one.
      await page.getByTestId('call-customer-button').click();
      await expect.poll(() => state.textContent(), { timeout: 10_000 }).toContain('Add the phone we should ring first in My Profile.');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('call-open-profile').click();
      const field = page.getByTestId('profile-call-phone');
      await field.waitFor({ timeout: 15_000 });
      await field.fill(ADVISOR_PHONE);
      await field.press('Enter');
      await expect.poll(() => page.getByTestId('profile-result').textContent(), { timeout: 10_000 }).toBe('Your profile has been saved.');
      expect(await seriousViolations(page)).toEqual([]);
      await page.goBack();
      await openOrderFromBoard(page, ro.ro_id);
      await openDetails(page, phone);
    }

    await page.getByTestId('call-customer-button').click();
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('Calling your phone…');
    expect(await seriousViolations(page)).toEqual([]);

    const mine = await phoneRings(browser.baseUrl, ADVISOR_PHONE, 10_000);
    await answer(browser.baseUrl, ADVISOR_PHONE);
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe('Calling the customer…');
    await phoneRings(browser.baseUrl, cell, 10_000);
    await answer(browser.baseUrl, cell);
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/^Connected · 0:0\d$/);
    // The running time runs.
    await expect.poll(() => state.textContent(), { timeout: 5_000 }).toMatch(/^Connected · 0:0[1-9]$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('call-hang-up').focus();
    await page.keyboard.press('Enter');
    await callOver(browser.baseUrl, mine.call);
    // However the hang-up's answer and the call's end cross, the end stays.
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toMatch(/^Call ended · 0:\d\d$/);
    expect(await page.getByTestId('call-customer-button').isEnabled()).toBe(true);

    // The order's call history has it, with its length, without being opened again.
    const history = page.getByTestId('call-history');
    await history.locator('summary').click();
    await expect.poll(() => history.textContent(), { timeout: 10_000 }).toMatch(/Outbound\s*Answered\s*Length 0:\d\d/);

    // The call's note is in the conversation.
    if (phone) await page.getByTestId('detail-close').click();
    await expect.poll(() => conversationText(page), { timeout: 15_000 }).toMatch(/Anna Weber called the customer · 0:\d\d/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
