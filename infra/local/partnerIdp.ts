/**
 * The local partner (issue 23): a real OpenID Connect provider (oidc-provider 9) standing in for the
 * partner `cao`, mounted on the console's own server under /partner, in `npm start` and in every
 * test stack. One public client (`dealer-console`); the password grant (registered here: the
 * library has none) and the refresh grant; revocation; the partner's "connect site"; and controls
 * for tests and development (disable a user, rotate the signing key, read the private keys).
 * Nothing of it exists in AWS: there the partner runs its own provider.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors, type Account, type OidcContext } from 'oidc-provider';
import { PARTNER_CLIENT_ID, PARTNER_DEMO_USERS, PARTNER_NAME, type PartnerUser } from './demo-partner.js';
import { sendJson, sendText } from './http-util.js';

export const PARTNER_PATH = '/partner';
/** The partner's scopes: `roles` carries the partner roles into the id_token. */
const SCOPES = ['openid', 'offline_access', 'email', 'profile', 'roles'];

export interface PartnerIdp {
  /** e.g. http://localhost:3000/partner */
  issuer: string;
  connectUrl: string;
  /** Answers a request under /partner (the provider, the connect site, the dev controls). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** A disabled user's password and refresh grants answer invalid_grant; false when no such user. */
  setDisabled(email: string, disabled: boolean): boolean;
  /** A new signing key; tokens signed with the old one no longer verify (its key is no longer published). */
  rotateKey(): Promise<void>;
  /** The signing key now (private JWK set), for tests that craft tokens. */
  privateJwks(): { keys: JWK[] };
  /** Whether each refresh grant replaces the refresh token (off by default; tests turn it on). */
  setRefreshRotation(on: boolean): void;
}

interface Stored {
  payload: Record<string, unknown>;
  expiresAt: number;
}

/**
 * The provider's grants and tokens, in memory, per partner: shared by the providers a key rotation
 * makes (sign-ins survive it) and never by two stacks in one process.
 */
