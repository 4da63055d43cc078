/**
 * The service board end to end: an advisor texts a customer, the customer's phone (the local
 * carrier's dev page) shows the text and answers, and the answer reaches every open console that
 * may see the order, without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, replyAsCustomer, signIn, textsTo } from '../support/api.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../support/desktopNotices.js';
import { saveCustomer } from '../../functions/customers/records.js';
import { createRepairOrder, customerRecord, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { openOrder, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();


async function replyFromPhone(page: Page, phone: string, text: string): Promise<void> {
  await page.goto(`/dev/phone?phone=${encodeURIComponent(phone)}`);
  await page.getByLabel('Reply to dealership number').fill(await serviceNumberOfNorth());
  await page.getByLabel('Text message').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => page.locator('#thread').textContent(), { timeout: 10_000 }).toContain(text);
}

describe('the service board', () => {
  it('texts a customer, shows their reply live, and marks it unread on a second agent’s board', async () => {
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Erin', last_name: 'Live', opt_in: 'in' } });
    const phone = customer.phones.cell!;

    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);

    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');
    const managerRow = manager.getByTestId('board-row').filter({ hasText: ro.ro_id }).first();
    await managerRow.waitFor({ timeout: 15_000 });

    // The advisor sends; the bubble moves from queued to delivered as the carrier reports.
    await advisor.getByTestId('composer').fill('Hi Erin, your brakes are done.');
    await advisor.getByTestId('send-button').click();
    const bubble = advisor.getByTestId('message-bubble').filter({ hasText: 'your brakes are done' });
    await bubble.waitFor();
    await expect.poll(() => bubble.getByTestId('message-status').textContent(), { timeout: 10_000 }).toMatch(/delivered/i);

    // The customer's phone shows it, with the one-time opt-out notice, and answers.
    const phonePage = await browser.page();
    await phonePage.goto(`/dev/phone?phone=${encodeURIComponent(phone)}`);
    await expect.poll(() => phonePage.locator('#thread').textContent(), { timeout: 10_000 }).toContain('your brakes are done');
    // The text does not name the store, so the notice does.
    expect(await phonePage.locator('#thread').textContent()).toContain('Demo Motors North: Reply STOP to opt out');
    await replyFromPhone(phonePage, phone, 'Great, I will pick it up at five.');

    // Live in the advisor's open conversation, no reload.
    await advisor.getByTestId('message-bubble').filter({ hasText: 'pick it up at five' }).waitFor({ timeout: 10_000 });
    // Unread on the manager's board.
    await expect.poll(() => managerRow.getAttribute('data-unread'), { timeout: 10_000 }).toBe('true');
  });

  it('shows an order opened from a link with all its messages, though a reply arrives while they load', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Lena', last_name: 'Link', opt_in: 'in' } });
    const phone = customer.phones.cell!;
    const store = await serviceNumberOfNorth();
    await replyAsCustomer(browser.carrierUrl, phone, store, 'First question about my car');

    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    // The conversation's first page is held back until the next reply's event has reached the open stream.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await advisor.route(/\/messages\?offset=0/, async (route) => {
      await released;
      await route.continue();
    });
    await advisor.goto(`/app/?ro=${ro.id}`);
    await advisor.getByTestId('conversation').waitFor();
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Second question, sent while it loads');
    await advisor.waitForTimeout(3_000);
    release();

    const thread = advisor.getByTestId('message-bubble');
    await thread.filter({ hasText: 'Second question' }).waitFor({ timeout: 10_000 });
    await thread.filter({ hasText: 'First question' }).waitFor();
  });

  it('shows a desktop notification for a customer reply while the tab is hidden', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Nina', last_name: 'Notify', opt_in: 'in' } });
    const advisor = await browser.page();
    // The browser's notification and visibility, as a hidden tab with permission given sees them.
    await recordDesktopNotices(advisor);
    await signInAs(advisor, 'advisor@demo.example');
    await advisor.getByTestId('board-row').filter({ hasText: ro.ro_id }).first().waitFor({ timeout: 15_000 });
    await advisor.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });
    await hideTab(advisor);

    await replyAsCustomer(browser.carrierUrl, customer.phones.cell!, await serviceNumberOfNorth(), 'Is my car ready yet?');

    await expect.poll(async () => (await shownNotices(advisor)).map((n) => n.body).join('|'), { timeout: 10_000 }).toContain('Is my car ready yet?');
  });

  it('hides the message bar once the customer texts STOP', async () => {
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Stella', last_name: 'Stop', opt_in: 'in' } });
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    await advisor.getByTestId('composer').waitFor();

    // The customer must have heard from the dealership before their reply threads; text first.
    await advisor.getByTestId('composer').fill('Your car is in the shop.');
    await advisor.getByTestId('send-button').click();
    // Once the carrier has it, the phone knows which number to answer.
    const sent = advisor.getByTestId('message-bubble').filter({ hasText: 'Your car is in the shop.' });
    await expect.poll(() => sent.getByTestId('message-status').textContent(), { timeout: 10_000 }).toMatch(/accepted|sent|delivered/i);

    const phonePage = await browser.page();
    await replyFromPhone(phonePage, customer.phones.cell!, 'Stop. Thank you');

    await expect.poll(() => advisor.getByTestId('composer').count(), { timeout: 10_000 }).toBe(0);
    await advisor.getByTestId('opted-out-notice').waitFor();
  });

  it('sends a photo with a text, and shows it in the conversation and on the phone', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Paula', last_name: 'Photo', opt_in: 'in' } });
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    // A 1×1 PNG: what the technician's photo of the worn pads stands for.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await advisor.getByTestId('composer-form').locator('input[type="file"]').setInputFiles({ name: 'brake-pads.png', mimeType: 'image/png', buffer: png });
    await advisor.getByTestId('composer').fill('Here are your front brake pads.');
    await advisor.getByTestId('send-button').click();
    const bubble = advisor.getByTestId('message-bubble').filter({ hasText: 'front brake pads' }).and(advisor.locator(':not([data-pending])'));
    await bubble.getByTestId('message-attachment').first().waitFor({ timeout: 10_000 });
    // The image link is a working download of what was uploaded.
    const href = await bubble.getByTestId('message-attachment').first().locator('xpath=descendant-or-self::a').first().getAttribute('href');
    expect(href).toBeTruthy();
    const download = await fetch(href!);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    // The customer's phone got the text with the photo (the bubble shows the stored text; the carrier takes it a moment later).
    await expect.poll(async () => (await textsTo(browser.carrierUrl, customer.phones.cell!)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const texts = await textsTo(browser.carrierUrl, customer.phones.cell!);
    expect(texts[0]?.text).toContain('front brake pads');
    expect(texts[0]?.media).toHaveLength(1);
  });

  it('hides the message bar for a customer without opt status as soon as a manager turns safe mode on', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Sam', last_name: 'Safemode', opt_in: 'unknown' } });
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    await advisor.getByTestId('composer').waitFor();
    await advisor.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });

    const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
    const turnOn = await manager.post('/api/locations/loc_demo_north/service_settings', { service_settings: { safe_mode: true } });
    expect(turnOn.status).toBe(200);
    try {
      await advisor.getByTestId('safe-mode-notice').waitFor({ timeout: 10_000 });
      expect(await advisor.getByTestId('composer').count()).toBe(0);
    } finally {
      await manager.post('/api/locations/loc_demo_north/service_settings', { service_settings: { safe_mode: false } });
    }
  });

  it('tells the advisor why the server refused a text, and keeps the draft', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Oscar', last_name: 'Opcode', opt_in: 'in' }, ro: { metadata: { dms_status: 'open', opcodes: ['01FZ'], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 } } });
    const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
    const before = (await manager.get('/api/locations/loc_demo_north/dms_settings')).body.dms_settings;
    await manager.post('/api/locations/loc_demo_north/dms_settings', { dms_settings: { require_opcode_for_text: true, opcode_text: 'TEXT' } });
    try {
      const advisor = await browser.page();
      await signInAs(advisor, 'advisor@demo.example');
      await openOrder(advisor, ro.ro_id);
      await advisor.getByTestId('composer').fill('Can I text you about the brakes?');
      await advisor.getByTestId('send-button').click();
      await advisor.getByText('An error occurred while sending your message').waitFor({ timeout: 10_000 });
      await advisor.getByText('The OP CODE TEXT must be present on the repair order estimate', { exact: false }).waitFor();
      expect(await advisor.getByTestId('composer').inputValue()).toBe('Can I text you about the brakes?');
    } finally {
      await manager.post('/api/locations/loc_demo_north/dms_settings', {
        dms_settings: { require_opcode_for_text: before.require_opcode_for_text, opcode_text: before.opcode_text },
      });
    }
  });

  it('does not let anyone text a landline', async () => {
    const { ro } = await createRepairOrder({
      customer: { first_name: 'Larry', last_name: 'Landline', opt_in: 'in', phones: { cell: '+16175550142', work: null, alternate: null }, carrier: { type: 'landline' } },
    });
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    await advisor.getByTestId('landline-notice').waitFor();
    expect(await advisor.getByTestId('send-button').count()).toBe(0);
  });

  it('shows a text from a known customer with no order as a "Texted in" order on the board', async () => {
    const store = await serviceNumberOfNorth();
    const customer = customerRecord({ first_name: 'Tess', last_name: `Textin${Date.now().toString(36)}`, opt_in: 'in' });
    await saveCustomer(customer);
    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');

    await replyAsCustomer(browser.carrierUrl, customer.phones.cell!, store, 'Is the shop open on Saturday?');

    const row = manager.getByTestId('board-row').filter({ hasText: customer.last_name }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Texted in');
    await row.click();
    await manager.getByTestId('message-bubble').filter({ hasText: 'open on Saturday' }).waitFor({ timeout: 10_000 });
    const detail = manager.getByTestId('detail-panel');
    expect(await detail.textContent()).toContain('Texted in');
    expect(await detail.getByTestId('detail-mpi-start').count()).toBe(0);
  });
});
