/**
 * The customer's visit page end to end (issue 21 part 5): the inspection text's link opens one page
 * for the order, at 390, 1280 and 1920 px with the axe scan; the link's anchor brings its part into
 * view and focus; the customer approves a recommendation (by keyboard) and answers the survey on
 * the page; an inspection link sent before the visit page opens the same page; the store's yes and
 * no label the decisions and its closing words follow them; and a part whose view cannot be loaded
 * leaves the others standing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { openSurvey } from '../../functions/visits/tests/fixtures.js';
import { seriousViolations, type AxeFinding } from '../support/axe.js';
import { sendInspection } from '../support/inspections.js';
import { createRepairOrder, useStackEnv } from '../support/service.js';
import { customerLinkOf, orderWithSheetIn } from '../support/sheetFixtures.js';
import { useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();
const REVIEW = 'https://reviews.example.com/demo-motors-north';

async function ready(page: Page): Promise<void> {
  await page.locator('[data-testid="visit-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="survey-part"]').waitFor({ timeout: 15_000 });
}

async function scan(page: Page, width: number): Promise<AxeFinding[]> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  return seriousViolations(page);
}

describe("the customer's visit page", () => {
  it('opens the inspection text at its inspection; the customer approves work and answers the survey, at every width', async () => {
    const fixture = await orderWithSheetIn('completed_by_advisor', { firstName: 'Vera', lastName: 'Visit' });
    await openSurvey(fixture.ro);
    const csi = await readSettings(fixture.ro.company_id, fixture.ro.location_id, 'csi_settings');
    await writeSettings(fixture.ro.company_id, fixture.ro.location_id, 'csi_settings', { ...csi, review_link: REVIEW }, 'agt_test');
    try {
      const link = await customerLinkOf(browser.baseUrl, browser.carrierUrl, fixture);
      expect(link).toMatch(/\/app\/public\/visits\/[\w-]{43}#inspection$/);
      const page = await (await browser.context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
      await page.goto(link);
      await ready(page);

      // The dealership, the order, and the parts in their order, the link's part in focus.
      expect(await page.getByTestId('visit-dealership').textContent()).toContain('Demo Motors North');
      expect(await page.getByTestId('visit-order').textContent()).toBe(fixture.ro.ro_id);
      expect(await page.locator('section.part').evaluateAll((parts) => parts.map((p) => p.id))).toEqual(['inspection', 'survey']);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('inspection');
      expect(await page.locator('footer.contact a[href^="tel:"]').textContent()).toBe('(617) 555-0100');
      const phone = await scan(page, 390);

      // Approve the pads from the keyboard.
      const pads = page.getByTestId('inspection-recommendation').first();
      expect(await pads.textContent()).toContain('$240.00');
      await pads.getByTestId('inspection-approve').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => pads.getAttribute('data-approved'), { timeout: 10_000 }).toBe('true');

      // Answer the survey: a 3, a comment; the thanks and the review link follow, whatever the rating.
      const survey = page.getByTestId('survey-part');
      await survey.getByTestId('survey-send').click();
      expect(await survey.getByTestId('survey-error').textContent()).toBe('Please choose a number from 0 to 10.');
      await survey.locator('input[name="rating"][value="3"]').check();
      await survey.locator('textarea').fill('The wait was long');
      await survey.getByTestId('survey-send').click();
      await survey.getByTestId('survey-thanks').waitFor({ timeout: 10_000 });
      expect(await survey.getByTestId('survey-review').getAttribute('href')).toBe(REVIEW);

      const desktop = await scan(page, 1280);
      const wide = await scan(page, 1920);
      expect({ phone, desktop, wide }).toEqual({ phone: [], desktop: [], wide: [] });

      // What the customer did stands after a reload.
      await page.reload();
      await ready(page);
      expect(await page.getByTestId('inspection-recommendation').first().getAttribute('data-approved')).toBe('true');
      expect(await page.getByTestId('survey-part').getAttribute('data-state')).toBe('answered');
    } finally {
      await writeSettings(fixture.ro.company_id, fixture.ro.location_id, 'csi_settings', csi, 'agt_test');
    }
  });

  it('opens an inspection link sent before the visit page on the visit page, at its inspection', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const { token } = await sendInspection(ro);
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/app/public/inspections/${token}`);

    await page.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/app\/public\/visits\/[\w-]{43}$/);
    expect(new URL(page.url()).hash).toBe('#inspection');
    expect(await page.getByTestId('visit-order').textContent()).toBe(ro.ro_id);
  });

  it("labels the decisions with the store's yes and no, and closes with its words after a yes or after a no to all", async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const { token } = await sendInspection(ro);
    const landing = await readSettings(ro.company_id, ro.location_id, 'landing_settings');
    const words = { yes_button_text: 'Yes, do it', no_button_text: 'Not now', outro_text_positive: 'Thanks, we are on it.', outro_text_negative: 'No problem, ask us any time.' };
    await writeSettings(ro.company_id, ro.location_id, 'landing_settings', { ...landing, ...words }, 'agt_test');
    try {
      const page = await browser.page();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/app/public/inspections/${token}`);
      await page.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
      const [pads, wipers] = [page.getByTestId('inspection-recommendation').first(), page.getByTestId('inspection-recommendation').nth(1)];
      const closing = page.locator('.recommendations .pending');
      expect(await pads.getByTestId('inspection-approve').textContent()).toBe('Yes, do it');
      expect(await pads.getByTestId('inspection-decline').textContent()).toBe('Not now');

      // A yes to the pads, a no to the wipers: the closing words after a yes
      await pads.getByTestId('inspection-approve').click();
      await expect.poll(() => pads.getAttribute('data-approved'), { timeout: 10_000 }).toBe('true');
      await wipers.getByTestId('inspection-decline').click();
      await expect.poll(() => closing.textContent(), { timeout: 10_000 }).toBe('Thanks, we are on it.');

      // The pads changed to a no, confirmed in the dialog (loaded when asked for): no to all
      await pads.getByTestId('inspection-decline').click();
      await page.getByTestId('inspection-confirm').click();
      await expect.poll(() => closing.textContent(), { timeout: 10_000 }).toBe('No problem, ask us any time.');
      expect(await seriousViolations(page)).toEqual([]);

      // On a phone that cannot load the dialog, a change is not made and the card says so
      const offline = await browser.page();
      await offline.setViewportSize({ width: 390, height: 844 });
      await offline.route(/\/assets\/ChangeDecision-[\w-]+\.js$/, (route) => route.abort());
      await offline.goto(`/app/public/inspections/${token}`);
      await offline.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
      const offlinePads = offline.getByTestId('inspection-recommendation').first();
      await offlinePads.getByTestId('inspection-approve').click();
      await offlinePads.getByRole('alert').filter({ hasText: 'Your decision could not be saved. Please try again.' }).waitFor({ timeout: 10_000 });
      expect(await offlinePads.getAttribute('data-approved')).toBe('false');
    } finally {
      await writeSettings(ro.company_id, ro.location_id, 'landing_settings', landing, 'agt_test');
    }
  });

  it('says so where a part cannot be loaded, and shows the others', async () => {
    const fixture = await orderWithSheetIn('completed_by_advisor', { firstName: 'Paula', lastName: 'Part' });
    await openSurvey(fixture.ro);
    const link = await customerLinkOf(browser.baseUrl, browser.carrierUrl, fixture);
    const page = await browser.page();
    await page.route(/\/assets\/SurveyPart-[\w-]+\.js$/, (route) => route.abort());

    await page.goto(link.replace('#inspection', '#survey'));

    await page.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
    const survey = page.locator('section#survey');
    await survey.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await survey.getByRole('alert').textContent()).toBe('This part of the page could not be loaded.');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
