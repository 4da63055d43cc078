/**
 * The hourly tidy-up of every location's board (service_settings): orders nobody has touched for
 * auto_close_days are closed ("autoclosed", note RO_CLOSED); closed orders leave the board for the
 * archive auto_archive_closed_days after closing, and any order idle for auto_archive_idle_days
 * leaves it too (closed on the way if it was still open).
 *
 * Idle means no message of any kind since `activity_at`, the board's own sort key, so the
 * candidates of a location are one Query on the board index (`gsi1sk < cutoff`), never a Scan.
 * Closing writes a note, which is activity: a closed order is archived once it has been both
 * closed and quiet for auto_archive_closed_days, so a customer who writes after closing keeps the
 * conversation on the board a while.
 */
import { customerText } from '../lib/customerTexts.js';
import { logger } from '../lib/log.js';
import { everyLocation, type LocationRecord } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { addSystemNote } from '../messages/notes.js';
import { announce, changed } from './events.js';
import { quietOrdersOfLocation, updateRepairOrder, type QuietOrder } from './records.js';
import { repairOrderOwner } from './owner.js';
import { tellRepairOrderListeners } from './moments.js';

const DAY_MS = 24 * 3600 * 1000;
/** Orders tidied at once per location: enough to finish quickly, few enough not to throttle the table. */
const CONCURRENCY = 8;

export interface HousekeepingRules {
  auto_close_days: number;
  auto_archive_closed_days: number;
  auto_archive_idle_days: number;
}

type Candidate = QuietOrder;

/** What the tidy-up does to one order at `now`. */
export function housekeepingOf(ro: Candidate, rules: HousekeepingRules, now: number): { close: boolean; archive: boolean } {
  if (ro.archived) return { close: false, archive: false };
  const idle = now - Date.parse(ro.activity_at);
  const close = !ro.closed && idle > rules.auto_close_days * DAY_MS;
  const closedLongAgo = ro.closed && ro.closed_at !== null && now - Date.parse(ro.closed_at) > rules.auto_archive_closed_days * DAY_MS;
  const archive = idle > rules.auto_archive_idle_days * DAY_MS || (closedLongAgo && idle > rules.auto_archive_closed_days * DAY_MS);
  return { close, archive };
}

export interface HousekeepingResult {
  locations: number;
  closed: number;
  archived: number;
}

async function tidy(companyId: string, candidate: Candidate, rules: HousekeepingRules, now: number): Promise<{ closed: boolean; archived: boolean }> {
  const at = new Date(now).toISOString();
  let decided = { close: false, archive: false };
  // Decided again on the order as read for the write: a message may have arrived since the query.
  const result = await updateRepairOrder(companyId, candidate.id, (current) => {
    decided = housekeepingOf(current, rules, now);
    if (!decided.close && !decided.archive) return null;
    return {
      ...(decided.close ? { closed: true, autoclosed: true, closed_at: at } : {}),
      ...(decided.archive ? { archived: true, archived_at: at } : {}),
    };
  });
  if (!result.changed) return { closed: false, archived: false };
  if (decided.close) {
    await addSystemNote(repairOrderOwner(result.after), {
      behaviour: 'RO_CLOSED',
      text: customerText('orderClosedNote', 'en-us'),
      note: { key: 'order_closed', params: { closed_by: 'inactivity' } },
      extra: { reason: 'inactivity' },
    });
    await tellRepairOrderListeners('closed', result.after, 'inactivity');
  }
  await announce(result.after, changed(result.after, decided.archive ? 'archived' : 'autoclosed'));
  return { closed: decided.close, archived: decided.archive };
}

async function tidyLocation(location: Pick<LocationRecord, 'company_id' | 'id'>, now: number): Promise<{ closed: number; archived: number }> {
  const settings = await readSettings(location.company_id, location.id, 'service_settings');
  const rules: HousekeepingRules = {
    auto_close_days: settings.auto_close_days,
    auto_archive_closed_days: settings.auto_archive_closed_days,
    auto_archive_idle_days: settings.auto_archive_idle_days,
  };
  const quietestRule = Math.min(rules.auto_close_days, rules.auto_archive_closed_days, rules.auto_archive_idle_days);
  const cutoff = new Date(now - quietestRule * DAY_MS).toISOString();
  const candidates = await quietOrdersOfLocation(location.company_id, location.id, cutoff);
  const due = candidates.filter((c) => {
    const plan = housekeepingOf(c, rules, now);
    return plan.close || plan.archive;
  });
  let closed = 0;
  let archived = 0;
  for (let i = 0; i < due.length; i += CONCURRENCY) {
    const outcomes = await Promise.all(due.slice(i, i + CONCURRENCY).map((c) => tidy(location.company_id, c, rules, now)));
    for (const outcome of outcomes) {
      if (outcome.closed) closed += 1;
      if (outcome.archived) archived += 1;
    }
  }
  return { closed, archived };
}

/** Runs over every location of every company (gsi2 `ALL#LOCATIONS`); answers what it did. */
export async function repairOrderHousekeeping(now = Date.now()): Promise<HousekeepingResult> {
  const locations = await everyLocation();
  const total: HousekeepingResult = { locations: locations.length, closed: 0, archived: 0 };
  for (const location of locations) {
    try {
      const done = await tidyLocation(location, now);
      total.closed += done.closed;
      total.archived += done.archived;
    } catch (err) {
      // One location's trouble must not keep the others untidy; the next run tries it again.
      logger.error('repair-order housekeeping failed for a location', { company_id: location.company_id, location_id: location.id, error: err as Error });
    }
  }
  return total;
}
