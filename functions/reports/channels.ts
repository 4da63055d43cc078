/** A location's report files: its managers (and the company's admins) hear them change (functions/reports/board.ts). */
import { publish } from '../lib/realtime.js';
import type { ReportRecord } from './records.js';

export const reportsChannel = (locationId: string): string => `location:${locationId}:reports`;

/** What changed in a report, as its location's list hears it. */
export async function announceReport(record: Pick<ReportRecord, 'company_id' | 'id' | 'location_id' | 'status' | 'progress'>, deleted = false): Promise<void> {
  await publish(record.company_id, reportsChannel(record.location_id), {
    type: 'report.changed',
    data: { id: record.id, location_id: record.location_id, status: record.status, deleted, progress: record.progress },
  });
}
