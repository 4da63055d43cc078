/**
 * Consequential actions in the advisor's own language (issue 10): in German the opt-out button once
 * read "Abmelden", the header's sign-out word, and in Greek "Διαγραφή" (delete), with a confirmation
 * that did not say what opting out does. An advisor switches the console's language in the header,
 * opens an opted-in customer's order, and must be able to tell opting out from signing out and from
 * deleting, and learn from the confirmation that only the customer can undo it.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { createRepairOrder, useStackEnv } from '../support/service.js';
import { localeText } from '../support/localeFiles.js';
import { openOrder, signInAs, switchLanguage, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();


const LANGUAGES = [
  // The words each language once used wrongly for opting out, and its words for deleting.
  { locale: 'de', wrong: ['Abmelden', 'Abgemeldet'], deleting: /lösch/i },
  { locale: 'el', wrong: ['Διαγραφή', 'Διαγραμμένος'], deleting: /διαγρ|διέγρα/i },
] as const;



const normal = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

describe('consequential actions in the advisor’s language', () => {
  it('offers no debug language in the header’s language picker of a production build', async () => {
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    const options = await page
      .getByRole('banner')
      .getByLabel('Language')
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })));
    expect(options.map((o) => o.value)).toContain('de');
    expect(options.map((o) => o.value)).toContain('el');
    expect(options.filter((o) => /debug/i.test(o.value) || /debug/i.test(o.label))).toEqual([]);
  });

  it.each(LANGUAGES)('$locale: opting out reads neither as signing out nor as deleting, and says who can undo it', async ({ locale, wrong, deleting }) => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Nora', last_name: `Sprache${locale}`, opt_in: 'in' } });
    const page = await browser.page();
    await signInAs(page, 'advisor@demo.example');
    await switchLanguage(page, locale);
    await openOrder(page, ro.ro_id);

    const signOut = normal(await page.getByRole('banner').locator('a[href="/app/logout"]').textContent());
    expect(signOut).toBe(normal(localeText(locale, 'shell.sign_out')));

    const button = page.getByTestId('opt-out-button');
    await expect.poll(() => button.isEnabled()).toBe(true);
    const label = normal(await button.textContent());
    expect(label).toBe(normal(localeText(locale, 'actions.opt_out')));
    expect(label).not.toBe(signOut);
    expect(label).not.toContain(signOut);
    for (const word of wrong) expect(label).not.toBe(normal(word));
    expect(label).not.toMatch(deleting);

    expect(await seriousViolations(page)).toEqual([]);

    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const title = normal(await dialog.locator('.dialog__title').textContent());
    const body = (await dialog.locator('p').first().textContent()) ?? '';
    const confirm = normal(await dialog.getByTestId('opt-out-confirm').textContent());
    // What opting out means: this customer, no more texts, undone only by the customer's START.
    expect(body).toContain(`Nora Sprache${locale}`);
    expect(body).toContain('START');
    for (const text of [title, body, confirm]) expect(text).not.toMatch(deleting);
    for (const word of wrong) expect(confirm).not.toBe(normal(word));
    expect(confirm).not.toContain(signOut);
    expect(confirm).not.toBe(normal(localeText(locale, 'common.cancel')));

    expect(await seriousViolations(page)).toEqual([]);

    // Confirming opts the customer out; the consent state then reads as opted out, not as signed out.
    await dialog.getByTestId('opt-out-confirm').click();
    const status = page.getByTestId('opt-status');
    await expect.poll(() => status.getAttribute('data-opt'), { timeout: 10_000 }).toBe('out');
    const state = normal(await status.textContent());
    expect(state).toContain(normal(localeText(locale, 'opt.out')));
    expect(state).not.toContain(signOut);
    for (const word of wrong) expect(state).not.toBe(normal(word));
    expect(state).not.toMatch(deleting);
  });
});
