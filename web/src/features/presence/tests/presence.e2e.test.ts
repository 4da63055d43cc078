/**
 * The presence picker end to end (issue 19): an advisor goes away from the header, by keyboard, with
 * an auto-reply and their new texts routed to a colleague; every screen says they are away; a
 * customer's text gets the auto-reply and lands in the colleague's inbox live, unread, with a
 * desktop notice; one click on "I'm back" ends it on both consoles. At 390 px the picker sits in
 * the menu and shows a refusal at its field. Axe scans at 1280, 1920 and 390 px. The dealership is
 * this file's own (test/support/ownStore.ts), so no other test meets its advisors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, replyAsCustomer, signIn, textsTo } from '../../../../../test/support/api.js';
import { seriousViolations } from '../../../../../test/support/axe.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../../../test/support/ownStore.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../../../../../test/support/desktopNotices.js';
import { localeText } from '../../../../../test/support/localeFiles.js';
import { createRepairOrder, useStackEnv } from '../../../../../test/support/service.js';
import { signInAs, useBrowser } from '../../../../../test/e2e/browser.js';

const browser = useBrowser();
const run = Date.now().toString(36);
const AWAY = { id: `agt_e2e_away_${run}`, first_name: 'Paula', last_name: 'Presence' };
const COVER = { id: `agt_e2e_cover_${run}`, first_name: 'Cole', last_name: 'Cover' };
const email = (agent: { id: string }) => `${agent.id}@harbor.example`;
let store: OwnStore;
const words = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), localeText('en-us', `presence:${key}`));

beforeAll(async () => {
  useStackEnv();
  store = await createOwnStore('presence_e2e');
  await createAgent(store, AWAY.id, AWAY.first_name, AWAY.last_name);
  await createAgent(store, COVER.id, COVER.first_name, COVER.last_name);
});

afterAll(async () => {
  const client = api(browser.baseUrl, await signIn(browser.baseUrl, email(AWAY)));
  await client.put('/api/agents/me/presence', { presence: { mode: 'online' } });
});

/** The header's presence control (in the menu on a phone). */
const presenceButton = (page: Page) => page.getByTestId('presence-button');
const banner = (page: Page) => page.getByTestId('away-banner');

async function consoleAt(width: number, height: number, agentEmail: string): Promise<Page> {
  const page = await (await browser.context({ viewport: { width, height } })).newPage();
  await recordDesktopNotices(page);
  await signInAs(page, agentEmail);
  return page;
}

