/** Partner single sign-on (issue 23, SPEC §4, §7): the partner's settings, sign-in with its tokens, seamless sign-in. */
import { loginSsoBody, seamlessBody, type LoginSsoResponse, type SeamlessResponse, type SsoConfig, PARTNER_COOKIES, PARTNER_PROVIDER } from '../../shared/partnerSignIn/contract.js';
import { areaHandler, ok, parse, publicRoute, rawBodyOf, type Request, type Routes } from '../lib/http.js';
import { partnerConfig, partnerEndpoints } from '../lib/partner.js';
import { seamlessSignIn, signInWithPartnerTokens } from './partnerSignIn.js';

/** What the browser asks the partner for: an identity with its roles, and a refresh token for seamless sign-in. */
export const PARTNER_SCOPE = 'openid email profile roles offline_access';

/**
 * The identity provider's response comes as it was (a form, as the SPEC has it), or as JSON. A form
 * reaches the route as text; a repeated field is ambiguous and refused by the schema (an array).
 */
function tokenResponse(req: Request): unknown {
  if (typeof req.body !== 'string') return req.body;
  // As it came (a form may arrive base64-encoded from the HTTP API).
  const form = new URLSearchParams(rawBodyOf(req.event));
  const fields: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

export const routes: Routes = {
  'GET /agent_sessions/sso_config': publicRoute(async () => {
    const partner = partnerConfig();
    const endpoints = await partnerEndpoints(partner);
    const body: SsoConfig = {
      provider: PARTNER_PROVIDER,
      name: partner.name,
      issuer: partner.issuer,
      token_endpoint: endpoints.token_endpoint,
      revocation_endpoint: endpoints.revocation_endpoint,
      client_id: partner.clientId,
      scope: PARTNER_SCOPE,
      connect_url: partner.connectUrl,
      cookies: { email: PARTNER_COOKIES.email, refresh_token: PARTNER_COOKIES.refresh_token, domain: partner.cookieDomain },
    };
    return ok(body);
  }),

  'POST /agent_sessions/login_sso': publicRoute(async (req) => {
    const partner = partnerConfig();
    const { id_token, refresh_token } = parse(loginSsoBody, tokenResponse(req));
    const body: LoginSsoResponse = { agent: await signInWithPartnerTokens(partner, id_token, refresh_token, await req.clientIp()) };
    return ok(body);
  }),

  'POST /agent_sessions/seamless': publicRoute(async (req) => {
    const partner = partnerConfig();
    const { email, refresh_token } = parse(seamlessBody, req.body);
    const body: SeamlessResponse = { agent: await seamlessSignIn(partner, email, refresh_token, await req.clientIp()) };
    return ok(body);
  }),
};

export const handler = areaHandler('partnerSignIn', routes);
