/**
 * The Pay online settings tab (issue 21, SPEC §2): a company admin connects the store's card
 * account through the local gateway's connection page (back through /app/stripe_callback to
 * ?tab=5&success=1), turns online payments and paid notifications on and off, and removes the
 * account by typing YES, which turns payments off. At 1280 px and on a 390 px phone, scanned with axe.
 * Rival Auto's store is used: nothing else connects it, and each run ends disconnected as it began.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { api, signIn } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const ADMIN = 'rival@demo.example';

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 900 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

async function storedSettings() {
  const admin = api(browser.baseUrl, await signIn(browser.baseUrl, ADMIN));
  return (await admin.get('/payments/settings')).body.payments_settings as { enabled: boolean; paid_notifications_enabled: boolean; provider: string; provider_account: string };
}

describe.each(WIDTHS)('the pay online tab at %s', (_width, options) => {
  it('connects the card account, toggles payments and notifications, and removes the account by typing YES', { timeout: 120_000 }, async () => {
    const page = await (await browser.context(options)).newPage();
    await signInAs(page, ADMIN);
    await page.goto('/app/settings?tab=pay_online');
    const provider = page.getByTestId('pay-online-provider');
    await expect.poll(() => provider.getAttribute('data-provider'), { timeout: 15_000 }).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);

    // The gateway's own page, then back through the callback to this tab.
    await page.getByTestId('pay-online-connect').click();
    await page.getByRole('button', { name: 'Connect account' }).click();
    await page.waitForURL(/\/app\/settings\?tab=5&success=1/, { timeout: 15_000 });
    await expect.poll(() => provider.getAttribute('data-provider'), { timeout: 15_000 }).toBe('stripe');
    await page.getByTestId('pay-online-connected-notice').waitFor();
    const account = (await storedSettings()).provider_account;
    expect(account).toMatch(/^acct_/);
    expect(await provider.textContent()).toContain(account);

    // Payments and paid notifications, by keyboard.
    const enabled = page.getByTestId('pay-online-enabled');
    await enabled.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => enabled.isChecked()).toBe(true);
    await expect.poll(async () => (await storedSettings()).enabled).toBe(true);
    const notices = page.getByTestId('pay-online-paid-notifications');
    await notices.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await storedSettings()).paid_notifications_enabled).toBe(true);
    await notices.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await storedSettings()).paid_notifications_enabled).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // Removing it asks for YES: the button stays off for anything else.
    const confirm = page.getByTestId('pay-online-disconnect-confirm');
    const disconnect = page.getByTestId('pay-online-disconnect');
    await confirm.fill('yes');
    expect(await disconnect.isDisabled()).toBe(true);
    await confirm.fill('YES');
    await confirm.press('Enter');
    await expect.poll(() => provider.getAttribute('data-provider'), { timeout: 15_000 }).toBe('none');
    const after = await storedSettings();
    expect(after).toMatchObject({ enabled: false, provider: 'none', provider_account: '' });
    expect(await page.getByTestId('pay-online-enabled').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
