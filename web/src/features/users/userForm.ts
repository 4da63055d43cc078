/** How the invite and edit form reads a refusal, its own check's or the server's 422: each text at its field, in the agent's language. */
import { PERSON_ERRORS } from '../../../../shared/schemas/people.js';
import { USER_REFUSALS } from '../../../../shared/users/users.js';
import type { ServerTexts } from '../../components/DialogForm.js';

export type UserField = 'first_name' | 'last_name' | 'email' | 'access_level';

const KEYS: Record<string, string> = {
  [PERSON_ERRORS.first_name]: 'users.error_first_name',
  [PERSON_ERRORS.last_name]: 'users.error_last_name',
  [PERSON_ERRORS.email]: 'users.error_email',
  [USER_REFUSALS.email_taken]: 'users.error_email_taken',
  [USER_REFUSALS.own_flags]: 'users.error_own_flags',
};

export const userTexts: ServerTexts<UserField> = {
  fieldOf: (path) => {
    const parts = path?.split('.') ?? [];
    const field = parts[1];
    return field === 'first_name' || field === 'last_name' || field === 'email' || field === 'access_level' ? field : null;
  },
  keyOf: (text) => KEYS[text] ?? null,
  fallback: 'users.save_failed',
};
