/**
 * The landing pages settings tab end to end (issue 21 part 5): a manager brands the customer's
 * visit page (header text, colour, link, intro, a logo uploaded straight to storage), sees the
 * header's preview follow the form, saves, and the customer's visit page shows it. At 390, 1280
 * and 1920 px, each scanned with axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsOf } from '../../../../../shared/schemas/settings.js';
import { readSettings, writeSettings } from '../../../../../functions/lib/settings.js';
import { visitUrl } from '../../../../../functions/visits/links.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { createRepairOrder, DEMO_NORTH, useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
useStackEnv();
const { companyId, locationId } = DEMO_NORTH;
// One transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function hold() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

let saved: { landing: SettingsOf<'landing_settings'>; vcard: SettingsOf<'vcard_settings'> };
beforeAll(async () => {
  saved = { landing: await readSettings(companyId, locationId, 'landing_settings'), vcard: await readSettings(companyId, locationId, 'vcard_settings') };
});
afterAll(async () => {
  await writeSettings(companyId, locationId, 'landing_settings', saved.landing, 'agt_test');
  await writeSettings(companyId, locationId, 'vcard_settings', saved.vcard, 'agt_test');
});

describe('the landing pages settings tab', () => {
  it('brands the visit page: the preview follows the form, the logo uploads, the customer sees it', { timeout: 60_000 }, async () => {
    const page = await browser.page();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'manager@demo.example');
    await page.goto('/app/settings?tab=landing_pages');
    const tab = page.getByTestId('settings-landing-pages');
    await tab.getByTestId('landing-save').waitFor({ timeout: 15_000 });
    const found: Record<string, unknown> = { '1280px': await seriousViolations(page) };

    await tab.getByTestId('landing-text').fill('Demo Motors North service');
    await tab.getByTestId('landing-colour').fill('#7a1f1f');
    await tab.getByTestId('landing-intro').fill('Thank you for trusting us with your car.');
    const preview = tab.getByTestId('landing-preview');
    expect(await preview.textContent()).toContain('Demo Motors North service');
    expect(await preview.locator('.landing-preview').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(122, 31, 31)');

    // A link that is not https is refused with its reason, and nothing is lost.
    await tab.getByTestId('landing-link').fill('http://demo-motors.example');
    await tab.getByTestId('landing-save').click();
    expect(await tab.getByTestId('landing-problem').textContent()).toBe('The link must start with https://');
    await tab.getByTestId('landing-link').fill('https://demo-motors.example');
    // The save answers while the logo is still uploading: the upload's progress and its outcome
    // stay on screen (the image fields are not remounted by a save).
    const held = { save: hold(), upload: hold() };
    await page.route('**/landing_settings', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      await held.save.promise;
      await route.fulfill({ response });
    });
    await page.route('**/landing_images', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await held.upload.promise;
      await route.fallback();
    });
    await tab.getByTestId('landing-save').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await readSettings(companyId, locationId, 'landing_settings')).text, { timeout: 10_000 }).toBe('Demo Motors North service');

    await tab.getByTestId('landing-upload-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const logo = tab.getByTestId('landing-image-logo');
    await logo.getByRole('status').waitFor();
    held.save.release();
    await expect.poll(async () => tab.getByTestId('landing-save').isDisabled()).toBe(true);
    expect(await logo.getByRole('status').count()).toBe(1);
    held.upload.release();
    // Under a loaded CI machine the slot, storage and confirmation take a while; a refusal shows its text.
    await logo.locator('[data-testid="landing-remove-logo"], [role="alert"]').first().waitFor({ timeout: 20_000 });
    expect(await logo.getByRole('alert').allTextContents()).toEqual([]);
    await page.unrouteAll();
    expect((await readSettings(companyId, locationId, 'vcard_settings')).logo_key).toMatch(/^branding\/cmp_demo\/loc_demo_north\/logo\/img_\w+\.png$/);
    await preview.locator('img').waitFor();

    for (const width of [390, 1920]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 1000 });
      found[`${width}px`] = await seriousViolations(page);
    }
    expect(found).toEqual({ '390px': [], '1280px': [], '1920px': [] });

    // The customer's visit page wears it.
    const { ro } = await createRepairOrder();
    const link = await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id });
    const customer = await browser.page();
    await customer.goto(link);
    await customer.locator('[data-testid="visit-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
    expect(await customer.locator('header.brand').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(122, 31, 31)');
    expect(await customer.locator('header.brand img.logo').count()).toBe(1);
    expect(await customer.locator('.branding-text a').getAttribute('href')).toBe('https://demo-motors.example/');
    expect(await customer.locator('.branding-intro').textContent()).toBe('Thank you for trusting us with your car.');
    expect(await seriousViolations(customer)).toEqual([]);
  });
});
