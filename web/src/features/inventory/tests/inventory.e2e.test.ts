/**
 * The inventory board end to end (the inventory agent's story): Owen Harris (inventory@demo.example)
 * lands on his orders, adds one for a new customer (the form's texts shown first), texts the
 * customer, reads the reply live, and closes the order (asked first; the note and the closed
 * composer follow); the demo's order whose text came back not sent is marked and can be resent (the
 * texting rules answer why not); picked orders get one text; a manager switches between the store's orders and their own; and
 * it all works on a phone. The axe scan runs at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { uniquePhone } from '../../../../../test/support/service.js';
import { landingUrl, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const OWEN = 'inventory@demo.example';
const SOUTH = 'loc_demo_south';

let client: ApiClient | null = null;
async function owenApi(): Promise<ApiClient> {
  client ??= api(browser.baseUrl, await signIn(browser.baseUrl, OWEN));
  return client;
}

/** An order Owen holds, for a new customer with a number of their own. */
async function anOrder(first: string, last: string): Promise<{ id: string; phone: string }> {
  const phone = uniquePhone();
  const res = await (await owenApi()).post(`/api/locations/${SOUTH}/inventory/orders`, {
    order: { item_kind: 'vehicle', description: `2023 Honda Accord for ${first}`, stock_number: `E2E-${last}` },
    customer: { first_name: first, last_name: last, phone, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.order.id, phone };
}

const row = (page: Page, name: string) => page.getByTestId('order-row').filter({ hasText: name }).first();

/** Opens an order from the keyboard: its row's button takes the focus, Enter opens it. */
async function openOrder(page: Page, name: string): Promise<void> {
  const found = row(page, name);
  await found.waitFor({ timeout: 15_000 });
  await found.getByTestId('order-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('conversation').waitFor();
}

describe('the inventory board', () => {
  it('lands the inventory agent on his orders: he adds one for a new customer, texts them, reads the reply live and closes it', async () => {
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, OWEN);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(landingUrl('/app/inventory'));
    // His inbox: the orders he holds, not the one the company admin holds at his store.
    await row(page, 'Lucía Fernández').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('order-row').filter({ hasText: 'Priscilla Nguyen' }).count()).toBe(0);
    expect(await page.getByTestId('view-all').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Add an order: every field says what it needs first (SPEC §5), then it is added and open.
    await page.getByTestId('add-order').click();
    const form = page.getByTestId('order-form');
    await form.getByTestId('order-mode-new').click();
    await form.getByTestId('order-submit').click();
    await expect.poll(() => form.getByTestId('order-first-name-error').textContent()).toBe('please enter a first name');
    expect(await form.getByTestId('order-phone-error').textContent()).toBe('Missing Required Field: Phone');
    expect(await form.getByTestId('order-description-input-error').textContent()).toBe('Please describe the vehicle or part');
    expect(await form.getByTestId('order-stock-input-error').textContent()).toBe('Missing Required Field: Stock number');
    expect(await seriousViolations(page)).toEqual([]);
    const phone = uniquePhone();
    await form.getByTestId('order-first-name').fill('Nadia');
    await form.getByTestId('order-last-name').fill('Newman');
    await form.getByTestId('order-email').fill('nadia.newman@example.com');
    await form.getByTestId('order-phone').fill(phone);
    await form.getByTestId('order-kind-part').check();
    await form.getByTestId('order-description-input').fill('All-weather floor mats, Honda CR-V');
    await form.getByTestId('order-stock-input').fill('P-40112');
    await form.getByTestId('order-submit').click();
    await row(page, 'Nadia Newman').waitFor({ timeout: 10_000 });
    const detail = page.getByTestId('order-detail');
    await expect.poll(() => detail.textContent()).toContain('All-weather floor mats, Honda CR-V');
    expect(await detail.getByTestId('order-stock').textContent()).toBe('P-40112');
    expect(await detail.textContent()).toContain('Owen Harris');

    // Text the customer, from the store's inventory number; their answer arrives with no reload.
    await page.getByTestId('composer').fill('Hi Nadia, your floor mats are in. Pick them up any time.');
    await page.getByTestId('send-button').click();
    await page.getByTestId('message-bubble').filter({ hasText: 'your floor mats are in' }).waitFor();
    await expect.poll(async () => (await textsTo(browser.carrierUrl, phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('your floor mats are in');
    const store = (await textsTo(browser.carrierUrl, phone))[0]!.from;
    expect(store).toBe('+12145550125');
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Great, I will come by on Saturday.');
    await page.getByTestId('message-bubble').filter({ hasText: 'come by on Saturday' }).waitFor({ timeout: 10_000 });

    // Close it: asked first; the note says so, the composer too, and it leaves his list.
    await detail.getByTestId('order-close').click();
    expect(await page.getByRole('dialog').textContent()).toContain('Close this order?');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('order-close-confirm').click();
    await page.getByTestId('system-note').filter({ hasText: 'Order has been closed.' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('closed-notice').textContent()).toContain('This order is closed');
    await expect.poll(() => page.getByTestId('order-row').filter({ hasText: 'Nadia Newman' }).count()).toBe(0);
    expect(await detail.getByTestId('order-state').getAttribute('data-closed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("marks the demo order whose text did not reach the customer, and resending asks the texting rules again", async () => {
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, OWEN);
    const harriet = row(page, 'Harriet Cole');
    await harriet.getByTestId('order-failed-tag').waitFor({ timeout: 20_000 });
    expect(await harriet.getByTestId('order-failed-tag').textContent()).toBe('Text not delivered');
    await openOrder(page, 'Harriet Cole');
    await page.getByTestId('message-bubble').first().waitFor();
    // The number turned out a landline: resending is refused, with the reason in the agent's language.
    await page.getByTestId('order-resend').click();
    await page.getByText('Landline numbers do not receive text messages').first().waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('texts the orders picked, with progress and a summary (the shared mass-text dialog)', async () => {
    const one = await anOrder('Mona', 'Mass');
    const two = await anOrder('Max', 'Mass');
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, OWEN);
    await row(page, 'Max Mass').getByTestId('order-pick').check();
    await row(page, 'Mona Mass').getByTestId('order-pick').check();
    expect(await page.getByTestId('picked-count').textContent()).toBe('2 selected');
    await page.getByTestId('mass-open').click();
    expect(await page.getByTestId('mass-recipients').textContent()).toBe('2 orders selected.');
    await page.getByTestId('mass-text').fill('Our used-car sale starts Saturday at 9.');
    await page.getByTestId('mass-send').click();
    await expect.poll(() => page.getByTestId('mass-progress').getAttribute('data-state'), { timeout: 20_000 }).toBe('finished');
    expect(await page.getByTestId('mass-sent').textContent()).toBe('Sent to 2 customers');
    for (const { phone } of [one, two]) {
      await expect.poll(async () => (await textsTo(browser.carrierUrl, phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('used-car sale');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lets a manager switch between the store's orders and their own", async () => {
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, 'manager@demo.example');
    await page.goto('/app/inventory');
    await row(page, 'Ethan Brooks').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('view-all').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('view-mine').click();
    await expect.poll(() => page.getByTestId('inventory-board').getAttribute('data-view')).toBe('mine');
    expect(new URL(page.url()).searchParams.get('view')).toBe('mine');
    await row(page, 'Nora Patel').waitFor({ timeout: 15_000 });
  });

  it('works on a phone: the list, then the order across the screen with its details and a way back', async () => {
    await anOrder('Pablo', 'Phone');
    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, OWEN);
    await row(page, 'Pablo Phone').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await openOrder(page, 'Pablo Phone');
    const width = await page.getByTestId('conversation').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(360);
    expect(await page.getByTestId('order-row').count()).toBe(0);
    await page.getByTestId('detail-open').click();
    await page.getByTestId('order-detail').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('detail-close').click();

    await page.getByTestId('back-to-list').click();
    await row(page, 'Pablo Phone').waitFor();
    // The keyboard is back on the order it came from.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="order-row"]')?.textContent ?? '')).toContain('Pablo Phone');

    // Adding an order fits the phone too.
    await page.getByTestId('add-order').click();
    await page.getByTestId('order-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
