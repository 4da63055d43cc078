/** The console's locale files as tests read them: every text by its dotted key ("detail.opt_out_confirm"). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type LocaleTree = { [key: string]: string | LocaleTree };

/** Every text of a locale tree by its dotted key. */
export function flattenLocale(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenLocale(value, `${path}.`)) out.set(k, v);
  }
  return out;
}

/** One console text as the locale file has it; throws when the file has no such text. */
export function localeText(locale: string, key: string): string {
  const file = fileURLToPath(new URL(`../../web/src/locales/${locale}.json`, import.meta.url));
  const text = flattenLocale(JSON.parse(readFileSync(file, 'utf8')) as LocaleTree).get(key);
  if (text === undefined) throw new Error(`${key} is not a text in ${locale}`);
  return text;
}
