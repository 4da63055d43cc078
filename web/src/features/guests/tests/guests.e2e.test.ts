/**
 * The guests and leads board end to end: a stranger texts the store and their conversation appears
 * on the open board at once, unread; the manager opens it by keyboard, answers, and makes the guest
 * a customer (SPEC §5 texts first), the history kept and the guest's next text arriving live. On a
 * phone an advisor opens a guest across the screen, links them to a customer the store has from the
 * details sheet, and goes back to the list. Each screen passes the axe scan at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, replyAsCustomer, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { localeText } from '../../../../../test/support/localeFiles.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const words = (key: string) => localeText('en-us', `guests:${key}`);

/** North's service number, where strangers text (the demo's). */
async function storeNumber(): Promise<string> {
  const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
  const res = await manager.get(`/api/locations/${DEMO_NORTH.locationId}/business_information`);
  return res.body.business_information.texting_numbers.service as string;
}

/** The row of a guest, by what the board shows for them (a name, or the number written as the store reads it). */
const row = (page: Page, text: string) => page.getByTestId('guest-row').filter({ hasText: text }).first();
/** (617) 555-0123 as the console writes a US number. */
const shown = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

async function openByKeyboard(page: Page, text: string): Promise<void> {
  const found = row(page, text);
  await found.waitFor({ timeout: 15_000 });
  await found.getByTestId('guest-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('conversation').waitFor();
}

describe('the guests and leads board', () => {
  it('shows a stranger’s text at once, and the manager answers and makes them a customer, the history kept', async () => {
    const phone = uniquePhone();
    const store = await storeNumber();
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, 'manager@demo.example');
    await page.goto('/app/guests');
    await page.locator('[data-testid="guests-board"][data-live="live"]').waitFor({ timeout: 15_000 });

    // A stranger texts the store: their conversation appears on the board, unread, no reload.
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Hi, do you have loaner cars during service?');
    await expect.poll(() => row(page, shown(phone)).getAttribute('data-unread'), { timeout: 10_000 }).toBe('true');
    expect(await row(page, shown(phone)).textContent()).toContain(words('guests.by_text_short'));

    // Open it by keyboard, read it, answer it.
    await openByKeyboard(page, shown(phone));
    await page.getByTestId('message-bubble').filter({ hasText: 'loaner cars' }).waitFor();
    await expect.poll(() => row(page, shown(phone)).getAttribute('data-unread'), { timeout: 5_000 }).toBe('false');
    await page.getByTestId('composer').fill('Yes, we do. May I have your name?');
    await page.getByTestId('send-button').click();
    await expect.poll(async () => (await textsTo(browser.carrierUrl, phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('May I have your name?');
    expect(await seriousViolations(page)).toEqual([]);

    // Make a customer: the names first (SPEC §5), then saved.
    const detail = page.getByTestId('guest-detail');
    expect(await detail.getByTestId('guest-conversion').textContent()).toBe(words('guests.not_customer_yet'));
    await detail.getByTestId('guest-convert').click();
    const form = page.getByTestId('convert-form');
    await form.getByTestId('convert-submit').click();
    await expect.poll(() => form.getByTestId('convert-first_name-error').textContent()).toBe('please enter a first name');
    expect(await form.getByTestId('convert-last_name-error').textContent()).toBe('please enter a last name');
    expect(await seriousViolations(page)).toEqual([]);
    const last = `Lopez${randomUUID().slice(0, 4)}`;
    await form.getByTestId('convert-first_name').fill('Ana');
    await form.getByTestId('convert-last_name').fill(last);
    await form.getByTestId('convert-submit').click();
    await expect.poll(() => detail.getByTestId('guest-conversion').textContent(), { timeout: 10_000 }).toMatch(/^Made a customer by Marcus Bell, /);
    await row(page, `Ana ${last}`).getByTestId('guest-tag').filter({ hasText: words('guests.tag_customer') }).waitFor();
    expect(await detail.getByTestId('guest-convert').count()).toBe(0);

    // The history stays, and the customer's next text lands in the same conversation, live.
    await replyAsCustomer(browser.carrierUrl, phone, store, "It's Ana, thanks!");
    await page.getByTestId('message-bubble').filter({ hasText: "It's Ana, thanks!" }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('message-bubble').filter({ hasText: 'loaner cars' }).count()).toBe(1);
    expect(await page.getByTestId('message-bubble').filter({ hasText: 'May I have your name?' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works on a phone: an advisor opens a guest across the screen and links them to a customer of the store', async () => {
    const store = await storeNumber();
    const advisorApi = api(browser.baseUrl, await signIn(browser.baseUrl, 'advisor@demo.example'));
    // A customer the store has (booked by phone at some point), and a stranger who turns out to be them.
    const last = `Known${randomUUID().slice(0, 4)}`;
    const coordinator = api(browser.baseUrl, await signIn(browser.baseUrl, 'appointments@demo.example'));
    const booked = await coordinator.post(`/api/locations/${DEMO_NORTH.locationId}/appointments`, {
      appointment: { scheduled_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
      customer: { first_name: 'Omar', last_name: last, phone: uniquePhone(), email: 'omar@example.com' },
    });
    expect(booked.status, booked.text).toBe(201);
    const phone = uniquePhone();
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Omar here, new phone. Is my car done?');
    await expect.poll(async () => ((await advisorApi.get(`/api/locations/${DEMO_NORTH.locationId}/guests?limit=100`)).body.guests as { customer: { phones: { cell: string } } }[]).some((g) => g.customer.phones.cell === phone), { timeout: 10_000 }).toBe(true);

    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, 'advisor@demo.example');
    await page.goto('/app/guests');
    await row(page, shown(phone)).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // The guest across the screen: no list beside it, the details in a sheet.
    await openByKeyboard(page, shown(phone));
    expect(await page.getByTestId('conversation').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(360);
    expect(await page.getByTestId('guest-row').count()).toBe(0);
    await page.getByTestId('detail-open').click();
    const detail = page.getByTestId('guest-detail');
    await detail.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Link: find Omar, read what linking does, link.
    await detail.getByTestId('guest-link').click();
    await page.getByTestId('link-search').fill(`omar ${last.slice(0, 5)}`);
    await page.getByTestId('link-result').filter({ hasText: `Omar ${last}` }).click();
    expect(await page.getByTestId('link-consequence').textContent()).toContain(`${shown(phone)} becomes their cell phone`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('link-confirm').click();
    await expect.poll(() => detail.getByTestId('guest-conversion').textContent(), { timeout: 10_000 }).toMatch(/^Linked to a customer by Priya Raman, /);
    expect(await detail.getByTestId('customer-phone-alternate').textContent()).toBeTruthy();

    // Back to the list: the row now names the customer; the keyboard is on it.
    await page.keyboard.press('Escape');
    await page.getByTestId('back-to-list').click();
    await row(page, `Omar ${last}`).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="guest-row"]')?.textContent ?? '')).toContain(`Omar ${last}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps archived guests apart, a click away', async () => {
    const store = await storeNumber();
    const phone = uniquePhone();
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Just browsing, thanks');
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, 'manager@demo.example');
    await page.goto('/app/guests');
    await openByKeyboard(page, shown(phone));

    await page.getByTestId('guest-archive').click();
    await expect.poll(() => row(page, shown(phone)).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('guests-list-archived').click();
    await row(page, shown(phone)).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('guests-list-archived').getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
