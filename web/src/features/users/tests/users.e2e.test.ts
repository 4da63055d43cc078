/**
 * Users and Activity in the console (issue 22): the store's manager invites a new advisor (a blank
 * name refused at its field first), gives them another board, sets their password in the
 * change-password modal (a short one refused at its field), deactivates them after a confirmation
 * that says what it does, and reads each of those on the Activity tab, reached by keyboard. At 1280
 * px and on a 390 px phone, each state scanned with axe.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

async function pageAt(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context(options)).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

describe.each(WIDTHS)('users at %s', (width, options) => {
  it('a manager invites, edits, sets a password, deactivates, and reads it all in Activity', { timeout: 120_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const last = `Newhire${tag}${Date.now().toString(36)}`;
    const email = `${last.toLowerCase()}@demo.example`;
    const page = await pageAt(options);
    await signInAs(page, 'manager@demo.example');
    await page.goto('/app/users');
    await page.getByTestId('users-list').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('user-row').filter({ hasText: 'priya' }).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Invite: the names are required, said at the field, with the keyboard taken there.
    await page.getByTestId('users-invite').click();
    await page.getByTestId('user-form').waitFor();
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByTestId('user-first-name-error').textContent()).toBe('please enter a first name');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-first-name');
    expect(await page.getByTestId('user-flag-admin').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('Nora');
    await page.getByTestId('user-last-name').fill(last);
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-form').waitFor({ state: 'detached' });

    await page.getByTestId('users-search').fill(last);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);

    // Another board for them.
    await row.getByTestId('user-edit').click();
    await page.getByTestId('user-flag-appointments').check();
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-form').waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Appointments');

    // Their password, in the change-password modal.
    await row.getByTestId('user-password').click();
    await page.getByTestId('change-password-form').waitFor();
    expect(await page.getByTestId('change-password-current').count()).toBe(0);
    await page.getByTestId('change-password-new').fill('short');
    await page.getByTestId('change-password-confirm').fill('short');
    await page.getByTestId('change-password-save').click();
    await expect.poll(() => page.getByTestId('change-password-new-error').textContent()).toBe('The password must have at least 8 characters.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('change-password-new').fill('a-good-password-1');
    await page.getByTestId('change-password-confirm').fill('a-good-password-1');
    await page.getByTestId('change-password-save').click();
    await page.getByTestId('change-password-form').waitFor({ state: 'detached' });

    // Deactivating asks first, saying they are signed out at once.
    await row.getByTestId('user-deactivate').click();
    const confirm = page.getByTestId('user-deactivate-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('signed out at once');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('user-deactivate-confirm').click();
    await row.getByTestId('user-inactive').waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('user-reactivate').count()).toBe(1);

    // Activity, by keyboard from the Users tab.
    await page.getByTestId('users-tab-users').focus();
    await page.keyboard.press('ArrowRight');
    const list = page.getByTestId('activity-list');
    await list.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('users-tab-activity');
    const texts = await list.getByTestId('activity-row').allTextContents();
    const name = `Nora ${last}`;
    expect(texts.slice(0, 4).map((text) => text.replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/, ''))).toEqual([
      `Marcus Bell deactivated ${name}`,
      `Marcus Bell set a new password for ${name}`,
      `Marcus Bell changed ${name}: Appointments off → on`,
      `Marcus Bell invited ${name}`,
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
