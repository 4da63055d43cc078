/**
 * The local partner's portal (issue 23, infra/local/partnerIdp.ts): the page where partner users
 * start. Readable at phone, laptop and wide widths, reached by keyboard, no serious accessibility
 * finding, and its one link leads to the console's partner sign-in.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { useBrowser } from './browser.js';

const browser = useBrowser();

describe('the partner connect site', () => {
  it.each([390, 1280, 1920])('at %i px: one heading, no horizontal scroll, no serious axe finding, the link by keyboard', async (width) => {
    const page = await browser.page();
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/partner/connect');
    expect(await page.getByRole('heading', { level: 1, name: 'CAO Connect' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    const focused = page.getByRole('link', { name: 'Open the dealer console' });
    await expect.poll(() => focused.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focused.getAttribute('href')).toBe('/app/sign_in?partner=cao');
  });
});
