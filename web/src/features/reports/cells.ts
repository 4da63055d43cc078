/**
 * A figure as the reader reads it (FigureFormat): counts, money in the store's currency, shares,
 * minutes, days and scores in the reader's number format (Intl), days in the language's date order.
 * The server sends bare numbers (cents, a share 0..1) so the screen and the workbook agree.
 */
import { format, parseISO } from 'date-fns';
import { datePattern, intlTag, type Locale } from '../../../../shared/locales.js';
import { formatAmount } from '../../../../shared/money.js';
import type { FigureFormat } from '../../../../shared/reports/types.js';

export interface CellReader {
  locale: Locale;
  /** The store's currency symbol (ReportFigures.currency). */
  currency: string;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, kind: Exclude<FigureFormat, 'text' | 'money' | 'date'>): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let found = formats.get(key);
  if (!found) {
    const tag = intlTag(locale);
    const options: Intl.NumberFormatOptions =
      kind === 'count'
        ? { maximumFractionDigits: 0 }
        : kind === 'percent'
          ? { style: 'percent', maximumFractionDigits: 1 }
          : kind === 'minutes'
            ? { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 }
            : kind === 'days'
              ? { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 }
              : { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    found = new Intl.NumberFormat(tag, options);
    formats.set(key, found);
  }
  return found;
}

/** The cell's text; null when there is nothing to measure (a median of no answers), which the table says in words. */
export function formatCell(value: number | string | null | undefined, kind: FigureFormat, reader: CellReader): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'text' || typeof value === 'string') {
    if (kind === 'date' && typeof value === 'string') return formatDay(value, reader.locale);
    return String(value);
  }
  if (!Number.isFinite(value)) return null;
  if (kind === 'money') return formatAmount(Math.round(value), reader.locale, reader.currency);
  if (kind === 'date') return null;
  return numberFormat(reader.locale, kind).format(value);
}

/** A store day (YYYY-MM-DD) in the language's date order. */
export function formatDay(day: string, locale: Locale): string {
  const parsed = parseISO(day);
  return Number.isNaN(parsed.getTime()) ? day : format(parsed, datePattern(locale));
}

/** Numbers line up on the right, words on the left. */
export function isNumeric(kind: FigureFormat): boolean {
  return kind !== 'text' && kind !== 'date';
}
