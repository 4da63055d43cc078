/** How the template form reads a refusal, its own check's or the server's 422: each text at its field, in the agent's language. */
import type { ServerTexts } from '../../components/DialogForm.js';
import { TEMPLATE_ERRORS } from '../../../../shared/templates/templates.js';

export type TemplateField = 'name' | 'text' | 'board';

const KEYS: Record<string, string> = {
  [TEMPLATE_ERRORS.name]: 'templates.error_name',
  [TEMPLATE_ERRORS.name_too_long]: 'templates.error_name_long',
  [TEMPLATE_ERRORS.text]: 'templates.error_text',
  [TEMPLATE_ERRORS.text_too_long]: 'templates.error_text_long',
  [TEMPLATE_ERRORS.board]: 'templates.error_board',
};

export const templateTexts: ServerTexts<TemplateField> = {
  fieldOf: (path) => {
    const field = path?.split('.').at(-1);
    return field === 'name' || field === 'text' || field === 'board' ? field : null;
  },
  keyOf: (text) => KEYS[text] ?? null,
  fallback: 'templates.save_failed',
};
