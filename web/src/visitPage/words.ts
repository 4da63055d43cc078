/** The visit page's own words (header, notices, language choice), one chunk per language. */
import { textsLoader, type Texts } from './texts.js';

export const loadPageTexts = textsLoader(import.meta.glob<Texts>('./locales/*.json', { import: 'default' }));
