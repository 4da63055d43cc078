import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/dates.js';
import { isLocale, LOCALES } from '../../shared/locales.js';
import { formatMoney } from '../../shared/money.js';

describe('formatMoney', () => {
  it('shows cents/100 with two decimals and the locale symbol', () => {
    expect(formatMoney(123456, 'en-us')).toBe('$1,234.56');
    expect(formatMoney(5, 'en-ca')).toBe('C$0.05');
    expect(formatMoney(1000, 'en-gb')).toBe('£10.00');
    expect(formatMoney(1000, 'en-uk')).toBe('£10.00');
    expect(formatMoney(1000, 'de')).toBe('€10,00');
    expect(formatMoney(1000, 'el')).toBe('₯10,00');
    expect(formatMoney(1000, 'sv')).toBe('10,00 kr');
    expect(formatMoney(-250, 'en-us')).toBe('-$2.50');
  });
});

describe('formatDate', () => {
  const instant = '2026-03-04T15:00:00Z';
  it('writes en-us MM/DD/YYYY, en-gb DD.MM.YYYY, others DD/MM/YYYY', () => {
    expect(formatDate(instant, 'en-us', 'UTC')).toBe('03/04/2026');
    expect(formatDate(instant, 'en-gb', 'UTC')).toBe('04.03.2026');
    expect(formatDate(instant, 'fr', 'UTC')).toBe('04/03/2026');
  });

  it('applies the location timezone', () => {
    expect(formatDate('2026-03-04T02:00:00Z', 'en-us', 'America/New_York')).toBe('03/03/2026');
  });
});

describe('locales', () => {
  it('knows the twelve languages of SPEC §5 and nothing else', () => {
    expect(LOCALES).toHaveLength(12);
    expect(isLocale('en-uk')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale('xx')).toBe(false);
  });
});
