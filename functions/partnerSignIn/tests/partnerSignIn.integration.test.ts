/**
 * Partner sign-in (issue 23) on the shared stack, against the local partner's real OpenID Connect
 * provider (infra/local/partnerIdp.ts, under /partner): the probe, the password grant at the
 * partner followed by login_sso, seamless sign-in with the partner's refresh token, our refresh of a
 * partner session after the partner disabled its user, the refusals of password, reset and link
 * sign-in for partner-managed agents, and id_tokens that must not sign anyone in.
 */
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign as cryptoSign, constants, type KeyObject } from 'node:crypto';
import { CompactEncrypt, decodeJwt, importJWK, type JWK } from 'jose';
import { randomUUID as uuid } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildHttpEvent, lambdaContext } from '../../../infra/local/lambda-event.js';
import { handler as partnerHandler } from '../handler.js';
import { handler as sessionsHandler } from '../../sessions/handler.js';
import type { SsoConfig } from '../../../shared/partnerSignIn/contract.js';
import { keys } from '../../lib/keys.js';
import { putItem } from '../../lib/table.js';
import { api, type ApiResponse } from '../../../test/support/api.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { useStackEnv } from '../../../test/support/service.js';
import { PARTNER_DEMO_PASSWORD } from '../../../infra/local/demo-partner.js';

useStackEnv();
const baseUrl = inject('baseUrl');
const anon = api(baseUrl);
const run = Date.now().toString(36);

const ADVISOR = 'lakeside.advisor@partner.example';
const MANAGER = 'lakeside.manager@partner.example';
const VIEWER = 'lakeside.viewer@partner.example';

let sso: SsoConfig;

interface TokenReply {
  status: number;
  body: Record<string, unknown>;
}

/** The browser's password grant at the partner's token endpoint (SPEC §7). */
async function passwordGrant(username: string, password = PARTNER_DEMO_PASSWORD, origin = baseUrl): Promise<TokenReply> {
  const res = await fetch(sso.token_endpoint, {
    method: 'POST',
    // As the console's page sends it (browsers send Origin on a POST, same origin or not).
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ grant_type: 'password', username, password, client_id: sso.client_id, scope: sso.scope }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function partnerTokens(username: string): Promise<Record<string, string>> {
  const reply = await passwordGrant(username);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Record<string, string>;
}

/** login_sso with the identity provider's response as a form, as the browser posts it. */
async function loginSso(fields: Record<string, string>): Promise<ApiResponse> {
  const res = await fetch(`${baseUrl}/agent_sessions/login_sso`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text, headers: res.headers };
}

/** Crafted identities come with a refresh token of no use at the partner: their sessions end at their first refresh. */
const CRAFTED_REFRESH = 'crafted-token-without-a-partner-grant';

const seamless = (email: string, refresh_token: string) => anon.post('/agent_sessions/seamless', { email, refresh_token });

async function revoke(token: string): Promise<number> {
  const res = await fetch(sso.revocation_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: sso.client_id }),
  });
  return res.status;
}

async function setPartnerUser(email: string, action: 'disable' | 'enable'): Promise<void> {
  const res = await fetch(`${baseUrl}/partner/dev/users/${encodeURIComponent(email)}/${action}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

/** The partner's signing key now (the local partner's dev control). */
async function partnerKey(): Promise<JWK> {
  const res = await fetch(`${baseUrl}/partner/dev/jwks`);
  const { keys: jwks } = (await res.json()) as { keys: JWK[] };
  return jwks[0]!;
}

// ---- crafting tokens ------------------------------------------------------------------------

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

type Alg = 'RS256' | 'RS384' | 'PS256';
function signWith(key: KeyObject, alg: Alg, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${b64({ alg, ...header })}.${b64(payload)}`;
  const hash = alg === 'RS384' ? 'sha384' : 'sha256';
  const signature =
    alg === 'PS256'
      ? cryptoSign(hash, Buffer.from(input), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })
      : cryptoSign(hash, Buffer.from(input), key);
  return `${input}.${signature.toString('base64url')}`;
}

