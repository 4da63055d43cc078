/**
 * The album part's words on the customer's visit page: one small JSON chunk per language (the
 * console's i18next and its files stay out of the page), fetched only for the language shown.
 */
import type { Locale } from '../../../../../shared/locales.js';

export interface AlbumWords {
  title: string;
  photo: string;
  video: string;
  /** `{{caption}}`: what the photo shows. */
  open: string;
}

const files = import.meta.glob<AlbumWords>('./locales/*.json', { import: 'default' });

/** The words in `locale`, else US English (a locale the files lack never leaves the part blank). */
export function albumWords(locale: Locale): Promise<AlbumWords> {
  const load = files[`./locales/${locale}.json`] ?? files['./locales/en-us.json']!;
  return load();
}
