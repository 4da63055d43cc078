/** The inspections' events (shared/events.ts `BoardEventSchemas`): a sheet moved (claimed, saved, completed…) or a recommendation was decided. */
import * as z from 'zod/mini';
import { count, id, type EventsOf } from '../events.js';
import { SHEET_STATES, type ApproverInitiator, type MpiChangeReason } from './inspections.js';

export const MPI_EVENTS = {
  'mpi.changed': z.object({
    location_id: id,
    repair_order_id: id,
    sheet_id: id,
    state: z.enum(SHEET_STATES),
    holder_id: z._default(z.nullable(z.string()), null),
    version: count,
    reason: z._default(z.custom<MpiChangeReason>((v) => typeof v === 'string'), 'saved'),
  }),
  'mpi.decision': z.object({
    location_id: id,
    repair_order_id: id,
    sheet_id: id,
    recommendation_id: id,
    approved: z._default(z.nullable(z.boolean()), null),
    initiator: z.catch(z.enum(['customer', 'agent']) as z.ZodMiniType<ApproverInitiator>, 'agent'),
    version: count,
  }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'mpi.changed': (typeof MPI_EVENTS)['mpi.changed'];
    'mpi.decision': (typeof MPI_EVENTS)['mpi.decision'];
  }
}

export type MpiEvent = EventsOf<typeof MPI_EVENTS>;
