/**
 * The gatekeeper tab (issue 22): a manager changes a kind of text's target and the welcome's
 * wording and switches the welcome on, by keyboard, saves, and a second console (a 390 px phone)
 * shows the change without a reload; a bad frequency is refused next to its field. Both widths
 * scanned with axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { changeSettings, readSettings, writeSettings } from '../../../../../functions/lib/settings.js';
import type { SettingsOf } from '../../../../../shared/schemas/settings.js';

const browser = useBrowser();
useStackEnv();

const { companyId, locationId } = DEMO_NORTH;
const MANAGER = 'manager@demo.example';
const WELCOME = 'Welcome to Demo Motors North! Your advisor will text you here.';
let saved: { gatekeeper: SettingsOf<'gatekeeper_settings'>; service: SettingsOf<'service_settings'> };

beforeAll(async () => {
  saved = { gatekeeper: await readSettings(companyId, locationId, 'gatekeeper_settings'), service: await readSettings(companyId, locationId, 'service_settings') };
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'gatekeeper_settings', saved.gatekeeper, 'agt_test');
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_test');
});

const rule = (page: Page, type: string) => page.locator(`[data-testid="gatekeeper-rule"][data-type="${type}"]`);

async function openTab(page: Page): Promise<void> {
  await signInAs(page, MANAGER);
  await page.goto('/app/settings?tab=gatekeeper');
  await page.getByTestId('settings-gatekeeper').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('gatekeeper-rule').count(), { timeout: 15_000 }).toBe(12);
}

describe('the gatekeeper tab', () => {
  it('a manager changes a target and a wording by keyboard, saves, and a second console shows it live', { timeout: 120_000 }, async () => {
    const wide = await (await browser.context({ viewport: { width: 1280, height: 800 } })).newPage();
    const phone = await (await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })).newPage();
    await openTab(wide);
    await openTab(phone);
    expect(await seriousViolations(wide)).toEqual([]);
    expect(await seriousViolations(phone)).toEqual([]);
    // On the phone each kind is a card: its target control spans the card, nothing runs off the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The phone's console is listening: a save made elsewhere reaches it.
    await expect
      .poll(
        async () => {
          const mark = `Live check ${Date.now()}`;
          await changeSettings(companyId, locationId, 'gatekeeper_settings', { service_work_declined: { ...(await readSettings(companyId, locationId, 'gatekeeper_settings')).service_work_declined, notes: mark } }, 'agt_test');
          await phone.waitForTimeout(1500);
          return (await rule(phone, 'service_work_declined').getByTestId('gatekeeper-notes').inputValue()) === mark;
        },
        { timeout: 30_000, interval: 0 },
      )
      .toBe(true);
    await wide.reload();
    await wide.getByTestId('settings-gatekeeper').waitFor();
    await expect.poll(() => wide.getByTestId('gatekeeper-rule').count(), { timeout: 15_000 }).toBe(12);

    // A bad frequency is refused next to its field.
    await wide.getByTestId('gatekeeper-welcome-frequency').focus();
    await wide.keyboard.press('ControlOrMeta+a');
    await wide.keyboard.type('0');
    await wide.getByTestId('gatekeeper-save').focus();
    await wide.keyboard.press('Enter');
    await wide.getByTestId('gatekeeper-field-error').waitFor();
    expect(await wide.getByTestId('gatekeeper-welcome-frequency').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(wide)).toEqual([]);

    await wide.getByTestId('gatekeeper-welcome-frequency').focus();
    await wide.keyboard.press('ControlOrMeta+a');
    await wide.keyboard.type('60');
    await rule(wide, 'vehicle_ready').getByTestId('gatekeeper-target').focus();
    await rule(wide, 'vehicle_ready').getByTestId('gatekeeper-target').selectOption('green_only');
    await rule(wide, 'service_welcome').getByTestId('gatekeeper-text').focus();
    await wide.keyboard.type(WELCOME);
    await wide.getByTestId('gatekeeper-welcome-enabled').focus();
    await wide.keyboard.press('Space');
    await wide.getByTestId('gatekeeper-save').focus();
    await wide.keyboard.press('Enter');

    await expect.poll(async () => (await readSettings(companyId, locationId, 'gatekeeper_settings')).vehicle_ready.target, { timeout: 10_000 }).toBe('green_only');
    expect((await readSettings(companyId, locationId, 'gatekeeper_settings')).service_welcome.text).toBe(WELCOME);
    await expect.poll(async () => (await readSettings(companyId, locationId, 'service_settings')).welcome_frequency_days, { timeout: 10_000 }).toBe(60);
    expect((await readSettings(companyId, locationId, 'service_settings')).welcome_enabled).toBe(!saved.service.welcome_enabled);

    // The phone shows it without a reload.
    await expect.poll(() => rule(phone, 'vehicle_ready').getByTestId('gatekeeper-target').inputValue(), { timeout: 15_000 }).toBe('green_only');
    await expect.poll(() => rule(phone, 'service_welcome').getByTestId('gatekeeper-text').inputValue(), { timeout: 15_000 }).toBe(WELCOME);
    await expect.poll(() => phone.getByTestId('gatekeeper-welcome-frequency').inputValue(), { timeout: 15_000 }).toBe('60');
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
