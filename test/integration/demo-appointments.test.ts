/**
 * The demo's appointments (infra/local/demo-appointments.ts), as the people signing in meet them:
 * both Demo Motors stores have the demo day's appointments on their board with every state the
 * board colours (confirmed, cancelled, reminder sent), one for an opted-out customer, the next
 * day's and next week's, and the past ones off the board; the phone bookings' reminders went
 * through the local carrier, naming the store, in the customer's language. The demo day is the day
 * of the first start, or the next one when the start comes after its first appointment (issue 18
 * §6: a first start in the evening showed a day that was over).
 */
import { TZDate } from '@date-fns/tz';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_LOCATIONS } from '../../infra/local/demo.js';
import { demoDayOpens, demoScheduledAt, NORTH_APPOINTMENTS, SOUTH_APPOINTMENTS, type DemoAppointment } from '../../infra/local/demo-appointments.js';
import { dmsRecordId } from '../../functions/lib/ids.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');

interface Row {
  id: string;
  dms_appointment_id: string | null;
  scheduled_at: string;
  confirmed: boolean;
  cancelled: boolean;
  reminder_sent: boolean;
  reminder_scheduled_for: string | null;
  reminder_message: { id: string; metadata: { sms_status: string | null } } | null;
  agent: { id: string } | null;
  notes: string;
  vehicle: { make: string } | null;
  customer: { first_name: string; last_name: string; opt_in: string; phones: { cell: string | null } };
}

const STORES = [
  { locationId: 'loc_demo_north', name: 'Demo Motors North', signIn: 'manager@demo.example', seeded: NORTH_APPOINTMENTS },
  { locationId: 'loc_demo_south', name: 'Demo Motors South', signIn: 'admin@demo.example', seeded: SOUTH_APPOINTMENTS },
] as const;

const clients = new Map<string, ApiClient>();
const client = (email: string) => clients.get(email)!;

beforeAll(async () => {
  for (const email of new Set(STORES.map((s) => s.signIn))) clients.set(email, api(baseUrl, await signIn(baseUrl, email)));
});

/** Every appointment of the store's board (today's and upcoming), page by page. */
async function board(c: ApiClient, locationId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 20) {
    const page = await c.get(`/api/locations/${locationId}/appointments/inbox?offset=${offset}&limit=20`);
    expect(page.status, page.text).toBe(200);
    rows.push(...page.body.appointments);
    if (rows.length >= page.body.meta.paging.total || page.body.appointments.length === 0) return rows;
  }
}

const nameOf = (r: Row) => `${r.customer.first_name} ${r.customer.last_name}`;
/** The store's calendar day of a moment, e.g. 2025-03-11. */
const dayAt = (iso: string | number, timezone: string) => {
  const d = new TZDate(typeof iso === 'number' ? iso : Date.parse(iso), timezone);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
};
/** Reminded: the reminder went, or (seeded in the store's quiet hours) waits for the morning, shown scheduled. */
const reminded = (r: Row) => r.reminder_message !== null && (r.reminder_sent || r.reminder_scheduled_for !== null);
/** Booked by phone in the console (the demo's reminders): the ones still ahead get their reminder, a past one none. */
const byPhone = (r: Row) => r.dms_appointment_id === null;
const ahead = (r: Row) => Date.parse(r.scheduled_at) > Date.now();
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();
const seededIn = (rows: Row[], seeded: readonly DemoAppointment[]) =>
  rows.filter((r) => seeded.some((a) => (a.dms ? r.dms_appointment_id === a.dms : r.dms_appointment_id === null && typeof a.customer !== 'string' && r.customer.phones.cell === a.customer.cell)));

