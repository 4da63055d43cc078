/**
 * The payment part's words on the customer's visit page: one small file per language, its own
 * chunk, so a phone downloads only the language it shows (the console's i18next stays out of it).
 */
import type { Locale } from '../../../../../shared/locales.js';

export type PaymentWords = Readonly<Record<string, string>>;

const files = import.meta.glob<PaymentWords>('./locales/*.json', { import: 'default' });
const loaded = new Map<string, Promise<PaymentWords>>();

/** The language's words, fetched once; US English for one the part has no file for. */
export function paymentWords(locale: Locale): Promise<PaymentWords> {
  const file = files[`./locales/${locale}.json`] ?? files['./locales/en-us.json']!;
  let words = loaded.get(locale);
  if (!words) {
    words = file();
    // A failed fetch is forgotten, so the next showing tries again.
    words.catch(() => loaded.delete(locale));
    loaded.set(locale, words);
  }
  return words;
}

/** `{{name}}` filled in from `vars`. */
export const fillIn = (text: string | undefined, vars: Readonly<Record<string, string>> = {}): string =>
  (text ?? '').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
