/**
 * Languages of the console (SPEC §5). Each locale file is its own chunk (import.meta.glob), so a page
 * carries only the language it shows. `debug` shows the keys themselves (i18next's cimode), which is
 * how translators find where a text is used.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_NAMES, intlTag, isLocale, type Locale } from '../../../shared/locales.js';

export { LANGUAGE_NAMES };
import { STORED, readStored, writeStored } from './storage.js';
import { createStore } from './store.js';

export class LocaleNotFound extends Error {
  constructor(readonly locale: string) {
    super(`Locale not found: ${locale}`);
    this.name = 'LocaleNotFound';
  }
}

export type Catalogue = { [key: string]: string | Catalogue };

const catalogues = import.meta.glob<Catalogue>('../locales/*.json', { import: 'default' });

/** Loads one locale file; a locale the console does not have fails as not found. */
export async function loadCatalogue(locale: string): Promise<Catalogue> {
  const load = isLocale(locale) ? catalogues[`../locales/${locale}.json`] : undefined;
  if (!load) throw new LocaleNotFound(locale);
  return load();
}

export const i18n = i18next.createInstance();
export const currentLocale = createStore<Locale>(DEFAULT_LOCALE);

/** The stored choice, else the default. */
export function preferredLocale(): Locale {
  const stored = readStored(STORED.language);
  return stored && isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function hasChosenLocale(): boolean {
  const stored = readStored(STORED.language);
  return stored !== null && isLocale(stored);
}

/** The console's i18next, with no language loaded yet (tests add the catalogues they read). */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: DEFAULT_LOCALE,
    fallbackLng: false,
    // 'en-us' stays 'en-us' (not 'en-US') and no plain 'en' is looked for: the files are named per locale.
    lowerCaseLng: true,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

export async function startI18n(): Promise<void> {
  await initI18n();
  await switchLocale(preferredLocale());
}

/**
 * Switches the page's language; `remember` keeps it for the next visit (SPEC §4 "language switch is
 * stored locally"). An unknown locale fails with LocaleNotFound and leaves the page as it was.
 */
export async function switchLocale(locale: string, options: { remember?: boolean } = {}): Promise<void> {
  if (!isLocale(locale)) throw new LocaleNotFound(locale);
  if (locale === 'debug') {
    await i18n.changeLanguage('cimode');
  } else {
    if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
    await i18n.changeLanguage(locale);
  }
  document.documentElement.lang = intlTag(locale);
  currentLocale.set(locale);
  if (options.remember) writeStored(STORED.language, locale);
}