describe.each(STORES)('demo appointments of $name', (store) => {
  const timezone = DEMO_LOCATIONS.find((l) => l.id === store.locationId)!.timezone;

  it("shows the demo day's appointments confirmed, cancelled and reminded, one for an opted-out customer, and the coming days", async () => {
    const rows = seededIn(await board(client(store.signIn), store.locationId), store.seeded);
    // The demo day: the day of the first start or the next one, with the earliest of the board's appointments.
    const first = Math.min(...rows.map((r) => Date.parse(r.scheduled_at)));
    const demoDay = dayAt(first, timezone);
    expect([dayAt(Date.now(), timezone), dayAt(Date.now() + 86_400_000, timezone)]).toContain(demoDay);
    const today = rows.filter((r) => dayAt(r.scheduled_at, timezone) === demoDay);
    const later = rows.filter((r) => dayAt(r.scheduled_at, timezone) !== demoDay);

    expect(rows).toHaveLength(store.seeded.filter((a) => a.day >= 0).length);
    expect(today.length).toBeGreaterThanOrEqual(5);
    // Spread over the day at the store, opening to closing.
    const hours = today.map((r) => new TZDate(Date.parse(r.scheduled_at), timezone).getHours());
    expect(Math.min(...hours)).toBeLessThanOrEqual(9);
    expect(Math.max(...hours)).toBeGreaterThanOrEqual(15);
    expect(today.filter((r) => r.confirmed && !r.cancelled).length).toBeGreaterThanOrEqual(2);
    expect(today.filter((r) => r.cancelled)).toHaveLength(1);
    expect(today.filter(byPhone)).toHaveLength(2);
    // A stack first started in the store's evening finds today's phone bookings past: no reminder for them.
    expect(ids(today.filter(reminded))).toEqual(ids(today.filter((r) => byPhone(r) && ahead(r))));
    expect(today.filter((r) => byPhone(r) && !ahead(r)).every((r) => r.reminder_message === null)).toBe(true);
    expect(rows.filter((r) => r.customer.opt_in === 'out')).toHaveLength(1);
    expect(rows.every((r) => r.notes.length > 0 && r.vehicle !== null)).toBe(true);
    // Tomorrow's and next week's reminders have not gone yet.
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(later.every((r) => !r.reminder_sent && !r.reminder_scheduled_for && r.reminder_message === null)).toBe(true);
    expect(rows.some((r) => r.agent !== null)).toBe(true);
  });

  it('keeps the past appointments off the board but on record', async () => {
    const c = client(store.signIn);
    const past = store.seeded.filter((a) => a.day < 0 && a.dms);
    expect(past.length).toBeGreaterThanOrEqual(2);
    for (const appointment of past) {
      const id = dmsRecordId('apt', 'cmp_demo', store.locationId, 'appointment', appointment.dms!);
      const res = await c.get(`/api/locations/${store.locationId}/appointments/${id}`);
      expect(res.status, res.text).toBe(200);
      // Before today at the store: off the board, which starts at today.
      const now = new TZDate(Date.now(), timezone);
      expect(Date.parse(res.body.appointment.scheduled_at)).toBeLessThan(new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), timezone).getTime());
    }
  });

  it('sent the phone bookings their reminder through the carrier, naming the store, and lists them as sent', async () => {
    const c = client(store.signIn);
    const remindedRows = seededIn(await board(c, store.locationId), store.seeded).filter(reminded);
    const sentList = (await c.get(`/api/locations/${store.locationId}/notes/appointments`)).body.appointments as Row[];

    expect(ids(remindedRows)).toEqual(ids(seededIn(await board(c, store.locationId), store.seeded).filter((r) => byPhone(r) && ahead(r))));
    expect(sentList.map((r) => r.id)).toEqual(expect.arrayContaining(remindedRows.map((r) => r.id)));
    for (const row of remindedRows) {
      const status = row.reminder_message!.metadata.sms_status;
      const messages = (await c.get(`/api/appointments/${row.id}/messages`)).body.messages as { id: string; text: string; behaviour: string | null }[];
      const reminder = messages.find((m) => m.id === row.reminder_message!.id)!;
      expect(reminder.text).toContain(store.name);
      if (status === 'scheduled') {
        // Seeded during the store's quiet hours: held for the morning, and the conversation says so;
        // the board says scheduled, not sent, until it goes.
        expect(messages.map((m) => m.text)).toContain('Reminder will be sent shortly.');
        expect(row).toMatchObject({ reminder_sent: false, reminder_scheduled_for: expect.any(String) });
      } else {
        expect(['queued', 'accepted', 'sent', 'delivered']).toContain(status);
        expect(row.reminder_sent).toBe(true);
        const texts = await textsTo(carrierUrl, row.customer.phones.cell!);
        expect(texts.map((t) => t.text)).toContain(reminder.text);
      }
    }
  });
});

