/**
 * The service board's layout at the widths agents use it (issue 10 items 4–6): a phone at 390 px
 * gets a list and one conversation at a time; desktops from 1280 to 1920 px keep Tech Status and
 * promise times readable in every language, leaving out only the columns meant to go; toasts stay
 * off the header and repeats share one toast.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { api, signIn } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { customerLinkOf, orderWithSheetIn } from '../support/sheetFixtures.js';
import { createRepairOrder, useStackEnv } from '../support/service.js';
import { signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function pageIn(options: BrowserContextOptions): Promise<Page> {
  const context = await browser.context(options);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('close', () => expect(errors.map((e) => e.message)).toEqual([]));
  return page;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The agent's language, as the header's switch keeps it. */
async function useLanguage(page: Page, locale: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('language', l), locale);
  await page.reload();
  await page.getByTestId('board-row').first().waitFor({ timeout: 15_000 });
}

/** Maria Gonzalez's demo order: a promise time, a tech status and an MPI chip. */
async function openDemoOrder(page: Page): Promise<void> {
  const row = page.getByTestId('board-row').filter({ hasText: 'Maria Gonzalez' }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await page.getByTestId('conversation').waitFor();
  await page.getByTestId('detail-panel').waitFor();
}

/**
 * Texts in the list that are cut: neither fully inside the list's visible box nor ending in an
 * ellipsis that carries the whole text in a title.
 */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const list = document.querySelector('.board-list');
    if (!list) return ['no list'];
    const bounds = list.getBoundingClientRect();
    const cut: string[] = [];
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (cell.getClientRects().length === 0) continue;
      const box = cell.getBoundingClientRect();
      if (box.bottom > bounds.bottom || box.top < bounds.top) continue; // below the fold: scrolls into view whole
      const text = (cell.textContent ?? '').trim();
      if (!text) continue;
      // Words only for screen readers are not on screen to be cut.
      const parts = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].filter(
        (e) => e.getClientRects().length && e.textContent?.trim() && !e.closest('.visually-hidden'),
      );
      for (const part of parts) {
        const partBox = part.getBoundingClientRect();
        const inside = partBox.left >= bounds.left - 0.5 && partBox.right <= bounds.right + 0.5;
        const whole = part.scrollWidth <= part.clientWidth + 1 || part.clientWidth === 0;
        const titled = part.title && part.title.trim() === (part.textContent ?? '').trim();
        if (!(inside && whole) && !titled) cut.push(`${part.tagName.toLowerCase()} "${(part.textContent ?? '').trim()}"`);
      }
    }
    return cut;
  }, selector);
}

/** The list's column headers: which show whole, which are left out on purpose, which are lost. */
async function columnHeaders(page: Page): Promise<{ shown: string[]; dropped: string[]; lost: string[] }> {
  return page.evaluate(() => {
    const list = document.querySelector('.board-list')!.getBoundingClientRect();
    const result = { shown: [] as string[], dropped: [] as string[], lost: [] as string[] };
    for (const th of Array.from(document.querySelectorAll<HTMLElement>('.board-table thead th'))) {
      const label = (th.textContent ?? '').trim();
      const box = th.getBoundingClientRect();
      if (getComputedStyle(th).display === 'none') {
        (th.dataset.drops ? result.dropped : result.lost).push(label);
      } else if (box.left >= list.left - 0.5 && box.right <= list.right + 0.5 && box.width > 0) {
        // Inside the list; a label narrower than its text carries it whole in a title.
        if (th.scrollWidth <= th.clientWidth + 1 || th.title === label) result.shown.push(label);
        else result.lost.push(label);
      } else {
        result.lost.push(label);
      }
    }
    return result;
  });
}

