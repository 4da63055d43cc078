/** The album part's words on the visit page: every customer language, every word, none left English where it should not be. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../../shared/locales.js';

const dir = join(import.meta.dirname, '../visit/locales');
const read = (locale: string): Record<string, string> => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'));

describe('the album part words', () => {
  it('has a file for every language but debug, each with the English keys filled and the caption placeholder kept', () => {
    const english = read('en-us');
    const expected = LOCALES.filter((l) => l !== 'debug').map((l) => `${l}.json`).sort();
    expect(readdirSync(dir).sort()).toEqual(expected);
    for (const locale of LOCALES.filter((l) => l !== 'debug')) {
      const words = read(locale);
      expect(Object.keys(words).sort(), locale).toEqual(Object.keys(english).sort());
      for (const value of Object.values(words)) expect(value.trim(), locale).not.toBe('');
      expect(words.open, locale).toContain('{{caption}}');
      if (!locale.startsWith('en')) expect(words.title, locale).not.toBe(english.title);
    }
  });
});
