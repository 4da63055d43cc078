/**
 * The appointments board end to end (issue 11, the coordinator's story): the coordinator lands on
 * the board, sees the appointments coloured by state, opens one and texts the customer, marks one
 * confirmed, books one for a new customer (the form's texts shown first), reads a reply live, and
 * sends one text to several customers, one of whom opted out and is skipped. Each test books its
 * own appointments through the API, so demo data other tests change does not matter.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DELIVERY_STATES, type DeliveryState } from '../../../../../shared/messages.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../../../../../test/support/desktopNotices.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { landingUrl, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const DELIVERY_WORDS: Record<DeliveryState, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  accepted: 'Accepted',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  'not sent': 'Not sent',
};
const COORDINATOR = 'appointments@demo.example';

let client: ApiClient | null = null;
async function coordinatorApi(): Promise<ApiClient> {
  client ??= api(browser.baseUrl, await signIn(browser.baseUrl, COORDINATOR));
  return client;
}

let booked = 0;
/** An appointment for a new customer, `hours` from now (later ones sort further down the board). */
async function book(first: string, last: string, hours: number): Promise<{ id: string; phone: string; customerId: string }> {
  booked += 1;
  const phone = uniquePhone();
  const res = await (
    await coordinatorApi()
  ).post(`/api/locations/${DEMO_NORTH.locationId}/appointments`, {
    appointment: {
      scheduled_at: new Date(Date.now() + hours * 3_600_000 + booked * 60_000).toISOString(),
      vehicle: { make: 'Honda', model: 'Civic', year: 2020 },
      notes: `Oil change for ${first}`,
    },
    customer: { first_name: first, last_name: last, phone, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.appointment.id, phone, customerId: res.body.appointment.customer.id };
}

const row = (page: Page, name: string) => page.getByTestId('appointment-row').filter({ hasText: name }).first();

/** Opens an appointment from the keyboard: its row's button takes the focus, Enter opens it. */
async function openAppointment(page: Page, name: string): Promise<void> {
  const found = row(page, name);
  await found.waitFor({ timeout: 15_000 });
  await found.getByTestId('appointment-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('conversation').waitFor();
}

describe('the appointments board', () => {
  it('shows the "Opted out" tag whole at 1920 px, however long the name beside it (issue 18 §6)', async () => {
    const long = await book('Maximiliana', 'Montgomery-Featherstonehaugh', 26);
    expect((await (await coordinatorApi()).put(`/api/customers/${long.customerId}/opt_out`)).status).toBe(200);
    const page = await (await browser.context({ viewport: { width: 1920, height: 1000 } })).newPage();
    await signInAs(page, COORDINATOR);
    const tag = row(page, 'Montgomery-Featherstonehaugh').locator('.appointment-tag');
    await tag.waitFor({ timeout: 15_000 });
    expect(await tag.textContent()).toBe('Opted out');
    const fit = await tag.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const cell = element.closest('.appointment-row__customer')!.getBoundingClientRect();
      return { inside: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5 && box.top >= cell.top - 0.5 && box.bottom <= cell.bottom + 0.5, whole: element.scrollWidth <= element.clientWidth + 1 };
    });
    expect(fit).toEqual({ inside: true, whole: true });
    // The name gives way instead, whole in the cell's title.
    expect(await row(page, 'Montgomery-Featherstonehaugh').locator('.appointment-row__customer').getAttribute('title')).toBe('Maximiliana Montgomery-Featherstonehaugh');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lands the coordinator on the board, coloured by state, and texts, confirms and hears a reply live', async () => {
    const plain = await book('Olive', 'Plain', 30);
    const cancelled = await book('Carl', 'Cancelled', 31);
    const coordinator = await coordinatorApi();
    expect((await coordinator.put(`/api/appointments/${cancelled.id}/cancel`)).status).toBe(200);

    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, COORDINATOR);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(landingUrl('/app/appointments'));

    // Cancelled reads red with its word; a plain one says nothing yet.
    await row(page, 'Carl Cancelled').waitFor({ timeout: 15_000 });
    expect(await row(page, 'Carl Cancelled').getAttribute('data-colour')).toBe('cancelled');
    expect(await row(page, 'Carl Cancelled').getByTestId('appointment-state').textContent()).toContain('Cancelled');
    expect(await row(page, 'Olive Plain').getAttribute('data-colour')).toBe('plain');

    // Open one: customer, vehicle, time, notes; text the customer.
    await openAppointment(page, 'Olive Plain');
    const detail = page.getByTestId('appointment-detail');
    await expect.poll(() => detail.textContent()).toContain('Oil change for Olive');
    expect(await detail.textContent()).toContain('2020 Honda Civic');
    await page.getByTestId('composer').fill('Hi Olive, see you at your appointment.');
    await page.getByTestId('send-button').click();
    await page.getByTestId('message-bubble').filter({ hasText: 'see you at your appointment' }).waitFor();
    await expect.poll(async () => (await textsTo(browser.carrierUrl, plain.phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('see you at your appointment');

    // Confirm: status only (the panel says no text goes), the row turns green.
    expect(await detail.textContent()).toContain('no text goes to the customer');
    const textsBefore = (await textsTo(browser.carrierUrl, plain.phone)).length;
    await page.getByTestId('appointment-confirm').click();
    await expect.poll(() => row(page, 'Olive Plain').getAttribute('data-colour')).toBe('confirmed');
    expect(await row(page, 'Olive Plain').getByTestId('appointment-state').textContent()).toContain('Confirmed');
    expect((await textsTo(browser.carrierUrl, plain.phone)).length).toBe(textsBefore);

    // The customer answers the text: it shows in the open conversation, no reload.
    const store = (await textsTo(browser.carrierUrl, plain.phone))[0]!.from;
    await replyAsCustomer(browser.carrierUrl, plain.phone, store, 'Thanks, I will be there at nine.');
    await page.getByTestId('message-bubble').filter({ hasText: 'I will be there at nine' }).waitFor({ timeout: 10_000 });

    expect(await seriousViolations(page)).toEqual([]);

    // A reminder the demo store sent reads grey with its word, on the board and under "Appointments Sent";
    // one seeded in the store's quiet hours waits for the morning and says "Reminder scheduled".
    const reminded = page.locator('[data-testid="appointment-row"]:is([data-colour="reminded"], [data-colour="reminder_scheduled"])').first();
    await reminded.waitFor();
    const held = (await reminded.getAttribute('data-colour')) === 'reminder_scheduled';
    expect(await reminded.getByTestId('appointment-state').textContent()).toContain(held ? 'Reminder scheduled' : 'Reminder sent');
    // At 1280 px the menu waits behind its button (SPEC §9: shown by default only when wider).
    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Appointments Sent' }).click();
    const sent = page.getByTestId('sent-row').first();
    await sent.waitFor({ timeout: 10_000 });
    // Its delivery state, in words.
    const state = await sent.getByTestId('sent-delivery').getAttribute('data-state');
    expect(DELIVERY_STATES).toContain(state);
    if (state === 'scheduled') expect(await sent.getByTestId('sent-delivery').textContent()).toMatch(/^Reminder scheduled for .+(AM|PM)$/);
    else expect(await sent.getByTestId('sent-delivery').textContent()).toBe(DELIVERY_WORDS[state as DeliveryState]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('marks an appointment unread when its customer answers, with a desktop notice while the tab is hidden', async () => {
    const una = await book('Una', 'Unread', 32);
    const page = await browser.page();
    await recordDesktopNotices(page);
    await signInAs(page, COORDINATOR);
    // The board texts Una first, so her phone knows the store's number.
    await openAppointment(page, 'Una Unread');
    await page.getByTestId('composer').fill('Hi Una, please confirm your visit.');
    await page.getByTestId('send-button').click();
    await expect.poll(async () => (await textsTo(browser.carrierUrl, una.phone)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Back on the board with nothing open, live, and the tab hidden.
    await page.goto('/app/appointments');
    await row(page, 'Una Unread').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="appointments-board"][data-live="live"]').waitFor({ timeout: 15_000 });
    await hideTab(page);

    const store = (await textsTo(browser.carrierUrl, una.phone))[0]!.from;
    await replyAsCustomer(browser.carrierUrl, una.phone, store, 'Can we move it to Thursday?');

    await expect.poll(() => row(page, 'Una Unread').getAttribute('data-unread'), { timeout: 10_000 }).toBe('true');
    expect(await page.getByTestId('unread-count').textContent()).not.toBe('0 unread');
    await expect.poll(async () => (await shownNotices(page)).map((n) => `${n.title} / ${n.body}`).join('|'), { timeout: 10_000 }).toContain(
      'New text from Una Unread / Can we move it to Thursday?',
    );
  });

  it('books an appointment for a new customer, showing the name and phone texts first', async () => {
    const page = await browser.page();
    await signInAs(page, COORDINATOR);
    await page.getByTestId('new-appointment').click();
    const form = page.getByTestId('booking-form');
    await form.getByTestId('booking-mode-new').click();

    // Nothing filled in: every field says what it needs (SPEC §5).
    await form.getByTestId('booking-submit').click();
    await expect.poll(() => form.getByTestId('booking-first-name-error').textContent()).toBe('please enter a first name');
    expect(await form.getByTestId('booking-last-name-error').textContent()).toBe('please enter a last name');
    expect(await form.getByTestId('booking-phone-error').textContent()).toBe('Missing Required Field: Phone');
    expect(await form.getByTestId('booking-date-error').textContent()).toBe('Please choose the date and time of the appointment');

    // A phone too short, then one that cannot exist.
    await form.getByTestId('booking-first-name').fill('Nora');
    await form.getByTestId('booking-last-name').fill('Newcomer');
    await form.getByTestId('booking-email').fill('nora.newcomer@example.com');
    await form.getByTestId('booking-phone').fill('617 55');
    await form.getByTestId('booking-submit').click();
    await expect.poll(() => form.getByTestId('booking-phone-error').textContent()).toBe('Phone number is too short');
    await form.getByTestId('booking-phone').fill('(111) 555-0142');
    await form.getByTestId('booking-submit').click();
    await expect.poll(() => form.getByTestId('booking-phone-error').textContent()).toBe('The Phone number entered is invalid');
    expect(await form.getByTestId('booking-first-name-error').count()).toBe(0);

    // Filled in right: booked, on the board, and open.
    const phone = uniquePhone();
    await form.getByTestId('booking-phone').fill(phone);
    await form.getByTestId('booking-date').fill(inTwoDays());
    await form.getByTestId('booking-time').fill('10:30');
    await form.getByTestId('booking-make').fill('Mazda');
    await form.getByTestId('booking-model').fill('CX-5');
    await form.getByTestId('booking-year').fill('2022');
    await form.getByTestId('booking-notes').fill('First visit');
    await form.getByTestId('booking-submit').click();
    await row(page, 'Nora Newcomer').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('appointment-detail').textContent()).toContain('2022 Mazda CX-5');
    expect(await page.getByTestId('appointment-time').textContent()).toContain('10:30 AM');

    // The customer can be found again by phone for the next booking.
    await page.getByTestId('new-appointment').click();
    await page.getByTestId('booking-search').fill(phone.slice(2));
    await page.getByTestId('booking-result').filter({ hasText: 'Nora Newcomer' }).waitFor({ timeout: 10_000 });
  });

  it('texts several customers at once, skipping one who opted out, with progress and a summary', async () => {
    const mia = await book('Mia', 'Mass', 40);
    const otto = await book('Otto', 'Optout', 41);
    const coordinator = await coordinatorApi();
    expect((await coordinator.put(`/api/customers/${otto.customerId}/opt_out`)).status).toBe(200);

    const page = await browser.page();
    await signInAs(page, COORDINATOR);
    await row(page, 'Otto Optout').waitFor({ timeout: 15_000 });
    await row(page, 'Mia Mass').getByTestId('appointment-pick').check();
    await row(page, 'Otto Optout').getByTestId('appointment-pick').check();
    expect(await page.getByTestId('picked-count').textContent()).toBe('2 selected');

    await page.getByTestId('mass-open').click();
    expect(await page.getByTestId('mass-recipients').textContent()).toBe('2 appointments selected.');
    await page.getByTestId('mass-text').fill('The shop closes early on Friday; your appointment stands.');
    await page.getByTestId('mass-send').click();

    const progress = page.getByTestId('mass-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 20_000 }).toBe('finished');
    expect(await page.getByTestId('mass-sent').textContent()).toBe('Sent to 1 customer');
    expect(await page.getByTestId('mass-skipped').textContent()).toBe('1 skipped');
    expect(await page.getByTestId('mass-skip-reason').textContent()).toBe('Opted out: 1');
    await expect.poll(async () => (await textsTo(browser.carrierUrl, mia.phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('closes early on Friday');
    expect((await textsTo(browser.carrierUrl, otto.phone)).map((t) => t.text).join('|')).not.toContain('closes early on Friday');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works on a phone: the list, then the appointment across the screen with a way back', async () => {
    await book('Pia', 'Phone', 50);
    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, COORDINATOR);
    await row(page, 'Pia Phone').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await openAppointment(page, 'Pia Phone');
    const width = await page.getByTestId('conversation').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(360);
    expect(await page.getByTestId('appointment-row').count()).toBe(0);
    await page.getByTestId('detail-open').click();
    await page.getByTestId('appointment-detail').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('detail-close').click();

    await page.getByTestId('back-to-list').click();
    await row(page, 'Pia Phone').waitFor();
    // The keyboard is back on the appointment it came from.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="appointment-row"]')?.textContent ?? '')).toContain('Pia Phone');
  });
});

/** The day after tomorrow in the demo store's timezone, as a date input takes it. */
function inTwoDays(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + 2 * 86_400_000);
}
