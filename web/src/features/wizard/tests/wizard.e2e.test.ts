/**
 * The setup wizard in the browser (issue 23), at 1280 px and on a 390 px phone, in a store of the
 * test's own: a manager creates a link in Settings → Business information (copied, listed) and
 * revokes it after a confirmation that says it cannot be undone, and the revoked link opens
 * nothing; the store's staff go through every page of a link, adding tags with Enter and Tab,
 * meet refusals (11 days on the page, a bad number from the server) and a failure and get past
 * them, each save carrying only that page's new answers, submit, and download the summary PDF;
 * the answers are then in the store's settings. Axe scans the first input page, a refusal, the
 * thank-you page and the manager's section.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { wizardPaths } from '../../../../../shared/wizard/routes.js';
import { api, signIn, type ApiClient } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { localeText } from '../../../../../test/support/localeFiles.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../../../test/support/ownStore.js';
import { useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['1280 px', { viewport: { width: 1280, height: 800 } }],
  ['a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

const run = Date.now().toString(36);
async function pageAt(options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.context({ ...options, permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

const word = (key: string) => localeText('en-us', `wizard:${key}`);
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

describe.each(WIDTHS)('the setup wizard at %s', (width, options) => {
  // A store of its own at each width: the wizard changes the store's settings.
  const tag = width.startsWith('1280') ? 'wide' : 'narrow';
  const MANAGER = { id: `agt_wiz_${tag}_${run}`, email: `agt_wiz_${tag}_${run}@harbor.example` };
  let store: OwnStore;
  let manager: ApiClient;

  beforeAll(async () => {
    store = await createOwnStore(`wizard_e2e_${tag}`);
    await createAgent(store, MANAGER.id, 'Mara', 'Manager', { access_level: accessFlags('manager', 'service') });
    manager = api(browser.baseUrl, await signIn(browser.baseUrl, MANAGER.email));
  });

  it('a manager creates a link in Settings, copies it and revokes it; the revoked link opens nothing', { timeout: 120_000 }, async () => {
    const page = await pageAt(options);
    await signInAs(page, MANAGER.email);
    await page.goto('/app/settings?tab=business_information');
    const section = page.getByTestId('wizard-links');
    await section.waitFor({ timeout: 15_000 });

    await page.getByTestId('wizard-link-create').click();
    const url = (await page.getByTestId('wizard-link-created-value').textContent()) ?? '';
    expect(url).toMatch(/\/app\/public\/location\/[A-Za-z0-9_-]{43}\/wizard$/);
    await page.getByTestId('wizard-link-created-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const row = section.getByTestId('wizard-link').first();
    await expect.poll(() => row.getAttribute('data-state')).toBe('open');
    expect(await row.textContent()).toContain('Mara Manager');
    expect(await seriousViolations(page)).toEqual([]);

    // Revoking asks first, in words that say it is for good.
    await row.getByRole('button', { name: /Revoke the link created/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This cannot be undone');
    expect(await focused(page)).not.toBe('wizard-link-revoke-confirm');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('wizard-link-revoke-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getAttribute('data-state')).toBe('revoked');

    await page.goto(new URL(url).pathname);
    await page.getByRole('heading', { name: word('wizard.missing_title') }).waitFor({ timeout: 15_000 });
  });

  it('goes through every page, fixes a refused answer, submits and downloads the summary', { timeout: 120_000 }, async () => {
    const created = await manager.post(wizardPaths.links(store.locationId));
    expect(created.status, created.text).toBe(201);
    const path = new URL(created.body.url as string).pathname;
    const page = await pageAt(options);
    const saves: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/wizard\/locations\/[^/]+$/.test(new URL(request.url()).pathname)) saves.push(request.postDataJSON());
    });
    await page.goto(path);

    // Intro: no sign-in, the store's name, Start by keyboard.
    await page.getByTestId('wizard-page-intro').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('wizard-page-intro').textContent()).toContain(store.name);
    await page.getByTestId('wizard-next').focus();
    await page.keyboard.press('Enter');

    // 1 of 6: the appraisal request button.
    await page.getByTestId('wizard-page-appraisal_button').waitFor();
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('1 of 6');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.getByTestId('wizard-label').inputValue()).toBe('Appraisal request');
    await page.getByTestId('wizard-label').fill('Value my trade');
    await page.getByTestId('wizard-css_class').selectOption('warning');
    const sms = page.getByTestId('wizard-sms-recipients').getByRole('textbox');
    await sms.fill('12');
    await sms.press('Enter');
    await sms.fill('+1 617 555 0143');
    await sms.press('Enter');
    const email = page.getByTestId('wizard-email-recipients').getByRole('textbox');
    await email.fill('Sales@Harbor.example');
    await email.press('Tab');
    expect(await page.getByTestId('wizard-email-recipients').getByRole('listitem').allTextContents()).toEqual(['Sales@Harbor.example×']);
    expect(await seriousViolations(page)).toEqual([]);
    // A number no phone can have: the server refuses it (422), the page lists why and stays.
    await page.getByTestId('wizard-next').click();
    const refused = page.getByTestId('wizard-problem');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Please fix errors before continuing');
    expect(await refused.textContent()).toContain(word('errors.phone'));
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('1 of 6');
    await page.getByRole('button', { name: 'Remove 12' }).click();
    await page.getByTestId('wizard-next').click();

    // 2 of 6: the vehicle ready text.
    await page.getByTestId('wizard-page-vehicle_ready').waitFor();
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('2 of 6');
    await page.getByTestId('wizard-vehicle_ready_message').fill('Your car is ready at Harbor Motors.');
    // A failure that is no refusal: 'Error' / 'Unknown error please try again.', and the page stays.
    await page.route('**/api/wizard/locations/*', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"id":"internal_error","message":"An unexpected error occurred"}}' }) : route.fallback()), { times: 1 });
    await page.getByTestId('wizard-next').click();
    const failed = page.getByTestId('wizard-problem');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('ErrorUnknown error please try again.');
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('2 of 6');
    await page.getByTestId('wizard-next').click();

    // 3 of 6: declined work; op codes added with Enter and with Tab, one removed; 11 days refused, then fixed.
    await page.getByTestId('wizard-page-work_declined').waitFor();
    const opcodes = page.getByTestId('wizard-opcodes').getByRole('textbox');
    await opcodes.fill('BRK01');
    await opcodes.press('Enter');
    await opcodes.fill('TIRE2');
    await opcodes.press('Tab');
    await opcodes.fill('OOPS');
    await opcodes.press('Enter');
    await page.getByRole('button', { name: 'Remove OOPS' }).click();
    expect(await page.getByTestId('wizard-opcodes').getByRole('listitem').count()).toBe(2);
    await page.getByTestId('wizard-work_declined_notification_after_days').fill('11');
    await page.getByTestId('wizard-work_declined_notification_message').fill('Still thinking about those brakes?');
    await page.getByTestId('wizard-next').click();
    const problem = page.getByTestId('wizard-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Please fix errors before continuing');
    expect(await problem.textContent()).toContain(word('errors.work_declined_days'));
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('3 of 6');
    expect(await seriousViolations(page)).toEqual([]);
    // Back to the page before, a change there saved by its Next: this page's answers wait for its own Next, still on screen.
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-page-vehicle_ready').waitFor();
    expect(await page.getByTestId('wizard-vehicle_ready_message').inputValue()).toBe('Your car is ready at Harbor Motors.');
    await page.getByTestId('wizard-vehicle_ready_message').fill('Your car is ready at Harbor Motors!');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-page-work_declined').waitFor();
    expect(await page.getByTestId('wizard-problem').count()).toBe(0);
    expect(await page.getByTestId('wizard-work_declined_notification_after_days').inputValue()).toBe('11');
    expect(await page.getByTestId('wizard-opcodes').getByRole('listitem').count()).toBe(2);
    expect(await page.getByTestId('wizard-work_declined_notification_message').inputValue()).toBe('Still thinking about those brakes?');
    await page.getByTestId('wizard-work_declined_notification_after_days').fill('5');
    await page.getByTestId('wizard-next').click();

    // 4 of 6 and 5 of 6: the reminders; Submit saves, then finishes.
    await page.getByTestId('wizard-page-appointment_reminders').waitFor();
    expect(await page.getByTestId('wizard-problem').count()).toBe(0);
    await page.getByTestId('wizard-remind_days_prior').fill('2');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-page-service_reminders').waitFor();
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('5 of 6');
    await page.getByTestId('wizard-remind_days_after').fill('9');
    await page.getByTestId('wizard-reminder_template').fill('Time for your next service at Harbor.');
    expect(await page.getByTestId('wizard-next').textContent()).toBe('Submit');
    await page.getByTestId('wizard-next').click();

    // 6 of 6: thank you, and the summary.
    await page.getByTestId('wizard-page-thank_you').waitFor();
    expect(await page.getByTestId('wizard-counter').textContent()).toBe('6 of 6');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wizard-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Each save carried only its page's new answers (the intro and thank-you pages, and a page with nothing new, save nothing).
    // A refused or failed save keeps its answers pending: the next try sends them again.
    const button = { label: 'Value my trade', css_class: 'warning', email_notification_recipients: ['sales@harbor.example'] };
    expect(saves).toEqual([
      { marketing_buttons: { ...button, sms_notification_recipients: ['12', '+1 617 555 0143'] } },
      { marketing_buttons: { ...button, sms_notification_recipients: ['+1 617 555 0143'] } },
      { service_settings: { vehicle_ready_message: 'Your car is ready at Harbor Motors.' } },
      { service_settings: { vehicle_ready_message: 'Your car is ready at Harbor Motors.' } },
      { service_settings: { vehicle_ready_message: 'Your car is ready at Harbor Motors!' } },
      {
        service_settings: {
          work_declined_opcodes: ['BRK01', 'TIRE2'],
          work_declined_notification_after_days: 5,
          work_declined_notification_message: 'Still thinking about those brakes?',
        },
      },
      { appointment_settings: { remind_days_prior: 2 } },
      { reminder_settings: { remind_days_after: 9, reminder_template: 'Time for your next service at Harbor.' } },
    ]);

    // The answers are the store's settings now, as the Settings screen reads them.
    const service = (await manager.get(`/api/locations/${store.locationId}/service_settings`)).body.service_settings;
    expect(service).toMatchObject({ vehicle_ready_message: 'Your car is ready at Harbor Motors!', work_declined_opcodes: ['BRK01', 'TIRE2'], work_declined_notification_after_days: 5 });
    const buttons = (await manager.get(`/api/locations/${store.locationId}/marketing_buttons`)).body.marketing_buttons.buttons;
    expect(buttons[0]).toMatchObject({ label: 'Value my trade', css_class: 'warning', email_notification_recipients: ['sales@harbor.example'] });
    expect((await manager.get(`/api/locations/${store.locationId}/appointments_settings`)).body.appointments_settings.remind_days_prior).toBe(2);
    expect((await manager.get(`/api/locations/${store.locationId}/reminder_settings`)).body.reminder_settings.remind_months_after).toBe(9);
    const listed = (await manager.get(wizardPaths.links(store.locationId))).body.wizard_links.find((l: { id: string }) => l.id === created.body.wizard_link.id);
    expect(listed.finished_at).toEqual(expect.any(String));
  });
});
