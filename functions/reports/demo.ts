/**
 * The demo dealership's report files (functions/lib/boardModule.ts `local.demo`): this month's
 * texting activity at the north store, made as the background makes it, and a weekly schedule that
 * e-mails last week's to the service manager (the local mailbox shows it once it runs).
 */
import { DEMO_COMPANY } from '../../infra/local/demo.js';
import { askForReport } from './files.js';
import { generateReport } from './generate.js';
import { nextRunAt } from './cadence.js';
import { saveSchedule } from './records.js';
import { tallySource } from './tallySource.js';

const NORTH = 'loc_demo_north';
const MANAGER = { id: 'agt_manager', name: 'Marcus Bell' };

export async function seedDemo(): Promise<void> {
  const report = await askForReport({ id: 'rpt_demo_texting', companyId: DEMO_COMPANY.id, locationId: NORTH, type: 'texting', scope: 'location', period: { kind: 'mtd' }, name: 'Texting this month', createdBy: MANAGER, startNow: false });
  // Made here, so the demo opens with it ready (the stack's worker is not asked).
  await generateReport(DEMO_COMPANY.id, report.id, tallySource);
  const at = new Date().toISOString();
  await saveSchedule(
    {
      id: 'rsc_demo_weekly',
      company_id: DEMO_COMPANY.id,
      location_id: NORTH,
      name: 'Weekly texting',
      type: 'texting',
      scope: 'location',
      period: 'last_week',
      cadence: { kind: 'weekly', weekday: 1, hour: 7 },
      recipients: ['manager@demo.example'],
      next_run_at: nextRunAt({ kind: 'weekly', weekday: 1, hour: 7 }, 'America/New_York', new Date()),
      last_run_at: null,
      created_by: MANAGER,
      created_at: at,
      version: 1,
      updated_at: at,
    },
    null,
  );
}
