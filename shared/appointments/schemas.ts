/**
 * Booking an appointment in the console (SPEC §7 `POST {loc}/appointments` with a new customer,
 * `POST {loc}/customers/{id}/appointments` for a known one).
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../schemas/auth.js';
import { dmsRepairOrder } from '../schemas/dms.js';
import { newPerson } from '../schemas/people.js';

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
