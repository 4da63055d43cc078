/**
 * Promise times on a phone's board (issue 18 §6): a time not due today was cut to "11/25/2026…".
 * The list writes it short enough to fit, on the store's calendar and clock, in the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { formatCompactMoment } from '../../web/src/components/conversation/times.js';

// Tuesday 24 November 2026, 11:50 PM in Boston (04:50 UTC on the 25th).
const NOW = Date.parse('2026-11-25T04:50:00Z');
const BOSTON = 'America/New_York';

describe('formatCompactMoment', () => {
  it("writes today's time alone, on the store's day (not UTC's)", () => {
    expect(formatCompactMoment('2026-11-25T03:08:00Z', 'en-us', BOSTON, NOW)).toBe('10:08 PM');
  });

  it('writes the coming and past week as a short weekday and the time', () => {
    expect(formatCompactMoment('2026-11-25T13:15:00Z', 'en-us', BOSTON, NOW)).toBe('Wed 8:15 AM');
    // ICU builds differ on the abbreviation's full stop.
    expect(formatCompactMoment('2026-11-25T13:15:00Z', 'de', BOSTON, NOW)).toMatch(/^Mi\.? 08:15$/);
    expect(formatCompactMoment('2026-11-20T20:00:00Z', 'en-gb', BOSTON, NOW)).toBe('Fri 15:00');
  });

  it('writes days further off as day and month in the language’s order, the year only when it differs', () => {
    expect(formatCompactMoment('2026-12-10T15:00:00Z', 'en-us', BOSTON, NOW)).toBe('12/10 10:00 AM');
    expect(formatCompactMoment('2026-12-10T15:00:00Z', 'en-gb', BOSTON, NOW)).toBe('10.12 10:00');
    expect(formatCompactMoment('2026-12-10T15:00:00Z', 'fr', BOSTON, NOW)).toBe('10/12 10:00');
    expect(formatCompactMoment('2027-01-05T15:00:00Z', 'de', BOSTON, NOW)).toBe('05/01/27 10:00');
  });

  it('stays short: never the full date and time that a phone cut', () => {
    for (let day = -30; day <= 30; day++) {
      const at = new Date(NOW + day * 86_400_000 + 3 * 3600_000).toISOString();
      for (const locale of ['en-us', 'de', 'fr', 'el'] as const) expect(formatCompactMoment(at, locale, BOSTON, NOW).length, `${locale} ${at}`).toBeLessThanOrEqual(14);
    }
    expect(formatCompactMoment(null, 'en-us', BOSTON, NOW)).toBe('');
  });
});
