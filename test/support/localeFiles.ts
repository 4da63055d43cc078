/**
 * The console's locale files as tests read them: every text by its dotted key ("detail.opt_out_confirm").
 * The shell's and shared components' words are web/src/locales/<locale>.json; a feature's own words
 * are its namespace, web/src/features/<feature>/locales/<locale>.json, and a key of a feature is
 * written as i18next writes it, "<feature>:<key>" ("appointments:appointments.title"). A screen's
 * menu name is a record of every language in locales/menu.json beside the screen.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../shared/locales.js';

export type LocaleTree = { [key: string]: string | LocaleTree };
export type FileLocale = Exclude<Locale, 'debug'>;

/** Every language that has words (`debug` shows keys). */
export const FILE_LOCALES = LOCALES.filter((l): l is FileLocale => l !== 'debug');

/** The namespace of the shared words (i18next's default). */
export const SHARED_WORDS = 'translation';

const webSrc = fileURLToPath(new URL('../../web/src/', import.meta.url));

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

/** The folder of a namespace's locale files. */
export function localeDir(namespace: string = SHARED_WORDS): string {
  return namespace === SHARED_WORDS ? `${webSrc}locales/` : `${webSrc}features/${namespace}/locales/`;
}

/** The features that keep words of their own: each is a namespace named after its folder. */
export function featureNamespaces(): string[] {
  return readdirSync(`${webSrc}features/`)
    .filter((feature) => existsSync(`${localeDir(feature)}en-us.json`))
    .sort();
}

/** One locale file of a namespace, every text by its dotted key. */
export function readLocale(locale: string, namespace: string = SHARED_WORDS): Map<string, string> {
  return flattenLocale(JSON.parse(readFileSync(`${localeDir(namespace)}${locale}.json`, 'utf8')) as LocaleTree);
}

/** Every console text of a locale: shared keys as they are, a feature's as "<feature>:<key>". */
export function consoleTexts(locale: string): Map<string, string> {
  const out = new Map(readLocale(locale));
  for (const namespace of featureNamespaces()) for (const [key, value] of readLocale(locale, namespace)) out.set(`${namespace}:${key}`, value);
  return out;
}

/** One console text as the locale file has it ("key" shared, "<feature>:key" a feature's); throws when the file has no such text. */
export function localeText(locale: string, key: string): string {
  const split = key.indexOf(':');
  const namespace = split < 0 ? SHARED_WORDS : key.slice(0, split);
  const text = readLocale(locale, namespace).get(key.slice(split + 1));
  if (text === undefined) throw new Error(`${key} is not a text in ${locale}`);
  return text;
}

/** The files that name screens in the menu: each feature's locales/menu.json. */
export function menuFiles(): string[] {
  const features = readdirSync(`${webSrc}features/`)
    .map((feature) => `${webSrc}features/${feature}/locales/menu.json`)
    .filter((file) => existsSync(file));
  return features;
}

/** Every screen's menu name, by "menu.<screen>" (what `debug` shows), in every language. */
export function menuWords(): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const file of menuFiles()) {
    for (const [screen, words] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>)) out.set(`menu.${screen}`, words);
  }
  return out;
}
