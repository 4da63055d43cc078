/**
 * Agents of a test's own at a demo store (call `useStackEnv()` first), written straight into the
 * table with the demo password: a test that changes an agent's state (their presence) changes no
 * demo agent another test counts on.
 */
import { noAccess, type AccessFlags } from '../../shared/access.js';
import { agentItem, type AgentRecord } from '../../functions/lib/agents.js';
import { hashPassword } from '../../functions/lib/passwords.js';
import { putItem } from '../../functions/lib/table.js';
import { signInItem } from '../../functions/sessions/signIn.js';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';
import { DEMO_NORTH } from './service.js';

export function accessFlags(...on: (keyof AccessFlags)[]): AccessFlags {
  const set = noAccess();
  for (const flag of on) set[flag] = true;
  return set;
}

/** A service advisor of the north store (e-mail `<id>@agents.example`, the demo password) unless told otherwise. */
export async function createAgent(id: string, first: string, last: string, overrides: Partial<AgentRecord> = {}): Promise<AgentRecord> {
  const agent: AgentRecord = {
    id,
    company_id: DEMO_NORTH.companyId,
    location_id: DEMO_NORTH.locationId,
    email: `${id}@agents.example`,
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
