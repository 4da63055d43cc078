/**
 * The store's `reports_settings` group (issue 24): the late answer threshold and the opening hours
 * first responses are measured within. A group of the tallies board's own (SPEC §3 has none for
 * reports), served from its area (functions/lib/settingsRoutes.ts).
 */
import * as z from 'zod/mini';
import { reportsSettings } from '../../shared/reports/schemas.js';
import { LATE_RESPONSE_CHOICES } from '../../shared/reports/responseTimes.js';
import type { SettingsSchema } from '../lib/boardModule.js';
import { readGroup } from '../lib/settings.js';
import type { ReportsSettingsValues } from './sheets.js';

export const REPORTS_SETTINGS = 'reports_settings';

/**
 * A threshold saved before it had to be a bucket bound (any whole minute up to 1440) reads as the
 * nearest bound at or above it, 240 at most: late answers stay countable from the buckets.
 */
function withChoiceThreshold(stored: Record<string, unknown>): Record<string, unknown> {
  const late = stored.late_response_minutes;
  if (typeof late !== 'number' || LATE_RESPONSE_CHOICES.includes(late)) return stored;
  return { ...stored, late_response_minutes: LATE_RESPONSE_CHOICES.find((c) => c >= late) ?? LATE_RESPONSE_CHOICES[LATE_RESPONSE_CHOICES.length - 1] };
}

export const reportsSettingsSchema: SettingsSchema = {
  complete: (stored) => reportsSettings.parse(stored && typeof stored === 'object' ? withChoiceThreshold(stored as Record<string, unknown>) : {}),
  changes: (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, errors: [{ message: `Please send ${REPORTS_SETTINGS} as an object`, path: REPORTS_SETTINGS }] };
    const result = z.partial(reportsSettings).safeParse(raw);
    if (!result.success) return { ok: false, errors: result.error.issues.map((i) => ({ message: i.message, path: i.path.join('.') })) };
    const changes = Object.fromEntries(Object.entries(result.data).filter(([name]) => Object.hasOwn(raw, name)));
    return { ok: true, changes };
  },
};

export async function readReportsSettings(companyId: string, locationId: string): Promise<ReportsSettingsValues> {
  return (await readGroup(companyId, locationId, REPORTS_SETTINGS, reportsSettingsSchema)) as unknown as ReportsSettingsValues;
}
