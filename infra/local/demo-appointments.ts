/**
 * The demo dealership's appointments board, seeded once with the rest of the demo (seed.ts), after
 * the service board (demo-service.ts) whose customers some of them reuse. Each Demo Motors store
 * gets appointments in the past (not on the board any more, but there for a reply to find), several
 * on the demo's day across its opening hours, the day after and a week later, all on the store's own
 * calendar and relative to the first start (`demoDayOffset`: a start in the evening puts the demo's
 * day tomorrow, so nothing it shows is over before anyone looks): confirmed ones, a cancelled one, one for an opted-out customer,
 * and two booked by phone in the console days ago whose reminder is due. Most arrive through the
 * DMS feed's own ingest code (as a DMS would send them); the phone bookings through the console's
 * booking code, dated when they were taken, which is the only way a reminder can already be due.
 * Those reminders really go: `remindDemoAppointments` runs the reminders job once the local
 * carrier answers (the stack calls it after the seed), so the texts reach the demo phones and
 * the board shows them sent. The README's "Demo appointments" lists who shows which case.
 */
import { TZDate } from '@date-fns/tz';
import { dmsAppointment, dmsCustomer, type DmsAppointment } from '../../shared/schemas/dms.js';
import { appointmentInput } from '../../shared/appointments/schemas.js';
import { bookAppointment, markAppointment, type AppointmentMark } from '../../functions/appointments/booking.js';
import { appointmentLinksOfCustomer, requireAppointment, type AppointmentRecord } from '../../functions/appointments/records.js';
import { sendAppointmentReminders, type ReminderRun } from '../../functions/appointments/reminders.js';
import { changeConsent } from '../../functions/customers/consent.js';
import { getCustomer, type CustomerRecord } from '../../functions/customers/records.js';
import { appointmentIdOf, ingestAppointment } from '../../functions/dms/appointments.js';
import { customerIdOf, upsertDmsCustomer } from '../../functions/dms/customers.js';
import { feedContext, ingestEach, type FeedContext } from '../../functions/dms/feed.js';
import { lineTypeByConvention } from './carrier.js';
import { DEMO_AGENTS, DEMO_LOCATIONS } from './demo.js';
import { DEMO_STORES, type DemoStore } from './demo-service.js';

type Clock = [hour: number, minute: number];

/** A customer the feed brings with their first appointment (numbers 1101–1199: clear of the orders', the tests' and the simulator's). */
export interface DemoAppointmentCustomer {
  dms: string;
  first: string;
  last: string;
  cell: string;
  language?: string;
  dmsOptIn?: boolean;
}

export interface DemoAppointment {
  /** The DMS's appointment id; null for one booked by phone in the console (`bookedDaysAgo`). */
  dms: string | null;
  /** A customer of the seeded repair orders, by DMS id, or a new one. */
  customer: string | DemoAppointmentCustomer;
  /**
   * Days from the demo's day (`demoDayOffset`) on the store's calendar; negative: days before the
   * day of the seed itself (past, off the board).
   */
  day: number;
  /** Wall clock at the store. */
  at: Clock;
  advisor: 'advisor@demo.example' | 'manager@demo.example' | 'south@demo.example' | null;
  vehicle: [make: string, model: string, year: number];
  notes: string;
  mark?: Extract<AppointmentMark, 'confirm' | 'cancel'>;
  /**
   * Booked by phone in the console this many days before the seed: remind-days before the
   * appointment had come by the seed, so its reminder goes when the stack is up. These are the
   * morning's drop-offs, at the demo day's first clock (`demoDayOffset` says why).
   */
  bookedDaysAgo?: number;
  /** The customer texted STOP to an earlier text of the store. */
  optOut?: boolean;
  /** What it shows, for the README's table. */
  shows?: string;
}

