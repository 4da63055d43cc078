/** The Users screen's contract (issue 22; SPEC §2 "users", §6 roles): the people of a store and who may change them. */
import { ACCESS_FLAGS, type AccessFlags } from '../access.js';
import type { Colleague } from '../api.js';

export const USERS_PER_PAGE = 20;

/** A row of the users list: a colleague as every list shows one, and when they joined. */
export interface UserRow extends Colleague {
  created_at: string;
}

/** What the server refuses on these routes, by id; the console words each. */
export const USER_REFUSALS = {
  email_taken: 'This e-mail address is already taken',
  own_flags: 'You cannot remove your own admin or manager access',
  own_account: 'You cannot deactivate your own account',
  admin_only: 'Only an admin can grant, remove or change admin access',
  wrong_password: 'The current password is wrong',
} as const;
export type UserRefusal = keyof typeof USER_REFUSALS;

/**
 * The flags the caller may switch on someone (SPEC §6): an admin every one, a manager every one but
 * admin; the caller's own admin and manager flags stay as they are, so a store is never left
 * without one.
 */
export function editableFlags(caller: { flags: AccessFlags; self: boolean }): AccessFlags {
  const flags = Object.fromEntries(ACCESS_FLAGS.map((flag) => [flag, true])) as AccessFlags;
  if (!caller.flags.admin) flags.admin = false;
  if (caller.self) {
    flags.admin = false;
    flags.manager = false;
  }
  return flags;
}

/** Whether the caller may edit the target at all: a manager never edits an admin. */
export function mayEdit(caller: AccessFlags, target: AccessFlags): boolean {
  if (caller.admin) return true;
  return caller.manager && !target.admin;
}

/** Matches the search box: any word of the name or the e-mail address. */
export function matchesSearch(user: Pick<Colleague, 'first_name' | 'last_name' | 'email'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return `${user.first_name} ${user.last_name}`.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
}