describe.each(STORES)('seeding relative to the first start at $name', (store) => {
  const timezone = DEMO_LOCATIONS.find((l) => l.id === store.locationId)!.timezone;
  const HOUR = 3_600_000;
  // Every half hour of a day at the store, on a winter and a summer day (a clock change between).
  const starts = ['2026-01-14', '2026-07-08'].flatMap((date) => {
    const midnight = new TZDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8)), timezone).getTime();
    return Array.from({ length: 48 }, (_, i) => midnight + i * HOUR / 2);
  });

  it('keeps every upcoming appointment ahead of the start, the demo day today or tomorrow, and the phone bookings a day ahead at most', () => {
    for (const start of starts) {
      const clock = new TZDate(start, timezone);
      const label = `${clock.getHours()}:${String(clock.getMinutes()).padStart(2, '0')} on ${dayAt(start, timezone)}`;
      const at = (a: DemoAppointment) => Date.parse(demoScheduledAt(a, store.seeded, start, timezone));
      const upcoming = store.seeded.filter((a) => a.day >= 0);
      const demoDay = new Set(upcoming.filter((a) => a.day === 0).map((a) => dayAt(at(a), timezone)));
      expect(demoDay.size, label).toBe(1);
      // Before the day's first appointment (8:00 or 8:30) the demo day is today; later, in the evening too, tomorrow.
      const [hour, minute] = demoDayOpens(store.seeded);
      const early = clock.getHours() * 60 + clock.getMinutes() < hour * 60 + minute;
      expect(hour, 'the demo day opens in the morning').toBeLessThanOrEqual(9);
      expect([...demoDay][0], label).toBe(dayAt(early ? start : start + 24 * HOUR, timezone));
      for (const a of upcoming) expect(at(a), `${label}: ${a.dms ?? 'phone'}`).toBeGreaterThan(start);
      // A phone booking's reminder is due a day before: at once, at any hour of the start.
      for (const a of upcoming.filter((x) => x.bookedDaysAgo !== undefined)) expect(at(a) - 24 * HOUR, label).toBeLessThanOrEqual(start);
      // The past stays past: before the day of the start, off the board.
      const startOfDay = new TZDate(clock.getFullYear(), clock.getMonth(), clock.getDate(), timezone).getTime();
      for (const a of store.seeded.filter((x) => x.day < 0)) expect(at(a), label).toBeLessThan(startOfDay);
    }
  });

  it('at an evening start (21:30 at the store), seeds a full next day, the day after and next week', () => {
    const now = new TZDate(2026, 10, 24, 21, 30, timezone);
    const start = now.getTime();
    const days = store.seeded.filter((a) => a.day >= 0).map((a) => dayAt(Date.parse(demoScheduledAt(a, store.seeded, start, timezone)), timezone));
    const tomorrow = dayAt(start + 24 * 3_600_000, timezone);
    expect(days.filter((d) => d === tomorrow).length).toBeGreaterThanOrEqual(5);
    expect(days).not.toContain(dayAt(start, timezone));
  });
});

it('words the reminder in the customer’s language (Jorge Ramírez, Spanish)', async () => {
  const rows = await board(client('manager@demo.example'), 'loc_demo_north');
  const jorge = rows.find((r) => nameOf(r) === 'Jorge Ramírez' && r.dms_appointment_id === null)!;
  const messages = (await client('manager@demo.example').get(`/api/appointments/${jorge.id}/messages`)).body.messages as { id: string; text: string }[];

  expect(messages.find((m) => m.id === jorge.reminder_message?.id)?.text).toMatch(/^Demo Motors North: Recordatorio/);
});

it('shows neither store’s appointments to another company', async () => {
  const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
  for (const store of STORES) expect((await rival.get(`/api/locations/${store.locationId}/appointments/inbox`)).status).toBe(404);
});