/** Demo Motors North (Boston): 11 appointments. Gloria Estevez is the service board's opted-out customer. */
export const NORTH_APPOINTMENTS: DemoAppointment[] = [
  {
    dms: 'A-50101', customer: { dms: 'C-40201', first: 'Rachel', last: 'Adler', cell: '+16175551101', dmsOptIn: true },
    day: -3, at: [10, 0], advisor: 'advisor@demo.example', vehicle: ['Honda', 'Civic', 2019], notes: '30,000-mile service.', mark: 'confirm',
  },
  {
    dms: 'A-50102', customer: { dms: 'C-40202', first: 'Derek', last: 'Holloway', cell: '+16175551102' },
    day: -1, at: [14, 30], advisor: 'manager@demo.example', vehicle: ['Chevrolet', 'Equinox', 2018], notes: 'Check engine light on since last week.',
  },
  {
    dms: null, customer: { dms: 'C-40203', first: 'Megan', last: 'Foster', cell: '+16175551103', dmsOptIn: true },
    day: 0, at: [8, 30], advisor: 'advisor@demo.example', vehicle: ['Toyota', 'Highlander', 2020], notes: 'Oil change and tire rotation; she waits in the lounge.',
    bookedDaysAgo: 4, mark: 'confirm', shows: 'booked by phone, reminder sent yesterday, confirmed',
  },
  {
    dms: null, customer: { dms: 'C-40204', first: 'Jorge', last: 'Ramírez', cell: '+16175551104', language: 'es', dmsOptIn: true },
    day: 0, at: [8, 30], advisor: 'manager@demo.example', vehicle: ['Ford', 'Explorer', 2017], notes: 'Grinding noise from the front brakes.',
    bookedDaysAgo: 3, shows: 'booked by phone, reminder sent (in Spanish), not confirmed yet',
  },
  {
    dms: 'A-50103', customer: { dms: 'C-40205', first: 'Samantha', last: 'Reid', cell: '+16175551105', dmsOptIn: true },
    day: 0, at: [11, 30], advisor: 'advisor@demo.example', vehicle: ['Subaru', 'Forester', 2022], notes: 'Wiper motor recall.', mark: 'confirm', shows: 'confirmed',
  },
  {
    dms: 'A-50104', customer: { dms: 'C-40206', first: 'Peter', last: 'Novak', cell: '+16175551106' },
    day: 0, at: [13, 0], advisor: 'manager@demo.example', vehicle: ['BMW', 'X3', 2019], notes: 'Annual inspection. Called to say he is out of town.', mark: 'cancel',
    shows: 'cancelled',
  },
  {
    dms: 'A-50105', customer: { dms: 'C-40207', first: 'Nathan', last: 'Cole', cell: '+16175551107' },
    day: 0, at: [16, 0], advisor: null, vehicle: ['Mazda', 'CX-30', 2023], notes: 'First visit: quote for winter tires.', shows: 'no advisor, no opt status yet',
  },
  {
    dms: 'A-50106', customer: { dms: 'C-40208', first: 'Helen', last: 'Brooks', cell: '+16175551108', dmsOptIn: true },
    day: 1, at: [9, 0], advisor: 'advisor@demo.example', vehicle: ['Lexus', 'RX 350', 2021], notes: '60,000-mile service; needs a loaner.', shows: 'tomorrow',
  },
  {
    dms: 'A-50107', customer: 'C-40121',
    day: 1, at: [15, 30], advisor: 'manager@demo.example', vehicle: ['Tesla', 'Model 3', 2021], notes: 'Tire rotation and cabin filter.', shows: 'tomorrow, returning customer',
  },
  {
    dms: 'A-50108', customer: 'C-40115',
    day: 7, at: [10, 30], advisor: 'advisor@demo.example', vehicle: ['Nissan', 'Rogue', 2018], notes: 'Alignment check after the new tires.',
    shows: 'next week, opted out (texting refused)',
  },
  {
    dms: 'A-50109', customer: { dms: 'C-40209', first: 'Frank', last: 'Delgado', cell: '+16175551109', dmsOptIn: true },
    day: 7, at: [14, 0], advisor: 'manager@demo.example', vehicle: ['Ram', '2500', 2016], notes: 'Transmission service.', shows: 'next week',
  },
];

