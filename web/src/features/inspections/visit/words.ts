/** The inspection part's words, one chunk per language (the part's view loads the one it shows). */
import { textsLoader, type TextsModule } from '../../../visitPage/texts.js';

export const loadInspectionTexts = textsLoader(import.meta.glob<TextsModule>('./locales/*.json'));
