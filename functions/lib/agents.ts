/** Agent records and their API view; used by sign-in, impersonation and every area's auth. */
import { accessLevel, type AccessFlags, type TechnicianSettings } from '../../shared/access.js';
import type { Agent, Colleague, Location } from '../../shared/api.js';
import type { Locale } from '../../shared/locales.js';
import type { AgentRef } from '../../shared/people.js';
import { byPrefix, keys } from './keys.js';
import { batchGet, fields, getItem, isConditionFailure, queryAll, updateItem, type Item } from './table.js';
import { getLocation, locationRef } from './locations.js';
import { presenceOf, type StoredPresence } from './presence.js';

export interface AgentRecord {
  id: string;
  company_id: string;
  location_id: string;
  email: string;
  first_name: string;
  last_name: string;
  access_level: AccessFlags;
  team: string | null;
  online_status: Agent['online_status'];
  /** The agent's chosen presence (functions/lib/presence.ts); none stored reads as online. */
  presence?: StoredPresence;
  email_notifications_enabled: boolean;
  sms_notifications_enabled: boolean;
  /** Where SMS notifications go (E.164); absent until the agent gives one on their profile. */
  sms_notifications_phone?: string | null;
  /** The phone an advisor's "call customer" rings first (E.164; issue 25); absent: their SMS notifications number. */
  call_phone?: string | null;
  technician_settings: TechnicianSettings;
  active: boolean;
  locale: Locale;
  created_at: string;
}

export interface CompanyRecord {
  id: string;
  name: string;
  created_at: string;
  /** 'cao': partner-managed, its agents sign in only through the partner (issue 23); absent: by password. */
  sign_in?: 'cao';
}

/** Whether the agents of a company sign in only through the partner. */
export const isPartnerManaged = (company: Pick<CompanyRecord, 'sign_in'> | undefined): boolean => company?.sign_in === 'cao';

export async function getAgent(companyId: string, agentId: string): Promise<AgentRecord | undefined> {
  const item = await getItem<AgentRecord>(keys.agent(companyId, agentId), true);
  return item && fields(item);
}

/** Several agents of a company by id (missing ones left out), by id. */
export async function getAgents(companyId: string, agentIds: readonly string[]): Promise<Map<string, AgentRecord>> {
  if (agentIds.length === 0) return new Map();
  const items = await batchGet<AgentRecord>(agentIds.map((id) => keys.agent(companyId, id)));
  return new Map(items.map((item) => [item.id, fields(item)]));
}

export async function getCompany(companyId: string): Promise<CompanyRecord | undefined> {
  const item = await getItem<CompanyRecord>(keys.company(companyId));
  return item && fields(item);
}

export async function agentsOfCompany(companyId: string): Promise<AgentRecord[]> {
  return (await queryAll<AgentRecord>(byPrefix(keys.agentsOfCompany(companyId)))).map(fields);
}

export async function agentsOfLocation(companyId: string, locationId: string): Promise<AgentRecord[]> {
  const { gsi1pk } = keys.agentsOfLocation(companyId, locationId);
  const items = await queryAll<AgentRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
  return items.map(fields);
}

/** The stored item of an agent, with the keys of each access pattern it serves. */
export function agentItem(agent: AgentRecord): Item<AgentRecord> {
  return {
    ...keys.agent(agent.company_id, agent.id),
    ...keys.agentsOfLocation(agent.company_id, agent.location_id),
    gsi1sk: keys.agentByName(agent.last_name, agent.first_name, agent.id),
    ...agent,
  };
}

export function agentView(agent: AgentRecord, company: CompanyRecord, location: Location): Agent {
  return {
    id: agent.id,
    email: agent.email,
    first_name: agent.first_name,
    last_name: agent.last_name,
    access_level: agent.access_level,
    level: accessLevel(agent.access_level),
    company: { id: company.id, name: company.name },
    location: locationRef(location),
    team: agent.team,
    online_status: agent.online_status,
    presence: presenceOf(agent).mode,
    email_notifications_enabled: agent.email_notifications_enabled,
    sms_notifications_enabled: agent.sms_notifications_enabled,
    sms_notifications_phone: agent.sms_notifications_phone ?? null,
    call_phone: agent.call_phone ?? null,
    technician_settings: agent.technician_settings,
    active: agent.active,
    locale: agent.locale,
  };
}

/** Loads company and location for the view; a dangling reference is a data error, not a 404. */
export async function loadAgentView(agent: AgentRecord): Promise<Agent> {
  const [company, location] = await Promise.all([getCompany(agent.company_id), getLocation(agent.company_id, agent.location_id)]);
  if (!company || !location) throw new Error(`Agent ${agent.id} points at a missing company or location`);
  return agentView(agent, company, location);
}

export function colleagueView(agent: AgentRecord): Colleague {
  return {
    id: agent.id,
    email: agent.email,
    first_name: agent.first_name,
    last_name: agent.last_name,
    level: accessLevel(agent.access_level),
    access_level: agent.access_level,
    active: agent.active,
    location_id: agent.location_id,
    online_status: agent.online_status,
    presence: presenceOf(agent).mode,
  };
}

export function byName(a: AgentRecord, b: AgentRecord): number {
  return a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name);
}

/** Who did something, as records and notes name them. */
export const agentRef = (agent: Pick<AgentRecord, 'id' | 'first_name' | 'last_name'>): AgentRef => ({
  id: agent.id,
  first_name: agent.first_name,
  last_name: agent.last_name,
});

export const agentRefOrNull = (agent: Pick<AgentRecord, 'id' | 'first_name' | 'last_name'> | null): AgentRef | null => (agent ? agentRef(agent) : null);

/** What an agent may change about themself (My profile); flags, location and e-mail are their managers'. */
export type OwnProfile = Pick<AgentRecord, 'first_name' | 'last_name' | 'email_notifications_enabled' | 'sms_notifications_enabled' | 'sms_notifications_phone' | 'call_phone' | 'locale'>;

/**
 * Writes the agent's own profile and answers the agent as stored, or undefined when they are gone.
 * The name is also the agent's place in their store's list (gsi1sk), so both change together.
 */
export async function saveOwnProfile(agent: Pick<AgentRecord, 'company_id' | 'id'>, profile: OwnProfile): Promise<AgentRecord | undefined> {
  try {
    const item = await updateItem<AgentRecord>({
      Key: keys.agent(agent.company_id, agent.id),
      UpdateExpression:
        'SET first_name = :first, last_name = :last, gsi1sk = :sort, email_notifications_enabled = :mail, sms_notifications_enabled = :sms, sms_notifications_phone = :phone, call_phone = :call, #locale = :locale',
      ExpressionAttributeNames: { '#locale': 'locale' },
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':first': profile.first_name,
        ':last': profile.last_name,
        ':sort': keys.agentByName(profile.last_name, profile.first_name, agent.id),
        ':mail': profile.email_notifications_enabled,
        ':sms': profile.sms_notifications_enabled,
        ':phone': profile.sms_notifications_phone ?? null,
        ':call': profile.call_phone ?? null,
        ':locale': profile.locale,
      },
      ReturnValues: 'ALL_NEW',
    });
    return item && fields(item);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
