/** What the activity list keeps of a change: simple values before and after, secrets and lists by name only. */
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../lib/activities.js';
import { editableFlags, mayEdit } from '../../../shared/users/users.js';
import { accessFlags } from '../../../test/support/ownStore.js';

describe('changedFields', () => {
  it('lists only what changed, by field name, with simple values before and after', () => {
    const before = { quiet_hours_start: '21:00', quiet_hours_end: '08:00', safe_mode: false, reminder: 3 };
    const after = { quiet_hours_start: '20:00', quiet_hours_end: '08:00', safe_mode: true, reminder: null };
    expect(changedFields(before, after)).toEqual([
      { field: 'quiet_hours_start', before: '21:00', after: '20:00' },
      { field: 'reminder', before: 3, after: null },
      { field: 'safe_mode', before: false, after: true },
    ]);
  });

  it('names a secret, a list or an object without its values', () => {
    const changes = changedFields(
      { provider_account: 'acct_1', api_key: 'k1', opcodes: ['A'], numbers: { service: '+1' } },
      { provider_account: 'acct_2', api_key: 'k2', opcodes: ['A', 'B'], numbers: { service: '+2' } },
    );
    expect(changes).toEqual([{ field: 'api_key' }, { field: 'numbers' }, { field: 'opcodes' }, { field: 'provider_account' }]);
    expect(JSON.stringify(changes)).not.toMatch(/acct_2|k2/);
  });
});

describe('who may switch which flag', () => {
  it('keeps admin to admins, and one’s own admin and manager flags as they are', () => {
    expect(editableFlags({ flags: accessFlags('manager'), self: false })).toMatchObject({ admin: false, manager: true, service: true });
    expect(editableFlags({ flags: accessFlags('admin'), self: false })).toMatchObject({ admin: true, manager: true });
    expect(editableFlags({ flags: accessFlags('admin'), self: true })).toMatchObject({ admin: false, manager: false, chat: true });
    expect(mayEdit(accessFlags('manager'), accessFlags('admin'))).toBe(false);
    expect(mayEdit(accessFlags('manager'), accessFlags('manager'))).toBe(true);
    expect(mayEdit(accessFlags('service'), accessFlags('chat'))).toBe(false);
  });
});