describe('the presence picker', () => {
  it("takes an advisor away by keyboard, answers their customer and routes the text to a colleague live, until one click says they're back", async () => {
    // Prepare: an order of Paula's, both consoles open at 1280 px
    const { customer, ro } = await createRepairOrder({
      customer: { opt_in: 'in', first_name: 'Rosa', last_name: `Routed${run}`, company_id: store.companyId, location_id: store.locationId },
      ro: { agent: AWAY },
    });
    const cover = await consoleAt(1280, 800, email(COVER));
    await cover.getByTestId('board-notice').or(cover.getByTestId('board-row').first()).first().waitFor({ timeout: 15_000 });
    const page = await consoleAt(1280, 800, email(AWAY));
    await expect.poll(() => presenceButton(page).textContent(), { timeout: 15_000 }).toContain(words('short.online'));

    // Act: open the picker from the keyboard, choose away with auto-reply and routing, write, pick, save
    await presenceButton(page).focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('presence-form');
    await form.waitFor();
    // Arrow keys move through the modes, as in any radio group: four down from Online is the last.
    await form.getByRole('radio', { name: words('mode.online'), exact: true }).focus();
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
    expect(await form.getByRole('radio', { name: words('mode.away_both'), exact: true }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: words('auto_reply_label') }).fill('I am at the training centre today and will call you tomorrow.');
    await form.getByRole('combobox', { name: words('colleague_label') }).selectOption({ label: `${COVER.first_name} ${COVER.last_name}` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('presence-save').focus();
    await page.keyboard.press('Enter');

    // Assess: the header and a banner say so, on this screen and the next
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => presenceButton(page).textContent()).toContain(words('short.away_both'));
    await expect.poll(() => banner(page).textContent()).toContain(words('banner.routing', { name: `${COVER.first_name} ${COVER.last_name}` }));
    expect(await banner(page).textContent()).toContain(words('banner.auto_reply'));
    expect(await seriousViolations(page)).toEqual([]);
    const menu = page.getByRole('button', { name: 'Show menu' });
    await menu.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Internal Chat' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/internalchat');
    expect(await banner(page).isVisible()).toBe(true);
    await menu.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Vehicles in Service' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/app\/?$/);

    // Act: Cole looks elsewhere; Rosa texts Paula's order
    await hideTab(cover);
    await replyAsCustomer(browser.carrierUrl, customer.phones.cell!, store.number, 'Is the car ready?');

    // Assess: Rosa got Paula's words, naming the dealership
    await expect.poll(async () => (await textsTo(browser.carrierUrl, customer.phones.cell!)).map((t) => t.text).join('|')).toContain(`${store.name}: I am at the training centre today`);
    // Cole's inbox shows the order live, unread, routed from Paula, and his hidden tab told him
    const routedRow = cover.locator(`[data-ro-id="${ro.id}"]`);
    await routedRow.waitFor({ timeout: 15_000 });
    expect(await routedRow.getAttribute('data-unread')).toBe('true');
    expect(await routedRow.getByTestId('marker-routed').textContent()).toBe(`Routed from ${AWAY.first_name} ${AWAY.last_name}`);
    await expect.poll(async () => (await shownNotices(cover)).map((n) => `${n.title}: ${n.body}`)).toContain(`Rosa Routed${run} (from ${AWAY.first_name} ${AWAY.last_name}, who is away): Is the car ready?`);
    expect(await seriousViolations(cover)).toEqual([]);

    // Act: Paula is back, in one click
    await banner(page).getByRole('button', { name: words('back') }).click();

    // Assess: no banner, online again; the order leaves Cole's inbox live
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(() => presenceButton(page).textContent()).toContain(words('short.online'));
    await routedRow.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('opens and closes by keyboard at 1920 px, giving the focus back to the header', async () => {
    const page = await consoleAt(1920, 1000, email(COVER));
    await presenceButton(page).waitFor({ timeout: 15_000 });
    await presenceButton(page).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('presence-form').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('presence-form').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('presence-button');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sits in the menu at 390 px, shows a refusal at its field, and the away banner fits the phone', async () => {
    const page = await consoleAt(390, 844, email(AWAY));
    await page.getByRole('button', { name: 'Show menu' }).click();
    await presenceButton(page).click();
    const form = page.getByTestId('presence-form');
    await form.waitFor();

    // Act: an auto-reply with no words
    await form.getByRole('radio', { name: words('mode.away_autoresponder'), exact: true }).check();
    await form.getByRole('textbox', { name: words('auto_reply_label') }).fill('   ');
    await page.getByTestId('presence-save').click();

    // Assess: said at the field, in the agent's words; nothing saved
    const problem = form.getByRole('alert');
    await expect.poll(() => problem.textContent()).toBe(words('errors.auto_reply_text'));
    expect(await form.getByRole('textbox', { name: words('auto_reply_label') }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // Act: plain away instead
    await form.getByRole('radio', { name: words('mode.away'), exact: true }).check();
    await page.getByTestId('presence-save').click();
    await form.waitFor({ state: 'detached' });

    // Assess: the banner fits the phone's width, and "I'm back" is one click away
    await banner(page).waitFor();
    const fits = await banner(page).evaluate((element) => element.scrollWidth <= document.documentElement.clientWidth);
    expect(fits).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: words('back') }).click();
    await banner(page).waitFor({ state: 'detached' });
  });
});
