/**
 * History search without a browser: the search as the address keeps it (what is left out, what a
 * hand-typed address falls back to, a round trip), the same check as the server's before asking,
 * the API's query, which field an error marks, how a failed search is worded, and that every
 * SPEC §8 text has words in every language (the English ones as SPEC writes them).
 */
import { describe, expect, it } from 'vitest';
import { HISTORY_ERRORS, HISTORY_TABS, type HistoryErrorId } from '../../../../../shared/history/types.js';
import { FILE_LOCALES, localeText } from '../../../../../test/support/localeFiles.js';
import { ApiError } from '../../../lib/request.js';
import { failureAction } from '../../../lib/request-errors.js';
import { conversationOf, resultPath } from '../conversationOwner.js';
import { asksForResults, checkSearch, fieldOfError, NO_FIELDS, paramsOfSearch, searchFromParams, searchPath, type HistorySearch } from '../historyQuery.js';
import { searchFailure } from '../requests.js';
import { closedDay, resultHeading, titleText } from '../resultWords.js';

const search = (over: Partial<HistorySearch['fields']> = {}, rest: Partial<Omit<HistorySearch, 'fields'>> = {}): HistorySearch => ({
  tab: 'repair',
  fields: { ...NO_FIELDS, ...over },
  offset: 0,
  ...rest,
});

describe('the search in the address', () => {
  it('comes back the same from its address, for every tab', () => {
    for (const tab of HISTORY_TABS) {
      const asked = search({ q: '4417', advisor_id: 'agt_advisor', closed_from: '2025-01-01', closed_to: '2025-12-31', scope: 'company' }, { tab, offset: 20 });
      expect(searchFromParams(new URLSearchParams(paramsOfSearch(asked).toString()))).toEqual(asked);
    }
  });

  it('leaves out what is empty or the default, so the plain screen is /history', () => {
    expect(paramsOfSearch(search()).toString()).toBe('');
    expect(paramsOfSearch(search({ q: '  Fernandez ' }, { tab: 'chat' })).toString()).toBe('tab=chat&q=Fernandez');
  });

  it('falls back to the first tab, the first page and the agent’s store for what a hand-typed address gets wrong', () => {
    expect(searchFromParams(new URLSearchParams('tab=invoices&offset=-10&scope=everywhere&q=4417'))).toEqual(search({ q: '4417' }));
    expect(searchFromParams(new URLSearchParams('offset=ten')).offset).toBe(0);
  });

  it('asks for results only when something is asked for, not for a tab or a scope alone', () => {
    expect(asksForResults(searchFromParams(new URLSearchParams('tab=appointment&scope=company')).fields)).toBe(false);
    expect(asksForResults(search({ q: '   ' }).fields)).toBe(false);
    expect(asksForResults(search({ closed_to: '2025-03-01' }).fields)).toBe(true);
  });
});

describe('the check before asking (the server’s own)', () => {
  it('refuses a search with nothing to search for', () => {
    expect(checkSearch(search({ scope: 'company' }))).toEqual({ ok: false, error: 'no_search_parameters' });
  });

  it('refuses a closed date that is no date, and a closed-to date before it', () => {
    expect(checkSearch(search({ closed_from: 'not-a-day' }))).toEqual({ ok: false, error: 'invalid_closed_date' });
    expect(checkSearch(search({ closed_from: '2025-06-10', closed_to: '2025-06-01' }))).toEqual({ ok: false, error: 'invalid_closed_to_date' });
    expect(checkSearch(search({ closed_to: '2025-02-30' }))).toEqual({ ok: false, error: 'invalid_closed_to_date' });
  });

  it('refuses a word of a name shorter than 3 characters, but not the last 4 digits of a phone', () => {
    expect(checkSearch(search({ q: 'Jo Fernandez' }))).toEqual({ ok: false, error: 'name_word_too_short' });
    const phone = checkSearch(search({ q: '4417' }, { offset: 30 }));
    expect(phone).toEqual({ ok: true, query: { q: '4417', advisor_id: undefined, closed_from: undefined, closed_to: undefined, offset: 30, limit: 10, scope: 'location' } });
  });
});

describe('the API query', () => {
  it('asks the tab of the agent’s store for 10 results from the page’s offset, with only what was asked', () => {
    const check = checkSearch(search({ q: 'Ana  Fernández', closed_from: '2025-01-01', scope: 'company' }, { offset: 10 }));
    if (!check.ok) throw new Error(check.error);
    const path = searchPath('loc_demo_north', 'appointment', check.query);
    const [base, query] = path.split('?') as [string, string];
    expect(base).toBe('/api/locations/loc_demo_north/history/appointment');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ q: 'Ana Fernández', closed_from: '2025-01-01', scope: 'company', offset: '10', limit: '10' });
  });
});

