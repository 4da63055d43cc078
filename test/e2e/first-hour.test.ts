/**
 * What a new user trips over in the first hour (issue 10, item 9): a 404 with no way back, a tray
 * app link that bounces a signed-out agent to sign-in, an MPI header that still says "Completed by
 * advisor" after the sheet went to the customer, a "Customer waiting" tag that makes the sheet's
 * header taller, and a technician setting shown off at the store whose technician uses the console.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { orderWithSheetIn } from '../support/sheetFixtures.js';
import { useStackEnv } from '../support/service.js';
import { landingUrl, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

/** Presses Tab until the element matching `selector` has the focus (at most `limit` presses). */
async function tabTo(page: Page, selector: string, limit = 10): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} never took the focus`);
}

async function headerHeight(page: Page, roId: string): Promise<number> {
  await page.goto(`/app/mpi/repair_orders/${roId}`);
  const header = page.getByTestId('mpi-sheet').locator('.mpi-sheet__header');
  await header.waitFor({ timeout: 15_000 });
  return (await header.boundingBox())!.height;
}

describe('the first hour', () => {
  it('offers a way home from the 404 page, by keyboard', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await page.goto('/app/no-such-screen');
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // On a phone too: the way home shows without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Back to the console' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await tabTo(page, 'a[href]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back to the console');
    await page.keyboard.press('Enter');

    await expect.poll(() => page.url()).toMatch(landingUrl('/app/'));
    await page.getByRole('heading', { level: 1, name: 'Vehicles in Service' }).waitFor({ timeout: 15_000 });
  });

  it('leads the signed-out sign-in page’s tray app link to a page that stays open', async () => {
    const page = await browser.page();
    await page.goto('/app/sign_in');
    await page.getByRole('link', { name: 'Download the tray app' }).click();

    await page.getByRole('heading', { level: 1, name: 'The tray app' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/app/tray_app');
    expect(await page.getByTestId('tray-app-page').textContent()).toMatch(/taskbar/);
    // A bounce would arrive a moment later: it is still here.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/app/tray_app');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign_in');
  });

  it('says in the MPI header that the sheet was sent to the customer, once it was', async () => {
    const { ro } = await orderWithSheetIn('completed_by_advisor', { firstName: 'Sofia', lastName: 'Sent' });
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await page.goto(`/app/mpi/repair_orders/${ro.id}`);
    const state = page.getByTestId('mpi-sheet-state');
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe('Completed by advisor');

    await page.getByTestId('mpi-send-customer').click();
    await page.getByTestId('mpi-send-confirm').click();

    // "Sent to customer · 06/12/2026 3:04 PM": the time is the store's clock, so only its shape is checked.
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/^Sent to customer · \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(await page.getByTestId('mpi-advisor-state').textContent()).toBe('Sent to customer');
    // And so after a reload: the server's sheet says it was sent.
    await page.reload();
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toMatch(/^Sent to customer · /);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the sheet header’s height when the customer is waiting', async () => {
    const waiting = await orderWithSheetIn('claimed_by_technician', { firstName: 'Wanda', lastName: 'Waits', waiting: true });
    const away = await orderWithSheetIn('claimed_by_technician', { firstName: 'Wanda', lastName: 'Waits' });
    const page = await browser.page();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'advisor@demo.example');

    const plain = await headerHeight(page, away.ro.id);
    const tagged = await headerHeight(page, waiting.ro.id);
    await page.getByText('Customer waiting', { exact: true }).waitFor();

    expect(tagged).toBe(plain);
  });

  it('shows "Technicians use the console" ticked at the store whose technician uses it', async () => {
    // The demo technician works at North and lands on the MPI pool: the console is his.
    const tech = await browser.page();
    await signInAs(tech, 'tech@demo.example');
    await expect.poll(() => tech.url()).toMatch(landingUrl('/app/mpi'));

    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');
    await manager.goto('/app/settings?tab=tech');
    const enabled = manager.getByTestId('technician-settings-enabled');
    await enabled.waitFor({ timeout: 15_000 });
    expect(await enabled.isChecked()).toBe(true);
    expect(await manager.getByTestId('technician-settings-mpi').isChecked()).toBe(true);
  });
});
