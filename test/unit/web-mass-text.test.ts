/**
 * The shared mass-text pick (web/src/components/massText/selection.ts) for any board's rows: a board
 * binds it to its name and to how its rows say their contact opted out, and the request it builds is
 * one the server's schema takes, naming that board. And the dialog's words for the person texted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { massMessageBody } from '../../shared/schemas/massTexts.js';
import { i18n, initI18n, loadCatalogue } from '../../web/src/lib/i18n.js';
import { skipLines } from '../../web/src/components/massText/massTextProgress.js';
import { NOTHING_SELECTED, boardSelection, isSelected, keepListed, selectAll, toggle } from '../../web/src/components/massText/selection.js';

interface Row {
  id: string;
  contact: { opted_out: boolean };
}
const row = (id: string, optedOut = false): Row => ({ id, contact: { opted_out: optedOut } });
const rows = [row('a'), row('b', true), row('c')];
const board = boardSelection<Row>('service', (r) => r.contact.opted_out);

describe('a board’s pick for a mass text', () => {
  it('reads opted-out contacts the way the board says', () => {
    expect(board.countSelection(board.selectPage(NOTHING_SELECTED, rows, false), rows, 3)).toEqual({ picked: 3, optedOut: 1 });
    const skipping = board.selectPage(NOTHING_SELECTED, rows, true);
    expect(isSelected(skipping, 'b')).toBe(false);
    expect(board.pageSelected(skipping, rows, true)).toBe(true);
    expect(board.pageSelected(skipping, rows, false)).toBe(false);
  });

  it('picks only the rows shown (a search narrows them), never the hidden ones', () => {
    const shown = rows.filter((r) => r.id !== 'c');
    const picked = board.selectPage(NOTHING_SELECTED, shown, false);
    expect(isSelected(picked, 'c')).toBe(false);
    expect(board.countSelection(picked, rows, 3).picked).toBe(2);
  });

  it('names its board in a request the server’s schema accepts', () => {
    const body = board.massMessageRequest(toggle(NOTHING_SELECTED, 'c', rows), 'Your car is ready at 5', false);
    expect(massMessageBody.parse(body).mass_message).toMatchObject({ board: 'service', ids: ['c'], skip_opted_out: false });
    expect(board.massMessageRequest(selectAll(), 'Closed Monday', true).mass_message).toMatchObject({ board: 'service', all: true, skip_opted_out: true });
  });

  it('keeps "all" while rows come and go, and drops picked rows that left', () => {
    expect(keepListed(selectAll(), rows.slice(0, 1))).toEqual(selectAll());
    const picked = toggle(toggle(NOTHING_SELECTED, 'a', rows), 'c', rows);
    expect(board.countSelection(keepListed(picked, rows.slice(0, 2)), rows, 3).picked).toBe(1);
  });
});

describe('the summary’s skip reasons', () => {
  it('words an order nobody is assigned to in a few words of its own, like the other common reasons', () => {
    expect(skipLines({ skipped: { no_advisor: 3, opted_out: 1 } })).toEqual([
      { reason: 'no_advisor', count: 3, key: 'mass_text.skip_no_advisor' },
      { reason: 'opted_out', count: 1, key: 'mass_text.skip_opted_out' },
    ]);
  });
});

describe('the dialog’s words for the person texted (i18next context)', () => {
  beforeAll(async () => {
    await initI18n();
    for (const locale of ['en-us', 'de']) i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
    await i18n.changeLanguage('en-us');
  });

  it('speaks of customers unless the board texts someone else', () => {
    expect(i18n.t('mass_text.send', { count: 2 })).toBe('Send to 2 customers');
    expect(i18n.t('mass_text.send', { count: 2, context: 'customer' })).toBe('Send to 2 customers');
    expect(i18n.t('mass_text.sent', { count: 1, context: 'customer' })).toBe('Sent to 1 customer');
  });

  it('speaks of employees on a board that texts them, in every plural form', async () => {
    expect(i18n.t('mass_text.title', { context: 'employee' })).toBe('Text the selected employees');
    expect(i18n.t('mass_text.send', { count: 1, context: 'employee' })).toBe('Send to 1 employee');
    expect(i18n.t('mass_text.opted_out_skipped', { count: 3, context: 'employee' })).toBe('3 opted-out employees are left out.');
    await i18n.changeLanguage('de');
    expect(i18n.t('mass_text.skip_opted_out_label', { context: 'employee' })).toBe('Mitarbeiter mit abbestellten SMS überspringen');
    await i18n.changeLanguage('en-us');
  });
});
