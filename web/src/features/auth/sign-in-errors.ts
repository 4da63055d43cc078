/** What the sign-in page says when signing in fails (SPEC §8 "Login"). Pure, so it is tested as a table. */
import { asErrorBody, errorId, serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';

export type SignInProblem =
  /** 'Wrong username or password. Click here if you forgot your password.' with "Click here" opening the dialog. */
  | { kind: 'wrong_credentials' }
  /** The outdated tray app, with a link to download the current one. */
  | { kind: 'old_tray_app' }
  | { kind: 'text'; key: string; values?: Record<string, string | number> }
  /** The server's own words, shown as they came. */
  | { kind: 'raw'; message: string };

export function signInProblem(error: unknown): SignInProblem {
  if (!(error instanceof ApiError)) return { kind: 'text', key: 'errors.generic_text' };
  if (error.action.kind === 'offline') return { kind: 'text', key: 'sign_in.offline' };
  const { status, body } = error;
  switch (errorId(body)) {
    case 'bad_credentials':
    case 'invalid_username_or_password':
      return { kind: 'wrong_credentials' };
    case 'old_tray_app':
      return { kind: 'old_tray_app' };
    case 'ip_not_allowed':
      return { kind: 'text', key: 'sign_in.ip_not_allowed' };
    case 'sso_not_configured':
      return { kind: 'text', key: 'sign_in.sso_not_configured' };
    case 'sso_required':
      return { kind: 'text', key: 'sign_in.sso_required' };
    case 'sso_invalid_token':
      return { kind: 'text', key: 'sign_in.sso_invalid_token' };
    case 'account_locked': {
      const seconds = retryAfterSeconds(body);
      if (seconds !== null) return { kind: 'text', key: 'sign_in.account_locked', values: { count: Math.max(1, Math.ceil(seconds / 60)) } };
      break;
    }
  }
  if (status === 403) return { kind: 'text', key: 'sign_in.inactive' };
  if (status === 404) return { kind: 'text', key: 'sign_in.user_not_found' };
  if (status === 400) {
    const description = (body as { error_description?: unknown } | null)?.error_description ?? asErrorBody(body).error?.error_description;
    if (typeof description === 'string' && description) return { kind: 'raw', message: description };
  }
  const message = serverMessage(body);
  return message ? { kind: 'raw', message } : { kind: 'text', key: 'errors.generic_text' };
}

function retryAfterSeconds(body: unknown): number | null {
  const top = (body as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  const nested = asErrorBody(body).error?.retry_after_seconds;
  const value = typeof top === 'number' ? top : nested;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
