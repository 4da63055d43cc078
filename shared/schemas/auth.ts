import { z } from 'zod';

/** A string is valid when non-empty after trimming (SPEC §5). */
export const present = z.string().trim().min(1);

/** Sign-in e-mail: trimmed and lowercased before anything looks it up. */
export const signInEmail = z.string().trim().toLowerCase().min(1, 'Provide credentials');

// Same pattern in the forgot-password dialog and on the server.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const emailAddress = z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Please enter valid email address.');

export const PASSWORD_MIN = 8;

export const loginProbeBody = z.object({ agent: z.object({ email: signInEmail }) });
export const loginJwtBody = z.object({
  agent: z.object({
    email: signInEmail,
    password: z.string().min(1, 'Provide credentials'),
    remember_me: z.boolean().optional(),
  }),
});
export const refreshBody = z.object({ refresh_token: present });
export const passwordResetRequestBody = z.object({ agent: z.object({ email: emailAddress }) });
export const passwordResetBody = z
  .object({
    agent: z.object({
      token: z.string().trim().min(1, 'Missing token'),
      password: z.string().min(1, "Password can't be blank").min(PASSWORD_MIN, `Password is too short (minimum is ${PASSWORD_MIN} characters)`),
      password_confirmation: z.string(),
    }),
  })
  .refine((b) => b.agent.password === b.agent.password_confirmation, {
    message: "Password confirmation doesn't match Password",
    path: ['agent', 'password_confirmation'],
  });
export const magicSessionBody = z.object({ agent: z.object({ email: signInEmail, token: present }) });
export const impersonateBody = z.object({ impersonate_agent_id: z.string().nullable() });

export type LoginJwtBody = z.infer<typeof loginJwtBody>;
