/**
 * Settings, the manager's story (issue 22): on every tab the one settings form builds (account,
 * business information, service, appointments, employee, developer, inventory, voice calls) a
 * manager changes a setting and sees it saved, and a second console open on the same tab shows it
 * without a reload; a console with unsaved edits keeps them and says the stored values changed; a
 * value out of range and a texting number another location uses are refused beside their field;
 * tags go in with Enter; the integrator's feed key is made and revoked. Axe at 1280 and 390 px. What the test changes is put back afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, signIn, type ApiClient } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, uniquePhone } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const MANAGER = 'manager@demo.example';
const NORTH = DEMO_NORTH.locationId;
const SOUTH = 'loc_demo_south';
const GROUPS = [
  'business_information',
  'service_settings',
  'dms_settings',
  'appointments_settings',
  'employee_settings',
  'inventory_settings',
  'service_calls_settings',
] as const;

let admin: ApiClient;
const stored = new Map<string, unknown>();
let address = '';
let southBusiness: Record<string, unknown> | null = null;

beforeAll(async () => {
  admin = api(browser.baseUrl, await signIn(browser.baseUrl, 'admin@demo.example'));
  for (const key of GROUPS) stored.set(key, (await admin.get(`/api/locations/${NORTH}/${key}`)).body[key]);
  address = (await admin.get(`/api/locations/${NORTH}`)).body.location.address;
});

afterAll(async () => {
  for (const [key, values] of stored) await admin.post(`/api/locations/${NORTH}/${key}`, { [key]: values });
  await admin.put(`/api/locations/${NORTH}`, { location: { address } });
  if (southBusiness) await admin.post(`/api/locations/${SOUTH}/business_information`, { business_information: southBusiness });
});

async function settingsPage(width: number): Promise<Page> {
  const page = await (await browser.context({ viewport: { width, height: 900 } })).newPage();
  await signInAs(page, MANAGER);
  await page.goto('/app/settings?tab=account');
  await page.getByTestId('settings-account').waitFor({ timeout: 15_000 });
  return page;
}

/** Opens a tab by its button, as a manager does, and waits for its form. */
async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`settings-tab-${tab}`).click();
  await page.getByTestId(`settings-${tab}-save`).waitFor({ timeout: 15_000 });
}

async function save(page: Page, tab: string): Promise<void> {
  const button = page.getByTestId(`settings-${tab}-save`);
  expect(await button.isEnabled()).toBe(true);
  await button.click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Settings saved.' }).first().waitFor({ timeout: 10_000 });
  // Saved: nothing left to save.
  await expect.poll(() => button.isDisabled()).toBe(true);
}

const field = (page: Page, id: string) => page.getByTestId(id);

