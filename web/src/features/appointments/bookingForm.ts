/**
 * The "New appointment" form's rules, checked in the browser with the server's own schemas
 * (shared/appointments/schemas.ts, people.ts) and SPEC §5's texts, translated by key. The phone is
 * also checked here with the small libphonenumber metadata (too short, cannot be a number); the
 * server checks it again with the full one.
 */
import { TZDate } from '@date-fns/tz';
import type { CountryCode } from 'libphonenumber-js/min';
import { APPOINTMENT_ERRORS, appointmentInput, type AppointmentInput, type NewAppointmentBody } from '../../../../shared/appointments/schemas.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../../shared/schemas/people.js';
import { checkPerson, phoneProblem, storeCountry, type PersonField } from '../../lib/personForm.js';

export { storeCountry, type PersonField };
export type AppointmentField = 'scheduled_at' | 'year';
export type FormField = PersonField | AppointmentField;

/** Each SPEC text the form can show, by the schema's English, to its locale key. */
const TEXT_KEYS: Record<string, string> = {
  [PERSON_ERRORS.first_name]: 'appointments.error_first_name',
  [PERSON_ERRORS.last_name]: 'appointments.error_last_name',
  [PERSON_ERRORS.email]: 'appointments.error_email',
  [PHONE_ERRORS.missing]: 'appointments.error_phone_missing',
  [PHONE_ERRORS.invalid]: 'appointments.error_phone_invalid',
  [PHONE_ERRORS.too_short]: 'appointments.error_phone_too_short',
  [APPOINTMENT_ERRORS.scheduled_at]: 'appointments.error_scheduled_at',
  [APPOINTMENT_ERRORS.in_past]: 'appointments.error_in_past',
};

/** The locale key for a server or schema text; null for one the console has no words for. */
export function errorKey(message: string): string | null {
  return Object.hasOwn(TEXT_KEYS, message) ? TEXT_KEYS[message]! : null;
}

export interface BookingDraft {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** yyyy-mm-dd and hh:mm as the date and time inputs give them, in the store's timezone. */
  date: string;
  time: string;
  agent_id: string;
  make: string;
  model: string;
  year: string;
  notes: string;
}

export const EMPTY_DRAFT: BookingDraft = { first_name: '', last_name: '', phone: '', email: '', date: '', time: '', agent_id: '', make: '', model: '', year: '', notes: '' };

/** SPEC §5's phone texts, by key; null when the number can be used. */
export function phoneErrorKey(raw: string, country: CountryCode): string | null {
  const problem = phoneProblem(raw, country);
  return problem ? TEXT_KEYS[PHONE_ERRORS[problem]]! : null;
}

/** The moment the agent picked, in the store's timezone, with its offset; null when incomplete. */
export function scheduledAt(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const at = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), timeZone);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Texts (locale keys) at each field; `customer` for a booking with no customer picked, `form` for one the server refused as a whole. */
export type FieldErrors = Partial<Record<FormField | 'customer' | 'form', string>>;

function appointmentPart(draft: BookingDraft, timeZone: string, nowMs: number): { input: AppointmentInput | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const at = scheduledAt(draft.date, draft.time, timeZone);
  if (!at) errors.scheduled_at = TEXT_KEYS[APPOINTMENT_ERRORS.scheduled_at];
  else if (Date.parse(at) < nowMs) errors.scheduled_at = TEXT_KEYS[APPOINTMENT_ERRORS.in_past];
  const year = draft.year.trim() ? Number(draft.year.trim()) : null;
  if (year !== null && (!Number.isInteger(year) || year < 1900 || year > 2100)) errors.year = 'appointments.error_year';
  const hasVehicle = Boolean(draft.make.trim() || draft.model.trim() || year !== null);
  const parsed = appointmentInput.safeParse({
    scheduled_at: at ?? '',
    agent_id: draft.agent_id || null,
    vehicle: hasVehicle ? { make: draft.make, model: draft.model, year, vin: null, mileage: null } : null,
    notes: draft.notes,
  });
  if (!parsed.success && !errors.scheduled_at) errors.scheduled_at = TEXT_KEYS[APPOINTMENT_ERRORS.scheduled_at];
  return { input: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

/** The appointment for a customer already on file, or the texts to show at its fields. */
export function checkAppointment(draft: BookingDraft, timeZone: string, nowMs: number): { body: { appointment: AppointmentInput } | null; errors: FieldErrors } {
  const { input, errors } = appointmentPart(draft, timeZone, nowMs);
  return { body: input ? { appointment: input } : null, errors };
}

/** The appointment and the new customer (newAppointmentBody), or the texts to show at each field. */
export function checkNewCustomerBooking(
  draft: BookingDraft,
  context: { timeZone: string; country: CountryCode; nowMs: number },
): { body: NewAppointmentBody | null; errors: FieldErrors } {
  const { input, errors } = appointmentPart(draft, context.timeZone, context.nowMs);
  const { person, problems } = checkPerson({ first_name: draft.first_name, last_name: draft.last_name, phone: draft.phone, email: draft.email }, context.country);
  for (const [field, text] of Object.entries(problems) as [PersonField, string][]) if (!errors[field]) errors[field] = errorKey(text) ?? 'appointments.error_field';
  if (!person || !input || Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { appointment: input, customer: person }, errors };
}

/** A 422's `errors[].path` ("customer.phone", "appointment.scheduled_at") to the form's field. */
export function fieldOfPath(path: string | undefined): FormField | null {
  const last = path?.split('.').pop();
  const fields: readonly FormField[] = ['first_name', 'last_name', 'phone', 'email', 'scheduled_at', 'year'];
  return last && (fields as readonly string[]).includes(last) ? (last as FormField) : null;
}
