/**
 * A company of its own for the fuzz test (call `useStackEnv()` first): one location and one admin
 * who holds every permission, written straight into the table. Whatever the fuzzer manages to
 * change stays inside it; no other test sees this company.
 */
import { noAccess, type AccessFlags } from '../../shared/access.js';
import { agentItem, type AgentRecord } from '../../functions/lib/agents.js';
import { keys } from '../../functions/lib/keys.js';
import { locationItem } from '../../functions/lib/locations.js';
import { hashPassword } from '../../functions/lib/passwords.js';
import { putItem } from '../../functions/lib/table.js';
import { signInItem } from '../../functions/sessions/signIn.js';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';

export const FUZZ = {
  companyId: 'cmp_fuzz',
  locationId: 'loc_fuzz_main',
  adminId: 'agt_fuzz_admin',
  adminEmail: 'fuzz-admin@fuzz.example',
  password: DEMO_PASSWORD,
} as const;

export async function createFuzzCompany(): Promise<AgentRecord> {
  const createdAt = new Date().toISOString();
  const everything: AccessFlags = { ...noAccess() };
  for (const flag of Object.keys(everything) as (keyof AccessFlags)[]) everything[flag] = true;
  const admin: AgentRecord = {
    id: FUZZ.adminId,
    company_id: FUZZ.companyId,
    location_id: FUZZ.locationId,
    email: FUZZ.adminEmail,
    first_name: 'Fuzz',
    last_name: 'Admin',
    access_level: everything,
    team: null,
    online_status: 'offline',
    email_notifications_enabled: false,
    sms_notifications_enabled: false,
    technician_settings: { enabled: true, mpi_enabled: true },
    active: true,
    locale: 'en-us',
    created_at: createdAt,
  };
  await putItem(
    locationItem({
      id: FUZZ.locationId,
      company_id: FUZZ.companyId,
      name: 'Fuzz Motors',
      timezone: 'America/New_York',
      locale: 'en-us',
      theme: 'default',
      whitelabel: false,
      ip_allowlist: [],
      address: '1 Test Street',
      phone: '+16175550999',
      teams: [],
      created_at: createdAt,
    }),
  );
  await putItem(agentItem(admin));
  await putItem(signInItem(admin, await hashPassword(FUZZ.password)));
  await putItem({ ...keys.company(FUZZ.companyId), id: FUZZ.companyId, name: 'Fuzz Motors', created_at: createdAt });
  return admin;
}
