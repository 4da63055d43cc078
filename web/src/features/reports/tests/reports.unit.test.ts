/**
 * The Reports screen's own logic: a choice written into the address and read back (and what a
 * hand-edited address falls back to), the figures' and records' query strings, the period checks
 * of the form, switching period kinds, each cell format in a few languages, a schedule's words, and
 * the opening hours of the settings tab.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../../../../shared/reports/types.js';
import { i18n, initI18n, loadFeatureCatalogue } from '../../../lib/i18n.js';
import { formatCell } from '../cells.js';
import { addedSpan, closeFromField, closeToField, openingHoursProblem, type OpeningHours, type OpeningSpan } from '../openingHours.js';
import { choiceFromParams, figuresPath, periodFromParams, periodParams, periodProblem, recordsPath, switchPeriod, withChoice } from '../reportQuery.js';
import { cadenceText, hourName, readRecipients, weekdayName } from '../scheduleWords.js';
import { reportSummary } from '../words.js';

// The feature's own words, in the languages the sentences below are checked in.
beforeAll(async () => {
  await initI18n();
  for (const locale of ['en-us', 'de', 'fr']) i18n.addResourceBundle(locale, 'reports', await loadFeatureCatalogue(locale, 'reports'));
});

const PERIODS: ReportPeriod[] = [{ kind: 'mtd' }, { kind: 'ytd' }, { kind: 'lm' }, { kind: 'custom', from: '2026-02-01', to: '2026-02-28' }, { kind: 'date', date: '2024-02-29' }];

describe('a period in a query string', () => {
  it.each(PERIODS)('reads back as it was written: %o', (period) => {
    expect(periodFromParams(new URLSearchParams(periodParams(period)))).toEqual(period);
  });

  it('names its days only when it has days', () => {
    expect(new URLSearchParams(periodParams({ kind: 'lm' })).toString()).toBe('period=lm');
    expect(new URLSearchParams(periodParams({ kind: 'custom', from: '2026-01-05', to: '2026-01-09' })).toString()).toBe('period=custom&from=2026-01-05&to=2026-01-09');
    expect(new URLSearchParams(periodParams({ kind: 'date', date: '2026-01-05' })).toString()).toBe('period=date&date=2026-01-05');
  });

  it.each([
    ['period=custom&from=2026-02-01', 'a custom period without its last day'],
    ['period=custom&from=2026-02-10&to=2026-02-01', 'days in the wrong order'],
    ['period=custom&from=2026-02-01&to=2026-02-30', 'a day that does not exist'],
    ['period=date&date=yesterday', 'a date that is not a day'],
    ['period=week', 'a period the reports do not have'],
    ['', 'no period at all'],
  ])('is no period for %s (%s)', (query) => {
    expect(periodFromParams(new URLSearchParams(query))).toBeNull();
  });
});

describe('the choice in the address', () => {
  it('keeps the tab and the other parameters, and replaces an earlier choice whole', () => {
    const before = new URLSearchParams('tab=downloads&type=csi&period=custom&from=2026-01-01&to=2026-01-31&scope=company');
    const after = withChoice(before, { type: 'payments', period: { kind: 'date', date: '2026-03-02' }, scope: 'location' });
    expect(after.get('tab')).toBe('downloads');
    expect(after.has('from')).toBe(false);
    expect(after.has('to')).toBe(false);
    expect(choiceFromParams(after, true)).toEqual({ type: 'payments', period: { kind: 'date', date: '2026-03-02' }, scope: 'location' });
  });

  it('falls back to texting, month to date, this store for what is missing or wrong', () => {
    expect(choiceFromParams(new URLSearchParams('type=sales&period=custom&from=x&to=y'), true)).toEqual({ type: 'texting', period: { kind: 'mtd' }, scope: 'location' });
  });

  it('asks for the whole company only for someone who may', () => {
    const params = new URLSearchParams('type=consent&period=ytd&scope=company');
    expect(choiceFromParams(params, true).scope).toBe('company');
    expect(choiceFromParams(params, false).scope).toBe('location');
  });
});

describe("the figures' and records' paths", () => {
  const choice = { type: 'texting', period: { kind: 'custom', from: '2026-03-01', to: '2026-03-31' }, scope: 'company' } as const;

  it('ask for the figures with the choice', () => {
    const path = figuresPath('loc/1', choice);
    expect(path.startsWith('/api/locations/loc%2F1/reports/figures?')).toBe(true);
    expect(Object.fromEntries(new URL(path, 'http://x').searchParams)).toEqual({ type: 'texting', period: 'custom', from: '2026-03-01', to: '2026-03-31', scope: 'company' });
  });

  it("ask for a page of a figure's records by its drill, dimensions as JSON", () => {
    const drill = { type: 'texting', figure: 'sent', dims: { agent: 'agt_1', channel: 'sms' } } as const;
    const paged = new URL(recordsPath('loc_1', choice, drill, { offset: 40, limit: 20 }), 'http://x');
    expect(paged.pathname).toBe('/api/locations/loc_1/reports/records');
    const read = Object.fromEntries(paged.searchParams);
    expect({ ...read, dims: JSON.parse(read.dims!) }).toEqual({ type: 'texting', figure: 'sent', dims: drill.dims, period: 'custom', from: '2026-03-01', to: '2026-03-31', scope: 'company', offset: '40', limit: '20' });
  });
});

describe('a period being typed', () => {
  const today = '2026-11-27';
  it.each([
    [{ kind: 'custom', from: '', to: '2026-11-02' }, { field: 'from', problem: 'from_missing' }],
    [{ kind: 'custom', from: '2026-11-02', to: '' }, { field: 'to', problem: 'to_missing' }],
    [{ kind: 'custom', from: '2026-11-20', to: '2026-11-02' }, { field: 'to', problem: 'from_after_to' }],
    [{ kind: 'custom', from: '2026-11-28', to: '2026-11-30' }, { field: 'from', problem: 'in_future' }],
    [{ kind: 'custom', from: '2025-01-01', to: '2026-01-02' }, { field: 'to', problem: 'too_long' }],
    [{ kind: 'date', date: '' }, { field: 'date', problem: 'date_missing' }],
    [{ kind: 'date', date: '2026-11-28' }, { field: 'date', problem: 'in_future' }],
  ] as const)('is refused at its field: %o', (period, problem) => {
    expect(periodProblem(period, today)).toEqual(problem);
  });

  it.each([{ kind: 'mtd' }, { kind: 'custom', from: '2026-11-02', to: '2026-11-02' }, { kind: 'custom', from: '2025-11-27', to: '2026-11-27' }, { kind: 'custom', from: '2024-01-01', to: '2024-12-31' }, { kind: 'date', date: today }] as const)('can be asked for: %o', (period) => {
    expect(periodProblem(period, today)).toBeNull();
  });

  it('starts custom dates and a single date from the days the period had', () => {
    expect(switchPeriod({ kind: 'mtd' }, 'custom', '2026-11-27')).toEqual({ kind: 'custom', from: '2026-11-01', to: '2026-11-27' });
    expect(switchPeriod({ kind: 'lm' }, 'custom', '2026-03-15')).toEqual({ kind: 'custom', from: '2026-02-01', to: '2026-02-28' });
    expect(switchPeriod({ kind: 'custom', from: '2026-01-03', to: '2026-01-09' }, 'date', '2026-11-27')).toEqual({ kind: 'date', date: '2026-01-09' });
    expect(switchPeriod({ kind: 'date', date: '2026-01-09' }, 'ytd', '2026-11-27')).toEqual({ kind: 'ytd' });
    const same = { kind: 'custom', from: '2026-01-03', to: '2026-01-09' } as const;
    expect(switchPeriod(same, 'custom', '2026-11-27')).toBe(same);
  });
});

describe('a cell', () => {
  const us = { locale: 'en-us', currency: '$' } as const;
  const de = { locale: 'de', currency: '€' } as const;
  const sv = { locale: 'sv', currency: 'kr' } as const;
  // Intl separates some units and groups with no-break spaces: compared as plain spaces.
  const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

  it('writes counts with the language’s grouping and no decimals', () => {
    expect(formatCell(12345, 'count', us)).toBe('12,345');
    expect(formatCell(12345, 'count', de)).toBe('12.345');
  });

  it('writes cents as money in the store’s currency, in the reader’s number format', () => {
    expect(formatCell(123456, 'money', us)).toBe('$1,234.56');
    expect(formatCell(123456, 'money', de)).toBe('€1.234,56');
    expect(plain(formatCell(-5000, 'money', sv))).toBe('-50,00 kr');
    expect(formatCell(123456, 'money', { locale: 'de', currency: '$' })).toBe('$1.234,56');
  });

  it('writes a share 0..1 as a percentage to a tenth', () => {
    expect(formatCell(0.125, 'percent', us)).toBe('12.5%');
    expect(plain(formatCell(0.5, 'percent', de))).toBe('50 %');
    expect(formatCell(1, 'percent', us)).toBe('100%');
  });

  it('writes minutes, days and scores', () => {
    expect(formatCell(12.25, 'minutes', us)).toBe('12.3 min');
    expect(plain(formatCell(12.5, 'minutes', de))).toBe('12,5 Min.');
    expect(formatCell(1, 'days', us)).toBe('1 day');
    expect(formatCell(2.5, 'days', us)).toBe('2.5 days');
    expect(formatCell(9, 'score', us)).toBe('9.0');
    expect(formatCell(8.75, 'score', de)).toBe('8,8');
  });

  it('writes a store day in the language’s date order, and text as it is', () => {
    expect(formatCell('2026-03-04', 'date', us)).toBe('03/04/2026');
    expect(formatCell('2026-03-04', 'date', { locale: 'en-gb', currency: '£' })).toBe('04.03.2026');
    expect(formatCell('2026-03-04', 'date', de)).toBe('04/03/2026');
    expect(formatCell('Dana Reyes', 'text', us)).toBe('Dana Reyes');
  });

  it('has no text when there is nothing to measure, and zero is a figure', () => {
    expect(formatCell(null, 'minutes', us)).toBeNull();
    expect(formatCell(undefined, 'count', us)).toBeNull();
    expect(formatCell(Number.NaN, 'percent', us)).toBeNull();
    expect(formatCell(0, 'count', us)).toBe('0');
    expect(formatCell(0, 'money', us)).toBe('$0.00');
  });
});

describe('a schedule', () => {
  it('names ISO weekdays, Monday first, in the reader’s language', () => {
    expect(weekdayName(1, 'en-us')).toBe('Monday');
    expect(weekdayName(7, 'en-us')).toBe('Sunday');
    expect(weekdayName(3, 'de')).toBe('Mittwoch');
  });

  it('says the hour on the language’s clock', () => {
    expect(hourName(7, 'en-us').replace(/\u202f/g, ' ')).toBe('7:00 AM');
    expect(hourName(19, 'de')).toBe('19:00');
    expect(hourName(7, 'de')).toBe('07:00');
    expect(hourName(7, 'en-gb')).toBe('07:00');
  });

  it('says its cadence in a sentence', async () => {
    await i18n.changeLanguage('en-us');
    const t = i18n.getFixedT('en-us', 'reports');
    expect(cadenceText(t, { kind: 'weekly', weekday: 1, hour: 19 }, 'en-us').replace(/\u202f/g, ' ')).toBe('Every Monday at 7:00 PM');
    expect(cadenceText(t, { kind: 'monthly', day: 5, hour: 6 }, 'en-us').replace(/\u202f/g, ' ')).toBe('Every month on day 5 at 6:00 AM');
    expect(cadenceText(i18n.getFixedT('de', 'reports'), { kind: 'daily', hour: 6 }, 'de')).toBe('Täglich um 06:00');
  });

  it('reads recipients typed with commas, semicolons or lines, once each, and names those that are not addresses', () => {
    expect(readRecipients(' Ann@Dealer.example, bob@dealer.example;\nann@dealer.example\n\n carl@ ')).toEqual({ addresses: ['ann@dealer.example', 'bob@dealer.example'], invalid: ['carl@'] });
    expect(readRecipients('   ')).toEqual({ addresses: [], invalid: [] });
  });
});

describe('a report in the list', () => {
  it('says its type, its period with the days it counted, and the company when it counts the company', () => {
    const t = i18n.getFixedT('en-us', 'reports');
    expect(reportSummary(t, { type: 'csi', period: { kind: 'lm' }, range: { from: '2026-10-01', to: '2026-10-31' }, scope: 'location' }, 'en-us')).toBe('CSI · Last month (LM) (10/01/2026 – 10/31/2026)');
    expect(reportSummary(t, { type: 'payments', period: { kind: 'date', date: '2026-10-05' }, range: { from: '2026-10-05', to: '2026-10-05' }, scope: 'company' }, 'en-us')).toBe('Payments · 10/05/2026 · whole company');
  });
});

describe('opening hours as the settings form edits them', () => {
  const week = (monday: OpeningSpan[]): OpeningHours => ({ '1': monday, '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] });

  it('show a close at midnight as 00:00 and read 00:00 as a close back as midnight', () => {
    expect(closeToField('24:00')).toBe('00:00');
    expect(closeToField('18:00')).toBe('18:00');
    expect(closeFromField('00:00')).toBe('24:00');
    expect(closeFromField('18:30')).toBe('18:30');
  });

  it('name the first day whose hours are not times, open after they close, or overlap', () => {
    expect(openingHoursProblem(week([{ open: '08:00', close: '12:00' }, { open: '13:00', close: '24:00' }]))).toBeNull();
    expect(openingHoursProblem(week([{ open: '18:00', close: '08:00' }]))).toBe('1');
    expect(openingHoursProblem(week([{ open: '08:00', close: '08:00' }]))).toBe('1');
    expect(openingHoursProblem(week([{ open: '', close: '12:00' }]))).toBe('1');
    expect(openingHoursProblem(week([{ open: '13:00', close: '18:00' }, { open: '08:00', close: '13:30' }]))).toBe('1');
    expect(openingHoursProblem({ ...week([]), '6': [{ open: '25:00', close: '26:00' }] })).toBe('6');
  });

  it('add a span after the last one, or the usual day when there is none', () => {
    expect(addedSpan([])).toEqual({ open: '08:00', close: '18:00' });
    expect(addedSpan([{ open: '08:00', close: '12:00' }])).toEqual({ open: '12:00', close: '14:00' });
    expect(addedSpan([{ open: '08:00', close: '23:00' }])).toEqual({ open: '08:00', close: '18:00' });
    const day = [{ open: '08:00', close: '12:00' }];
    expect(openingHoursProblem(week([...day, addedSpan(day)]))).toBeNull();
  });
});

describe('an export of a figure’s records in the list', () => {
  it('says which figure it lists', () => {
    const t = i18n.getFixedT('en-us', 'reports');
    const drill = { type: 'texting', figure: 'sent', dims: { agent_id: 'agt_1' } } as const;
    expect(reportSummary(t, { type: 'texting', period: { kind: 'mtd' }, range: { from: '2026-11-01', to: '2026-11-27' }, scope: 'location', drill }, 'en-us')).toBe(
      'Texting activity · Month to date (MTD) (11/01/2026 – 11/27/2026) · records behind “Sent”',
    );
  });
});