describe('the board on a phone (390 × 844)', () => {
  it('is a list; an order opens full width with a way back, details on request and the composer at the foot', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Pia', last_name: 'Phone', opt_in: 'in' } });
    const page = await pageIn(PHONE);
    await signInAs(page, 'advisor@demo.example');
    const rows = page.getByTestId('board-row');
    await rows.first().waitFor({ timeout: 15_000 });

    // A list of cards across the screen, nothing beside it, no sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await boxOf(rows.first())).width).toBeGreaterThanOrEqual(350);
    expect(await page.getByTestId('conversation-empty').count()).toBe(0);
    // The header is one row: switches wait in the menu.
    expect((await boxOf(page.getByRole('banner'))).height).toBeLessThanOrEqual(64);
    expect(await seriousViolations(page)).toEqual([]);

    const opened = rows.filter({ hasText: ro.ro_id });
    await opened.waitFor({ timeout: 15_000 });
    await opened.click();

    const conversation = page.getByTestId('conversation');
    await conversation.waitFor();
    expect((await boxOf(conversation)).width).toBeGreaterThanOrEqual(360);
    expect(await rows.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The composer sits at the bottom of the screen, in view.
    const composer = page.getByTestId('composer');
    const composerBox = await boxOf(composer);
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(844);
    expect(composerBox.y).toBeGreaterThan(844 / 2);

    // Details only when asked for, and they close again.
    expect(await page.getByTestId('detail-panel').count()).toBe(0);
    await page.getByTestId('detail-open').click();
    const details = page.getByTestId('detail-panel');
    await details.waitFor();
    expect((await boxOf(details)).width).toBeGreaterThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('detail-close').click();
    await expect.poll(() => details.count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);

    // Back by keyboard: the list returns with the keyboard on the order it left.
    await page.getByTestId('back-to-list').focus();
    await page.keyboard.press('Enter');
    await rows.first().waitFor();
    expect(await page.getByTestId('conversation').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('ro')).toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-ro-id'))).toBe(ro.id);
  });
});

