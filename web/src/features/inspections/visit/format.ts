/**
 * How the inspection writes money, dates and mileage. Money is in the dealership's currency
 * (currency_locale) whatever language the page is read in; dates follow the page's language and
 * the phone's timezone (the customer reads them where they are).
 */
import { formatMoney } from '../../../../../shared/money.js';
import { DEFAULT_LOCALE, distanceUnit, intlTag, isLocale } from '../../../../../shared/locales.js';
import { longDate } from '../../../visitPage/format.js';
import type { PageLocale } from '../../../visitPage/texts.js';

export interface Formats {
  money(cents: number): string;
  date(iso: string): string;
  number(value: number): string;
  /** The unit the dealership's odometers read in (its locale, like its currency), for the mileage label. */
  distance: 'mi' | 'km';
}

export function formatsFor(locale: PageLocale, currencyLocale: string): Formats {
  const money = isLocale(currencyLocale) ? currencyLocale : DEFAULT_LOCALE;
  const numbers = new Intl.NumberFormat(intlTag(locale));
  return {
    money: (cents) => formatMoney(cents, money),
    // The page's own long date (its header writes the link's expiry the same way), one formatter per language.
    date: (iso) => longDate(locale, iso),
    number: (value) => numbers.format(value),
    distance: distanceUnit(money),
  };
}
