/**
 * Languages of the console (SPEC §5). The shell's and the shared components' words are one file per
 * locale (web/src/locales); each feature's words are its own i18next namespace, one file per locale
 * beside it (features/<feature>/locales), named after the feature's folder. Every file is its own
 * chunk (import.meta.glob), so a page carries only the language it shows, and a screen fetches its
 * words with its chunk. `debug` shows the keys themselves (i18next's cimode), which is how
 * translators find where a text is used.
 */
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
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

/** The namespace of the shell's and shared components' words; a feature's own words fall back to it. */
export const SHARED_WORDS = 'translation';

const catalogues = import.meta.glob<Catalogue>('../locales/*.json', { import: 'default' });
// A feature's menu.json names its screens for the menu, which imports it: it is no language of the feature.
const featureCatalogues = import.meta.glob<Catalogue>(['../features/*/locales/*.json', '!../features/*/locales/menu.json'], { import: 'default' });

/** Loads one locale file of the shared words; a locale the console does not have fails as not found. */
export async function loadCatalogue(locale: string): Promise<Catalogue> {
  const load = isLocale(locale) ? catalogues[`../locales/${locale}.json`] : undefined;
  if (!load) throw new LocaleNotFound(locale);
  return load();
}

/** Loads one feature's words in one locale; a feature without words, or a locale the console does not have, fails as not found. */
export async function loadFeatureCatalogue(locale: string, feature: string): Promise<Catalogue> {
  const load = isLocale(locale) ? featureCatalogues[`../features/${feature}/locales/${locale}.json`] : undefined;
  if (!load) throw new LocaleNotFound(`${feature}/${locale}`);
  return load();
}

function loadWords(locale: string, namespace: string): Promise<Catalogue> {
  return namespace === SHARED_WORDS ? loadCatalogue(locale) : loadFeatureCatalogue(locale, namespace);
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

/**
 * The console's i18next, with no language loaded yet (tests add the catalogues they read). A
 * feature's `useTranslation('<feature>')` suspends its screen until the feature's words are here,
 * and finds the shared words too (fallbackNS). Until a language is chosen it shows keys (cimode),
 * so starting loads no language the agent did not choose.
 */
export async function initI18n(): Promise<void> {
  await i18n
    .use(resourcesToBackend(loadWords))
    .use(initReactI18next)
    .init({
      lng: 'cimode',
      ns: [SHARED_WORDS],
      defaultNS: SHARED_WORDS,
      fallbackNS: SHARED_WORDS,
      fallbackLng: false,
      // 'en-us' stays 'en-us' (not 'en-US') and no plain 'en' is looked for: the files are named per locale.
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
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
    // The shared words first, by hand, so a language that cannot be had fails here and leaves the page as it was.
    if (!i18n.hasResourceBundle(locale, SHARED_WORDS)) i18n.addResourceBundle(locale, SHARED_WORDS, await loadCatalogue(locale));
    // i18next fetches the words of every feature shown so far in the new language before it switches, so no screen flashes keys.
    await i18n.changeLanguage(locale);
  }
  document.documentElement.lang = intlTag(locale);
  currentLocale.set(locale);
  if (options.remember) writeStored(STORED.language, locale);
}
