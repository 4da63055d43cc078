/**
 * Search History end to end (issue 24): Priya Raman (advisor@demo.example) finds the
 * conversation with a customer whose repair order has since been archived, from nothing but the
 * last 4 digits of the phone, opens it read-only from the keyboard, and comes back to her results;
 * the search is in the address, so a reload keeps it. The form says what it refuses in SPEC §8's
 * words. The screen fits a phone and a wide screen. The axe scan runs at 1280, 1920 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, replyAsCustomer, signIn } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../../../../../test/support/service.js';
import { streamCaughtUp } from '../../../../../test/support/tableStream.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const ADVISOR = 'advisor@demo.example';

/** A customer of the north store who wrote in about their repair order, which the advisor then archived. */
async function anArchivedConversation(first: string, last: string, text: string): Promise<{ roId: string; roNumber: string; phone: string }> {
  const { customer, ro } = await createRepairOrder({ customer: { first_name: first, last_name: last, opt_in: 'in' } });
  const phone = customer.phones.cell!;
  const reply = await replyAsCustomer(browser.carrierUrl, phone, await serviceNumberOfNorth(), text);
  expect(reply.status, reply.text).toBeLessThan(300);
  const advisor = api(browser.baseUrl, await signIn(browser.baseUrl, ADVISOR));
  // The text reaches the order's conversation before the order leaves the board.
  await expect.poll(async () => JSON.stringify((await advisor.get(`/api/repair_orders/${ro.id}/messages?offset=0&limit=10`)).body), { timeout: 10_000 }).toContain(text);
  const archived = await advisor.put(`/api/repair_orders/${ro.id}/archive`);
  expect(archived.status, archived.text).toBe(200);
  await streamCaughtUp(browser.baseUrl);
  return { roId: ro.id, roNumber: ro.ro_id, phone };
}

async function search(page: Page, q: string): Promise<void> {
  await page.getByTestId('history-q').fill(q);
  await page.getByTestId('history-q').press('Enter');
}

const row = (page: Page, name: string) => page.getByTestId('history-row').filter({ hasText: name }).first();

describe('search history', () => {
  it('finds an archived conversation by the last 4 digits of the phone and opens it read-only', async () => {
    const found = await anArchivedConversation('Hollis', 'Archer', 'Can you check the rattle on the passenger side again?');
    const lastFour = found.phone.slice(-4);
    const context = await browser.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAs(page, ADVISOR);
    await page.goto('/app/history');
    await page.getByTestId('history-screen').waitFor();
    expect(await page.getByTestId('history-tab-repair').getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await search(page, lastFour);
    const hollis = row(page, 'Hollis Archer');
    await hollis.waitFor({ timeout: 15_000 });
    expect(await hollis.getAttribute('data-archived')).toBe('true');
    expect(await hollis.getByTestId('history-archived').textContent()).toBe('Archived');
    const text = await hollis.textContent();
    expect(text).toContain(found.roNumber);
    expect(text).toContain('Priya Raman');
    // The project's way of writing a North American number: (617) 555-0123.
    expect(text).toContain(`-${lastFour}`);
    expect(new URL(page.url()).searchParams.get('q')).toBe(lastFour);
    // Searching keeps the keyboard in the box.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('history-q');
    expect(await seriousViolations(page)).toEqual([]);

    // From the keyboard: the row is a link.
    await hollis.getByTestId('history-row-open').focus();
    await page.keyboard.press('Enter');
    const conversation = page.getByTestId('conversation');
    await conversation.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/history/repair/repair_order/${found.roId}`);
    await page.getByTestId('message-bubble').filter({ hasText: 'rattle on the passenger side' }).waitFor({ timeout: 10_000 });
    // Read-only: nothing to write with, nothing that changes the conversation.
    expect(await page.getByTestId('history-read-only').textContent()).toBe('Read only');
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('read-toggle').count()).toBe(0);
    expect(await conversation.getByRole('button').filter({ hasNotText: /earlier/i }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the same results; a reload keeps them.
    await page.getByTestId('history-back').focus();
    await page.keyboard.press('Enter');
    await row(page, 'Hollis Archer').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(lastFour);
    // The keyboard is back on the row it came from.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="history-row"]')?.textContent ?? '')).toContain('Hollis Archer');
    await page.reload();
    await row(page, 'Hollis Archer').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('history-q').inputValue()).toBe(lastFour);
  });

  it('says what it refuses in SPEC §8 words, on a wide screen', async () => {
    const page = await (await browser.context({ viewport: { width: 1920, height: 1080 } })).newPage();
    await signInAs(page, ADVISOR);
    await page.goto('/app/history');
    await page.getByTestId('history-submit').click();
    await expect.poll(() => page.getByTestId('history-error').textContent()).toBe('No Search Parameters');

    await page.getByTestId('history-closed-from').fill('2025-06-10');
    await page.getByTestId('history-closed-to').fill('2025-06-01');
    await page.getByTestId('history-submit').click();
    await expect.poll(() => page.getByTestId('history-error').textContent()).toBe('Invalid Closed To Date');
    expect(await page.getByTestId('history-closed-to').getAttribute('aria-invalid')).toBe('true');
    // Nothing was searched: the address still asks for nothing.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works on a phone: the form, the results and the conversation fit 390 px', async () => {
    const found = await anArchivedConversation('Pia', 'Phoneby', 'Is the loaner car still available on Friday?');
    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, ADVISOR);
    await page.goto(`/app/history?q=${found.phone.slice(-4)}`);
    await row(page, 'Pia Phoneby').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await row(page, 'Pia Phoneby').getByTestId('history-row-open').click();
    await page.getByTestId('message-bubble').filter({ hasText: 'loaner car' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
