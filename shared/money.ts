import { currencySymbol, intlTag, type Locale } from './locales.js';

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * Integer cents shown as cents/100 with two decimals (SPEC §9): the store's currency symbol in the
 * reader's number format. Every amount on a console screen comes through here, so the details and
 * the notes beside them agree (a German reader of a US store sees "$260,00" in both). A customer's
 * page or PDF passes one locale: the store's, which is also its reader's.
 */
export function formatMoney(cents: number, reader: Locale, store: Locale = reader): string {
  return formatAmount(cents, reader, currencySymbol(store));
}

/**
 * Integer cents in `locale`'s number format with a given symbol: a store's prices read by an
 * agent in another language (a German console reading a US store's "$240.00" as "$240,00").
 */
export function formatAmount(cents: number, locale: Locale, symbol: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  const amount = format.format(Math.abs(cents) / 100);
  const sign = cents < 0 ? '-' : '';
  // kr is written after the amount; every other symbol leads.
  return symbol === 'kr' ? `${sign}${amount} ${symbol}` : `${sign}${symbol}${amount}`;
}
