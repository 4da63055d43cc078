/**
 * Report periods in the store's calendar (SPEC §5 "Report periods"): each kind's days, the instants a
 * store day spans across DST changes, month ends and leap days, the query's checks, and how a range
 * is cut into whole years, whole months and leftover days for the counters.
 */
import { describe, expect, it } from 'vitest';
import { dayAfter, dayStart, daysOf, periodRange, storeDay } from '../../../shared/reports/periods.js';
import { REPORT_ERRORS, figuresQuery, recordsQuery, reportQueryInput } from '../../../shared/reports/schemas.js';
import { splitRange, type CounterRead } from '../counters.js';

const NY = 'America/New_York';

describe('periodRange', () => {
  it('MTD runs from the first of the store month to today', () => {
    expect(periodRange({ kind: 'mtd' }, '2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodRange({ kind: 'mtd' }, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
  it('YTD runs from the first of January to today', () => {
    expect(periodRange({ kind: 'ytd' }, '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });
  it('LM is the whole month before, whatever its length', () => {
    expect(periodRange({ kind: 'lm' }, '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange({ kind: 'lm' }, '2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange({ kind: 'lm' }, '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
  it('custom and single dates are taken as asked', () => {
    expect(periodRange({ kind: 'custom', from: '2026-02-27', to: '2026-03-02' }, '2026-11-27')).toEqual({ from: '2026-02-27', to: '2026-03-02' });
    expect(periodRange({ kind: 'date', date: '2026-11-01' }, '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });
});

describe("a store day's instants", () => {
  it('the day DST starts has 23 hours and the day it ends 25, in New York', () => {
    expect(dayStart('2026-03-08', NY)).toBe('2026-03-08T05:00:00.000Z');
    expect(dayAfter('2026-03-08', NY)).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-11-01', NY)).toBe('2026-11-01T04:00:00.000Z');
    expect(dayAfter('2026-11-01', NY)).toBe('2026-11-02T05:00:00.000Z');
  });
  it("an instant counts on the store's calendar day, not UTC's: late evening on the last of the month stays in that month", () => {
    expect(storeDay('2026-03-01T04:59:59.000Z', NY)).toBe('2026-02-28');
    expect(storeDay('2026-03-01T05:00:00.000Z', NY)).toBe('2026-03-01');
    expect(storeDay('2026-11-01T03:59:59.000Z', NY)).toBe('2026-10-31');
    expect(storeDay('2026-11-02T04:59:59.000Z', NY)).toBe('2026-11-01');
    expect(storeDay('2026-11-02T05:00:00.000Z', NY)).toBe('2026-11-02');
    expect(storeDay('2026-03-01T09:30:00.000Z', 'Australia/Sydney')).toBe('2026-03-01');
    expect(storeDay('2026-02-28T13:30:00.000Z', 'Australia/Sydney')).toBe('2026-03-01');
  });
});

describe('splitRange: whole years, whole months and the days left over, each from its own counters', () => {
  const year = (y: string, sign: 1 | -1 = 1): CounterRead => ({ level: 'year', from: y, to: y, sign });
  const months = (from: string, to: string, sign: 1 | -1 = 1): CounterRead => ({ level: 'month', from, to, sign });
  const days = (from: string, to: string, sign: 1 | -1 = 1): CounterRead => ({ level: 'day', from, to, sign });

  it("a year to date is the year's counters, less the days and months after today (which hold nothing unless a fact is dated in the future)", () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-11-27' }, '2026-11-27')).toEqual([year('2026'), days('2026-11-28', '2026-11-30', -1), months('2026-12', '2026-12', -1)]);
    expect(splitRange({ from: '2026-01-01', to: '2026-11-30' }, '2026-11-30')).toEqual([year('2026'), months('2026-12', '2026-12', -1)]);
    expect(splitRange({ from: '2026-01-01', to: '2026-12-31' }, '2026-12-31')).toEqual([year('2026')]);
  });
  it('a whole year, past or to come, is its counter alone', () => {
    expect(splitRange({ from: '2025-01-01', to: '2025-12-31' }, '2026-11-27')).toEqual([year('2025')]);
    expect(splitRange({ from: '2027-01-01', to: '2027-12-31' }, '2026-11-27')).toEqual([year('2027')]);
  });
  it('a range that ended before today reads its whole months and leftover days, not the year', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-03-15' }, '2026-11-27')).toEqual([months('2026-01', '2026-02'), days('2026-03-01', '2026-03-15')]);
  });
  it("a month to date is the month's counters less the days after today", () => {
    expect(splitRange({ from: '2026-11-01', to: '2026-11-27' }, '2026-11-27')).toEqual([months('2026-11', '2026-11'), days('2026-11-28', '2026-11-30', -1)]);
  });
  it('a range starting and ending inside months keeps both ends by day', () => {
    expect(splitRange({ from: '2026-01-15', to: '2026-04-10' }, '2026-11-27')).toEqual([days('2026-01-15', '2026-01-31'), months('2026-02', '2026-03'), days('2026-04-01', '2026-04-10')]);
  });
  it('a whole month (leap February included) reads only its monthly counters', () => {
    expect(splitRange({ from: '2028-02-01', to: '2028-02-29' }, '2028-11-27')).toEqual([months('2028-02', '2028-02')]);
  });
  it('a range inside one month, or across a month end without a whole month, reads days only', () => {
    expect(splitRange({ from: '2026-03-02', to: '2026-03-30' }, '2026-11-27')).toEqual([days('2026-03-02', '2026-03-30')]);
    expect(splitRange({ from: '2026-02-27', to: '2026-03-02' }, '2026-11-27')).toEqual([days('2026-02-27', '2026-02-28'), days('2026-03-01', '2026-03-02')]);
  });
  it('a range across years takes the whole years between from their counters', () => {
    expect(splitRange({ from: '2024-03-05', to: '2026-02-10' }, '2026-11-27')).toEqual([
      days('2024-03-05', '2024-03-31'),
      months('2024-04', '2024-12'),
      year('2025'),
      months('2026-01', '2026-01'),
      days('2026-02-01', '2026-02-10'),
    ]);
  });
  it('counts every day of the range exactly once and no day outside it, whatever today is', () => {
    // Each read's days, added or taken away, summed per day over a window around the range.
    const window = daysOf({ from: '2024-12-01', to: '2027-01-31' });
    const covers = (read: CounterRead, day: string) =>
      read.level === 'year' ? day.slice(0, 4) === read.from : read.level === 'month' ? day.slice(0, 7) >= read.from && day.slice(0, 7) <= read.to : day >= read.from && day <= read.to;
    let seed = 7;
    const pick = () => {
      seed = (seed * 48271) % 2147483647;
      return window[365 + (seed % 400)]!;
    };
    const ranges: [string, string, string][] = [
      ['2025-01-01', '2026-12-31', '2026-03-01'],
      ['2025-12-31', '2026-01-01', '2026-01-01'],
      ['2026-01-01', '2026-02-28', '2026-02-28'],
    ];
    for (let i = 0; i < 150; i++) {
      const [a, b] = [pick(), pick()].sort() as [string, string];
      ranges.push([a, b, pick()]);
    }
    for (const [from, to, today] of ranges) {
      const reads = splitRange({ from, to }, today);
      const wrong = window.filter((day) => reads.reduce((sum, read) => (covers(read, day) ? sum + read.sign : sum), 0) !== (day >= from && day <= to ? 1 : 0));
      expect(wrong, `${from}..${to}, today ${today}`).toEqual([]);
    }
  });
});

describe('the figures query', () => {
  const check = (query: Record<string, string>) => figuresQuery.safeParse(reportQueryInput(query));
  const messages = (query: Record<string, string>) => {
    const result = check(query);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('takes each period kind', () => {
    for (const period of ['mtd', 'ytd', 'lm']) expect(check({ type: 'texting', period }).success).toBe(true);
    expect(check({ type: 'consent', period: 'custom', from: '2026-02-01', to: '2026-02-28', scope: 'company' }).data).toEqual({
      type: 'consent',
      scope: 'company',
      period: { kind: 'custom', from: '2026-02-01', to: '2026-02-28' },
    });
    expect(check({ type: 'texting', period: 'date', date: '2028-02-29' }).data?.period).toEqual({ kind: 'date', date: '2028-02-29' });
  });
  it('refuses with texts a manager understands', () => {
    expect(messages({ type: 'texting', period: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual([REPORT_ERRORS.order]);
    expect(messages({ type: 'texting', period: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual([REPORT_ERRORS.from]);
    expect(messages({ type: 'texting', period: 'date', date: '2027-02-29' })).toEqual([REPORT_ERRORS.date]);
    expect(messages({ type: 'texting', period: 'date' })).toEqual([REPORT_ERRORS.date]);
    expect(messages({ type: 'texting', period: 'week' })).toEqual([REPORT_ERRORS.period]);
    expect(messages({ type: 'sales', period: 'mtd' })).toEqual([REPORT_ERRORS.type]);
    expect(messages({ type: 'texting', period: 'mtd', scope: 'group' })).toEqual([REPORT_ERRORS.scope]);
  });
});

describe('the records query', () => {
  const check = (query: Record<string, string>) => recordsQuery.safeParse(reportQueryInput(query));
  it("takes a figure and its row's dimensions as JSON", () => {
    expect(check({ type: 'texting', period: 'mtd', figure: 'sent', dims: '{"agent_id":"agt_1"}' }).data).toEqual({
      type: 'texting',
      period: { kind: 'mtd' },
      scope: 'location',
      figure: 'sent',
      dims: { agent_id: 'agt_1' },
    });
    expect(check({ type: 'texting', period: 'mtd', figure: 'sent' }).data?.dims).toEqual({});
  });
  it('refuses a row that is not an object of names and texts, and a missing figure', () => {
    for (const dims of ['agent', '[1]', '{"agent_id":1}', JSON.stringify(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'])))]) {
      const result = check({ type: 'texting', period: 'mtd', figure: 'sent', dims });
      expect(result.success, dims).toBe(false);
    }
    const missing = check({ type: 'texting', period: 'mtd' });
    expect(missing.success ? [] : missing.error.issues.map((i) => i.message)).toEqual([REPORT_ERRORS.figure]);
  });
});