function memoryStore(): new (model: string) => object {
  const items = new Map<string, Stored>();
  const ofGrant = new Map<string, Set<string>>();
  const live = (entry: Stored | undefined) => (entry && entry.expiresAt > Date.now() ? entry.payload : undefined);
  const sweep = () => {
    for (const [key, entry] of items) if (entry.expiresAt <= Date.now()) items.delete(key);
  };
  return class PartnerStore {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      if (items.size > 10_000) sweep();
      const key = this.key(id);
      items.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (typeof payload.grantId === 'string') ofGrant.set(payload.grantId, (ofGrant.get(payload.grantId) ?? new Set()).add(key));
    }
    async find(id: string) {
      return live(items.get(this.key(id)));
    }
    async findByUid(uid: string) {
      return [...items.values()].map(live).find((p) => p?.uid === uid);
    }
    async findByUserCode(userCode: string) {
      return [...items.values()].map(live).find((p) => p?.userCode === userCode);
    }
    async consume(id: string) {
      const payload = live(items.get(this.key(id)));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of ofGrant.get(grantId) ?? []) items.delete(key);
      ofGrant.delete(grantId);
    }
  };
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function startPartnerIdp(origin: string): Promise<PartnerIdp> {
  const issuer = `${origin}${PARTNER_PATH}`;
  const connectUrl = `${issuer}/connect`;
  const users = new Map(PARTNER_DEMO_USERS.map((u) => [u.email, { ...u, roles: [...u.roles] }]));
  const disabled = new Set<string>();
  const cookieKeys = [randomBytes(32).toString('base64url')];
  const adapter = memoryStore();
  // The console's pages post the password grant and the revocation from the browser (an Origin
  // header even on the same origin): only the console's own origin may, by either loopback name.
  const consoleOrigins = new Set([origin, origin.replace('//localhost:', '//127.0.0.1:'), origin.replace('//127.0.0.1:', '//localhost:')]);
  let rotateRefreshTokens = false;
  const userBySub = (sub: string) => [...users.values()].find((u) => u.sub === sub);

  const account = (user: PartnerUser): Account => ({
    accountId: user.sub,
    claims: () => ({ sub: user.sub, email: user.email, email_verified: true, name: user.name, roles: [...user.roles] }),
  });

  function build(key: JWK): Provider {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: PARTNER_CLIENT_ID,
          token_endpoint_auth_method: 'none',
          grant_types: ['password', 'refresh_token'],
          response_types: [],
          redirect_uris: [],
          id_token_signed_response_alg: 'RS256',
        },
      ],
      jwks: { keys: [key as Record<string, unknown>] },
      // A disabled user has no account: the refresh grant then answers invalid_grant by itself.
      findAccount: (_ctx, sub) => {
        const user = userBySub(sub);
        return user && !disabled.has(user.email) ? account(user) : undefined;
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], roles: ['roles'] },
      scopes: SCOPES,
      // The roles belong in the id_token, not only at a userinfo endpoint.
      conformIdTokenClaims: false,
      routes: { token: '/connect/token', revocation: '/connect/revocation', jwks: '/jwks', userinfo: '/me', authorization: '/auth' },
      adapter,
      features: {
        // A public client may revoke only its own tokens (the browser does, at logout).
        revocation: { enabled: true, allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) => token.clientId === client.clientId },
        devInteractions: { enabled: false },
      },
      // The console keeps the partner's refresh token both in its cookie and on the session: one
      // token both may present (oidc-provider would otherwise rotate a public client's on each use
      // and treat the other copy as stolen). Tests turn rotation on to see the console keep a new one.
      rotateRefreshToken: () => rotateRefreshTokens,
      clientBasedCORS: (_ctx, requestOrigin) => consoleOrigins.has(requestOrigin),
      issueRefreshToken: (_ctx, _client, code) => code.scopes.has('offline_access'),
      cookies: { keys: cookieKeys },
      ttl: { AccessToken: 3600, IdToken: 3600, RefreshToken: 14 * 24 * 3600, Grant: 14 * 24 * 3600 },
    });
    provider.registerGrantType('password', (ctx) => passwordGrant(provider, ctx), ['username', 'password', 'scope']);
    // Errors answered to clients are the clients' business; the console's log stays quiet.
    provider.on('server_error', (_ctx, err) => console.error('[partner] server error:', err));
    return provider;
  }

  async function passwordGrant(provider: Provider, ctx: OidcContext): Promise<void> {
    const { username = '', password = '', scope = 'openid' } = ctx.oidc.params;
    const user = users.get(username.trim().toLowerCase());
    if (!user || user.password !== password || disabled.has(user.email)) throw new errors.InvalidGrant('invalid credentials provided');
    const requested = scope.split(' ').filter(Boolean);
    const unknown = requested.filter((s) => !SCOPES.includes(s));
    if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));
    if (!requested.includes('openid')) throw new errors.InvalidScope('openid scope must be requested', 'openid');
    const granted = requested.join(' ');
    const clientId = ctx.oidc.client.clientId;
    const grant = new provider.Grant({ accountId: user.sub, clientId });
    grant.addOIDCScope(granted);
    const grantId = await grant.save();
    const at = new provider.AccessToken({ accountId: user.sub, client: ctx.oidc.client, grantId, gty: 'password', scope: granted });
    const accessToken = await at.save();
    let refreshToken: string | undefined;
    if (requested.includes('offline_access')) {
      const rt = new provider.RefreshToken({ accountId: user.sub, client: ctx.oidc.client, grantId, gty: 'password', scope: granted, rotations: 0 });
      refreshToken = await rt.save();
    }
    const idToken = new provider.IdToken({ ...(await account(user).claims('id_token', granted, {}, [])) }, { ctx });
    idToken.scope = granted;
    ctx.body = {
      access_token: accessToken,
      expires_in: at.expiration,
      token_type: 'Bearer',
      id_token: await idToken.issue({ use: 'idtoken' }),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: granted,
    };
  }

  let key = await newSigningKey();
  let provider = build(key);
  let callback = provider.callback();

  const devUser = /^\/dev\/users\/([^/]+)\/(disable|enable)$/;

  const idp: PartnerIdp = {
    issuer,
    connectUrl,
    handle(req, res) {
      const full = req.url ?? '/';
      const rest = full.slice(PARTNER_PATH.length) || '/';
      const path = rest.split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      if (path === '/connect' && method === 'GET') return sendHtml(res, connectPage());
      const userMatch = devUser.exec(path);
      if (userMatch && method === 'POST') {
        const email = decodeURIComponent(userMatch[1] ?? '').toLowerCase();
        if (!idp.setDisabled(email, userMatch[2] === 'disable')) return sendJson(res, 404, { error: 'no such partner user' });
        return sendJson(res, 200, { email, disabled: disabled.has(email) });
      }
      if (path === '/dev/rotate_key' && method === 'POST') {
        void idp.rotateKey().then(
          () => sendJson(res, 200, { kid: key.kid }),
          (err: unknown) => sendJson(res, 500, { error: (err as Error).message }),
        );
        return;
      }
      if (path === '/dev/jwks' && method === 'GET') return sendJson(res, 200, idp.privateJwks());
      const rotation = /^\/dev\/refresh_rotation\/(on|off)$/.exec(path);
      if (rotation && method === 'POST') {
        idp.setRefreshRotation(rotation[1] === 'on');
        return sendJson(res, 200, { rotate_refresh_tokens: rotateRefreshTokens });
      }
      if (path.startsWith('/dev/')) return sendText(res, 404, '404');
      // The provider sees its own paths and works out the mount point from originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
      req.url = rest;
      callback(req, res);
    },
    setDisabled(email, off) {
      const user = users.get(email.toLowerCase());
      if (!user) return false;
      if (off) disabled.add(user.email);
      else disabled.delete(user.email);
      return true;
    },
    async rotateKey() {
      key = await newSigningKey();
      // The provider's keystore is fixed when it is made: a new one with the new key. Grants and
      // tokens live in this partner's store, so sign-ins survive the rotation.
      provider = build(key);
      callback = provider.callback();
    },
    privateJwks: () => ({ keys: [key] }),
    setRefreshRotation(on) {
      rotateRefreshTokens = on;
    },
  };
  return idp;
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The partner's portal, where its users start: it links to the console's partner sign-in. */
function connectPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PARTNER_NAME}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0b3d5c; color: #fff; }
  main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.5rem; }
  a { display: inline-block; margin-top: 1.5rem; padding: .75rem 1.25rem; background: #f2b632; color: #0b3d5c; border-radius: .375rem; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 3px solid #fff; outline-offset: 3px; }
</style>
</head>
<body>
<main>
  <h1>${PARTNER_NAME}</h1>
  <p>This is the partner's portal (a stand-in for the real one, local only). Dealership staff with console access open the service texting console from here.</p>
  <a href="/app/sign_in?partner=cao">Open the dealer console</a>
</main>
</body>
</html>`;
}
