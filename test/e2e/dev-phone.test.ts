/**
 * The customer's phone of the local stack (/dev/phone) opened by the README's own link, with a
 * raw `+` in the query (which arrives as a space): it shows the customer's texts, the first
 * naming the dealership, and answers from the right number.
 */
import { describe, expect, it } from 'vitest';
import { textsTo } from '../support/api.js';
import { createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

describe('the customer phone page', () => {
  it('opens /dev/phone?phone=+1… as written and shows the texts, the first naming the dealership', async () => {
    await serviceNumberOfNorth();
    // A customer of its own (other browser tests text and opt out demo customers), never texted before.
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Victor', last_name: 'Plus', opt_in: 'in' } });
    const VICTOR = { phone: customer.phones.cell!, roNumber: ro.ro_id };
    expect(VICTOR.phone.startsWith('+1')).toBe(true);
    // The advisor texts Victor from his order's conversation.
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    const row = advisor.getByTestId('board-row').filter({ hasText: VICTOR.roNumber }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await advisor.getByTestId('conversation').waitFor();
    await advisor.getByTestId('composer').fill('Hi Victor, your Equinox is checked in.');
    await advisor.getByTestId('send-button').click();
    await expect.poll(async () => (await textsTo(browser.carrierUrl, VICTOR.phone)).length, { timeout: 10_000 }).toBe(1);

    // The README's link, `+` and all (not %2B).
    const phone = await browser.page();
    await phone.goto(`/dev/phone?phone=${VICTOR.phone}`);
    const thread = phone.locator('#thread');
    await expect.poll(() => thread.textContent(), { timeout: 10_000 }).toContain('Hi Victor, your Equinox is checked in.');
    expect(await thread.textContent()).not.toContain('no texts yet');
    // The advisor's text does not name the store: the opt-out line of this first text does.
    expect(await thread.textContent()).toContain('Demo Motors North: Reply STOP to opt out');

    // Answering from the page texts from Victor's number, so the console files it on his order.
    await phone.getByLabel('Text message').fill('Thanks, see you later.');
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => thread.textContent(), { timeout: 10_000 }).toContain('Thanks, see you later.');
    await advisor.getByTestId('message-bubble').filter({ hasText: 'Thanks, see you later.' }).waitFor({ timeout: 10_000 });
  });
});
