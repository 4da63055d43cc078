/**
 * Estimated costs typed by people in the shop (SPEC §9 money is integer cents): "240", "240.00",
 * "1,234.50" in the US, "1.234,50" in Germany, "1 234,50" in France or Sweden, with or without the
 * currency symbol. The location's locale says which mark is the decimal one; a lone mark of the
 * other kind counts as decimal too when it cannot be a thousands separator (a phone keyboard may
 * only offer a dot).
 */
import { intlTag, type Locale } from '../../../../shared/locales.js';

export type MoneyParse = { ok: true; cents: number } | { ok: false };

/** The upper bound the sheet's save accepts (shared/inspections/schemas.ts recommendationInput). */
export const MAX_ESTIMATE_CENTS = 100_000_000;

const decimalMarks = new Map<Locale, string>();

/** The decimal mark of a locale as Intl writes it ('.' or ','). */
export function decimalMark(locale: Locale): string {
  let mark = decimalMarks.get(locale);
  if (!mark) {
    mark = new Intl.NumberFormat(intlTag(locale)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}

/** Thousands groups after the first: exactly three digits each. */
const GROUPED = /^\d{1,3}(\d{3})*$/;

function wholeAndFraction(digits: string, locale: Locale): { whole: string; fraction: string } | null {
  const dots = (digits.match(/\./g) ?? []).length;
  const commas = (digits.match(/,/g) ?? []).length;
  if (dots && commas) {
    // Both marks: the last one is the decimal mark, the other groups thousands.
    const decimal = digits.lastIndexOf('.') > digits.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = digits.lastIndexOf(decimal);
    const whole = digits.slice(0, at);
    if (whole.includes(decimal)) return null;
    const parts = whole.split(group);
    if (parts.slice(1).some((p) => p.length !== 3) || !parts[0]) return null;
    return { whole: parts.join(''), fraction: digits.slice(at + 1) };
  }
  const mark = dots ? '.' : commas ? ',' : null;
  if (!mark) return { whole: digits, fraction: '' };
  const parts = digits.split(mark);
  const count = dots || commas;
  if (count === 1) {
    const [whole = '', fraction = ''] = parts;
    // "1.234" in Germany is a thousand; "1.23" anywhere is a price with cents.
    if (mark !== decimalMark(locale) && fraction.length === 3 && whole.length > 0) return { whole: whole + fraction, fraction: '' };
    return { whole, fraction };
  }
  // Several of one mark: only thousands groups make sense ("1,234,567").
  const joined = parts.join('');
  if (!parts[0] || parts.slice(1).some((p) => p.length !== 3)) return null;
  return GROUPED.test(joined) ? { whole: joined, fraction: '' } : null;
}

/**
 * Cents from what was typed. Empty means no estimate yet (0). Refused: letters other than the
 * currency symbol, negative amounts, more than two decimals, amounts over the limit.
 */
export function parseMoneyInput(raw: string, locale: Locale): MoneyParse {
  // Spaces of every kind (French and Swedish group with narrow no-break spaces) and currency marks go.
  const text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/^(C\$|\$|£|€|₯|kr)|(C\$|\$|£|€|₯|kr)$/gi, '');
  if (text === '') return { ok: true, cents: 0 };
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false };
  const split = wholeAndFraction(text, locale);
  if (!split) return { ok: false };
  const { whole, fraction } = split;
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > 2) return { ok: false };
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > MAX_ESTIMATE_CENTS) return { ok: false };
  return { ok: true, cents };
}

const inputFormats = new Map<Locale, Intl.NumberFormat>();

/** Cents as the input shows them for editing: the locale's decimal mark, two decimals, no grouping. */
export function moneyInputText(cents: number, locale: Locale): string {
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    inputFormats.set(locale, format);
  }
  return format.format(cents / 100);
}
