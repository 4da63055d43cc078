/**
 * The users part of the demo dealership (functions/lib/boardModule.ts `local.demo`): the agents
 * themselves come with infra/local/demo.ts; this gives Demo Motors North an activity list to read
 * (the manager's consent change, the former advisor's deactivation, an admin's flag change).
 */
import { recordActivity } from '../lib/activities.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';

export async function seedDemo(): Promise<void> {
  await recordActivity(COMPANY, { kind: 'user_deactivated', locationId: NORTH, agentId: 'agt_manager', subjectId: 'agt_former' });
  await recordActivity(COMPANY, {
    kind: 'user_changed',
    locationId: NORTH,
    agentId: 'agt_admin',
    subjectId: 'agt_advisor',
    changes: [{ field: 'access_level.chat', before: false, after: true }],
  });
  await recordActivity(COMPANY, {
    kind: 'settings_changed',
    locationId: NORTH,
    agentId: 'agt_manager',
    group: 'service_settings',
    changes: [{ field: 'quiet_hours_start', before: '21:00', after: '20:00' }],
  });
}