/** Demo Motors South (Dallas): 9 appointments, all with Carmen Reyes. */
export const SOUTH_APPOINTMENTS: DemoAppointment[] = [
  {
    dms: 'A-60101', customer: { dms: 'S-201', first: 'Angela', last: 'Ruiz', cell: '+12145551101', dmsOptIn: true },
    day: -4, at: [11, 0], advisor: 'south@demo.example', vehicle: ['Toyota', 'Camry', 2019], notes: 'Oil change.', mark: 'confirm',
  },
  {
    dms: 'A-60102', customer: { dms: 'S-202', first: 'Darnell', last: 'Price', cell: '+12145551102' },
    day: -1, at: [15, 0], advisor: 'south@demo.example', vehicle: ['Ford', 'F-250', 2018], notes: 'Clunk from the front end over bumps.',
  },
  {
    dms: null, customer: { dms: 'S-203', first: 'Jennifer', last: 'Ortiz', cell: '+12145551103', dmsOptIn: true },
    day: 0, at: [8, 30], advisor: 'south@demo.example', vehicle: ['Honda', 'Odyssey', 2020], notes: 'Brake inspection before a road trip.',
    bookedDaysAgo: 5, shows: 'booked by phone, reminder sent yesterday',
  },
  {
    dms: null, customer: { dms: 'S-204', first: 'Wei', last: 'Zhang', cell: '+12145551104', dmsOptIn: true },
    day: 0, at: [8, 30], advisor: 'south@demo.example', vehicle: ['Toyota', 'Prius', 2017], notes: 'Hybrid battery check.',
    bookedDaysAgo: 2, mark: 'confirm', shows: 'booked by phone, reminder sent yesterday, confirmed',
  },
  {
    dms: 'A-60103', customer: 'S-103',
    day: 0, at: [13, 0], advisor: 'south@demo.example', vehicle: ['Nissan', 'Altima', 2021], notes: 'Program a second key fob.', mark: 'confirm', shows: 'confirmed, returning customer',
  },
  {
    dms: 'A-60104', customer: { dms: 'S-205', first: 'Bobby', last: 'Lane', cell: '+12145551105', dmsOptIn: true },
    day: 0, at: [14, 30], advisor: 'south@demo.example', vehicle: ['Jeep', 'Cherokee', 2016], notes: 'State inspection.', mark: 'cancel', shows: 'cancelled',
  },
  {
    dms: 'A-60105', customer: { dms: 'S-206', first: 'Travis', last: 'Coleman', cell: '+12145551106' },
    day: 0, at: [16, 0], advisor: 'south@demo.example', vehicle: ['Chevrolet', 'Silverado', 2015], notes: 'Check engine light.', optOut: true,
    shows: 'opted out by texting STOP (texting refused)',
  },
  {
    dms: 'A-60106', customer: { dms: 'S-207', first: 'Mónica', last: 'Álvarez', cell: '+12145551107', language: 'es', dmsOptIn: true },
    day: 1, at: [10, 0], advisor: 'south@demo.example', vehicle: ['Kia', 'Soul', 2019], notes: 'A/C not blowing cold. Prefers Spanish.', shows: 'tomorrow',
  },
  {
    dms: 'A-60107', customer: 'S-101',
    day: 6, at: [9, 30], advisor: 'south@demo.example', vehicle: ['Honda', 'Pilot', 2019], notes: 'Timing belt replacement.', shows: 'next week, returning customer',
  },
];

const DAY = 86_400_000;

/** The demo day's first clock at a store: its earliest appointment of that day. */
export function demoDayOpens(appointments: readonly DemoAppointment[]): Clock {
  const clocks = appointments.filter((a) => a.day === 0).map((a) => a.at[0] * 60 + a.at[1]);
  const first = Math.min(...clocks);
  return [Math.floor(first / 60), first % 60];
}

/**
 * Days from the day of the first start to the demo's day, on the store's calendar: that same day
 * when the start comes before the day's first appointment (an early morning), else the next day.
 * Every appointment of the demo's day, the day after and next week is then still ahead at the
 * start, whether the stack first starts at 6:00 or at 21:00. The phone bookings sit at that first
 * clock, so they are always less than a day ahead: their reminder (a day before) is due at once.
 */
export function demoDayOffset(now: number, timezone: string, opens: Clock): 0 | 1 {
  const at = new TZDate(now, timezone);
  return at.getHours() * 60 + at.getMinutes() < opens[0] * 60 + opens[1] ? 0 : 1;
}

/** When a store's demo appointment is scheduled for a first start at `now`; past ones count back from the day of the start. */
export function demoScheduledAt(appointment: DemoAppointment, store: readonly DemoAppointment[], now: number, timezone: string): string {
  const day = appointment.day < 0 ? appointment.day : appointment.day + demoDayOffset(now, timezone, demoDayOpens(store));
  return storeMoment(now, timezone, day, appointment.at);
}

/** The moment `day` days from the seed's date at `at` o'clock, where the store is. */
export function storeMoment(now: number, timezone: string, day: number, [hour, minute]: Clock): string {
  const today = new TZDate(now, timezone);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + day, hour, minute, timezone).getTime()).toISOString();
}

const agentIdOf = (email: DemoAppointment['advisor']): string | null => DEMO_AGENTS.find((a) => a.email === email)?.id ?? null;

function customerFields(customer: DemoAppointmentCustomer) {
  return {
    first_name: customer.first,
    last_name: customer.last,
    phones: { cell: customer.cell },
    ...(customer.language ? { language: customer.language } : {}),
    ...(customer.dmsOptIn ? { dms_opt_in: 'in' as const } : {}),
  };
}

const dmsCustomerIdOf = (appointment: DemoAppointment): string => (typeof appointment.customer === 'string' ? appointment.customer : appointment.customer.dms);

/** The record a DMS would post; a known customer by id only, a new one with their fields. */
export function dmsRecordOf(appointment: DemoAppointment & { dms: string }, scheduledAt: string): DmsAppointment {
  const [make, model, year] = appointment.vehicle;
  return dmsAppointment.parse({
    dms_appointment_id: appointment.dms,
    dms_customer_id: dmsCustomerIdOf(appointment),
    ...(typeof appointment.customer === 'string' ? {} : { customer: customerFields(appointment.customer) }),
    scheduled_at: scheduledAt,
    advisor_email: appointment.advisor,
    vehicle: { make, model, year },
    notes: appointment.notes,
  });
}

