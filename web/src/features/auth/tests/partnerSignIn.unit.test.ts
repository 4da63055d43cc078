import { describe, expect, it } from 'vitest';
import {
  PartnerError,
  connectUrlOf,
  partnerProblem,
  partnerTokensForm,
  passwordGrant,
  revokePartnerToken,
  seamlessErrorPath,
  seamlessFailure,
  wantsSeamless,
  type SsoConfig,
} from '../../../lib/partner.js';
import {
  PARTNER_COOKIE_MAX_AGE_S,
  clearPartnerCookies,
  clearingLines,
  cookieLine,
  cookieValue,
  readPartnerCookies,
  writePartnerEmail,
  writePartnerRefreshToken,
  type CookieJar,
} from '../../../lib/partnerCookies.js';
import { failureAction } from '../../../lib/request-errors.js';
import { ApiError } from '../../../lib/request.js';
import { signInProblem } from '../sign-in-errors.js';

const CONFIG: SsoConfig = {
  provider: 'cao',
  name: 'CAO Connect',
  issuer: 'https://id.partner.example',
  token_endpoint: 'https://id.partner.example/connect/token',
  revocation_endpoint: 'https://id.partner.example/connect/revocation',
  client_id: 'dealer-console',
  scope: 'openid email profile offline_access',
  connect_url: 'https://connect.partner.example/',
  cookies: { email: 'partner_email', refresh_token: 'partner_refresh_token', domain: '.partner.example' },
};

/** A jar that keeps what the page wrote, and reads back as a browser would: the last value per name and domain, deleted at Max-Age=0. */
function recordingJar(initial = ''): CookieJar & { lines: string[] } {
  const lines: string[] = [];
  const kept = new Map<string, string>();
  for (const part of initial.split(';').filter(Boolean)) {
    const [name, value] = part.trim().split('=') as [string, string];
    kept.set(`${name}|`, `${name}=${value}`);
  }
  return {
    lines,
    read: () => [...kept.values()].join('; '),
    write(line) {
      lines.push(line);
      const [pair, ...attributes] = line.split('; ');
      const name = pair!.slice(0, pair!.indexOf('='));
      const domain = attributes.find((a) => a.startsWith('Domain='))?.slice(7) ?? '';
      if (attributes.includes('Max-Age=0')) kept.delete(`${name}|${domain}`);
      else kept.set(`${name}|${domain}`, pair!);
    },
  };
}

describe('partner cookies', () => {
  it('reads a cookie among others, decoded, and treats an empty one as absent', () => {
    const all = 'theme=dark; partner_email=lakeside.advisor%40partner.example; partner_refresh_token=; other=1';
    expect(cookieValue(all, 'partner_email')).toBe('lakeside.advisor@partner.example');
    expect(cookieValue(all, 'partner_refresh_token')).toBeNull();
    expect(cookieValue(all, 'partner')).toBeNull();
    expect(cookieValue('', 'partner_email')).toBeNull();
  });

  it('keeps a value some other site wrote without encoding it', () => {
    expect(cookieValue('partner_email=50%off', 'partner_email')).toBe('50%off');
  });

  it('writes path /, SameSite=Lax, the shared domain when configured, Secure over https', () => {
    expect(cookieLine('partner_email', 'a@b.example', { domain: '.partner.example', secure: true }, 60)).toBe(
      'partner_email=a%40b.example; Path=/; Max-Age=60; SameSite=Lax; Domain=.partner.example; Secure',
    );
    expect(cookieLine('partner_email', 'a@b.example', { domain: null, secure: false }, 60)).toBe('partner_email=a%40b.example; Path=/; Max-Age=60; SameSite=Lax');
  });

  it('clears both the host-only and the domain-wide cookie', () => {
    expect(clearingLines('partner_refresh_token', { domain: '.partner.example', secure: false })).toEqual([
      'partner_refresh_token=; Path=/; Max-Age=0; SameSite=Lax',
      'partner_refresh_token=; Path=/; Max-Age=0; SameSite=Lax; Domain=.partner.example',
    ]);
    expect(clearingLines('partner_refresh_token', { domain: null, secure: false })).toEqual(['partner_refresh_token=; Path=/; Max-Age=0; SameSite=Lax']);
  });

  it('writes the e-mail and the refresh token for a month, and reads them back', () => {
    const jar = recordingJar();
    const scope = { domain: null, secure: false };
    writePartnerEmail('lakeside.advisor@partner.example', scope, jar);
    writePartnerRefreshToken('rt-1', scope, jar);
    expect(jar.lines.every((line) => line.includes(`Max-Age=${PARTNER_COOKIE_MAX_AGE_S}`))).toBe(true);
    expect(readPartnerCookies(jar)).toEqual({ email: 'lakeside.advisor@partner.example', refreshToken: 'rt-1' });
    writePartnerRefreshToken('rt-2', scope, jar);
    expect(readPartnerCookies(jar).refreshToken).toBe('rt-2');
  });

  it('clearing leaves neither cookie, wherever each was set', () => {
    const jar = recordingJar('partner_email=x%40y.example; partner_refresh_token=old');
    writePartnerRefreshToken('domain-wide', { domain: '.partner.example', secure: false }, jar);
    clearPartnerCookies({ domain: '.partner.example', secure: false }, jar);
    expect(readPartnerCookies(jar)).toEqual({ email: null, refreshToken: null });
    expect(jar.read()).toBe('');
  });
});

