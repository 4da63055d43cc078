/**
 * My profile (issue 22; SPEC §3 Agent): what an agent changes about themself. The form and the
 * server read the same schema; the server also checks the SMS number against the store's country
 * (functions/lib/phones.ts) and refuses any field that is not the agent's own to change.
 */
import * as z from 'zod/mini';
import { LOCALES, type Locale } from '../locales.js';
import { requiredText } from '../schemas/required.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../schemas/people.js';

export const PROFILE_ERRORS = {
  first_name: PERSON_ERRORS.first_name,
  last_name: PERSON_ERRORS.last_name,
  locale: 'Please choose a language of the console',
  flag: 'Please answer yes or no',
  /** A field that is someone else's to change (access flags, location, e-mail): an agent's managers set those. */
  not_yours: 'This cannot be changed on your own profile',
} as const;

/** The fields of the profile an agent may send; anything else is refused by name. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'email_notifications_enabled', 'sms_notifications_enabled', 'sms_notifications_phone', 'call_phone', 'locale'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Every field may be left out (it keeps its value); a field sent is checked. */
export const profileChanges = z.object({
  first_name: z.optional(requiredText(PROFILE_ERRORS.first_name, 80)),
  last_name: z.optional(requiredText(PROFILE_ERRORS.last_name, 80)),
  email_notifications_enabled: z.optional(z.boolean({ error: PROFILE_ERRORS.flag })),
  sms_notifications_enabled: z.optional(z.boolean({ error: PROFILE_ERRORS.flag })),
  /** Empty or null: no number (then SMS notifications cannot be on). */
  sms_notifications_phone: z.optional(z.nullable(z.string({ error: PHONE_ERRORS.invalid }).check(z.trim(), z.maxLength(32, { message: PHONE_ERRORS.invalid })))),
  /** Empty or null: none (then "call customer" rings the SMS notifications number, else refuses: shared/calls). */
  call_phone: z.optional(z.nullable(z.string({ error: PHONE_ERRORS.invalid }).check(z.trim(), z.maxLength(32, { message: PHONE_ERRORS.invalid })))),
  locale: z.optional(z.enum(LOCALES, { error: PROFILE_ERRORS.locale })),
});
export type ProfileChanges = z.infer<typeof profileChanges>;

/** `PUT /api/agents/me` body. */
export const profileBody = z.object({ agent: profileChanges });

/** The profile as the screen shows it and the agent's other consoles hear it (`profile.changed`). */
export interface OwnProfileView {
  first_name: string;
  last_name: string;
  email_notifications_enabled: boolean;
  sms_notifications_enabled: boolean;
  sms_notifications_phone: string | null;
  /** The phone "call customer" rings first (E.164), issue 25. */
  call_phone: string | null;
  locale: Locale;
}

/** The keys of a body's `agent` that are not the agent's own to change. */
export function foreignFields(agent: unknown): string[] {
  if (typeof agent !== 'object' || agent === null || Array.isArray(agent)) return [];
  return Object.keys(agent).filter((key) => !(PROFILE_FIELDS as readonly string[]).includes(key));
}
