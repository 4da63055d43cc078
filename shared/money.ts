import { currencySymbol, intlTag, type Locale } from './locales.js';

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** Integer cents shown as cents/100 with two decimals and the locale's symbol (SPEC §9). */
export function formatMoney(cents: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  const amount = format.format(Math.abs(cents) / 100);
  const sign = cents < 0 ? '-' : '';
  const symbol = currencySymbol(locale);
  // kr is written after the amount in Swedish; every other symbol leads.
  return locale === 'sv' ? `${sign}${amount} ${symbol}` : `${sign}${symbol}${amount}`;
}
