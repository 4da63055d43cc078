/**
 * The payment part's view on the visit page: its words exist in every customer language with the
 * same keys and placeholders, and the view stays in the page's budget (no React, zod or date-fns:
 * the visit page is as small as the inspection page it replaces).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../../shared/locales.js';

const visitDir = fileURLToPath(new URL('../visit/', import.meta.url));
const words = (locale: string): Record<string, string> => JSON.parse(readFileSync(`${visitDir}locales/${locale}.json`, 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const CUSTOMER_LOCALES = LOCALES.filter((l) => l !== 'debug');

describe('the payment part of the visit page', () => {
  it('has words for every customer language and no other', () => {
    expect(readdirSync(`${visitDir}locales`).map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...CUSTOMER_LOCALES].sort());
  });

  it.each(CUSTOMER_LOCALES)('%s has the keys and placeholders of en-us, none empty, and the SPEC texts in English', (locale) => {
    const reference = words('en-us');
    const own = words(locale);
    expect(Object.keys(own).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(own)) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(reference[key]!));
    }
    if (locale.startsWith('en-')) {
      expect(own.closed).toBe('This invoice has been closed, please check with your cashier');
      expect(own.pdf_missing).toBe('PDF Invoice is not generated');
    } else {
      expect(own.closed).not.toBe(reference.closed);
    }
  });

  it('imports nothing the visit page cannot carry', () => {
    const sources = readdirSync(visitDir).filter((f) => /\.tsx?$/.test(f)).map((f) => readFileSync(visitDir + f, 'utf8'));
    const imports = sources.flatMap((source) => [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!));
    expect(imports.filter((name) => /^(react|react-dom|zod|zod\/mini|date-fns|i18next|react-i18next|swr)(\/|$)/.test(name))).toEqual([]);
    expect(sources.find((s) => s.includes('PaymentPart'))).toMatch(/^\/\*\* @jsxImportSource preact \*\//);
  });
});
