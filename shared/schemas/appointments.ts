/**
 * Booking an appointment in the console (SPEC §7 `POST {loc}/appointments` with a new customer,
 * `POST {loc}/customers/{id}/appointments` for a known one), searching customers, and mass texts.
 */
import { z } from 'zod';
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
  agent_id: z.string().min(1).max(MAX_ID_LENGTH).nullable().default(null),
  vehicle: dmsRepairOrder.shape.vehicle.nullable().default(null),
  notes: z.string().trim().max(1000).default(''),
});
export type AppointmentInput = z.infer<typeof appointmentInput>;

/** POST {loc}/appointments: the appointment and the new customer it is for. */
export const newAppointmentBody = z.object({ appointment: appointmentInput, customer: newPerson });
export type NewAppointmentBody = z.infer<typeof newAppointmentBody>;

/** POST {loc}/customers/{id}/appointments. */
export const customerAppointmentBody = z.object({ appointment: appointmentInput });
export type CustomerAppointmentBody = z.infer<typeof customerAppointmentBody>;

/** POST {loc}/customers/search?limit=50: a name (any order of first and last) or a phone number. */
export const customerSearchBody = z.object({ query: z.string().trim().min(1).max(100) });
export const customerSearchLimit = z.coerce.number().int().min(1).max(CUSTOMER_SEARCH_LIMIT).default(CUSTOMER_SEARCH_LIMIT);

/**
 * POST {loc}/mass_messages: one text to a selection. Either the ids picked, or "all" of a board's
 * list; `skip_opted_out` leaves opted-out customers out of the count instead of reporting them.
 */
export const massMessageBody = z.object({
  mass_message: z
    .object({
      board: z.enum(['appointments', 'service']),
      text: z.string({ error: 'Text cannot be blank' }).max(MESSAGE_MAX_LENGTH, { message: 'Message length limit is 1600 characters' }),
      ids: z.array(z.string().min(1).max(MAX_ID_LENGTH)).max(5000).optional(),
      all: z.boolean().optional(),
      skip_opted_out: z.boolean().default(false),
    })
    .extend(quietHoursAnswer.shape)
    .refine((m) => m.text.trim().length > 0, { message: 'Text cannot be blank', path: ['text'] })
    .refine((m) => m.all === true || (m.ids?.length ?? 0) > 0, { message: 'Select at least one recipient', path: ['ids'] }),
});
export type MassMessageBody = z.infer<typeof massMessageBody>;
