/**
 * The DMS feed: what a dealer-management system (or its integration partner) posts to
 * `/dms/v1/locations/{id}/…` with the location's API key. Every record is keyed by the DMS's own
 * id, so posting the same record again updates it and creates nothing new.
 */
import * as z from 'zod/mini';
import { WORK_ORDER_STATUS_CODES } from '../repairOrders/repairOrders.js';

const name = z.string().check(z.trim(), z.maxLength(80));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const dmsCustomer = z.object({
  dms_customer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  first_name: z._default(name, ''),
  middle_name: z._default(name, ''),
  last_name: z._default(name, ''),
  phones: z._default(z.object({ cell: optionalText(32), work: optionalText(32), alternate: optionalText(32) }), {}),
  email: optionalText(200),
  address: optionalText(300),
  language: optionalText(8),
  /** Written consent recorded in the DMS: `in` opts the customer in (DMS_OPT_IN). `out` is never taken from the DMS. */
  dms_opt_in: z.optional(z.enum(['in', 'unknown'])),
});
export type DmsCustomer = z.infer<typeof dmsCustomer>;

export const dmsRepairOrder = z.object({
  dms_ro_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  dms_customer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  /** Customer fields may ride along; they upsert the customer first. */
  customer: z.optional(z.partial(z.omit(dmsCustomer, { dms_customer_id: true }))),
  /** The advisor by e-mail, as the DMS knows them; unknown e-mails leave the order unassigned. */
  advisor_email: z.optional(z.nullable(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200)))),
  vehicle: z._default(
    z.object({
      make: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
      model: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
      year: z._default(z.nullable(z.number().check(z.int(), z.gte(1900), z.lte(2100))), null),
      vin: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(17))), null),
      mileage: z._default(z.nullable(z.number().check(z.int(), z.gte(0))), null),
    }),
    { make: '', model: '', year: null, vin: null, mileage: null },
  ),
  opened_at: z.optional(z.iso.datetime({ offset: true })),
  promise_time: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  status: z._default(z.enum(['open', 'pre_invoiced', 'invoiced', 'closed']), 'open'),
  work_order_status_code: z.optional(z.nullable(z.enum(WORK_ORDER_STATUS_CODES as [string, ...string[]]))),
  opcodes: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))).check(z.maxLength(100))),
  customer_waiting: z.optional(z.boolean()),
  delivery_requested: z.optional(z.boolean()),
  invoice: z.optional(
    z.nullable(
      z.object({
        requested_amount_in_cents: z.number().check(z.int(), z.gte(0)),
        requested_customer_pay_in_cents: z.number().check(z.int(), z.gte(0)),
      }),
    ),
  ),
});
export type DmsRepairOrder = z.infer<typeof dmsRepairOrder>;

export const dmsAppointment = z.object({
  dms_appointment_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  dms_customer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  customer: z.optional(z.partial(z.omit(dmsCustomer, { dms_customer_id: true }))),
  scheduled_at: z.iso.datetime({ offset: true }),
  advisor_email: z.optional(z.nullable(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200)))),
  vehicle: z.optional(dmsRepairOrder.shape.vehicle),
  notes: z._default(z.string().check(z.trim(), z.maxLength(1000)), ''),
  cancelled: z._default(z.boolean(), false),
});
export type DmsAppointment = z.infer<typeof dmsAppointment>;

/** A call the phone system reports (telephony comes later; the record feeds the missed-call flag). */
export const dmsCall = z.object({
  call_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  dms_customer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  board: z._default(z.enum(['service', 'appointments', 'inventory']), 'service'),
  direction: z.enum(['inbound', 'outbound']),
  status: z.enum(['completed', 'in-progress', 'ringing', 'failed']),
  dial_status: z._default(z.nullable(z.enum(['answered', 'no-answer', 'busy'])), null),
  agent_email: z.optional(z.nullable(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200)))),
  created_at: z.iso.datetime({ offset: true }),
});
export type DmsCall = z.infer<typeof dmsCall>;

/** Batches: up to 100 records a request, answered one result per record. */
export const dmsBatch = <T extends z.ZodMiniType>(record: T) => z.object({ records: z.array(record).check(z.minLength(1), z.maxLength(100)) });

export interface DmsBatchResult {
  results: { id: string; status: 'created' | 'updated' | 'unchanged' | 'error'; error?: string }[];
}
