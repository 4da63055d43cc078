/**
 * A dealership of a test's own (call `useStackEnv()` first): a company with a store (and a second
 * store), a service texting number, texting hours all day, and agents written straight into the
 * table with the demo password. A test that leaves an agent changed (away) or adds agents changes
 * nothing the demo's stores show another test.
 */
import { noAccess, type AccessFlags } from '../../shared/access.js';
import { agentItem, type AgentRecord } from '../../functions/lib/agents.js';
import { keys } from '../../functions/lib/keys.js';
import { locationItem } from '../../functions/lib/locations.js';
import { hashPassword } from '../../functions/lib/passwords.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { putItem } from '../../functions/lib/table.js';
import { registerTextingNumbers } from '../../functions/lib/textingNumbers.js';
import { signInItem } from '../../functions/sessions/signIn.js';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';
import { uniquePhone } from './service.js';

export interface OwnStore {
  companyId: string;
  locationId: string;
  /** Another store of the same company. */
  otherLocationId: string;
  /** The store's name: what its texts name it by (it has no business name of its own). */
  name: string;
  /** The store's service texting number, E.164: where its customers text. */
  number: string;
}

export function accessFlags(...on: (keyof AccessFlags)[]): AccessFlags {
  const set = noAccess();
  for (const flag of on) set[flag] = true;
  return set;
}

export async function createOwnStore(tag: string): Promise<OwnStore> {
  const run = `${tag}_${Date.now().toString(36)}`;
  const store: OwnStore = { companyId: `cmp_${run}`, locationId: `loc_${run}_main`, otherLocationId: `loc_${run}_east`, name: 'Harbor Motors', number: uniquePhone() };
  const createdAt = new Date().toISOString();
  await putItem({ ...keys.company(store.companyId), id: store.companyId, name: 'Harbor Motors Group', created_at: createdAt });
  for (const [id, name] of [
    [store.locationId, store.name],
    [store.otherLocationId, 'Harbor Motors East'],
  ] as const) {
    await putItem(
      locationItem({
        id,
        company_id: store.companyId,
        name,
        timezone: 'America/New_York',
        locale: 'en-us',
        theme: 'default',
        whitelabel: false,
        ip_allowlist: [],
        address: '1 Harbor Street',
        phone: '+16175550188',
        teams: [],
        created_at: createdAt,
      }),
    );
  }
  const business = await readSettings(store.companyId, store.locationId, 'business_information');
  await writeSettings(store.companyId, store.locationId, 'business_information', { ...business, texting_numbers: { ...business.texting_numbers, service: store.number } }, 'agt_test');
  await registerTextingNumbers(store.companyId, store.locationId, {}, { service: store.number });
  // Texting hours all day: a test that wants quiet hours sets them itself.
  const service = await readSettings(store.companyId, store.locationId, 'service_settings');
  await writeSettings(store.companyId, store.locationId, 'service_settings', { ...service, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }, 'agt_test');
  return store;
}

/** A service advisor of the store (e-mail `<id>@harbor.example`, the demo password) unless told otherwise. */
export async function createAgent(store: Pick<OwnStore, 'companyId' | 'locationId'>, id: string, first: string, last: string, overrides: Partial<AgentRecord> = {}): Promise<AgentRecord> {
  const agent: AgentRecord = {
    id,
    company_id: store.companyId,
    location_id: store.locationId,
    email: `${id}@harbor.example`,
    first_name: first,
    last_name: last,
    access_level: accessFlags('service', 'chat'),
    team: null,
    online_status: 'offline',
    email_notifications_enabled: false,
    sms_notifications_enabled: false,
    technician_settings: { enabled: false, mpi_enabled: false },
    active: true,
    locale: 'en-us',
    created_at: new Date().toISOString(),
    ...overrides,
  };
  await putItem(agentItem(agent));
  await putItem(signInItem(agent, await hashPassword(DEMO_PASSWORD)));
  return agent;
}