function answered(status: number, body: unknown): ApiError {
  return new ApiError(failureAction(status, body, { signedIn: false }), status, body, 'failed');
}

describe('seamless sign-in (SPEC §4, §8)', () => {
  it.each([
    ['no cookie', null, null, false],
    ['no cookie, a token', null, 'advisor@demo.example', false],
    ['a cookie, no token', 'lakeside.advisor@partner.example', null, true],
    ['a cookie, the same agent (case aside)', 'lakeside.advisor@partner.example', 'Lakeside.Advisor@partner.example', false],
    ['a cookie, another agent', 'lakeside.advisor@partner.example', 'advisor@demo.example', true],
  ])('runs or not: %s', (_case, cookie, token, runs) => {
    expect(wantsSeamless(cookie, token)).toBe(runs);
  });

  const refused = { error: { id: 'invalid_grant', message: 'grant request is invalid', openid: { error: 'invalid_grant', error_description: 'grant request is invalid' } } };

  it.each<[string, unknown, ReturnType<typeof seamlessFailure>]>([
    ['403 invalid_grant forgets the partner cookies, then /', answered(403, refused), { kind: 'forget_partner' }],
    ['403 without the openid error: the error page', answered(403, { error: { id: 'sso_insufficient_roles', message: 'x' } }), { kind: 'error_page', status: 403 }],
    ['403 with another openid error: the error page', answered(403, { error: { id: 'x', openid: { error: 'invalid_client' } } }), { kind: 'error_page', status: 403 }],
    ['404: the error page', answered(404, { error: { id: 'user_not_found', message: 'x' } }), { kind: 'error_page', status: 404 }],
    ['500: the error page', answered(500, null), { kind: 'error_page', status: 500 }],
    ['400: /', answered(400, { error: { id: 'invalid_body' } }), { kind: 'home' }],
    ['502: /', answered(502, null), { kind: 'home' }],
    ['401: /', answered(401, null), { kind: 'home' }],
    ['no network: /', new ApiError({ kind: 'offline' }, 0, null, 'Failed to fetch'), { kind: 'home' }],
    ['not a request failure: /', new Error('Seamless answer without tokens'), { kind: 'home' }],
  ])('%s', (_case, error, outcome) => {
    expect(seamlessFailure(error)).toEqual(outcome);
  });

  it('the error page address carries the status', () => {
    expect(seamlessErrorPath(404)).toBe('/login/seamless_error?status=404');
  });
});

