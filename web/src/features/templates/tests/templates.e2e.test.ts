/**
 * Message templates in the console (issue 22): the store's manager writes a location template in
 * Settings → Templates (a blank text refused at its field first), an advisor inserts it from the
 * composer of a repair order on the service board by keyboard (search, arrows, Enter), and the
 * composer holds it with the customer's and the store's names filled in, after what the advisor had
 * already typed; an advisor writes one of their own from the picker's "My templates" and uses it;
 * the manager then deletes the location's through its confirmation. At 1280 px and on a 390 px
 * phone, each screen scanned with axe.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { DEMO_NORTH, createRepairOrder, useStackEnv } from '../../../../../test/support/service.js';
import { openOrder, signInAs, useBrowser } from '../../../../../test/e2e/browser.js';
import { readSettings } from '../../../../../functions/lib/settings.js';
import { getLocation } from '../../../../../functions/lib/locations.js';

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

async function dealershipOfNorth(): Promise<string> {
  const business = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'business_information');
  return business.dealership_name.trim() || (await getLocation(DEMO_NORTH.companyId, DEMO_NORTH.locationId))!.name;
}

describe.each(WIDTHS)('templates at %s', (width, options) => {
  it('a manager’s location template, used from the service board’s composer with the names filled in', { timeout: 120_000 }, async () => {
    const tag = width.startsWith('1280') ? 'Wide' : 'Narrow';
    const name = `Ready to go ${tag} ${Date.now().toString(36)}`;

    // A second console of the store's managers has the tab open: the new template appears there live.
    const second = tag === 'Wide' ? await pageAt(options) : null;
    if (second) {
      await signInAs(second, 'manager@demo.example');
      await second.goto('/app/settings?tab=templates');
      await second.getByTestId('settings-templates').getByTestId('templates-new').waitFor({ timeout: 15_000 });
    }

    // The manager writes it in Settings → Templates; "This location" is the list the tab opens on.
    const manager = await pageAt(options);
    await signInAs(manager, 'manager@demo.example');
    await manager.goto('/app/settings?tab=templates');
    const tab = manager.getByTestId('settings-templates');
    await tab.waitFor({ timeout: 15_000 });
    expect(await manager.getByTestId('templates-level-location').getAttribute('aria-pressed')).toBe('true');
    await manager.getByTestId('templates-new').click();
    const form = manager.getByTestId('template-form');
    await form.waitFor();
    await manager.getByTestId('template-name').fill(name);
    await manager.getByTestId('template-save').click();
    // Refused at its field, before anything is sent, and the keyboard taken there.
    await expect.poll(() => manager.getByTestId('template-text-error').textContent()).toBe('Text cannot be blank');
    await expect.poll(() => manager.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('template-text');
    expect(await seriousViolations(manager)).toEqual([]);
    await manager.keyboard.type('Hi {{customer_first_name}}, your car is ready at {{dealership}}. {{parking_spot}}');
    await manager.getByTestId('template-board').selectOption('service');
    await manager.getByTestId('template-save').click();
    const row = tab.getByTestId('template-row').filter({ hasText: name });
    await row.waitFor({ timeout: 10_000 });
    expect(await seriousViolations(manager)).toEqual([]);
    await second?.getByTestId('settings-templates').getByTestId('template-row').filter({ hasText: name }).waitFor({ timeout: 10_000 });

    // The advisor writes to a customer of theirs and inserts it from the composer, by keyboard.
    const { ro } = await createRepairOrder({ customer: { first_name: 'Gemma', last_name: `Picker${tag}`, opt_in: 'in' } });
    const advisor = await pageAt(options);
    await signInAs(advisor, 'advisor@demo.example');
    if (tag === 'Wide') await openOrder(advisor, ro.ro_id);
    else {
      // On a phone the conversation comes first (the order's details are a button away).
      await advisor.getByTestId('board-row').filter({ hasText: ro.ro_id }).first().click();
      await advisor.getByTestId('conversation').waitFor();
    }
    const composer = advisor.getByTestId('composer');
    await composer.fill('Good news! ');
    await advisor.getByTestId('template-picker-open').click();
    const picker = advisor.getByTestId('template-picker');
    await picker.waitFor();
    await advisor.getByTestId('template-search').fill(`ready to go ${tag.toLowerCase()}`);
    await expect.poll(() => picker.getByTestId('template-option').count(), { timeout: 10_000 }).toBe(1);
    expect(await seriousViolations(advisor)).toEqual([]);
    await advisor.keyboard.press('ArrowDown');
    await advisor.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    const dealership = await dealershipOfNorth();
    // The unknown placeholder stays as written, for the advisor to see before sending.
    await expect.poll(() => composer.inputValue()).toBe(`Good news! Hi Gemma, your car is ready at ${dealership}. {{parking_spot}}`);
    await expect.poll(() => advisor.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');

    // Escape closes the picker and leaves the text as it was.
    await advisor.getByTestId('template-picker-open').click();
    await picker.waitFor();
    await advisor.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await composer.inputValue()).toBe(`Good news! Hi Gemma, your car is ready at ${dealership}. {{parking_spot}}`);

    // An advisor has no Settings: they write their own from the picker's "My templates".
    if (tag === 'Wide') {
      await advisor.getByTestId('template-picker-open').click();
      await advisor.getByTestId('template-picker-mine').click();
      const mine = advisor.getByTestId('template-picker-mine-list');
      await mine.waitFor();
      await mine.getByTestId('templates-new').click();
      await advisor.getByTestId('template-name').fill('Loaner car');
      await advisor.getByTestId('template-text').fill('{{customer_name}}, your loaner is at the front desk.');
      await advisor.getByTestId('template-save').click();
      await mine.getByTestId('template-row').filter({ hasText: 'Loaner car' }).waitFor({ timeout: 10_000 });
      expect(await seriousViolations(advisor)).toEqual([]);
      await advisor.getByTestId('template-picker-back').click();
      await composer.fill('');
      await advisor.getByTestId('template-search').fill('loaner');
      await expect.poll(() => picker.getByTestId('template-option').count(), { timeout: 10_000 }).toBe(1);
      await advisor.keyboard.press('Enter');
      await expect.poll(() => composer.inputValue()).toBe(`Gemma Picker${tag}, your loaner is at the front desk.`);
    }

    // The manager deletes it: the confirmation says it cannot be undone.
    await row.getByTestId('template-delete').click();
    const confirm = manager.getByTestId('template-delete-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('cannot be undone');
    expect(await seriousViolations(manager)).toEqual([]);
    await manager.getByTestId('template-delete-confirm').click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
