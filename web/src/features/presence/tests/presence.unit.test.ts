/** The presence dialog's reading of the API's refusals (features/presence/presenceWords.ts). */
import { describe, expect, it } from 'vitest';
import { PRESENCE_ERRORS } from '../../../../../shared/presence.js';
import { localeText } from '../../../../../test/support/localeFiles.js';
import { fieldRefusals } from '../presenceWords.js';

describe('the refusals of PUT /api/agents/me/presence at their fields', () => {
  it('finds the words of each known refusal at its field', () => {
    const body = {
      errors: [
        { message: PRESENCE_ERRORS.auto_reply_text, path: 'presence.auto_reply_text' },
        { message: PRESENCE_ERRORS.routed_to_self, path: 'presence.routed_to_agent_id' },
      ],
    };
    expect(fieldRefusals(body)).toEqual({ auto_reply_text: { key: 'errors.auto_reply_text' }, routed_to_agent_id: { key: 'errors.routed_to_self' } });
  });

  it("keeps the server's words for a refusal the console does not know, and ignores other fields", () => {
    expect(fieldRefusals({ errors: [{ message: 'Missing Required Field: Mode', path: 'presence.mode' }, { message: 'x', path: 'other' }] })).toEqual({
      mode: { text: 'Missing Required Field: Mode' },
    });
    expect(fieldRefusals({ error: { id: 'presence_changed', message: 'Your presence changed meanwhile' } })).toEqual({});
  });

  it('has words for every refusal, in every language', () => {
    for (const id of Object.keys(PRESENCE_ERRORS)) {
      expect(localeText('en-us', `presence:errors.${id}`)).not.toBe('');
      expect(localeText('de', `presence:errors.${id}`)).not.toBe(localeText('en-us', `presence:errors.${id}`));
    }
  });
});
