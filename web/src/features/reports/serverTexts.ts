/**
 * The reports' refusals (shared/reports/schemas.ts REPORT_ERRORS for the period, fileSchemas.ts
 * REPORT_FILE_ERRORS for files and schedules, both in English) in the reader's words: a form shows
 * its own text at the field the server named, and the server's own words only for a refusal it has
 * no words for.
 */
import { REPORT_FILE_ERRORS } from '../../../../shared/reports/fileSchemas.js';
import { REPORT_ERRORS } from '../../../../shared/reports/schemas.js';

const KEYS = new Map<string, string>([
  [REPORT_ERRORS.from, 'reports.problem_from_missing'],
  [REPORT_ERRORS.to, 'reports.problem_to_missing'],
  [REPORT_ERRORS.order, 'reports.problem_from_after_to'],
  [REPORT_ERRORS.date, 'reports.problem_date_missing'],
  [REPORT_FILE_ERRORS.day, 'reports.problem_date_missing'],
  [REPORT_FILE_ERRORS.too_long, 'reports.problem_too_long'],
  [REPORT_FILE_ERRORS.name_blank, 'reports.name_required'],
  [REPORT_FILE_ERRORS.recipients, 'reports.recipients_required'],
  [REPORT_FILE_ERRORS.recipient, 'reports.recipient_invalid'],
]);

export function reportFileTextKey(text: string): string | null {
  return KEYS.get(text) ?? null;
}