let store: OwnStore;
let idpJwk: JWK;
let idpKey: KeyObject;
const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
const attackerJwk = attacker.publicKey.export({ format: 'jwk' });
const now = () => Math.floor(Date.now() / 1000);

const bound = { email: `sso_bound_${run}@harbor.example`, sub: `partner-sub-${run}` };
const inactive = { email: `sso_inactive_${run}@harbor.example`, sub: `partner-inactive-${run}` };

function claims(over: Record<string, unknown> = {}): Record<string, unknown> {
  const t = now();
  return {
    iss: sso.issuer,
    aud: sso.client_id,
    sub: bound.sub,
    email: bound.email,
    email_verified: true,
    name: 'Bound Person',
    roles: ['dealer_console'],
    iat: t,
    exp: t + 600,
    ...over,
  };
}

const good = (over: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => signWith(idpKey, 'RS256', { kid: idpJwk.kid, ...header }, claims(over));
const without = (name: string) => {
  const all = claims();
  delete all[name];
  return signWith(idpKey, 'RS256', { kid: idpJwk.kid }, all);
};

beforeAll(async () => {
  const res = await anon.get('/agent_sessions/sso_config');
  expect(res.status, res.text).toBe(200);
  sso = res.body as SsoConfig;
  // A partner-managed company of this file's own, so crafted identities bind nobody of the demo.
  store = await createOwnStore('sso');
  await putItem({ ...keys.company(store.companyId), id: store.companyId, name: 'Harbor Partner Group', created_at: new Date().toISOString(), sign_in: 'cao' });
  await createAgent(store, `sso_bound_${run}`, 'Bound', 'Person');
  await createAgent(store, `sso_inactive_${run}`, 'Gone', 'Person', { active: false });
  idpJwk = await partnerKey();
  idpKey = createPrivateKey({ key: idpJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
});

afterAll(async () => {
  await setPartnerUser(MANAGER, 'enable');
});

describe('partner settings', () => {
  it('GET /agent_sessions/sso_config names the partner, its endpoints, our client and the cookies', () => {
    expect(sso).toMatchObject({
      provider: 'cao',
      name: 'CAO Connect',
      issuer: `${baseUrl}/partner`,
      token_endpoint: `${baseUrl}/partner/connect/token`,
      revocation_endpoint: `${baseUrl}/partner/connect/revocation`,
      client_id: 'dealer-console',
      connect_url: `${baseUrl}/partner/connect`,
      cookies: { email: 'partner_email', refresh_token: 'partner_refresh_token', domain: null },
    });
    expect(sso.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'roles', 'offline_access']));
  });

  it('the connect site links to the console sign-in in the partner brand', async () => {
    const res = await fetch(sso.connect_url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('href="/app/sign_in?partner=cao"');
  });
});

describe('POST /agent_sessions/login_probe', () => {
  it('answers sso for an agent of the partner-managed company, password for Demo Motors, 404 for nobody', async () => {
    const probe = (email: string) => anon.post('/agent_sessions/login_probe', { agent: { email } });
    expect((await probe(ADVISOR)).text).toBe('sso');
    expect((await probe(' Lakeside.Manager@Partner.example ')).text).toBe('sso');
    expect((await probe('advisor@demo.example')).text).toBe('password');
    expect((await probe('admin@demo.example')).text).toBe('password');
    expect((await probe(`ghost_${run}@partner.example`)).status).toBe(404);
  });
});

describe('password grant at the partner, then login_sso', () => {
  it('signs the agent in: our tokens, /api/agents/me answers, the session is a cao one', async () => {
    const tokens = await partnerTokens(ADVISOR);
    expect(tokens).toMatchObject({ token_type: 'Bearer' });
    expect(typeof tokens.refresh_token).toBe('string');
    const res = await loginSso(tokens);
    expect(res.status, res.text).toBe(200);
    const { access_token, refresh_token, expires_at } = res.body.agent as { access_token: string; refresh_token: string; expires_at: string };
    expect(typeof refresh_token).toBe('string');
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    expect(decodeJwt(access_token)).toMatchObject({ login_provider: 'cao', agent_email: ADVISOR });
    const me = await api(baseUrl, access_token).get('/api/agents/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.agent).toMatchObject({ email: ADVISOR, company: { name: 'Lakeside Auto Group' } });
  });

  it('takes the token response as JSON too', async () => {
    const tokens = await partnerTokens(ADVISOR);
    const res = await anon.post('/agent_sessions/login_sso', tokens);
    expect(res.status, res.text).toBe(200);
  });

  it('a wrong partner password is the partner\'s invalid_grant (the console shows its wrong-password text)', async () => {
    const reply = await passwordGrant(ADVISOR, 'not-the-password');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });

  it("the partner answers the console's pages only: another origin's password grant is refused", async () => {
    const reply = await passwordGrant(ADVISOR, PARTNER_DEMO_PASSWORD, 'https://evil.example');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_request');
  });

  it('a partner user without the console role is sent to the partner: 403 sso_insufficient_roles with connect_url', async () => {
    const res = await loginSso(await partnerTokens(VIEWER));
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ id: 'sso_insufficient_roles', connect_url: sso.connect_url });
  });

  it('an identity whose e-mail is no agent here: 404 user_not_found', async () => {
    const res = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: good({ email: `nobody_${run}@harbor.example`, sub: `nobody-${run}` }) });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error.id).toBe('user_not_found');
  });

  it('an inactive agent is refused with the inactive text', async () => {
    const res = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: good({ email: inactive.email, sub: inactive.sub }) });
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ id: 'inactive', message: 'Your account is inactive. Please contact your administrator for details.' });
  });

  it('a missing id_token or refresh_token is invalid input', async () => {
    const tokens = await partnerTokens(ADVISOR);
    const noId = await loginSso({ access_token: 'x', refresh_token: tokens.refresh_token! });
    expect(noId.status).toBe(422);
    expect(noId.body.errors).toEqual([expect.objectContaining({ message: 'Missing id_token' })]);
    const noRefresh = await loginSso({ id_token: tokens.id_token!, access_token: tokens.access_token! });
    expect(noRefresh.status).toBe(422);
    expect(noRefresh.body.errors).toEqual([expect.objectContaining({ message: 'Missing refresh_token' })]);
    // A field given twice is ambiguous: which token would be verified?
    const twice = await fetch(`${baseUrl}/agent_sessions/login_sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id_token=${tokens.id_token}&id_token=${good()}&refresh_token=${tokens.refresh_token}`,
    });
    expect(twice.status).toBe(422);
  });
});

