/**
 * Key builders, one per access pattern (docs/data-model.md is the table of them). Tenant ids lead
 * every partition key of tenant data, so an id from another company simply finds nothing.
 */
export const keys = {
  company: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' }),
  location: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}`, sk: `LOCATION#${locationId}` }),
  locationsOfCompany: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'LOCATION#' }),
  agent: (companyId: string, agentId: string) => ({ pk: `COMPANY#${companyId}`, sk: `AGENT#${agentId}` }),
  agentsOfCompany: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'AGENT#' }),
  /** gsi1: agents of one location, by last and first name. */
  agentsOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#AGENTS` }),
  agentByName: (lastName: string, firstName: string, agentId: string) =>
    `${lastName.toLowerCase()}#${firstName.toLowerCase()}#${agentId}`,
  /** Sign-in record by e-mail: password hash, failed attempts, lockout; points at the agent. */
  signIn: (email: string) => ({ pk: `SIGNIN#${email}`, sk: 'SIGNIN' }),
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  /** gsi1: the sessions of one agent, so a password change can end them all. */
  sessionsOfAgent: (companyId: string, agentId: string) => ({ gsi1pk: `COMPANY#${companyId}#AGENT#${agentId}#SESSIONS` }),
  passwordReset: (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: 'RESET' }),
  magicLink: (tokenHash: string) => ({ pk: `MAGIC#${tokenHash}`, sk: 'MAGIC' }),
  settings: (companyId: string, locationId: string, key: string) => ({
    pk: `COMPANY#${companyId}#LOCATION#${locationId}`,
    sk: `SETTINGS#${key}`,
  }),
  templatesOf: (companyId: string, scope: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: `TEMPLATE#${scope}#` }),
  template: (companyId: string, scope: string, templateId: string) => ({
    pk: `COMPANY#${companyId}`,
    sk: `TEMPLATE#${scope}#${templateId}`,
  }),
  idempotency: (agentId: string, key: string) => ({ pk: `IDEMPOTENCY#${agentId}#${key}`, sk: 'IDEMPOTENCY' }),
  channelEvents: (companyId: string, channel: string) => ({ pk: `COMPANY#${companyId}#CHANNEL#${channel}` }),
  ticket: (ticketId: string) => ({ pk: `TICKET#${ticketId}`, sk: 'TICKET' }),
} as const;

/** `begins_with` query on a partition's sort keys. */
export function byPrefix(key: { pk: string; skPrefix: string }) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
  };
}
