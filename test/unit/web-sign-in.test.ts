import { describe, expect, it } from 'vitest';
import { emailAddress, loginJwtBody, passwordResetBody } from '../../shared/schemas/auth.js';
import { signInProblem } from '../../web/src/features/auth/sign-in-errors.js';
import { KNOWN_SCHEMA_TEXTS, firstProblem } from '../../web/src/features/auth/validation.js';
import { failureAction } from '../../web/src/lib/request-errors.js';
import { ApiError } from '../../web/src/lib/request.js';

function answered(status: number, body: unknown): ApiError {
  return new ApiError(failureAction(status, body, { signedIn: false }), status, body, 'failed');
}

describe('signInProblem (SPEC §8 Login)', () => {
  it.each(['bad_credentials', 'invalid_username_or_password'])('%s offers the forgot-password link', (id) => {
    expect(signInProblem(answered(401, { error: { id, message: 'nope' } }))).toEqual({ kind: 'wrong_credentials' });
  });

  it('an inactive account (403)', () => {
    expect(signInProblem(answered(403, { error: { id: 'inactive', message: 'Your account is inactive.' } }))).toEqual({
      kind: 'text',
      key: 'sign_in.inactive',
    });
  });

  it('an unknown user (404)', () => {
    expect(signInProblem(answered(404, { error: { id: 'not_found', message: 'x' } }))).toEqual({ kind: 'text', key: 'sign_in.user_not_found' });
  });

  it('a location outside the allow-list', () => {
    expect(signInProblem(answered(403, { error: { id: 'ip_not_allowed', message: 'x' } }))).toEqual({ kind: 'text', key: 'sign_in.ip_not_allowed' });
  });

  it('an outdated tray app', () => {
    expect(signInProblem(answered(400, { error: { id: 'old_tray_app', message: 'x' } }))).toEqual({ kind: 'old_tray_app' });
  });

  it('a locked account, in whole minutes from retry_after_seconds', () => {
    const locked = (body: unknown) => signInProblem(answered(429, body));
    expect(locked({ error: { id: 'account_locked', message: 'Locked', retry_after_seconds: 61 } })).toEqual({
      kind: 'text',
      key: 'sign_in.account_locked',
      values: { count: 2 },
    });
    expect(locked({ error: { id: 'account_locked', message: 'Locked' }, retry_after_seconds: 900 })).toEqual({
      kind: 'text',
      key: 'sign_in.account_locked',
      values: { count: 15 },
    });
    expect(locked({ error: { id: 'account_locked', message: 'Locked for a while' } })).toEqual({ kind: 'raw', message: 'Locked for a while' });
  });

  it("shows the identity provider's error_description on a 400", () => {
    expect(signInProblem(answered(400, { error: 'invalid_grant', error_description: 'Account disabled at provider' }))).toEqual({
      kind: 'raw',
      message: 'Account disabled at provider',
    });
  });

  it('shows any other server message as it came', () => {
    expect(signInProblem(answered(409, { error: { id: 'something_new', message: 'Try the other door' } }))).toEqual({
      kind: 'raw',
      message: 'Try the other door',
    });
  });

  it('says the server cannot be reached when the network is down', () => {
    const offline = new ApiError({ kind: 'offline' }, 0, null, 'Failed to fetch');
    expect(signInProblem(offline)).toEqual({ kind: 'text', key: 'sign_in.offline' });
  });

  it('falls back to the generic error for anything else', () => {
    expect(signInProblem(new Error('boom'))).toEqual({ kind: 'text', key: 'errors.generic_text' });
    expect(signInProblem(answered(500, null))).toEqual({ kind: 'text', key: 'errors.generic_text' });
  });
});

describe('form validation with the shared schemas', () => {
  it('empty e-mail or password: Provide credentials', () => {
    for (const agent of [{ email: '  ', password: 'x' }, { email: 'a@b.co', password: '' }]) {
      const result = loginJwtBody.safeParse({ agent });
      expect(result.success).toBe(false);
      if (!result.success) expect(firstProblem(result.error).key).toBe('sign_in.provide_credentials');
    }
  });

  it('trims and lowercases the sign-in e-mail', () => {
    expect(loginJwtBody.parse({ agent: { email: '  Advisor@Demo.Example ', password: 'p' } }).agent.email).toBe('advisor@demo.example');
  });

  it('forgot password: a malformed address', () => {
    const result = emailAddress.safeParse('advisor@demo');
    expect(result.success).toBe(false);
    if (!result.success) expect(firstProblem(result.error).key).toBe('forgot.invalid_email');
  });

  it.each([
    [{ token: '', password: 'longenough', password_confirmation: 'longenough' }, 'reset.missing_token', 'token'],
    [{ token: 't', password: '', password_confirmation: '' }, 'reset.password_blank', 'password'],
    [{ token: 't', password: 'short', password_confirmation: 'short' }, 'reset.password_too_short', 'password'],
    [{ token: 't', password: 'longenough', password_confirmation: 'different' }, 'reset.password_mismatch', 'password_confirmation'],
  ])('password reset %#: %s', (agent, key, field) => {
    const result = passwordResetBody.safeParse({ agent });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstProblem(result.error)).toMatchObject({ key, field });
  });

  it('knows every text the auth schemas can produce', () => {
    expect(KNOWN_SCHEMA_TEXTS.sort()).toEqual(
      [
        'Provide credentials',
        'Please enter valid email address.',
        'Missing token',
        "Password can't be blank",
        'Password is too short (minimum is 8 characters)',
        "Password confirmation doesn't match Password",
      ].sort(),
    );
  });
});
