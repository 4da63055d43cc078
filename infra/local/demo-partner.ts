/**
 * The partner-managed demo company (issue 23): Lakeside Auto Group signs in only through the local
 * partner (infra/local/partnerIdp.ts). Its agents have the e-mails of the partner's demo users and
 * no usable console password.
 */
import { noAccess, type AccessFlag, type AccessFlags } from '../../shared/access.js';
import type { DemoAgent, DemoLocation } from './demo.js';

/** The local partner (infra/local/partnerIdp.ts): its name, our client there, its demo users' password and the role the console requires. */
export const PARTNER_CLIENT_ID = 'dealer-console';
export const PARTNER_NAME = 'CAO Connect';
export const PARTNER_DEMO_PASSWORD = 'partner-demo';
export const PARTNER_REQUIRED_ROLE = 'dealer_console';

export interface PartnerUser {
  sub: string;
  email: string;
  name: string;
  roles: string[];
  password: string;
}

/** The partner's demo users; each is also an agent of Lakeside Auto Group (LAKESIDE_AGENTS, same e-mail). */
export const PARTNER_DEMO_USERS: readonly PartnerUser[] = [
  { sub: 'cao-1001', email: 'lakeside.advisor@partner.example', name: 'Jordan Lake', roles: [PARTNER_REQUIRED_ROLE], password: PARTNER_DEMO_PASSWORD },
  { sub: 'cao-1002', email: 'lakeside.manager@partner.example', name: 'Morgan Reed', roles: [PARTNER_REQUIRED_ROLE], password: PARTNER_DEMO_PASSWORD },
  { sub: 'cao-1003', email: 'lakeside.viewer@partner.example', name: 'Casey Shore', roles: [], password: PARTNER_DEMO_PASSWORD },
];

export const LAKESIDE_COMPANY = { id: 'cmp_lakeside', name: 'Lakeside Auto Group', sign_in: 'cao' } as const;

export const LAKESIDE_LOCATION: DemoLocation = {
  id: 'loc_lakeside',
  company_id: LAKESIDE_COMPANY.id,
  name: 'Lakeside Auto Group',
  timezone: 'America/Chicago',
  locale: 'en-us',
  theme: 'cao',
  whitelabel: false,
  ip_allowlist: [],
  address: '800 Shoreline Drive, Madison, WI 53703',
  phone: '+16085550100',
  teams: [],
};

function flags(...granted: AccessFlag[]): AccessFlags {
  const result = noAccess();
  for (const flag of granted) result[flag] = true;
  return result;
}

const lakeside = (id: string, email: string, name: [string, string], role: string, access: AccessFlags): DemoAgent => ({
  id,
  company_id: LAKESIDE_COMPANY.id,
  location_id: LAKESIDE_LOCATION.id,
  email,
  first_name: name[0],
  last_name: name[1],
  role,
  access_level: access,
  technician_settings: { enabled: false, mpi_enabled: false },
  locale: 'en-us',
  active: true,
});

/** Each is also a user of the local partner (PARTNER_DEMO_USERS), same e-mail. */
export const LAKESIDE_AGENTS: DemoAgent[] = [
  lakeside('agt_lakeside_advisor', 'lakeside.advisor@partner.example', ['Jordan', 'Lake'], 'Service advisor (partner sign-in)', flags('service', 'chat')),
  lakeside('agt_lakeside_manager', 'lakeside.manager@partner.example', ['Morgan', 'Reed'], 'Service manager (partner sign-in)', flags('manager', 'service', 'appointments', 'chat')),
  lakeside('agt_lakeside_viewer', 'lakeside.viewer@partner.example', ['Casey', 'Shore'], 'No console role at the partner', flags('service', 'chat')),
];
