import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FILE_LOCALES, SHARED_WORDS, featureNamespaces, localeDir, menuWords, readLocale } from '../support/localeFiles.js';
import { LOCALES, intlTag } from '../../shared/locales.js';
import { LocaleNotFound, loadCatalogue, loadFeatureCatalogue } from '../../web/src/lib/i18n.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The shared words and every feature's own: each is checked on its own, against its en-us file. */
const NAMESPACES = [SHARED_WORDS, ...featureNamespaces()];

/** Keys with plural suffixes folded into their base key. */
function baseKeys(entries: Map<string, string>): Set<string> {
  return new Set([...entries.keys()].map((k) => k.replace(PLURAL, '')));
}

/** {{placeholders}} and <tags> a translation must keep. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

/** The plural forms used per base key, in one locale file. */
function pluralForms(entries: Map<string, string>): Map<string, string[]> {
  const plurals = new Map<string, string[]>();
  for (const key of entries.keys()) {
    const match = PLURAL.exec(key);
    if (!match) continue;
    const base = key.replace(PLURAL, '');
    plurals.set(base, [...(plurals.get(base) ?? []), match[1]!]);
  }
  return plurals;
}

const english = readLocale('en-us');

describe('locale files', () => {
  it('are the shared words and the words of the features that have screens', () => {
    expect(featureNamespaces()).toEqual(expect.arrayContaining(['appointments', 'inspections', 'serviceBoard', 'settings', 'sheetTemplates']));
  });

  it.each(NAMESPACES)('exist for every language of the console and nothing else (debug shows keys, it has no file): %s', (namespace) => {
    const files = readdirSync(localeDir(namespace))
      .filter((f) => f.endsWith('.json') && f !== 'menu.json')
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...FILE_LOCALES].sort());
  });

  describe.each(FILE_LOCALES)('%s', (locale) => {
    describe.each(NAMESPACES)('%s', (namespace) => {
      const entries = readLocale(locale, namespace);
      const reference = readLocale('en-us', namespace);

      it('has exactly the keys of en-us', () => {
        expect([...baseKeys(entries)].sort()).toEqual([...baseKeys(reference)].sort());
      });

      it('has exactly the plural forms its language uses', () => {
        const categories = new Intl.PluralRules(intlTag(locale)).resolvedOptions().pluralCategories.slice().sort();
        for (const [base, forms] of pluralForms(entries)) expect({ base, forms: forms.sort() }).toEqual({ base, forms: categories });
      });

      it('has no empty texts', () => {
        for (const [key, value] of entries) expect({ key, value: value.trim().length > 0 }).toEqual({ key, value: true });
      });

      it('keeps the placeholders and markup of en-us', () => {
        for (const [key, value] of entries) {
          const base = key.replace(PLURAL, '');
          const text = reference.get(key) ?? reference.get(`${base}_other`) ?? reference.get(base);
          expect(text, key).toBeDefined();
          expect({ key, markers: markers(value) }).toEqual({ key, markers: markers(text!) });
        }
      });
    });

    it('uses plural forms somewhere', () => {
      expect(NAMESPACES.some((namespace) => pluralForms(readLocale(locale, namespace)).size > 0)).toBe(true);
    });

    it(locale === 'en-gb' || locale === 'en-uk' ? 'says VHC, never MPI' : 'says MPI, never VHC', () => {
      const texts = [...NAMESPACES.flatMap((namespace) => [...readLocale(locale, namespace).values()]), ...[...menuWords().values()].map((words) => words[locale])].join('\n');
      if (locale === 'en-gb' || locale === 'en-uk') {
        expect(texts).not.toMatch(/\bMPI\b/);
        expect(texts).toMatch(/\bVHC\b/);
      } else {
        expect(texts).not.toMatch(/\bVHC\b/);
        expect(texts).toMatch(/\bMPI\b/);
      }
    });
  });

  it('name every screen of the menu in every language that has words, and in nothing else', () => {
    expect(menuWords().size).toBeGreaterThan(0);
    for (const [key, words] of menuWords()) {
      expect({ key, locales: Object.keys(words).sort() }).toEqual({ key, locales: [...FILE_LOCALES].sort() });
      for (const [locale, text] of Object.entries(words)) expect({ key, locale, empty: text.trim() === '' }).toEqual({ key, locale, empty: false });
    }
  });

  it('keeps the spec texts word for word in en-us', () => {
    expect(english.get('sign_in.provide_credentials')).toBe('Provide credentials');
    expect(english.get('forgot.sent_text')).toBe('Please check you email inbox.');
    expect(english.get('release.available')).toBe('New Version is available. Click here to refresh your browser.');
    expect(english.get('errors.render')).toBe('Something went wrong. Please wait...');
    expect(english.get('sign_in.wrong_credentials')?.replace(/<\/?\w+>/g, '')).toBe(
      'Wrong username or password. Click here if you forgot your password.',
    );
  });
});

describe('loadCatalogue', () => {
  it('loads a known locale', async () => {
    const catalogue = await loadCatalogue('de');
    expect(catalogue).toHaveProperty('sign_in');
  });

  it('fails as not found for a locale the console does not have', async () => {
    await expect(loadCatalogue('xx')).rejects.toBeInstanceOf(LocaleNotFound);
    await expect(loadCatalogue('debug')).rejects.toBeInstanceOf(LocaleNotFound);
  });
});

describe('loadFeatureCatalogue', () => {
  it("loads a feature's words in a known locale", async () => {
    const catalogue = await loadFeatureCatalogue('de', 'appointments');
    expect(catalogue).toHaveProperty('appointments');
  });

  it('fails as not found for a locale the console does not have, or a feature without words', async () => {
    await expect(loadFeatureCatalogue('xx', 'appointments')).rejects.toBeInstanceOf(LocaleNotFound);
    await expect(loadFeatureCatalogue('debug', 'appointments')).rejects.toBeInstanceOf(LocaleNotFound);
    await expect(loadFeatureCatalogue('de', 'auth')).rejects.toBeInstanceOf(LocaleNotFound);
    await expect(loadFeatureCatalogue('menu', 'appointments')).rejects.toBeInstanceOf(LocaleNotFound);
  });
});

describe('notusable.html', () => {
  const page = readFileSync(fileURLToPath(new URL('../../web/public/notusable.html', import.meta.url)), 'utf8');
  const script = readFileSync(fileURLToPath(new URL('../../web/public/notusable.js', import.meta.url)), 'utf8');

  it('carries its words in every language of the console', () => {
    for (const locale of LOCALES) expect(script).toMatch(new RegExp(`['"]?${locale}['"]?\\s*:`));
  });

  it("has no inline script, which the console's CSP would block", () => {
    expect(page).not.toMatch(/<script>/);
    expect(page).toContain('<script src="notusable.js"></script>');
  });

  it('sends the agent back to the console', () => {
    expect(page).toContain('href="/app/"');
  });
});
