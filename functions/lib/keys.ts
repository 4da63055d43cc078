/**
 * Key builders of the records every part of the system reads: companies, locations, agents and
 * their sessions. Every other record's keys live in the store that owns it (DESIGN.md "Stores own
 * the table"; docs/data-model.md is the table of them). Tenant ids lead every partition key of
 * tenant data, so an id from another company simply finds nothing.
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
  session: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  /** gsi1: the sessions of one agent, so a password change can end them all. */
  sessionsOfAgent: (companyId: string, agentId: string) => ({ gsi1pk: `COMPANY#${companyId}#AGENT#${agentId}#SESSIONS` }),
  /** gsi2: every location of every company, for scheduled jobs that walk the locations. */
  allLocations: () => ({ gsi2pk: 'ALL#LOCATIONS' }),
} as const;

/** `begins_with` query on a partition's sort keys. */
export function byPrefix(key: { pk: string; skPrefix: string }) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
  };
}
