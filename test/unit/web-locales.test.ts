import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flattenLocale, type LocaleTree } from '../support/localeFiles.js';
import { LOCALES, intlTag, type Locale } from '../../shared/locales.js';
import { LocaleNotFound, loadCatalogue } from '../../web/src/lib/i18n.js';

const dir = fileURLToPath(new URL('../../web/src/locales/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;



function read(locale: string): Map<string, string> {
  return flattenLocale(JSON.parse(readFileSync(`${dir}${locale}.json`, 'utf8')) as LocaleTree);
}

/** Keys with plural suffixes folded into their base key. */
function baseKeys(entries: Map<string, string>): Set<string> {
  return new Set([...entries.keys()].map((k) => k.replace(PLURAL, '')));
}

/** {{placeholders}} and <tags> a translation must keep. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

const FILE_LOCALES = LOCALES.filter((l): l is Exclude<Locale, 'debug'> => l !== 'debug');
const english = read('en-us');

describe('locale files', () => {
  it('exist for every language of the console and nothing else (debug shows keys, it has no file)', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
    expect(files).toEqual([...FILE_LOCALES].sort());
  });

  describe.each(FILE_LOCALES)('%s', (locale) => {
    const entries = read(locale);

    it('has exactly the keys of en-us', () => {
      expect([...baseKeys(entries)].sort()).toEqual([...baseKeys(english)].sort());
    });

    it('has exactly the plural forms its language uses', () => {
      const categories = new Intl.PluralRules(intlTag(locale)).resolvedOptions().pluralCategories.slice().sort();
      const plurals = new Map<string, string[]>();
      for (const key of entries.keys()) {
        const match = PLURAL.exec(key);
        if (!match) continue;
        const base = key.replace(PLURAL, '');
        plurals.set(base, [...(plurals.get(base) ?? []), match[1]!]);
      }
      expect(plurals.size).toBeGreaterThan(0);
      for (const [base, forms] of plurals) expect({ base, forms: forms.sort() }).toEqual({ base, forms: categories });
    });

    it('has no empty texts', () => {
      for (const [key, value] of entries) expect({ key, value: value.trim().length > 0 }).toEqual({ key, value: true });
    });

    it('keeps the placeholders and markup of en-us', () => {
      for (const [key, value] of entries) {
        const base = key.replace(PLURAL, '');
        const reference = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base);
        expect(reference, key).toBeDefined();
        expect({ key, markers: markers(value) }).toEqual({ key, markers: markers(reference!) });
      }
    });

    it(locale === 'en-gb' || locale === 'en-uk' ? 'says VHC, never MPI' : 'says MPI, never VHC', () => {
      const texts = [...entries.values()].join('\n');
      if (locale === 'en-gb' || locale === 'en-uk') {
        expect(texts).not.toMatch(/\bMPI\b/);
        expect(texts).toMatch(/\bVHC\b/);
      } else {
        expect(texts).not.toMatch(/\bVHC\b/);
        expect(texts).toMatch(/\bMPI\b/);
      }
    });
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
