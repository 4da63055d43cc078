/**
 * The DMS feed: what a dealer-management system (or its integration partner) posts to
 * `/dms/v1/locations/{id}/…` with the location's API key. Every record is keyed by the DMS's own
 * id, so posting the same record again updates it and creates nothing new.
 */
import { z } from 'zod';
import { WORK_ORDER_STATUS_CODES } from '../repairOrders.js';

const name = z.string().trim().max(80);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const dmsCustomer = z.object({
  dms_customer_id: z.string().trim().min(1).max(64),
  first_name: name.default(''),
  middle_name: name.default(''),
  last_name: name.default(''),
  phones: z
    .object({ cell: optionalText(32), work: optionalText(32), alternate: optionalText(32) })
    .default({}),
  email: optionalText(200),
  address: optionalText(300),
  language: optionalText(8),
  /** Written consent recorded in the DMS: `in` opts the customer in (DMS_OPT_IN). `out` is never taken from the DMS. */
  dms_opt_in: z.enum(['in', 'unknown']).optional(),
});
export type DmsCustomer = z.infer<typeof dmsCustomer>;

export const dmsRepairOrder = z.object({
  dms_ro_id: z.string().trim().min(1).max(64),
  dms_customer_id: z.string().trim().min(1).max(64),
  /** Customer fields may ride along; they upsert the customer first. */
  customer: dmsCustomer.omit({ dms_customer_id: true }).partial().optional(),
  /** The advisor by e-mail, as the DMS knows them; unknown e-mails leave the order unassigned. */
  advisor_email: z.string().trim().toLowerCase().max(200).nullable().optional(),
  vehicle: z
    .object({
      make: z.string().trim().max(60).default(''),
      model: z.string().trim().max(60).default(''),
      year: z.number().int().min(1900).max(2100).nullable().default(null),
      vin: z.string().trim().max(17).nullable().default(null),
      mileage: z.number().int().min(0).nullable().default(null),
    })
    .default({ make: '', model: '', year: null, vin: null, mileage: null }),
  opened_at: z.iso.datetime({ offset: true }).optional(),
  promise_time: z.iso.datetime({ offset: true }).nullable().optional(),
  status: z.enum(['open', 'pre_invoiced', 'invoiced', 'closed']).default('open'),
  work_order_status_code: z.enum(WORK_ORDER_STATUS_CODES as [string, ...string[]]).nullable().optional(),
  opcodes: z.array(z.string().trim().min(1).max(32)).max(100).optional(),
  customer_waiting: z.boolean().optional(),
  delivery_requested: z.boolean().optional(),
  invoice: z
    .object({ requested_amount_in_cents: z.number().int().min(0), requested_customer_pay_in_cents: z.number().int().min(0) })
    .nullable()
    .optional(),
});
export type DmsRepairOrder = z.infer<typeof dmsRepairOrder>;

export const dmsAppointment = z.object({
  dms_appointment_id: z.string().trim().min(1).max(64),
  dms_customer_id: z.string().trim().min(1).max(64),
  customer: dmsCustomer.omit({ dms_customer_id: true }).partial().optional(),
  scheduled_at: z.iso.datetime({ offset: true }),
  advisor_email: z.string().trim().toLowerCase().max(200).nullable().optional(),
  vehicle: dmsRepairOrder.shape.vehicle.optional(),
  notes: z.string().trim().max(1000).default(''),
  cancelled: z.boolean().default(false),
});
export type DmsAppointment = z.infer<typeof dmsAppointment>;

/** A call the phone system reports (telephony comes later; the record feeds the missed-call flag). */
export const dmsCall = z.object({
  call_id: z.string().trim().min(1).max(64),
  dms_customer_id: z.string().trim().min(1).max(64),
  board: z.enum(['service', 'appointments', 'inventory']).default('service'),
  direction: z.enum(['inbound', 'outbound']),
  status: z.enum(['completed', 'in-progress', 'ringing', 'failed']),
  dial_status: z.enum(['answered', 'no-answer', 'busy']).nullable().default(null),
  agent_email: z.string().trim().toLowerCase().max(200).nullable().optional(),
  created_at: z.iso.datetime({ offset: true }),
});
export type DmsCall = z.infer<typeof dmsCall>;

/** Batches: up to 100 records a request, answered one result per record. */
export const dmsBatch = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record).min(1).max(100) });

export interface DmsBatchResult {
  results: { id: string; status: 'created' | 'updated' | 'unchanged' | 'error'; error?: string }[];
}
