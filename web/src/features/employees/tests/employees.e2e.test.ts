/**
 * The employees board end to end (issue 19, the HR story): HR lands on the board, adds an employee
 * (the form's SPEC §5 texts first, then the server's), texts them from the keyboard, reads their
 * reply live, is refused deleting the employee whose conversation is open and then deletes them
 * for good, and texts several employees at once; the board at 390 px too. Each test adds its own
 * employees, so what other tests change does not matter. The axe scan runs on every screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { landingUrl, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const HR = 'hr@demo.example';
const loc = `/api/locations/${DEMO_NORTH.locationId}`;

let client: ApiClient | null = null;
async function hrApi(): Promise<ApiClient> {
  client ??= api(browser.baseUrl, await signIn(browser.baseUrl, HR));
  return client;
}

/** An employee added through the API, with a number of their own. */
async function addEmployee(first: string, last: string): Promise<{ id: string; phone: string }> {
  const phone = uniquePhone();
  const res = await (await hrApi()).post(`${loc}/employees`, { employee: { first_name: first, last_name: last, phone, position: 'Technician', team: 'Main shop' } });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.employee.id, phone };
}

const row = (page: Page, name: string) => page.getByTestId('employee-row').filter({ hasText: name }).first();

/** Opens an employee from the keyboard: their row's button takes the focus, Enter opens it. */
async function openEmployee(page: Page, name: string): Promise<void> {
  const found = row(page, name);
  await found.waitFor({ timeout: 15_000 });
  await found.getByTestId('employee-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('conversation').waitFor();
}

describe('the employees board', () => {
  it('lands HR on the board, adds an employee (SPEC §5 texts first), texts them and hears their reply live', async () => {
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, HR);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(landingUrl('/app/employees'));
    // The demo's unread reply stands first, bold, and the pill counts it.
    await row(page, 'Alicia Moreno').waitFor({ timeout: 15_000 });
    expect(await row(page, 'Alicia Moreno').getAttribute('data-unread')).toBe('true');
    expect(await page.getByTestId('unread-count').textContent()).not.toBe('0 unread');
    expect(await row(page, 'Ben Carter').getByTestId('employee-opt').textContent()).toBe('Opted out');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('employee-add').click();
    const form = page.getByTestId('employee-form');
    await form.getByTestId('employee-save').click();
    await expect.poll(() => form.getByTestId('employee-first-name-error').textContent()).toBe('please enter a first name');
    expect(await form.getByTestId('employee-last-name-error').textContent()).toBe('please enter a last name');
    expect(await form.getByTestId('employee-phone-error').textContent()).toBe('Missing Required Field: Phone');
    // The keyboard is at the first field that needs the agent.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('employee-first-name');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByTestId('employee-first-name').fill('Theo');
    await form.getByTestId('employee-last-name').fill('Newhire');
    await form.getByTestId('employee-position').fill('Porter');
    await form.getByTestId('employee-phone').fill('617 55');
    await form.getByTestId('employee-save').click();
    // The server's text, at the phone field.
    await expect.poll(() => form.getByTestId('employee-phone-error').textContent()).toBe('Phone number is too short');
    expect(await form.getByTestId('employee-first-name-error').count()).toBe(0);

    const phone = uniquePhone();
    await form.getByTestId('employee-phone').fill(phone);
    await form.getByTestId('employee-save').click();
    // Added, on the board, and open.
    await row(page, 'Theo Newhire').waitFor({ timeout: 10_000 });
    await page.getByTestId('conversation').waitFor();
    await expect.poll(() => page.getByTestId('employee-detail').textContent()).toContain('Porter');
    // Opting out asks first, about an employee, and says only they can undo it.
    await page.getByTestId('opt-out-button').click();
    const optOut = page.getByRole('dialog', { name: 'Opt this employee out of texts?' });
    await optOut.waitFor();
    expect(await optOut.textContent()).toContain('Only the employee can undo this');
    await optOut.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('composer').fill('Hi Theo, welcome to the team! Your badge is at the front desk.');
    await page.keyboard.press('Enter');
    await page.getByTestId('message-bubble').filter({ hasText: 'welcome to the team' }).first().waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await textsTo(browser.carrierUrl, phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('welcome to the team');
    // One text, one bubble, once the conversation has settled.
    await expect.poll(() => page.getByTestId('message-bubble').filter({ hasText: 'welcome to the team' }).count()).toBe(1);
    expect((await textsTo(browser.carrierUrl, phone)).filter((t) => t.text.includes('welcome to the team'))).toHaveLength(1);

    // Theo answers from his phone: it shows in the open conversation, no reload.
    const store = (await textsTo(browser.carrierUrl, phone))[0]!.from;
    await replyAsCustomer(browser.carrierUrl, phone, store, 'Thanks! Picked it up already.');
    await page.getByTestId('message-bubble').filter({ hasText: 'Picked it up already' }).waitFor({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('refuses to delete the employee whose conversation is open, then deletes them for good after asking', async () => {
    await addEmployee('Dora', 'Departing');
    const page = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAs(page, HR);
    await openEmployee(page, 'Dora Departing');

    await page.getByTestId('employee-detail-edit').click();
    const section = page.getByTestId('employee-delete-section');
    await section.getByTestId('employee-delete-refused').waitFor();
    expect(await section.getByTestId('employee-delete').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await section.getByTestId('employee-close-conversation').click();
    await page.getByTestId('conversation-empty').waitFor();
    await section.getByTestId('employee-delete').click();
    // The question names her and says it cannot be undone; the safe answer has the keyboard.
    expect(await section.textContent()).toContain('Delete Dora Departing for good?');
    expect(await section.textContent()).toContain('cannot be undone');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('employee-delete-keep');
    await section.getByTestId('employee-delete-confirm').click();

    await expect.poll(() => row(page, 'Dora Departing').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('employee-form').count()).toBe(0);
  });

  it('texts several employees at once, skipping the one who opted out, with progress and a summary', async () => {
    const mia = await addEmployee('Mia', 'Masstext');
    const otto = await addEmployee('Otto', 'Optedout');
    const hr = await hrApi();
    const contact = (await hr.get(`${loc}/employees/${otto.id}`)).body.employee.contact.id as string;
    expect((await hr.put(`/api/customers/${contact}/opt_out`)).status).toBe(200);

    const page = await browser.page();
    await signInAs(page, HR);
    await row(page, 'Otto Optedout').waitFor({ timeout: 15_000 });
    await row(page, 'Mia Masstext').getByTestId('employee-pick').check();
    await row(page, 'Otto Optedout').getByTestId('employee-pick').check();
    expect(await page.getByTestId('picked-count').textContent()).toBe('2 selected');
    await page.getByTestId('skip-opted-out').check();

    await page.getByTestId('mass-open').click();
    expect(await page.getByTestId('mass-recipients').textContent()).toBe('2 employees selected.');
    await page.getByTestId('mass-text').fill('The break room is closed for painting on Friday.');
    await page.getByTestId('mass-send').click();

    const progress = page.getByTestId('mass-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 20_000 }).toBe('finished');
    expect(await page.getByTestId('mass-sent').textContent()).toBe('Sent to 1 employee');
    expect(await page.getByTestId('mass-skip-reason').textContent()).toBe('Opted out: 1');
    await expect.poll(async () => (await textsTo(browser.carrierUrl, mia.phone)).map((t) => t.text).join('|'), { timeout: 10_000 }).toContain('break room is closed');
    expect(await textsTo(browser.carrierUrl, otto.phone)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('works on a phone: the list, then the employee across the screen with their details and a way back', async () => {
    await addEmployee('Pia', 'Pocket');
    const context = await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInAs(page, HR);
    await row(page, 'Pia Pocket').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await openEmployee(page, 'Pia Pocket');
    expect(await page.getByTestId('conversation').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(360);
    expect(await page.getByTestId('employee-row').count()).toBe(0);
    await page.getByTestId('detail-open').click();
    await page.getByTestId('employee-detail').waitFor();
    expect(await page.getByTestId('employee-detail').textContent()).toContain('Technician');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('detail-close').click();

    await page.getByTestId('back-to-list').click();
    await row(page, 'Pia Pocket').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="employee-row"]')?.textContent ?? '')).toContain('Pia Pocket');

    // Adding works at this width too.
    await page.getByTestId('employee-add').click();
    await page.getByTestId('employee-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