describe('errors', () => {
  it('mark the field they are about, or the search as a whole', () => {
    expect(fieldOfError('name_word_too_short')).toBe('q');
    expect(fieldOfError('invalid_closed_date')).toBe('closed_from');
    expect(fieldOfError('invalid_closed_to_date')).toBe('closed_to');
    expect(fieldOfError('no_search_parameters')).toBeNull();
  });

  it('read as the server says them, a gateway that gave up as a timeout, anything else as an error processing the search', () => {
    const refused = (status: number, body: unknown) => new ApiError(failureAction(status, body, { signedIn: true }), status, body, 'failed');
    expect(searchFailure(refused(422, { error: { id: 'invalid_closed_date', message: 'Invalid Closed Date' } }))).toBe('invalid_closed_date');
    expect(searchFailure(refused(503, { error: { id: 'search_timeout', message: 'Timeout error on search' } }))).toBe('search_timeout');
    expect(searchFailure(refused(504, { message: 'Endpoint request timed out' }))).toBe('search_timeout');
    expect(searchFailure(refused(500, { error: { id: 'internal', message: 'boom' } }))).toBe('search_failed');
    expect(searchFailure(new TypeError('Failed to fetch'))).toBe('search_failed');
  });

  it('have words in every language, the English ones as SPEC §8 writes them', () => {
    for (const id of Object.keys(HISTORY_ERRORS) as HistoryErrorId[]) {
      expect(localeText('en-us', `history:history.error.${id}`)).toBe(HISTORY_ERRORS[id]);
      for (const locale of FILE_LOCALES) expect(localeText(locale, `history:history.error.${id}`), `${locale} ${id}`).not.toBe('');
    }
  });
});

describe('a found conversation', () => {
  it('is read where its board keeps it, a store’s own under that store', () => {
    expect(conversationOf('repair_order', 'ro_1', 'loc_a')?.path).toBe('/api/repair_orders/ro_1');
    expect(conversationOf('inventory_order', 'ord_1', 'loc_a')?.path).toBe('/api/locations/loc_a/inventory/orders/ord_1');
    expect(conversationOf('invoice', 'x', 'loc_a')).toBeNull();
  });

  it('opens at the read-only page of its tab with the store it came from', () => {
    expect(resultPath({ tab: 'repair', owner: { kind: 'repair_order', id: 'ro_1' }, location: { id: 'loc_demo_south', name: 'South' } })).toBe('/history/repair/repair_order/ro_1?location=loc_demo_south');
  });
});

describe('what a result says', () => {
  const t = (key: string, options?: Record<string, string>) => `${key}${options ? JSON.stringify(options) : ''}`;
  const north = { locale: 'en-us' as const, timeZone: 'America/New_York' };

  it('names the customer, then the RO number, the VIN and the title', () => {
    const heading = resultHeading(t, { customer: { id: 'cus_1', name: 'Hollis Archer', phone: null }, identifiers: { ro_number: '58231', vin: '1HGCM82633A004352' } }, north);
    expect(heading).toEqual({ name: 'Hollis Archer', about: 'history.ro_number{"number":"58231"} · history.vin{"vin":"1HGCM82633A004352"}' });
  });

  it('writes an appointment’s time in its store’s clock and the reader’s date order', () => {
    const heading = resultHeading(t, { customer: { id: 'cus_1', name: 'Frank Delgado', phone: null }, identifiers: { title: '2026-12-04T19:00:00.000Z' } }, north);
    expect(heading.about).toBe('12/04/2026 2:00 PM');
    expect(titleText('2026-12-04T19:00:00.000Z', { locale: 'de', timeZone: 'Europe/Berlin' })).toBe('04/12/2026 20:00');
  });

  it('names a room by its title when there is no customer, without saying it twice', () => {
    expect(resultHeading(t, { customer: null, identifiers: { title: 'Parts and service' } }, north)).toEqual({ name: 'Parts and service', about: '' });
  });

  it('gives the closed day of the store, not of the reader', () => {
    // 03:30 UTC on the 2nd is still the 1st in Dallas.
    expect(closedDay('2026-03-02T03:30:00Z', { locale: 'en-us', timeZone: 'America/Chicago' })).toBe('03/01/2026');
    expect(closedDay('2026-03-02T03:30:00Z', { locale: 'en-gb', timeZone: 'Europe/London' })).toBe('02.03.2026');
  });
});
