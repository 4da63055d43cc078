/** The phone site (SPEC §2, §4): a phone is sent to /m/ after sign-in, and may take the desktop layout anyway. */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { signInAs, useBrowser } from './browser.js';

const browser = useBrowser();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: IPHONE };
const pathOf = (url: string) => new URL(url).pathname;

describe('the phone site', () => {
  it('sends a phone to /m/ after sign-in, keeps deep links, and lets its person choose the desktop layout and back', async () => {
    const page = await (await browser.context(phone)).newPage();
    await signInAs(page, 'advisor@demo.example');
    await expect.poll(() => pathOf(page.url())).toBe('/m/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'Vehicles in Service' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);

    // A link to a screen of the desktop address opens that screen on the phone site.
    await page.goto('/app/mpi?x=1');
    await expect.poll(() => page.url()).toMatch(/\/m\/mpi\?x=1$/);
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();

    await page.getByRole('button', { name: 'Show menu' }).click();
    await menu.getByRole('button', { name: 'Switch to desktop layout' }).click();
    await expect.poll(() => pathOf(page.url())).toBe('/app/mpi');
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
    // The choice holds: the phone is not sent back to /m/.
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
    expect(pathOf(page.url())).toBe('/app/mpi');

    await page.getByRole('button', { name: 'Show menu' }).click();
    await menu.getByRole('button', { name: 'Switch to phone layout' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page.url())).toBe('/m/mpi');
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
  });

  it('leaves a computer on /app/, with no layout to choose, and serves /m/ to it as well at 1280 px', async () => {
    const page = await (await browser.context({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'advisor@demo.example');
    expect(pathOf(page.url())).toMatch(/^\/app\/?$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Show menu' }).click();
    await menu.getByRole('link', { name: 'Vehicles in Service' }).waitFor();
    expect(await menu.getByRole('button', { name: /layout/ }).count()).toBe(0);

    await page.goto('/m');
    await expect.poll(() => pathOf(page.url())).toBe('/m/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Show menu' }).click();
    await menu.getByRole('button', { name: 'Switch to desktop layout' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
