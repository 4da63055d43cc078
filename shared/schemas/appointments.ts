/**
 * Booking an appointment in the console (SPEC §7 `POST {loc}/appointments` with a new customer,
 * `POST {loc}/customers/{id}/appointments` for a known one), searching customers, and mass texts.
 */
import * as z from 'zod/mini';
import { CUSTOMER_SEARCH_LIMIT } from '../appointments.js';
import { MESSAGE_MAX_LENGTH } from '../messages.js';
import { MAX_ID_LENGTH } from './auth.js';
import { dmsRepairOrder } from './dms.js';
import { quietHoursAnswer } from './messages.js';
import { newPerson } from './people.js';

export const APPOINTMENT_ERRORS = {
  scheduled_at: 'Please choose the date and time of the appointment',
  in_past: 'The appointment time has already passed',
} as const;

export const appointmentInput = z.object({
  scheduled_at: z.iso.datetime({ offset: true, message: APPOINTMENT_ERRORS.scheduled_at }),
  agent_id: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))), null),
  vehicle: z._default(z.nullable(dmsRepairOrder.shape.vehicle), null),
  notes: z._default(z.string().check(z.trim(), z.maxLength(1000)), ''),
});
export type AppointmentInput = z.infer<typeof appointmentInput>;

/** POST {loc}/appointments: the appointment and the new customer it is for. */
export const newAppointmentBody = z.object({ appointment: appointmentInput, customer: newPerson });
export type NewAppointmentBody = z.infer<typeof newAppointmentBody>;

/** POST {loc}/customers/{id}/appointments. */
export const customerAppointmentBody = z.object({ appointment: appointmentInput });
export type CustomerAppointmentBody = z.infer<typeof customerAppointmentBody>;

/** POST {loc}/customers/search?limit=50: a name (any order of first and last) or a phone number. */
export const customerSearchBody = z.object({ query: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export const customerSearchLimit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CUSTOMER_SEARCH_LIMIT)), CUSTOMER_SEARCH_LIMIT);

/**
 * POST {loc}/mass_messages: one text to a selection. Either the ids picked, or "all" of a board's
 * list; `skip_opted_out` leaves opted-out customers out of the count instead of reporting them.
 */
export const massMessageBody = z.object({
  mass_message: z
    .extend(
      z.object({
        board: z.enum(['appointments', 'service']),
        text: z.string({ error: 'Text cannot be blank' }).check(z.maxLength(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' })),
        ids: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))).check(z.maxLength(5000))),
        all: z.optional(z.boolean()),
        skip_opted_out: z._default(z.boolean(), false),
      }),
      quietHoursAnswer.shape,
    )
    .check(
      z.refine((m) => m.text.trim().length > 0, { message: 'Text cannot be blank', path: ['text'] }),
      z.refine((m) => m.all === true || (m.ids?.length ?? 0) > 0, { message: 'Select at least one recipient', path: ['ids'] }),
    ),
});
export type MassMessageBody = z.infer<typeof massMessageBody>;