describe('the settings tabs', () => {
  it('saves a change on every tab, live on a second console, and keeps that console’s unsaved edits', { timeout: 180_000 }, async () => {
    const [editor, watcher] = await Promise.all([settingsPage(1280), settingsPage(1280)]);

    // Account: the location record.
    await field(editor, 'setting-location-address').fill('1 Probe Street, Boston');
    await save(editor, 'account');
    await expect.poll(() => field(watcher, 'setting-location-address').inputValue(), { timeout: 10_000 }).toBe('1 Probe Street, Boston');

    // Business information: the watcher has an unsaved edit of its own when the editor saves.
    await Promise.all([openTab(editor, 'business_information'), openTab(watcher, 'business_information')]);
    await field(watcher, 'setting-business_information-city').fill('Probeville');
    await field(editor, 'setting-business_information-brand').fill('Probe Motors');
    await save(editor, 'business_information');
    await expect.poll(() => field(watcher, 'setting-business_information-brand').inputValue(), { timeout: 10_000 }).toBe('Probe Motors');
    await watcher.getByTestId('settings-business_information-stored-changed').waitFor();
    expect(await field(watcher, 'setting-business_information-city').inputValue()).toBe('Probeville');
    expect(await watcher.getByTestId('settings-business_information-save').isEnabled()).toBe(true);

    // Service: an op code of declined work, added with Enter.
    await Promise.all([openTab(editor, 'service'), openTab(watcher, 'service')]);
    const opcodes = field(editor, 'setting-service_settings-work_declined_opcodes');
    await opcodes.fill('ZZPROBE');
    await opcodes.press('Enter');
    await editor.getByTestId('setting-service_settings-work_declined_opcodes-tags').filter({ hasText: 'ZZPROBE' }).waitFor();
    // Tab adds one too, and keeps the keyboard in the field for the next (SPEC §5: Enter or Tab).
    await opcodes.fill('ZZTAB');
    await opcodes.press('Tab');
    await editor.getByTestId('setting-service_settings-work_declined_opcodes-tags').filter({ hasText: 'ZZTAB' }).waitFor();
    expect(await opcodes.evaluate((element) => element === document.activeElement)).toBe(true);
    await save(editor, 'service');
    await watcher.getByTestId('setting-service_settings-work_declined_opcodes-tags').filter({ hasText: 'ZZPROBE' }).waitFor({ timeout: 10_000 });
    expect(await seriousViolations(editor)).toEqual([]);

    // Appointments (the board's own tab): confirmation off.
    await Promise.all([openTab(editor, 'appointments'), openTab(watcher, 'appointments')]);
    const confirmation = (page: Page) => field(page, 'setting-appointments_settings-confirmation_enabled');
    const wasOn = await confirmation(editor).isChecked();
    await confirmation(editor).setChecked(!wasOn);
    await save(editor, 'appointments');
    await expect.poll(() => confirmation(watcher).isChecked(), { timeout: 10_000 }).toBe(!wasOn);

    // Employee: routing.
    await Promise.all([openTab(editor, 'employee'), openTab(watcher, 'employee')]);
    const routing = (page: Page) => field(page, 'setting-employee_settings-routing_enabled');
    const routed = await routing(editor).isChecked();
    await routing(editor).setChecked(!routed);
    await save(editor, 'employee');
    await expect.poll(() => routing(watcher).isChecked(), { timeout: 10_000 }).toBe(!routed);

    // Developer: the DMS provider, and the feed's address for the integrator.
    await Promise.all([openTab(editor, 'developer'), openTab(watcher, 'developer')]);
    expect(await editor.getByTestId('developer-location-id').textContent()).toBe(NORTH);
    await field(editor, 'setting-dms_settings-provider').fill('Probe DMS');
    await save(editor, 'developer');
    await expect.poll(() => field(watcher, 'setting-dms_settings-provider').inputValue(), { timeout: 10_000 }).toBe('Probe DMS');
    // A feed key for the integrator: its secret shown once; revoking asks first.
    await editor.getByTestId('dms-key-label').fill('Probe integrator');
    await editor.getByTestId('dms-key-create').click();
    expect(await editor.getByTestId('dms-key-secret').locator('code').textContent()).toMatch(/^dms_live_/);
    const made = editor.getByTestId('dms-key').filter({ hasText: 'Probe integrator' });
    await made.getByRole('button', { name: 'Revoke the key Probe integrator' }).click();
    await editor.getByTestId('dms-key-revoke-confirm').click();
    await expect.poll(() => made.count(), { timeout: 10_000 }).toBe(0);

    // Inventory: out of range is refused beside the field; in range saves.
    await Promise.all([openTab(editor, 'inventory'), openTab(watcher, 'inventory')]);
    const closeAfter = (page: Page) => field(page, 'setting-inventory_settings-close_after_days');
    await closeAfter(editor).fill('999');
    await editor.getByTestId('settings-inventory-save').click();
    expect(await editor.getByTestId('setting-inventory_settings-close_after_days-error').textContent()).toBe('Enter a whole number from 1 to 365.');
    await closeAfter(editor).fill('200');
    await save(editor, 'inventory');
    await expect.poll(() => closeAfter(watcher).inputValue(), { timeout: 10_000 }).toBe('200');

    // Voice calls: a ring-to number (a phone tag).
    await Promise.all([openTab(editor, 'voice_calls'), openTab(watcher, 'voice_calls')]);
    const ringTo = field(editor, 'setting-service_calls_settings-ring_to_numbers');
    await ringTo.fill('12');
    await ringTo.press('Enter');
    await editor.getByTestId('setting-service_calls_settings-ring_to_numbers-tag-error').waitFor();
    await ringTo.fill('(617) 555-0177');
    await ringTo.press('Enter');
    await save(editor, 'voice_calls');
    await watcher.getByTestId('setting-service_calls_settings-ring_to_numbers-tags').filter({ hasText: '555-0177' }).waitFor({ timeout: 10_000 });
  });

  it('refuses a texting number another location uses, beside its field, and passes axe at 390 px', { timeout: 90_000 }, async () => {
    const south = (await admin.get(`/api/locations/${SOUTH}/business_information`)).body.business_information;
    let taken: string = south.texting_numbers.inventory;
    if (!taken) {
      southBusiness = south;
      taken = uniquePhone();
      expect((await admin.post(`/api/locations/${SOUTH}/business_information`, { business_information: { texting_numbers: { ...south.texting_numbers, inventory: taken } } })).status).toBe(200);
    }
    const page = await settingsPage(390);
    await openTab(page, 'business_information');
    await field(page, 'setting-business_information-texting_numbers-hotel').fill(taken);
    await page.getByTestId('settings-business_information-save').click();
    await expect
      .poll(() => page.getByTestId('setting-business_information-texting_numbers-hotel-error').textContent(), { timeout: 10_000 })
      .toBe('This number is already used by another location.');
    expect(await seriousViolations(page)).toEqual([]);
    await openTab(page, 'developer');
    await page.getByTestId('dms-keys').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing was saved.
    expect((await admin.get(`/business_info`)).body.business_information.texting_numbers.hotel).toBe((stored.get('business_information') as { texting_numbers: { hotel: string } }).texting_numbers.hotel);
  });
});
