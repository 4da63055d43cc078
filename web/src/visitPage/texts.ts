/**
 * The visit page's words: the page and each part keep their own small locale files (not the
 * console's, which would drag i18next and every console text along), one chunk per language, so a
 * phone downloads only the language it shows. Plurals follow Intl.PluralRules; `{{name}}`
 * placeholders are filled in.
 */
import { LANGUAGE_NAMES, LOCALES, intlTag, type Locale } from '../../../shared/locales.js';

export { LANGUAGE_NAMES };

/** The languages a customer can read the page in: every console language but `debug`. */
export type PageLocale = Exclude<Locale, 'debug'>;
export const PAGE_LOCALES: readonly PageLocale[] = LOCALES.filter((l): l is PageLocale => l !== 'debug');
export const FALLBACK_LOCALE: PageLocale = 'en-us';


export type Texts = Readonly<Record<string, string>>;

export function isPageLocale(value: string | null | undefined): value is PageLocale {
  return typeof value === 'string' && (PAGE_LOCALES as readonly string[]).includes(value);
}

/** A part's language as the page passes it (never `debug`; anything else reads as the fallback). */
export const asPageLocale = (value: string): PageLocale => (isPageLocale(value) ? value : FALLBACK_LOCALE);

/**
 * A browser language tag (navigator.languages) as a page language: exact regional English
 * variants first, then the language alone; plain or unknown English is US English.
 */
export function localeOfBrowserTag(tag: string): PageLocale | null {
  const lower = tag.toLowerCase();
  if (isPageLocale(lower)) return lower;
  const [language, region] = lower.split(/[-_]/);
  if (language === 'en') {
    if (region === 'gb' || region === 'uk') return 'en-gb';
    if (region === 'ca') return 'en-ca';
    return 'en-us';
  }
  return isPageLocale(language) ? language : null;
}

export interface LocaleChoices {
  /** What the customer picked on this phone before (kept in the browser). */
  chosen: string | null;
  /** The visit's language as the API answers it (the customer's, else the location's); null while loading. */
  answered: string | null;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
}

/**
 * Which language the page shows: the customer's own pick wins; then the language the dealership
 * writes to this customer in (the API's answer); while that is not known yet (or after a failed
 * load) the phone's language, so the loading and error states are readable too.
 */
export function pageLocale({ chosen, answered, browser }: LocaleChoices): PageLocale {
  if (isPageLocale(chosen)) return chosen;
  if (isPageLocale(answered)) return answered;
  if (answered) {
    const near = localeOfBrowserTag(answered);
    if (near) return near;
  }
  for (const tag of browser) {
    const locale = localeOfBrowserTag(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}

export type TextsLoader = (locale: PageLocale) => Promise<Texts>;

/** A language's words as its locale file's chunk exports them. */
export type TextsModule = { default: Texts };

/**
 * A loader of one set of locale files (`import.meta.glob<TextsModule>('./locales/*.json')` beside
 * the page or a part; modules rather than `{ import: 'default' }`, which writes its `.then` into
 * every file's loader): each language's texts once; a failed load is forgotten so a retry fetches again.
 */
export function textsLoader(files: Readonly<Record<string, () => Promise<TextsModule>>>): TextsLoader {
  const loading = new Map<PageLocale, Promise<Texts>>();
  return (locale) => {
    let texts = loading.get(locale);
    if (!texts) {
      const load = files[`./locales/${locale}.json`];
      texts = load ? load().then((module) => module.default) : Promise.reject(new Error(`No texts for ${locale}`));
      texts.catch(() => loading.delete(locale));
      loading.set(locale, texts);
    }
    return texts;
  };
}

export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (key: string, vars?: Vars) => string;

/**
 * A translate function over one language's texts. With a numeric `count`, the key's plural form
 * for that number (`key_one`, `key_other`, …) is used. A missing key shows itself, so a gap is
 * visible rather than blank (the locale tests keep every file complete).
 */
export function translator(texts: Texts, locale: PageLocale): Translate {
  const plurals = new Intl.PluralRules(intlTag(locale));
  return (key, vars) => {
    const count = vars?.count;
    const text = typeof count === 'number' ? (texts[`${key}_${plurals.select(count)}`] ?? texts[`${key}_other`]) : texts[key];
    if (text === undefined) return key;
    return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
  };
}

// The inspection page's key: a customer's earlier pick there still holds on the visit page.
const STORED_CHOICE = 'inspection_page.language';

/** The customer's earlier pick on this phone; storage may be off (private mode), which is fine. */
export function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(STORED_CHOICE);
  } catch {
    return null;
  }
}

export function storeChoice(locale: PageLocale): void {
  try {
    window.localStorage.setItem(STORED_CHOICE, locale);
  } catch {
    // Not kept: the page still switches for this visit.
  }
}