describe('partner-managed agents sign in only through the partner', () => {
  it('login_jwt: 403 sso_required, whatever the password', async () => {
    for (const password of ['partner-demo', 'demo-dealer', 'anything-at-all']) {
      const res = await anon.post('/agent_sessions/login_jwt', { agent: { email: ADVISOR, password } });
      expect(res.status, res.text).toBe(403);
      expect(res.body.error).toMatchObject({ id: 'sso_required', message: 'Sign in through your partner account.' });
    }
  });

  it('password reset request: 403 sso_required; Demo Motors agents still get theirs', async () => {
    const partner = await anon.post('/password_reset_request', { agent: { email: MANAGER } });
    expect(partner.status, partner.text).toBe(403);
    expect(partner.body.error.id).toBe('sso_required');
  });

  it('a magic link cannot be sent to a partner-managed agent', async () => {
    const manager = await loginSso(await partnerTokens(MANAGER));
    const res = await api(baseUrl, manager.body.agent.access_token).post('/api/agents/agt_lakeside_advisor/magic_link');
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.id).toBe('sso_required');
  });
});

describe('POST /agent_sessions/seamless', () => {
  it('the partner refresh token from the cookie signs the agent in again', async () => {
    const tokens = await partnerTokens(ADVISOR);
    const res = await seamless(ADVISOR, tokens.refresh_token!);
    expect(res.status, res.text).toBe(200);
    expect(res.body.agent.partner_refresh_token).toBe(tokens.refresh_token);
    expect(decodeJwt(res.body.agent.access_token as string)).toMatchObject({ login_provider: 'cao', agent_email: ADVISOR });
    expect((await api(baseUrl, res.body.agent.access_token).get('/api/agents/me')).status).toBe(200);
  });

  it('a refresh token revoked at the partner: 403 invalid_grant with error.openid.error', async () => {
    const tokens = await partnerTokens(ADVISOR);
    expect(await revoke(tokens.refresh_token!)).toBe(200);
    const res = await seamless(ADVISOR, tokens.refresh_token!);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ id: 'invalid_grant', openid: { error: 'invalid_grant' } });
    expect(typeof res.body.error.openid.error_description).toBe('string');
  });

  it('a refresh token of another partner user than the e-mail named: 403 invalid_grant', async () => {
    const tokens = await partnerTokens(MANAGER);
    const res = await seamless(ADVISOR, tokens.refresh_token!);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.openid.error).toBe('invalid_grant');
  });

  it('an agent of a company that signs in by password, or nobody: 404 user_not_found', async () => {
    const tokens = await partnerTokens(ADVISOR);
    for (const email of ['advisor@demo.example', `ghost_${run}@partner.example`]) {
      const res = await seamless(email, tokens.refresh_token!);
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.id).toBe('user_not_found');
    }
  });

  it('a partner user without the console role: 403 sso_insufficient_roles', async () => {
    const tokens = await partnerTokens(VIEWER);
    const res = await seamless(VIEWER, tokens.refresh_token!);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ id: 'sso_insufficient_roles', connect_url: sso.connect_url });
  });

  it('garbage for a refresh token: 403 invalid_grant', async () => {
    const res = await seamless(ADVISOR, 'not-a-token');
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.openid.error).toBe('invalid_grant');
  });
});

