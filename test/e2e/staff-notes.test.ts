/**
 * Notes to colleagues, mentions and reactions in a conversation, end to end on a repair order: the
 * advisor writes a note that mentions the manager (picked from the @ suggestions by keyboard), the
 * customer's phone never gets it, the manager is told (in the console and on the desktop) and opens
 * the conversation from the notice, and a reaction shows live in the other console.
 */
import { describe, expect, it } from 'vitest';
import { textsTo } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { hideTab, recordDesktopNotices, shownNotices } from '../support/desktopNotices.js';
import { createRepairOrder, serviceNumberOfNorth, useStackEnv } from '../support/service.js';
import { openOrder, signInAs, useBrowser } from './browser.js';

const browser = useBrowser();
useStackEnv();

describe('staff notes, mentions and reactions', () => {
  it('writes a note that mentions a colleague, who is told and opens the conversation from the notice', async () => {
    await serviceNumberOfNorth();
    const { customer, ro } = await createRepairOrder({ customer: { first_name: 'Nora', last_name: 'Notes', opt_in: 'in' } });

    const manager = await browser.page();
    await recordDesktopNotices(manager);
    await signInAs(manager, 'manager@demo.example');
    await manager.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });

    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);

    // The note mode, by keyboard: a yellow, labelled box
    await advisor.getByTestId('compose-note').focus();
    await advisor.keyboard.press('Enter');
    expect(await advisor.getByTestId('compose-note').getAttribute('aria-pressed')).toBe('true');
    await advisor.getByTestId('composer-note-label').waitFor();
    const box = advisor.getByTestId('composer');
    await box.click();
    await box.pressSequentially('@mar');
    const suggestions = advisor.getByTestId('mention-suggestions');
    await suggestions.waitFor();
    expect(await suggestions.getAttribute('role')).toBe('listbox');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    expect(await seriousViolations(advisor)).toEqual([]);
    await advisor.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('@Marcus Bell ');
    await box.pressSequentially('can you check the brake lines?');
    await hideTab(manager);
    await advisor.keyboard.press('Enter');

    const note = advisor.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'check the brake lines' });
    await note.getByTestId('staff-note-tag').waitFor({ timeout: 10_000 });
    await expect.poll(() => note.getAttribute('data-message-id'), { timeout: 10_000 }).toMatch(/^msg_/);
    expect(await seriousViolations(advisor)).toEqual([]);

    // The manager: a desktop notice (the tab is hidden) and one in the console that opens the order
    await expect.poll(() => shownNotices(manager), { timeout: 10_000 }).toContainEqual({
      title: 'Priya Raman mentioned you in a note',
      body: '@Marcus Bell can you check the brake lines?',
    });
    await manager.getByText('Priya Raman mentioned you in a note').waitFor();
    await manager.getByRole('button', { name: 'Open conversation' }).click();
    await expect.poll(() => new URL(manager.url()).searchParams.get('ro')).toBe(ro.id);
    await manager.getByTestId('conversation').getByText('can you check the brake lines?').waitFor({ timeout: 10_000 });

    // Never on the customer's phone
    expect(await textsTo(browser.carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('shows a reaction live in the other console, with who reacted, and passes the scan on a phone', async () => {
    const { ro } = await createRepairOrder({ customer: { first_name: 'Rita', last_name: 'React', opt_in: 'in' } });
    const advisor = await browser.page();
    await signInAs(advisor, 'advisor@demo.example');
    await openOrder(advisor, ro.ro_id);
    await advisor.getByTestId('compose-note').click();
    await advisor.getByTestId('composer').fill('Loaner fleet is out today');
    await advisor.getByTestId('send-button').click();
    const advisorNote = advisor.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'Loaner fleet' });
    await expect.poll(() => advisorNote.getAttribute('data-message-id'), { timeout: 10_000 }).toMatch(/^msg_/);

    const manager = await browser.page();
    await signInAs(manager, 'manager@demo.example');
    await openOrder(manager, ro.ro_id);
    await manager.locator('[data-testid="live-status"][data-status="live"]').waitFor({ timeout: 15_000 });
    const managerNote = manager.locator('[data-testid="message-bubble"][data-direction="staff"]').filter({ hasText: 'Loaner fleet' });

    // The manager reacts by keyboard from the common emoji
    await managerNote.getByTestId('react-open').focus();
    await manager.keyboard.press('Enter');
    await managerNote.locator('[data-testid="react-choice"][data-emoji="👍"]').click();
    const mine = managerNote.locator('[data-testid="reaction"][data-emoji="👍"]');
    await expect.poll(() => mine.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');

    // Live on the advisor's console, named on focus
    const theirs = advisorNote.locator('[data-testid="reaction"][data-emoji="👍"]');
    await expect.poll(() => theirs.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    expect(await theirs.getAttribute('aria-pressed')).toBe('false');
    await theirs.focus();
    await expect.poll(() => advisorNote.getByTestId('reaction-who').first().textContent(), { timeout: 10_000 }).toBe('Marcus Bell');
    expect(await seriousViolations(advisor)).toEqual([]);

    // The advisor adds theirs; the manager takes theirs back: both consoles agree
    await theirs.click();
    await expect.poll(() => mine.getAttribute('data-count'), { timeout: 10_000 }).toBe('2');
    await mine.click();
    await expect.poll(() => theirs.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    expect(await theirs.getAttribute('aria-pressed')).toBe('true');

    await advisor.setViewportSize({ width: 390, height: 844 });
    await advisorNote.getByTestId('staff-note-tag').waitFor();
    expect(await seriousViolations(advisor)).toEqual([]);
  });
});
