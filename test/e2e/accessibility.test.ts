/**
 * The accessibility scan (issue 10, "Checks that must pass"): axe-core over every screen a new user
 * meets in the first hour, at a desk (1280 px) and on a phone (390 px), with no serious or
 * critical violation: sign-in, the service board (manager and advisor), an open conversation, the
 * technician's MPI pool, the sheet editor, the advisor's sheet and the customer's inspection page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, type AxeFinding } from '../support/axe.js';
import { customerLinkOf, orderWithSheetIn } from '../support/sheetFixtures.js';
import { api, replyAsCustomer, signIn } from '../support/api.js';
import { createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

const WIDTHS = [1280, 390] as const;

/**
 * Scans the screen `open` shows at each width; the answer names the width, so a failure says where.
 * `open` runs after each resize and waits until the screen is there: some lay out differently on a phone.
 */
async function scanAtEveryWidth(page: Page, open: () => Promise<void>): Promise<Record<string, AxeFinding[]>> {
  const found: Record<string, AxeFinding[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await open();
    await atRest(page);
    found[`${width}px`] = await seriousViolations(page);
  }
  return found;
}

/**
 * Waits for fades and slides to end (a toast re-entering after a resize): mid-fade text is paler
 * than it will be, and axe would measure that. Endless animations (a spinner) are not waited for.
 */
async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

const CLEAN = Object.fromEntries(WIDTHS.map((w) => [`${w}px`, []]));

describe('the scan', () => {
  it('finds what it is there to find: a nameless button, an image without words, pale text', async () => {
    const page = await browser.page();
    await page.setContent(
      '<html lang="en"><head><title>Scan</title></head><body><main><h1>Board</h1><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#ccc;background:#fff">Ready</p></main></body></html>',
    );
    expect((await seriousViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  });
});

describe('accessibility of the first hour’s screens', () => {
  it('the sign-in page, and the tray app page it links to', async () => {
    const page = await browser.page();
    const signIn = await scanAtEveryWidth(page, async () => {
      await page.goto('/app/sign_in');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    const trayApp = await scanAtEveryWidth(page, async () => {
      await page.goto('/app/tray_app');
      await page.getByTestId('tray-app-page').waitFor();
    });
    expect({ signIn, trayApp }).toEqual({ signIn: CLEAN, trayApp: CLEAN });
  });

  it('the service board, a manager’s and an advisor’s', async () => {
    const found: Record<string, Record<string, AxeFinding[]>> = {};
    for (const email of ['manager@demo.example', 'advisor@demo.example']) {
      const page = await browser.page();
      await signInAs(page, email);
      // Sign-in lands on the board; each width is the same page resized.
      found[email] = await scanAtEveryWidth(page, async () => {
        await page.getByTestId('board-row').first().waitFor({ timeout: 15_000 });
      });
    }
    expect(found).toEqual({ 'manager@demo.example': CLEAN, 'advisor@demo.example': CLEAN });
  });

  it('an open conversation', async () => {
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Connie', last_name: 'Conversation', opt_in: 'in' } });
    const advisor = api(browser.baseUrl, await signIn(browser.baseUrl, 'advisor@demo.example'));
    expect((await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is on the lift now.' } })).status).toBe(201);
    await replyAsCustomer(browser.carrierUrl, customer.phones.cell!, await serviceNumberOfNorth(), 'Thanks, call me when it is ready');
    // The reply is threaded onto the order a moment later: the conversation shows both ways once it is.
    await expect
      .poll(async () => ((await advisor.get(`/api/repair_orders/${ro.id}/messages`)).body.messages as { text: string }[]).map((m) => m.text).join('\n'), {
        timeout: 15_000,
      })
      .toContain('call me when it is ready');

    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    const found = await scanAtEveryWidth(page, async () => {
      // Opened from its row, as an advisor does; resized, the page keeps it open (on a phone in place of the list).
      if (!(await page.getByTestId('conversation').isVisible())) {
        const row = page.getByTestId('board-row').filter({ hasText: ro.ro_id }).first();
        await row.waitFor({ timeout: 15_000 });
        await row.click();
      }
      await page.getByTestId('conversation').waitFor();
      await page.getByTestId('message-bubble').filter({ hasText: 'call me when it is ready' }).waitFor({ timeout: 10_000 });
    });
    expect(found).toEqual(CLEAN);
  });

  it('the technician’s MPI pool and sheet editor', async () => {
    const pooled = await orderWithSheetIn('unclaimed', { firstName: 'Paul', lastName: 'Pool' });
    const held = await orderWithSheetIn('claimed_by_technician', { firstName: 'Edith', lastName: 'Editor', waiting: true });
    const page = await browser.page();
    await signInAs(page, 'tech@demo.example');

    const pool = await scanAtEveryWidth(page, async () => {
      await page.goto('/app/mpi');
      await page.locator(`[data-testid="mpi-pool-row"][data-ro-id="${pooled.ro.id}"]`).waitFor({ timeout: 15_000 });
    });
    const editor = await scanAtEveryWidth(page, async () => {
      await page.goto(`/app/mpi/repair_orders/${held.ro.id}`);
      await page.locator('[data-testid="mpi-sheet"][data-state="claimed"]').waitFor({ timeout: 15_000 });
      await page.getByTestId('mpi-save').waitFor();
    });
    expect({ pool, editor }).toEqual({ pool: CLEAN, editor: CLEAN });
  });

  it('the advisor’s sheet, and the customer’s inspection page', async () => {
    const fixture = await orderWithSheetIn('completed_by_advisor', { firstName: 'Carla', lastName: 'Customer' });
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    const advisorSheet = await scanAtEveryWidth(page, async () => {
      await page.goto(`/app/mpi/repair_orders/${fixture.ro.id}`);
      await page.locator('[data-testid="mpi-sheet"][data-state="completed_by_advisor"]').waitFor({ timeout: 15_000 });
      await page.getByTestId('mpi-send-customer').waitFor();
    });

    const link = await customerLinkOf(browser.baseUrl, browser.carrierUrl, fixture);
    const customer = await browser.page();
    const customerPage = await scanAtEveryWidth(customer, async () => {
      await customer.goto(link);
      await customer.locator('[data-testid="inspection-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
    });
    expect({ advisorSheet, customerPage }).toEqual({ advisorSheet: CLEAN, customerPage: CLEAN });
  });
});