describe('our refresh of a partner session asks the partner', () => {
  it('keeps the session while the partner agrees, and returns the partner refresh token', async () => {
    const tokens = await partnerTokens(MANAGER);
    const ours = (await loginSso(tokens)).body.agent as Record<string, string>;
    const res = await anon.post('/agent_sessions/refresh', { refresh_token: ours.refresh_token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.agent.partner_refresh_token).toBe(tokens.refresh_token);
  });

  it('ends the session when the partner disabled the user (401 session_ended); re-enabled, the user signs in again', async () => {
    const ours = (await loginSso(await partnerTokens(MANAGER))).body.agent as Record<string, string>;
    await setPartnerUser(MANAGER, 'disable');
    try {
      expect((await passwordGrant(MANAGER)).body.error).toBe('invalid_grant');
      const res = await anon.post('/agent_sessions/refresh', { refresh_token: ours.refresh_token });
      expect(res.status, res.text).toBe(401);
      expect(res.body.error.id).toBe('session_ended');
      // The session is gone: its access token no longer works either.
      const me = await api(baseUrl, ours.access_token).get('/api/agents/me');
      expect(me.status).toBe(401);
    } finally {
      await setPartnerUser(MANAGER, 'enable');
    }
    const again = await loginSso(await partnerTokens(MANAGER));
    expect(again.status, again.text).toBe(200);
  });

  it('keeps a refresh token the partner rotated, answers it, and refreshes with it next time', async () => {
    const tokens = await partnerTokens(MANAGER);
    const ours = (await loginSso(tokens)).body.agent as Record<string, string>;
    await fetch(`${baseUrl}/partner/dev/refresh_rotation/on`, { method: 'POST' });
    try {
      const first = await anon.post('/agent_sessions/refresh', { refresh_token: ours.refresh_token });
      expect(first.status, first.text).toBe(200);
      const rotated = first.body.agent.partner_refresh_token as string;
      expect(rotated).not.toBe(tokens.refresh_token);
      // The next refresh presents the rotated token: the old one would now be refused (and end the partner's grant).
      const second = await anon.post('/agent_sessions/refresh', { refresh_token: first.body.agent.refresh_token });
      expect(second.status, second.text).toBe(200);
      expect(second.body.agent.partner_refresh_token).not.toBe(rotated);
    } finally {
      await fetch(`${baseUrl}/partner/dev/refresh_rotation/off`, { method: 'POST' });
    }
  });

  it("signing out of the console revokes the partner's refresh token kept on the session, at the partner", async () => {
    const tokens = await partnerTokens(MANAGER);
    const ours = (await loginSso(tokens)).body.agent as Record<string, string>;
    expect((await api(baseUrl, ours.access_token).del('/agent_sessions/logout_jwt')).status).toBe(204);
    // The browser's cookie holds the same token: without the browser's own revocation it is dead too.
    const res = await seamless(MANAGER, tokens.refresh_token!);
    expect(res.status, res.text).toBe(403);
    expect(res.body.error).toMatchObject({ id: 'invalid_grant', openid: { error: 'invalid_grant' } });
  });

  it('ends the session when its partner refresh token was revoked (partner logout)', async () => {
    const tokens = await partnerTokens(MANAGER);
    const ours = (await loginSso(tokens)).body.agent as Record<string, string>;
    expect(await revoke(tokens.refresh_token!)).toBe(200);
    const res = await anon.post('/agent_sessions/refresh', { refresh_token: ours.refresh_token });
    expect(res.status, res.text).toBe(401);
    expect(res.body.error.id).toBe('session_ended');
  });
});

describe('id_tokens posted to login_sso', () => {
  // Binds the partner subject to the e-mail; the table's "sub changed" case depends on it.
  beforeAll(async () => {
    const res = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: good() });
    expect(res.status, res.text).toBe(200);
  });

  it.each<[string, () => Promise<string> | string]>([
    ['a genuine token (control)', () => good()],
    ['expired 30 s ago: within the clock skew', () => good({ exp: now() - 30 })],
    ['not valid for another 30 s: within the clock skew', () => good({ nbf: now() + 30 })],
    ['issued 30 s in the future: within the clock skew', () => good({ iat: now() + 30 })],
    ['audience array that includes us', () => good({ aud: [sso.client_id, 'another-client'] })],
  ])('accepts %s', async (_name, make) => {
    const res = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: await make() });
    expect(res.status, res.text).toBe(200);
  });

  const cases: [string, () => Promise<string> | string][] = [
    ['wrong issuer', () => good({ iss: 'https://evil.example/partner' })],
    ['issuer with a trailing slash', () => good({ iss: `${sso.issuer}/` })],
    ['wrong audience', () => good({ aud: 'someone-else' })],
    ['audience array without us', () => good({ aud: ['someone-else', 'another'] })],
    ['a token of another client of the partner', () => good({ aud: 'partner-mobile-app', azp: 'partner-mobile-app' })],
    ['alg none (unsigned)', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['HS256 signed with the public JWK as secret', () => {
      const pub = JSON.stringify(createPublicKey(idpKey).export({ format: 'jwk' }));
      const input = `${b64({ alg: 'HS256', kid: idpJwk.kid })}.${b64(claims())}`;
      return `${input}.${createHmac('sha256', pub).update(input).digest('base64url')}`;
    }],
    ['HS256 signed with the public PEM as secret', () => {
      const pem = createPublicKey(idpKey).export({ format: 'pem', type: 'spki' });
      const input = `${b64({ alg: 'HS256', kid: idpJwk.kid })}.${b64(claims())}`;
      return `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
    }],
    ['RS384 (an algorithm not allowed), by the partner key', () => signWith(idpKey, 'RS384', { kid: idpJwk.kid }, claims())],
    ['PS256 (an algorithm not allowed), by the partner key', () => signWith(idpKey, 'PS256', { kid: idpJwk.kid }, claims())],
    ['expired an hour ago', () => good({ iat: now() - 3700, exp: now() - 3600 })],
    ['expired just beyond the clock skew', () => good({ exp: now() - 90 })],
    ['exp missing', () => without('exp')],
    ['exp not a number', () => good({ exp: String(now() + 600) })],
    ['iat missing', () => without('iat')],
    ['nbf in the future beyond the skew', () => good({ nbf: now() + 600 })],
    ['iat far in the future', () => good({ iat: now() + 3600, exp: now() + 7200 })],
    ['issued too long ago (iat a day back, exp still ahead)', () => good({ iat: now() - 86_400 })],
    ['signed by another key under the partner key id', () => signWith(attacker.privateKey, 'RS256', { kid: idpJwk.kid }, claims())],
    ['signed by the partner key under an unknown key id', () => signWith(idpKey, 'RS256', { kid: 'no-such-key' }, claims())],
    ['no key id, signed by a foreign key', () => signWith(attacker.privateKey, 'RS256', {}, claims())],
    ['jku pointing at an attacker key set', () => signWith(attacker.privateKey, 'RS256', { kid: 'attacker', jku: 'https://evil.example/jwks.json' }, claims())],
    ['x5u pointing at an attacker certificate', () => signWith(attacker.privateKey, 'RS256', { kid: 'attacker', x5u: 'https://evil.example/cert.pem' }, claims())],
    ['jwk header embedding the attacker key', () => signWith(attacker.privateKey, 'RS256', { jwk: { ...attackerJwk, kid: 'attacker' }, kid: 'attacker' }, claims())],
    ['an unknown critical header', () => signWith(idpKey, 'RS256', { kid: idpJwk.kid, crit: ['urn:evil:ext'], 'urn:evil:ext': true }, claims())],
    ['typ at+jwt (an access token in JWT form)', () => good({}, { typ: 'at+jwt' })],
    ['tampered payload (another e-mail, same signature)', () => {
      const [h, , s] = good().split('.');
      return `${h}.${b64(claims({ email: 'lakeside.manager@partner.example' }))}.${s}`;
    }],
    ['tampered signature', () => {
      const token = good();
      const last = token.at(-5) === 'A' ? 'B' : 'A';
      return `${token.slice(0, -5)}${last}${token.slice(-4)}`;
    }],
    ['truncated token', () => good().slice(0, -12)],
    ['two-part token', () => good().split('.').slice(0, 2).join('.')],
    ['empty string', () => ''],
    ['garbage', () => 'this is not a token at all'],
    ['a JWE instead of a JWS', async () => {
      const publicKey = await importJWK({ ...(createPublicKey(idpKey).export({ format: 'jwk' }) as JWK), alg: 'RSA-OAEP-256' }, 'RSA-OAEP-256');
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims()))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: idpJwk.kid }).encrypt(publicKey);
    }],
    ['email missing', () => without('email')],
    ['email_verified false', () => good({ email_verified: false })],
    ['email_verified missing', () => without('email_verified')],
    ['sub missing', () => without('sub')],
    ['roles not a list', () => good({ roles: 'dealer_console' })],
    ['the e-mail of a Demo Motors agent (a company that signs in by password)', () => good({ email: 'advisor@demo.example', sub: `demo-${run}` })],
    ['another subject for an e-mail already bound to one', () => good({ sub: `someone-else-${run}` })],
    ['an access token of the partner posted as id_token', async () => (await partnerTokens(ADVISOR)).access_token!],
  ];

  it('has at least 30 cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)('refuses %s: 401 sso_invalid_token', async (_name, make) => {
    const res = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: await make() });
    expect(res.status, res.text).toBe(401);
    expect(res.body.error).toMatchObject({ id: 'sso_invalid_token' });
  });

  it('refuses a token signed with a key the partner has rotated out, and accepts one signed with the new key', async () => {
    const oldToken = good();
    const res = await fetch(`${baseUrl}/partner/dev/rotate_key`, { method: 'POST' });
    expect(res.status).toBe(200);
    const refused = await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: oldToken });
    expect(refused.status, refused.text).toBe(401);
    expect(refused.body.error.id).toBe('sso_invalid_token');
    idpJwk = await partnerKey();
    idpKey = createPrivateKey({ key: idpJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    expect((await loginSso({ refresh_token: CRAFTED_REFRESH, id_token: good() })).status).toBe(200);
    // The partner's own tokens, signed with its new key, sign in as before.
    expect((await loginSso(await partnerTokens(ADVISOR))).status).toBe(200);
  });
});

/**
 * The Lambdas in this process, with the partner settings changed: a deployment without a partner,
 * and a partner that cannot be reached.
 */
describe('in process: partner sign-in off, partner unreachable', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith('PARTNER_')) delete process.env[name];
    Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([name]) => name.startsWith('PARTNER_'))));
  });

  async function call(area: 'partner' | 'sessions', method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, bearer?: string) {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    };
    const event: APIGatewayProxyEventV2 = buildHttpEvent(
      { method, url: path, httpVersion: '1.1', headers, rawHeaders: Object.entries(headers).flat(), body: Buffer.from(raw), sourceIp: '127.0.0.1' },
      { routeKey: `${method} ${path}`, pathParameters: {} },
    );
    const run = area === 'partner' ? partnerHandler : sessionsHandler;
    const result = (await run(event, lambdaContext(area, uuid()))) as APIGatewayProxyStructuredResultV2;
    let parsed: { error?: { id?: string } } | string | null = null;
    try {
      parsed = JSON.parse(result.body ?? 'null') as { error?: { id?: string } };
    } catch {
      parsed = result.body ?? null;
    }
    return { status: result.statusCode ?? 200, body: parsed };
  }

  it('without PARTNER_ISSUER every partner route answers 404 sso_not_configured and the probe says password', async () => {
    delete process.env.PARTNER_ISSUER;
    const tokens = { id_token: 'x', refresh_token: 'x' };
    for (const [method, path, body] of [
      ['GET', '/agent_sessions/sso_config', undefined],
      ['POST', '/agent_sessions/login_sso', tokens],
      ['POST', '/agent_sessions/seamless', { email: ADVISOR, refresh_token: 'x' }],
    ] as const) {
      const res = await call('partner', method, path, body);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ error: { id: 'sso_not_configured' } });
    }
    const probe = await call('sessions', 'POST', '/agent_sessions/login_probe', { agent: { email: ADVISOR } });
    expect(probe).toEqual({ status: 200, body: 'password' });
  });

  it('a partner that cannot be reached: seamless and sso_config answer 500, never a sign-in', async () => {
    process.env.PARTNER_ISSUER = 'http://127.0.0.1:9/partner';
    const seamlessRes = await call('partner', 'POST', '/agent_sessions/seamless', { email: ADVISOR, refresh_token: 'anything' });
    expect(seamlessRes.status).toBe(500);
    expect((await call('partner', 'GET', '/agent_sessions/sso_config')).status).toBe(500);
  });

  it("signing out while the partner cannot be reached still ends the console's session", async () => {
    const ours = (await loginSso(await partnerTokens(MANAGER))).body.agent as Record<string, string>;
    process.env.PARTNER_ISSUER = 'http://127.0.0.1:9/partner';
    expect((await call('sessions', 'DELETE', '/agent_sessions/logout_jwt', undefined, ours.access_token)).status).toBe(204);
    const refreshed = await anon.post('/agent_sessions/refresh', { refresh_token: ours.refresh_token });
    expect(refreshed.status, refreshed.text).toBe(401);
  });

  it('a partner issuer on plain http elsewhere than this machine is never trusted', async () => {
    process.env.PARTNER_ISSUER = 'http://login.partner.example/partner';
    const res = await call('partner', 'POST', '/agent_sessions/login_sso', { id_token: good(), refresh_token: CRAFTED_REFRESH });
    expect(res.status).toBe(500);
  });
});
