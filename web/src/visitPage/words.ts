/** The visit page's own words (header, notices, language choice), one chunk per language. */
import { textsLoader, type TextsModule } from './texts.js';

export const loadPageTexts = textsLoader(import.meta.glob<TextsModule>('./locales/*.json'));