describe('the partner password grant (SPEC §7)', () => {
  it('posts the form the partner takes and returns its tokens', async () => {
    let sent: { url: string; init: RequestInit } | undefined;
    const tokens = { access_token: 'at', id_token: 'a.b.c', refresh_token: 'rt', token_type: 'Bearer', expires_in: 3600, scope: 'openid email' };
    const answer = await passwordGrant(CONFIG, 'lakeside.advisor@partner.example', 'pw&=', async (url, init) => {
      sent = { url: String(url), init: init ?? {} };
      return Response.json(tokens);
    });
    expect(answer).toEqual(tokens);
    expect(sent?.url).toBe(CONFIG.token_endpoint);
    expect(new Headers(sent?.init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(sent?.init.body)))).toEqual({
      username: 'lakeside.advisor@partner.example',
      password: 'pw&=',
      grant_type: 'password',
      client_id: 'dealer-console',
      scope: 'openid email profile offline_access',
    });
  });

  it('turns a refusal into a PartnerError with the OAuth error', async () => {
    const failing = passwordGrant(CONFIG, 'a@b.example', 'x', async () =>
      Response.json({ error: 'invalid_grant', error_description: 'grant request is invalid' }, { status: 400 }),
    );
    await expect(failing).rejects.toMatchObject({ status: 400, error: 'invalid_grant', description: 'grant request is invalid' });
  });

  it('an answer without tokens is a failure, not a sign-in', async () => {
    await expect(passwordGrant(CONFIG, 'a@b.example', 'x', async () => Response.json({ access_token: 'at' }))).rejects.toBeInstanceOf(PartnerError);
  });

  it('no network is status 0', async () => {
    const failing = passwordGrant(CONFIG, 'a@b.example', 'x', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(failing).rejects.toMatchObject({ status: 0 });
  });

  it.each<[string, PartnerError, ReturnType<typeof partnerProblem>]>([
    ['invalid_grant is the wrong-password text', new PartnerError(400, 'invalid_grant', 'grant request is invalid'), { kind: 'wrong_credentials' }],
    ['no network', new PartnerError(0, null, 'Failed to fetch'), { kind: 'text', key: 'sign_in.partner_unreachable', values: { partner: 'CAO Connect' } }],
    ['another 400 shows the description', new PartnerError(400, 'invalid_scope', 'requested scope is not allowed'), { kind: 'raw', message: 'requested scope is not allowed' }],
    ['a server failure', new PartnerError(503, null, null), { kind: 'text', key: 'sign_in.partner_failed', values: { partner: 'CAO Connect' } }],
  ])('%s', (_case, error, problem) => {
    expect(partnerProblem(error, 'CAO Connect')).toEqual(problem);
  });

  it('hands the partner answer to login_sso as a form', () => {
    const form = partnerTokensForm({ access_token: 'at', id_token: 'a.b.c', refresh_token: 'rt', token_type: 'Bearer', expires_in: 3600 });
    expect(form.toString()).toBe('access_token=at&id_token=a.b.c&refresh_token=rt&token_type=Bearer&expires_in=3600');
  });

  it('revokes the refresh token with the form of SPEC §7, and a partner that cannot be reached does not stop sign-out', async () => {
    let body = '';
    expect(
      await revokePartnerToken(CONFIG, 'rt', async (_url, init) => {
        body = String(init?.body);
        return new Response(null, { status: 200 });
      }),
    ).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({ token: 'rt', token_type_hint: 'refresh_token', client_id: 'dealer-console' });
    expect(
      await revokePartnerToken(CONFIG, 'rt', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(false);
  });
});

describe('sign-in refusals of partner agents', () => {
  it('sends a role-less agent to the connect site of the refusal, else the configured one', () => {
    expect(connectUrlOf({ error: { id: 'sso_insufficient_roles', connect_url: 'https://elsewhere.example/' } }, CONFIG)).toBe('https://elsewhere.example/');
    expect(connectUrlOf({ error: { id: 'sso_insufficient_roles' } }, CONFIG)).toBe(CONFIG.connect_url);
    expect(connectUrlOf(null, null)).toBeNull();
  });

  it('a password sign-in of a partner agent says to use the partner', () => {
    expect(signInProblem(answered(403, { error: { id: 'sso_required', message: 'Sign in through your partner account.' } }))).toEqual({
      kind: 'text',
      key: 'sign_in.sso_required',
    });
  });

  it('a partner answer the server could not verify', () => {
    expect(signInProblem(answered(401, { error: { id: 'sso_invalid_token', message: 'x' } }))).toEqual({ kind: 'text', key: 'sign_in.sso_invalid_token' });
  });
});