async function fromDms(ctx: FeedContext, appointment: DemoAppointment & { dms: string }, scheduledAt: string): Promise<AppointmentRecord> {
  const [result] = await ingestEach([dmsRecordOf(appointment, scheduledAt)], dmsAppointment, () => ({ id: null, dmsId: appointment.dms }), (record, raw) =>
    ingestAppointment(ctx, record, raw),
  );
  if (result?.status === 'error') throw new Error(`Demo appointment ${appointment.dms} was refused: ${result.error}`);
  return requireAppointment(ctx.companyId, appointmentIdOf(ctx, appointment.dms), true);
}

/** The customer as the DMS sent them (the console books for customers it knows). */
async function feedCustomer(ctx: FeedContext, customer: DemoAppointmentCustomer): Promise<CustomerRecord> {
  const [result] = await ingestEach([{ dms_customer_id: customer.dms, ...customerFields(customer) }], dmsCustomer, () => ({ id: null, dmsId: customer.dms }), async (record, raw) =>
    (await upsertDmsCustomer(ctx, record.dms_customer_id, record, raw)).status,
  );
  if (result?.status === 'error') throw new Error(`Demo customer ${customer.dms} was refused: ${result.error}`);
  const record = await getCustomer(ctx.companyId, customerIdOf(ctx, customer.dms), true);
  if (!record) throw new Error(`Demo customer ${customer.dms} is missing`);
  return record;
}

/** Booked by phone days ago; a seed cut short and redone finds the booking it made and books nothing twice. */
async function bookedByPhone(ctx: FeedContext, appointment: DemoAppointment, scheduledAt: string, now: number): Promise<AppointmentRecord> {
  if (typeof appointment.customer === 'string' || appointment.bookedDaysAgo === undefined) {
    throw new Error('A demo appointment booked by phone needs a new customer and the day it was booked');
  }
  const customer = await feedCustomer(ctx, appointment.customer);
  const [booked] = await appointmentLinksOfCustomer(ctx.companyId, customer.id, '');
  if (booked) return requireAppointment(ctx.companyId, booked.appointment_id, true);
  const [make, model, year] = appointment.vehicle;
  const input = appointmentInput.parse({ scheduled_at: scheduledAt, agent_id: agentIdOf(appointment.advisor), vehicle: { make, model, year }, notes: appointment.notes });
  return bookAppointment(customer, input, new Date(now - appointment.bookedDaysAgo * DAY));
}

async function optOut(companyId: string, customerId: string): Promise<void> {
  const customer = await getCustomer(companyId, customerId, true);
  if (!customer) throw new Error(`Demo customer ${customerId} is missing`);
  await changeConsent({ companyId, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP', agent: null });
}

async function seedStore(demo: DemoStore, appointments: DemoAppointment[], now: number): Promise<number> {
  const timezone = DEMO_LOCATIONS.find((l) => l.id === demo.locationId)?.timezone ?? 'UTC';
  // The demo's numbers follow the local carrier's convention; the carrier itself is not up yet.
  const ctx = await feedContext(demo.companyId, demo.locationId, { lineType: async (phone) => lineTypeByConvention(phone) });
  for (const appointment of appointments) {
    const scheduledAt = demoScheduledAt(appointment, appointments, now, timezone);
    const { dms } = appointment;
    const record = dms === null ? await bookedByPhone(ctx, appointment, scheduledAt, now) : await fromDms(ctx, { ...appointment, dms }, scheduledAt);
    if (appointment.optOut) await optOut(demo.companyId, record.customer_id);
    if (appointment.mark) await markAppointment(record, appointment.mark);
  }
  return appointments.length;
}

/** Seeds both Demo Motors stores' appointments; answers how many. */
export async function seedDemoAppointments(now = Date.now()): Promise<number> {
  const stores: [string, DemoAppointment[]][] = [
    ['loc_demo_north', NORTH_APPOINTMENTS],
    ['loc_demo_south', SOUTH_APPOINTMENTS],
  ];
  const counts = await Promise.all(
    stores.map(([locationId, appointments]) => {
      const demo = DEMO_STORES.find((s) => s.locationId === locationId);
      if (!demo) throw new Error(`No demo store ${locationId}`);
      return seedStore(demo, appointments, now);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * One run of the reminders job, as the scheduler would make it: the phone bookings' reminders go
 * to the local carrier, which answers only once the stack is ready (hence not inside the seed).
 */
export async function remindDemoAppointments(now = new Date()): Promise<ReminderRun> {
  return sendAppointmentReminders(now);
}

/** The appointments board's part of the demo (functions/appointments/board.ts `local.demo`); its reminders go once the stack answers. */
export const seedDemo = () => seedDemoAppointments();
export const afterStart = () => remindDemoAppointments();
