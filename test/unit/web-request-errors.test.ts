import { describe, expect, it } from 'vitest';
import { failureAction, serverMessage, thrownAction } from '../../web/src/lib/request-errors.js';

const signedIn = { signedIn: true };

describe('failureAction (SPEC §8 request helper)', () => {
  it.each([
    ['error id token_expired', 401, { error: { id: 'token_expired', message: 'Access token has expired.' } }],
    ['the message Invalid agent ID.', 401, { error: { id: 'invalid_token', message: 'Invalid agent ID.' } }],
    ['the message Access token has expired.', 401, { message: 'Access token has expired.' }],
    ['token_expired even on another status', 403, { error: { id: 'token_expired', message: 'x' } }],
  ])('signs out and reloads for %s', (_name, status, body) => {
    expect(failureAction(status, body, signedIn)).toEqual({ kind: 'session_expired' });
  });

  it('signs out with the inactivity flash on any other 401 of a signed-in request', () => {
    expect(failureAction(401, { error: { id: 'invalid_refresh_token', message: 'Your session has ended.' } }, signedIn)).toEqual({
      kind: 'inactive',
    });
    expect(failureAction(401, null, signedIn)).toEqual({ kind: 'inactive' });
  });

  it('never signs anyone out for a 401 on a request made without the token (a wrong password)', () => {
    const body = { error: { id: 'bad_credentials', message: 'Wrong username or password.' } };
    expect(failureAction(401, body, { signedIn: false })).toEqual({ kind: 'toast', message: 'Wrong username or password.' });
    expect(failureAction(401, { error: { id: 'token_expired', message: 'Access token has expired.' } }, { signedIn: false }).kind).toBe('toast');
  });

  it('leaves an expected status or error id to the caller', () => {
    const body = { error: { id: 'not_found', message: 'Not found' } };
    expect(failureAction(404, body, { signedIn: true, expected: { statuses: [404] } })).toEqual({ kind: 'expected' });
    expect(failureAction(409, { error: { id: 'already_claimed', message: 'Claimed' } }, { signedIn: true, expected: { ids: ['already_claimed'] } })).toEqual({
      kind: 'expected',
    });
    expect(failureAction(404, body, { signedIn: true, expected: { statuses: [409] } })).toEqual({ kind: 'toast', message: 'Not found' });
  });

  it('toasts errors[].message joined, else error.message, else message', () => {
    expect(failureAction(422, { errors: [{ message: 'First name is required' }, { message: 'Phone is invalid' }] }, signedIn)).toEqual({
      kind: 'toast',
      message: 'First name is required\nPhone is invalid',
    });
    expect(failureAction(500, { error: { id: 'boom', message: 'Database unavailable' } }, signedIn)).toEqual({ kind: 'toast', message: 'Database unavailable' });
    expect(failureAction(400, { message: 'Bad input' }, signedIn)).toEqual({ kind: 'toast', message: 'Bad input' });
  });

  it('falls back to the generic unexpected error when the server gave no words', () => {
    expect(failureAction(502, '<html>Bad gateway</html>', signedIn)).toEqual({ kind: 'unexpected' });
    expect(failureAction(500, { errors: [] }, signedIn)).toEqual({ kind: 'unexpected' });
    expect(failureAction(500, null, signedIn)).toEqual({ kind: 'unexpected' });
  });
});

describe('thrownAction', () => {
  it('ignores aborts', () => {
    expect(thrownAction(new DOMException('The operation was aborted.', 'AbortError'))).toEqual({ kind: 'aborted' });
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'The Internet connection appears to be offline.'])(
    'treats "%s" as offline',
    (message) => {
      expect(thrownAction(new TypeError(message))).toEqual({ kind: 'offline' });
    },
  );

  it('calls anything else unexpected', () => {
    expect(thrownAction(new Error('Something else'))).toEqual({ kind: 'unexpected' });
    expect(thrownAction('weird')).toEqual({ kind: 'unexpected' });
  });
});

describe('serverMessage', () => {
  it('prefers the listed errors, then the error, then the message, else nothing', () => {
    expect(serverMessage({ errors: [{ message: 'A' }], error: { id: 'x', message: 'B' } })).toBe('A');
    expect(serverMessage({ error: { id: 'x', message: 'B' }, message: 'C' })).toBe('B');
    expect(serverMessage({ message: 'C' })).toBe('C');
    expect(serverMessage('plain text')).toBe('');
  });
});
