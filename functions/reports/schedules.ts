/**
 * Report schedules: "every Monday at 7, last week's texting activity, e-mailed to these addresses".
 * The schedules job finds the due ones with a Query on the due index (records.ts `schedulesDue`),
 * asks for each one's report (named after the run, so a run tried again makes no second report),
 * then moves the schedule to its next run. The report's worker e-mails the file (generate.ts).
 */
import type { ReportPeriod, ReportSchedule } from '../../shared/reports/types.js';
import type { NewScheduleBody, ScheduleChanges } from '../../shared/reports/fileSchemas.js';
import { reachesLocation } from '../lib/access.js';
import { conflict, notFound } from '../lib/errors.js';
import { derivedId, newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import type { Auth } from '../lib/session.js';
import { storeDay } from '../../shared/reports/periods.js';
import { assertManagesReports, assertScope } from './access.js';
import { nextRunAt, scheduleRange } from './cadence.js';
import { askForReport } from './files.js';
import { deleteSchedule, getSchedule, ReportChanged, ReportGone, saveSchedule, schedulesDue, type ScheduleRecord } from './records.js';

export function scheduleView(record: ScheduleRecord): ReportSchedule {
  const { company_id: _c, created_at: _a, version: _v, updated_at: _u, ...view } = record;
  return view;
}

const agentName = (auth: Auth) => ({ id: auth.actingAs.id, name: `${auth.actingAs.first_name} ${auth.actingAs.last_name}`.trim() });

async function timeZoneOf(companyId: string, locationId: string): Promise<string> {
  const location = await getLocation(companyId, locationId);
  if (!location) throw notFound('Location not found');
  return location.timezone;
}

export async function createSchedule(auth: Auth, locationId: string, input: NewScheduleBody['schedule'], now = new Date()): Promise<ScheduleRecord> {
  const at = now.toISOString();
  const record: ScheduleRecord = {
    id: newId('rsc'),
    company_id: auth.companyId,
    location_id: locationId,
    name: input.name ?? input.type,
    type: input.type,
    scope: input.scope,
    period: input.period,
    cadence: input.cadence,
    recipients: [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))],
    next_run_at: nextRunAt(input.cadence, await timeZoneOf(auth.companyId, locationId), now),
    last_run_at: null,
    created_by: agentName(auth),
    created_at: at,
    version: 1,
    updated_at: at,
  };
  await saveSchedule(record, null);
  return record;
}

/** The schedule, for a manager of its location or an admin; 404 across stores and companies. */
export async function visibleSchedule(auth: Auth, id: string): Promise<ScheduleRecord> {
  assertManagesReports(auth);
  const record = await getSchedule(auth.companyId, id, true);
  if (!record || !reachesLocation(auth.actingAs, record.location_id)) throw notFound('Report schedule not found');
  assertScope(auth, record.scope);
  return record;
}

export async function changeSchedule(auth: Auth, record: ScheduleRecord, changes: ScheduleChanges, now = new Date()): Promise<ScheduleRecord> {
  if (changes.scope) assertScope(auth, changes.scope);
  const cadence = changes.cadence ?? record.cadence;
  const next: ScheduleRecord = {
    ...record,
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.type ? { type: changes.type } : {}),
    ...(changes.scope ? { scope: changes.scope } : {}),
    ...(changes.period ? { period: changes.period } : {}),
    ...(changes.recipients ? { recipients: [...new Set(changes.recipients.map((r) => r.trim().toLowerCase()))] } : {}),
    cadence,
    next_run_at: changes.cadence ? nextRunAt(cadence, await timeZoneOf(record.company_id, record.location_id), now) : record.next_run_at,
    version: record.version + 1,
    updated_at: now.toISOString(),
  };
  try {
    await saveSchedule(next, record);
  } catch (err) {
    if (err instanceof ReportChanged) throw conflict('schedule_changed', 'The schedule was changed meanwhile; open it again');
    throw err;
  }
  return next;
}

export async function removeSchedule(record: ScheduleRecord): Promise<void> {
  try {
    await deleteSchedule(record);
  } catch (err) {
    if (err instanceof ReportGone) throw notFound('Report schedule not found');
    throw err;
  }
}

/** The report period a run asks for: MTD and YTD stay relative; the others are the run's days. */
function runPeriod(schedule: ScheduleRecord, range: { from: string; to: string }): ReportPeriod {
  if (schedule.period === 'mtd') return { kind: 'mtd' };
  if (schedule.period === 'ytd') return { kind: 'ytd' };
  return { kind: 'custom', from: range.from, to: range.to };
}

/** One due schedule: its run's report asked for, then its next run set. */
async function runSchedule(companyId: string, id: string, now: Date): Promise<boolean> {
  const schedule = await getSchedule(companyId, id, true);
  if (!schedule || schedule.next_run_at > now.toISOString()) return false;
  const timeZone = await timeZoneOf(companyId, schedule.location_id);
  const range = scheduleRange(schedule.period, storeDay(now, timeZone));
  await askForReport(
    {
      id: derivedId('rpt', companyId, schedule.id, schedule.next_run_at),
      companyId,
      locationId: schedule.location_id,
      type: schedule.type,
      scope: schedule.scope,
      period: runPeriod(schedule, range),
      range,
      name: `${schedule.name} ${range.from} – ${range.to}`,
      createdBy: schedule.created_by,
      scheduleId: schedule.id,
      mailTo: schedule.recipients,
    },
    now,
  );
  const next: ScheduleRecord = {
    ...schedule,
    last_run_at: now.toISOString(),
    next_run_at: nextRunAt(schedule.cadence, timeZone, now),
    version: schedule.version + 1,
    updated_at: now.toISOString(),
  };
  try {
    await saveSchedule(next, schedule);
  } catch (err) {
    // Changed meanwhile (edited, or another run): the next run finds it due again and its report already asked for.
    if (err instanceof ReportChanged) return false;
    throw err;
  }
  return true;
}

/** The schedules job: every schedule due now. */
export async function runDueSchedules(now = new Date()): Promise<{ due: number; run: number }> {
  const due = await schedulesDue(now);
  let run = 0;
  for (const ref of due) {
    try {
      if (await runSchedule(ref.company_id, ref.id, now)) run += 1;
    } catch (err) {
      logger.error('report schedule not run', { company_id: ref.company_id, schedule_id: ref.id, error: (err as Error).message });
    }
  }
  return { due: due.length, run };
}
