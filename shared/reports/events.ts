/** The report files' events (shared/events.ts `BoardEventSchemas`): the reports list follows a file's state without polling. */
import * as z from 'zod/mini';
import { count, id, type EventsOf } from '../events.js';

const STATUSES = ['pending', 'running', 'ready', 'failed'] as const;

export const REPORT_EVENTS = {
  /** A report file moved (pending → running → ready or failed), was renamed, refreshed or deleted: the list reads it again. */
  'report.changed': z.object({
    id,
    location_id: id,
    status: z.enum(STATUSES),
    deleted: z.boolean(),
    progress: z.nullable(z.object({ done: count, total: z.nullable(count) })),
  }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'report.changed': (typeof REPORT_EVENTS)['report.changed'];
  }
}

export type ReportEvent = EventsOf<typeof REPORT_EVENTS>;
