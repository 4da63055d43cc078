import * as z from 'zod/mini';

/**
 * Length caps. Whatever reaches a DynamoDB key must stay far below its 2,048-byte limit (a longer
 * value would answer 500 instead of 422), and no one should make the server hash a megabyte.
 */
export const MAX_EMAIL_LENGTH = 254; // RFC 5321's longest deliverable address
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_TOKEN_LENGTH = 512;
export const MAX_ID_LENGTH = 128;

/** A string is valid when non-empty after trimming (SPEC §5). */
export const present = z.string().check(z.trim(), z.minLength(1));

/** A token the server handed out (refresh, reset, magic link): never longer than MAX_TOKEN_LENGTH. */
const token = (blank?: string) => z.string(blank ? { error: blank } : undefined).check(z.trim(), z.minLength(1, blank), z.maxLength(MAX_TOKEN_LENGTH, 'Token is too long'));

const tooLongEmail = `E-mail is too long (maximum is ${MAX_EMAIL_LENGTH} characters)`;

/** Sign-in e-mail: trimmed and lowercased before anything looks it up. */
export const signInEmail = z
  .string({ error: 'Provide credentials' })
  .check(z.trim(), z.toLowerCase(), z.minLength(1, 'Provide credentials'), z.maxLength(MAX_EMAIL_LENGTH, tooLongEmail));

// Same pattern in the forgot-password dialog and on the server.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const emailAddress = z
  .string({ error: 'Please enter valid email address.' })
  .check(z.trim(), z.toLowerCase(), z.maxLength(MAX_EMAIL_LENGTH, tooLongEmail), z.regex(EMAIL_PATTERN, 'Please enter valid email address.'));

export const PASSWORD_MIN = 8;

export const loginProbeBody = z.object({ agent: z.object({ email: signInEmail }) });
export const loginJwtBody = z.object({
  agent: z.object({
    email: signInEmail,
    password: z
      .string({ error: 'Provide credentials' })
      .check(z.minLength(1, 'Provide credentials'), z.maxLength(MAX_PASSWORD_LENGTH, `Password is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`)),
    remember_me: z.optional(z.boolean()),
  }),
});
export const refreshBody = z.object({ refresh_token: token() });
export const passwordResetRequestBody = z.object({ agent: z.object({ email: emailAddress }) });
export const passwordResetBody = z
  .object({
    agent: z.object({
      token: token('Missing token'),
      password: z
        .string({ error: "Password can't be blank" })
        .check(
          z.minLength(1, "Password can't be blank"),
          z.minLength(PASSWORD_MIN, `Password is too short (minimum is ${PASSWORD_MIN} characters)`),
          z.maxLength(MAX_PASSWORD_LENGTH, `Password is too long (maximum is ${MAX_PASSWORD_LENGTH} characters)`),
        ),
      password_confirmation: z.string().check(z.maxLength(MAX_PASSWORD_LENGTH)),
    }),
  })
  .check(
    z.refine((b) => b.agent.password === b.agent.password_confirmation, {
      message: "Password confirmation doesn't match Password",
      path: ['agent', 'password_confirmation'],
    }),
  );
export const magicSessionBody = z.object({ agent: z.object({ email: signInEmail, token: token() }) });
export const impersonateBody = z.object({ impersonate_agent_id: z.nullable(z.string().check(z.maxLength(MAX_ID_LENGTH, 'Id is too long'))) });

export type LoginJwtBody = z.infer<typeof loginJwtBody>;
