/** Inviting and changing users, and setting a password: the same checks in the forms and on the server. */
import * as z from 'zod/mini';
import { ACCESS_FLAGS, type AccessFlag } from '../access.js';
import { MAX_PASSWORD_LENGTH, PASSWORD_MIN, emailAddress } from '../schemas/auth.js';
import { PERSON_ERRORS } from '../schemas/people.js';
import { requiredText } from '../schemas/required.js';

const accessFlags = z.object(Object.fromEntries(ACCESS_FLAGS.map((flag) => [flag, z.boolean()])) as Record<AccessFlag, z.ZodMiniBoolean>);

export const inviteBody = z.object({
  user: z.object({
    first_name: requiredText(PERSON_ERRORS.first_name, 80),
    last_name: requiredText(PERSON_ERRORS.last_name, 80),
    email: emailAddress,
    access_level: accessFlags,
  }),
});
export type InviteBody = z.infer<typeof inviteBody>;

export const userChangeBody = z.object({
  user: z.object({
    first_name: z.optional(requiredText(PERSON_ERRORS.first_name, 80)),
    last_name: z.optional(requiredText(PERSON_ERRORS.last_name, 80)),
    access_level: z.optional(accessFlags),
  }),
});
export type UserChangeBody = z.infer<typeof userChangeBody>;

export const PASSWORD_ERRORS = {
  blank: "Password can't be blank",
  too_short: `Password is too short (minimum is ${PASSWORD_MIN} characters)`,
  too_long: `Password is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`,
  mismatch: "Password confirmation doesn't match Password",
} as const;

/** SPEC §2 change-password modal: the new password twice; the agent's own needs the current one (checked by the route). */
export const passwordChangeBody = z
  .object({
    agent: z.object({
      current_password: z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH))),
      password: z
        .string({ error: PASSWORD_ERRORS.blank })
        .check(z.minLength(1, PASSWORD_ERRORS.blank), z.minLength(PASSWORD_MIN, PASSWORD_ERRORS.too_short), z.maxLength(MAX_PASSWORD_LENGTH, PASSWORD_ERRORS.too_long)),
      password_confirmation: z.string().check(z.maxLength(MAX_PASSWORD_LENGTH)),
    }),
  })
  .check(z.refine((b) => b.agent.password === b.agent.password_confirmation, { message: PASSWORD_ERRORS.mismatch, path: ['agent', 'password_confirmation'] }));
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
