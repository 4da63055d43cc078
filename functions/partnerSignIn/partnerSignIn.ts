/**
 * Partner sign-in (issue 23): a verified partner identity becomes a console session of the agent
 * with its e-mail, only in a partner-managed company, only for the partner subject first seen with
 * that e-mail, and only with the partner role the deployment requires.
 */
import type { SessionTokens } from '../../shared/api.js';
import { SSO_ERRORS } from '../../shared/partnerSignIn/contract.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import type { PartnerConfig } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { hasRequiredRole, partnerRefresh, PartnerRefused, ssoInsufficientRoles, ssoInvalidToken, verifyIdToken, type PartnerIdentity } from '../lib/partner.js';
import { assertMaySignIn } from '../lib/session.js';
import { bindPartnerSubject, findSignIn, openSession, signsInWithPartner, userNotFound } from '../sessions/signIn.js';

/** The 403 seamless sign-in answers when the partner refuses: the console clears its cookies on `openid.error`. */
export const seamlessRefused = (description: string) =>
  new HttpError(403, 'invalid_grant', SSO_ERRORS.invalid_grant, { openid: { error: 'invalid_grant', error_description: description } });

/** The agent a verified identity signs in, or the refusal; `unmanaged` is what a non-partner company's e-mail answers. */
async function agentOf(partner: PartnerConfig, identity: PartnerIdentity, sourceIp: string, unmanaged: () => HttpError): Promise<AgentRecord> {
  const record = await findSignIn(identity.email);
  if (!record) throw userNotFound();
  // A partner token never reaches an agent of a company that signs in by password.
  if (!(await signsInWithPartner(record))) throw unmanaged();
  if (!(await bindPartnerSubject(record, identity.sub))) throw ssoInvalidToken();
  if (!hasRequiredRole(partner, identity)) throw ssoInsufficientRoles(partner);
  const agent = await getAgent(record.company_id, record.agent_id);
  if (!agent) throw userNotFound();
  await assertMaySignIn(agent, sourceIp);
  return agent;
}

/** login_sso: the token response the browser got from the partner's password grant. */
export async function signInWithPartnerTokens(partner: PartnerConfig, idToken: string, partnerRefreshToken: string, sourceIp: string): Promise<SessionTokens> {
  const identity = await verifyIdToken(partner, idToken);
  const agent = await agentOf(partner, identity, sourceIp, ssoInvalidToken);
  return openSession(agent, 'cao', false, partnerRefreshToken);
}

/**
 * Seamless sign-in: the partner's refresh token from the cookie buys a fresh identity at the
 * partner, which must be the e-mail the cookie names.
 */
export async function seamlessSignIn(
  partner: PartnerConfig,
  email: string,
  refreshToken: string,
  sourceIp: string,
): Promise<SessionTokens & { partner_refresh_token: string }> {
  // Which agent first: no partner call for an e-mail that has no partner sign-in here.
  const record = await findSignIn(email);
  if (!record || !(await signsInWithPartner(record))) throw userNotFound();
  let tokens: Awaited<ReturnType<typeof partnerRefresh>>;
  try {
    tokens = await partnerRefresh(partner, refreshToken);
  } catch (err) {
    if (err instanceof PartnerRefused) throw seamlessRefused(err.description);
    throw err;
  }
  const identity = await verifyIdToken(partner, tokens.id_token);
  if (identity.email !== email) throw seamlessRefused('The partner account is not the one this browser names.');
  const agent = await agentOf(partner, identity, sourceIp, userNotFound);
  const session = await openSession(agent, 'cao', false, tokens.refresh_token);
  return { ...session, partner_refresh_token: tokens.refresh_token };
}