describe('the board on a phone: nothing cut, links open (issue 18 §6)', () => {
  it('writes promise times on other days short enough to show whole, shows the MPI chip whole, and opens the link the customer was sent', async () => {
    const day = 86_400_000;
    const soon = await createRepairOrder({ customer: { first_name: 'Paula', last_name: 'Promised' }, ro: { promise_time: new Date(Date.now() + 3 * day).toISOString() } });
    const far = await createRepairOrder({ customer: { first_name: 'Fritz', last_name: 'Further' }, ro: { promise_time: new Date(Date.now() + 40 * day).toISOString() } });
    const sent = await orderWithSheetIn('completed_by_advisor', { firstName: 'Lina', lastName: 'Linked' });
    const link = await customerLinkOf(browser.baseUrl, browser.carrierUrl, sent);

    const page = await pageIn(PHONE);
    await signInAs(page, 'advisor@demo.example');
    const rows = page.getByTestId('board-row');
    for (const ro of [soon.ro, far.ro, sent.ro]) {
      const card = rows.filter({ hasText: ro.ro_id });
      await card.waitFor({ timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      // Each cell of the card's right side shows its text whole, inside the card.
      const fit = await card.evaluate((row) => {
        const cardBox = row.getBoundingClientRect();
        return Array.from(row.querySelectorAll<HTMLElement>('td.board-cell--promise, td.board-cell--status, .mpi-chip, .board-row__tech'))
          .filter((cell) => cell.textContent?.trim())
          .map((cell) => ({ text: cell.textContent?.trim(), whole: cell.scrollWidth <= cell.clientWidth + 1, inside: cell.getBoundingClientRect().right <= cardBox.right + 0.5 }));
      });
      for (const cell of fit) expect(cell).toEqual({ text: cell.text, whole: true, inside: true });
    }
    expect(await rows.filter({ hasText: far.ro.ro_id }).locator('time').textContent()).not.toMatch(/\d{4}/);
    expect(await rows.filter({ hasText: sent.ro.ro_id }).getByTestId('board-mpi-status').textContent()).toBe('MPI: 0/2 approved');
    expect(await cutTexts(page, '[data-testid="board-row"] td.board-row__status')).toEqual([]);
    expect(await cutTexts(page, '[data-testid="board-row"] td.board-cell--promise')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The inspection link in the text just sent opens the customer's page in a new tab.
    await rows.filter({ hasText: sent.ro.ro_id }).click();
    const anchor = page.getByTestId('message-bubble').getByRole('link', { name: link });
    await anchor.waitFor({ timeout: 10_000 });
    expect(await anchor.getAttribute('href')).toBe(link);
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await seriousViolations(page)).toEqual([]);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), anchor.click()]);
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(link);
  });

  it('in German, the details give every label its room: "Auftragsnummer" does not run into its value', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Greta', last_name: 'Gerüst' } });
    const page = await pageIn(PHONE);
    await signInAs(page, 'advisor@demo.example');
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    const card = page.getByTestId('board-row').filter({ hasText: ro.ro_id });
    await card.waitFor({ timeout: 15_000 });
    await card.click();
    await page.getByTestId('detail-open').click();
    const details = page.getByTestId('detail-panel');
    await details.getByText('Auftragsnummer').waitFor();
    const crowded = await details.evaluate((panel) =>
      Array.from(panel.querySelectorAll('.detail__item'))
        .map((item) => {
          const dt = item.querySelector('dt')!;
          const dd = item.querySelector('dd')!;
          return { label: dt.textContent, whole: dt.scrollWidth <= dt.clientWidth + 1, clear: dt.getBoundingClientRect().right + 4 <= dd.getBoundingClientRect().left };
        })
        .filter((row) => !row.whole || !row.clear),
    );
    expect(crowded).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the board on a desktop', () => {
  it('shows the side menu by default at 1440 px (SPEC §9: wider than 1280 px)', async () => {
    const page = await pageIn({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, 'advisor@demo.example');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
  });

  it('shows the German Advisor header whole at 1440 px', async () => {
    const page = await pageIn({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, 'manager@demo.example');
    await useLanguage(page, 'de');
    const header = page.locator('.board-table thead th[data-column="advisor"]');
    expect(await header.isVisible()).toBe(true);
    expect(await header.evaluate((th) => ({ text: th.textContent?.trim(), whole: th.scrollWidth <= th.clientWidth + 1 }))).toEqual({ text: 'Berater', whole: true });
  });

  it('keeps Tech Status, promise times and the column headers readable from 1280 to 1920 px, in English and German', async () => {
    const page = await pageIn({ viewport: { width: 1920, height: 1000 } });
    await signInAs(page, 'manager@demo.example');
    for (const locale of ['en-us', 'de']) {
      await page.setViewportSize({ width: 1920, height: 1000 });
      await useLanguage(page, locale);
      await openDemoOrder(page);
      const wide = await columnHeaders(page);
      expect(wide.lost).toEqual([]);
      expect(wide.dropped).toEqual([]);
      expect(wide.shown).toHaveLength(5);

      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => page.evaluate(() => document.querySelector('.board-list')?.getBoundingClientRect().width)).toBeGreaterThan(0);
        const headers = await columnHeaders(page);
        // Every 1920 px header is there or was left out on purpose; Customer, Promise Time and Tech Status always show.
        expect({ locale, width, lost: headers.lost }).toEqual({ locale, width, lost: [] });
        expect(headers.shown.length + headers.dropped.length).toBe(5);
        for (const always of ['customer', 'promise', 'status']) {
          expect(await page.locator(`.board-table thead th[data-column="${always}"]`).isVisible()).toBe(true);
        }
        expect(await page.evaluate(() => document.querySelector('.board-list')!.scrollWidth <= document.querySelector('.board-list')!.clientWidth + 1)).toBe(true);

        // Tech Status (and the MPI chip) and promise times: whole, or cut with the whole text as a title.
        expect({ locale, width, cut: await cutTexts(page, '[data-testid="board-row"] td.board-row__status') }).toEqual({ locale, width, cut: [] });
        expect({ locale, width, cut: await cutTexts(page, '[data-testid="board-row"] time') }).toEqual({ locale, width, cut: [] });

        // The promise time in the details panel shows whole.
        const promise = page.getByTestId('detail-panel').locator('.promise');
        await promise.waitFor();
        const panel = await boxOf(page.getByTestId('detail-panel'));
        const promiseBox = await boxOf(promise);
        expect(promiseBox.x + promiseBox.width).toBeLessThanOrEqual(panel.x + panel.width);
        expect(await page.getByTestId('detail-panel').evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      }
    }
  });
});

describe('toasts', () => {
  async function assignFive(baseUrl: string): Promise<void> {
    const orders = await Promise.all(['Ada', 'Bea', 'Cy', 'Dee', 'Eve'].map((first) => createRepairOrder({ customer: { first_name: first, last_name: 'Grouped' }, ro: { agent: null } })));
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    for (const { ro } of orders) {
      const res = await manager.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: 'agt_advisor' });
      expect(res.status).toBe(200);
    }
  }

  /** The header's controls and the board's own tools a toast must never cover. */
  async function controlBoxes(page: Page): Promise<Box[]> {
    const controls = page.locator('header.shell__header :is(a, button, select, input), .service-board__tools :is(a, button, select, input)');
    const boxes: Box[] = [];
    for (const control of await controls.all()) {
      if (await control.isVisible()) boxes.push(await boxOf(control));
    }
    expect(boxes.length).toBeGreaterThan(2);
    return boxes;
  }

  for (const [name, options] of [
    ['a desktop (1440 px)', { viewport: { width: 1440, height: 900 } }],
    ['a phone', PHONE],
  ] as const) {
    it(`on ${name}: five assignments make one toast with their count, clear of the header and the board's tools`, async () => {
      const page = await pageIn(options);
      await signInAs(page, 'advisor@demo.example');
      await page.getByTestId('board-row').first().waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
      // Whatever the stack said at sign-in has gone before the five arrive.
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);

      await assignFive(browser.baseUrl);
      const toasts = page.locator('[data-sonner-toast]');
      await expect.poll(() => toasts.first().locator('[data-title]').textContent(), { timeout: 10_000 }).toMatch(/5/);
      expect(await toasts.count()).toBe(1);
      const toast = await boxOf(toasts.first());
      for (const control of await controlBoxes(page)) expect(overlaps(toast, control)).toBe(false);
    });
  }

  it('announces nothing of what happened before the console opened, and what happens after at once', async () => {
    // Assigned seconds before sign-in: inside the stream's 30 s look-back, so its event is replayed.
    await assignFive(browser.baseUrl);
    const page = await pageIn({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, 'advisor@demo.example');
    await page.getByTestId('board-row').filter({ hasText: 'Grouped' }).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
    await page.waitForTimeout(2_000);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

    const { ro } = await createRepairOrder({ customer: { first_name: 'Fay', last_name: 'Later' }, ro: { agent: null } });
    const manager = api(browser.baseUrl, await signIn(browser.baseUrl, 'manager@demo.example'));
    expect((await manager.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: 'agt_advisor' })).status).toBe(200);
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(1);
  });

  it('on a phone with a conversation open, the toast stays clear of the composer and the way back', async () => {
    const page = await pageIn(PHONE);
    await signInAs(page, 'advisor@demo.example');
    await page.getByTestId('board-row').first().click();
    await page.getByTestId('composer').waitFor();
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);

    await assignFive(browser.baseUrl);
    const toasts = page.locator('[data-sonner-toast]');
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(500); // the toast's entry animation
    const toast = await boxOf(toasts.first());
    for (const control of [page.getByTestId('composer'), page.getByTestId('send-button'), page.getByTestId('back-to-list'), page.getByTestId('detail-open')]) {
      expect(overlaps(toast, await boxOf(control))).toBe(false);
    }
  });
});
