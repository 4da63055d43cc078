/** Languages of the console (SPEC §5) and how each writes dates and money (SPEC §5, §9). */

export const LOCALES = ['de', 'el', 'en-us', 'en-ca', 'en-gb', 'en-uk', 'es', 'fr', 'it', 'pt', 'sv', 'debug'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * The languages a language picker offers. `debug` shows keys instead of texts: a tool for developers
 * and translators that dealership staff would only trip over, so a picker offers it only when asked
 * to (the console asks in development builds, or in a build made with VITE_DEBUG_LANGUAGE=true).
 */
export function pickerLocales(withDebug: boolean): Locale[] {
  return LOCALES.filter((locale) => withDebug || locale !== 'debug');
}

/** The BCP 47 tag Intl understands for a console locale (en-uk is the product's name for en-GB). */
export function intlTag(locale: Locale): string {
  switch (locale) {
    case 'en-us':
    case 'debug':
      return 'en-US';
    case 'en-ca':
      return 'en-CA';
    case 'en-gb':
    case 'en-uk':
      return 'en-GB';
    default:
      return locale;
  }
}

/** date-fns patterns: en-us MM/DD/YYYY, en-gb DD.MM.YYYY, others DD/MM/YYYY. */
export function datePattern(locale: Locale): string {
  if (locale === 'en-us' || locale === 'debug') return 'MM/dd/yyyy';
  if (locale === 'en-gb') return 'dd.MM.yyyy';
  return 'dd/MM/yyyy';
}

/** Currency symbol shown before amounts (SPEC §9). */
export function currencySymbol(locale: Locale): string {
  switch (locale) {
    case 'en-us':
    case 'debug':
      return '$';
    case 'en-ca':
      return 'C$';
    case 'en-gb':
    case 'en-uk':
      return '£';
    case 'el':
      return '₯';
    case 'sv':
      return 'kr';
    default:
      return '€';
  }
}

/**
 * The unit a store's odometers read in, by the store's own locale (its country, as for its
 * currency), never the reader's language: miles in the US and the UK, kilometres elsewhere.
 */
export function distanceUnit(storeLocale: Locale): 'mi' | 'km' {
  return storeLocale === 'en-us' || storeLocale === 'en-gb' || storeLocale === 'en-uk' || storeLocale === 'debug' ? 'mi' : 'km';
}

/** Each language named in itself, as language pickers do; these never change with the page's language. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  el: 'Ελληνικά',
  'en-us': 'English (US)',
  'en-ca': 'English (Canada)',
  'en-gb': 'English (GB)',
  'en-uk': 'English (UK)',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  sv: 'Svenska',
  debug: 'debug',
};
