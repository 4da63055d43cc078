/**
 * The appointments board's routes (SPEC §7) on the conversation core: listing, booking with a new
 * or known customer and SPEC §5's texts, the customer search, confirm / cancel / archive, read marks,
 * texting with every rule, replies threaded to the appointment, reminders (due, not due, switched
 * off, booked too late, refused by the gatekeeper, confirmed by a reply) and mass texts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Appointment } from '../../shared/appointments/appointments.js';
import type { MassMessage } from '../../shared/massTexts.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../shared/schemas/people.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { SEND_ERRORS } from '../../shared/sendingTexts.js';
import { sendAppointmentReminders } from '../../functions/appointments/reminders.js';
import { getAppointment, updateAppointment } from '../../functions/appointments/records.js';
import { saveCustomer, type CustomerRecord } from '../../functions/customers/records.js';
import { keys } from '../../functions/lib/keys.js';
import { appointmentsChannel } from '../../functions/appointments/channels.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { updateItem } from '../../functions/lib/table.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import '../../functions/messages/boards.js';
import { messagesOf } from '../../functions/messages/records.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../support/api.js';
import { createRepairOrder, customerRecord, DEMO_NORTH, serviceNumberOfNorth, uniquePhone, useStackEnv } from '../support/service.js';
import { massTextKeys } from '../../functions/messages/massTextRecords.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const { companyId, locationId } = DEMO_NORTH;
const DAY = 86_400_000;

let coordinator: ApiClient;
let advisor: ApiClient;
let southAdmin: ApiClient;
let DEALER: string;
let saved: { service: SettingsOf<'service_settings'>; appointments: SettingsOf<'appointments_settings'>; gatekeeper: SettingsOf<'gatekeeper_settings'> };

const loc = `/api/locations/${locationId}`;
const inAWhile = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

async function setGroup<K extends 'service_settings' | 'appointments_settings' | 'gatekeeper_settings'>(key: K, changes: Partial<SettingsOf<K>>): Promise<void> {
  const current = await readSettings(companyId, locationId, key);
  await writeSettings(companyId, locationId, key, { ...current, ...changes }, 'agt_manager');
}

/** A customer of North with their own number, written as the DMS would have. */
async function aCustomer(overrides: Partial<CustomerRecord> = {}): Promise<CustomerRecord> {
  const customer = customerRecord({ first_name: 'Ada', last_name: `Lovelace${randomUUID().slice(0, 6)}`, ...overrides });
  await saveCustomer(customer);
  return customer;
}

async function book(customer: CustomerRecord, scheduledAt = inAWhile(3), extra: Record<string, unknown> = {}): Promise<Appointment> {
  const res = await coordinator.post(`${loc}/customers/${customer.id}/appointments`, { appointment: { scheduled_at: scheduledAt, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.appointment as Appointment;
}

/** Moves an appointment's reminder time into the past, as time passing would. */
async function reminderDueNow(id: string): Promise<void> {
  await updateAppointment(companyId, id, () => ({ remind_at: new Date(Date.now() - 60_000).toISOString() }));
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  saved = {
    service: await readSettings(companyId, locationId, 'service_settings'),
    appointments: await readSettings(companyId, locationId, 'appointments_settings'),
    gatekeeper: await readSettings(companyId, locationId, 'gatekeeper_settings'),
  };
  await setGroup('service_settings', { quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false });
  coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  southAdmin = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
});

beforeEach(async () => {
  await setGroup('appointments_settings', { reminders_enabled: true, remind_days_prior: 1 });
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
  await writeSettings(companyId, locationId, 'appointments_settings', saved.appointments, 'agt_manager');
  await writeSettings(companyId, locationId, 'gatekeeper_settings', saved.gatekeeper, 'agt_manager');
});

describe('booking', () => {
  it('books for a new customer, and answers SPEC §5 texts for every field that cannot be used', async () => {
    // Act: nothing filled in, then a number too short, then one that cannot exist
    const empty = await coordinator.post(`${loc}/appointments`, {
      appointment: { scheduled_at: inAWhile(2) },
      customer: { first_name: ' ', last_name: '', email: 'not-an-address', phone: '' },
    });
    const short = await coordinator.post(`${loc}/appointments`, {
      appointment: { scheduled_at: inAWhile(2) },
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '617 55' },
    });
    const invalid = await coordinator.post(`${loc}/appointments`, {
      appointment: { scheduled_at: inAWhile(2) },
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '(617) 055-0142' },
    });
    const phone = uniquePhone();
    const booked = await coordinator.post(`${loc}/appointments`, {
      appointment: { scheduled_at: inAWhile(2), agent_id: 'agt_advisor', notes: 'Oil change and tire rotation', vehicle: { make: 'Subaru', model: 'Outback', year: 2019 } },
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'Grace@Example.com', phone: phone.replace('+1', '') },
    });

    // Assess
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PERSON_ERRORS.email, PHONE_ERRORS.missing]),
    );
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([{ message: PHONE_ERRORS.too_short, path: 'customer.phone' }]);
    expect(invalid.body.errors).toEqual([{ message: PHONE_ERRORS.invalid, path: 'customer.phone' }]);
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.appointment).toMatchObject({
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phones: { cell: phone } },
      agent: { id: 'agt_advisor' },
      notes: 'Oil change and tire rotation',
      vehicle: { make: 'Subaru', model: 'Outback', year: 2019 },
      confirmed: false,
      cancelled: false,
      reminder_sent: false,
      is_unread: false,
    });
  });

  it('refuses a time that has passed and an advisor of another store', async () => {
    const customer = await aCustomer();
    const past = await coordinator.post(`${loc}/customers/${customer.id}/appointments`, { appointment: { scheduled_at: inAWhile(-1) } });
    const foreign = await coordinator.post(`${loc}/customers/${customer.id}/appointments`, { appointment: { scheduled_at: inAWhile(1), agent_id: 'agt_south_advisor' } });
    expect(past.status).toBe(422);
    expect(past.body.errors[0].message).toBe('The appointment time has already passed');
    expect(foreign.status).toBe(422);
  });

  it('refuses as advisor an agent who holds no orders (the admin, the coordinator)', async () => {
    const customer = await aCustomer();
    for (const agentId of ['agt_admin', 'agt_appointments']) {
      const res = await coordinator.post(`${loc}/customers/${customer.id}/appointments`, { appointment: { scheduled_at: inAWhile(1), agent_id: agentId } });
      expect(res.status, agentId).toBe(422);
      expect(res.body.errors[0].message).toBe('Choose an advisor of this location');
    }
  });

  it('finds customers by name in either order and by phone, with a Query per index', async () => {
    const customer = await aCustomer({ first_name: 'Émile', last_name: 'Zola' + randomUUID().slice(0, 4) });
    const byLast = await coordinator.post(`${loc}/customers/search?limit=50`, { query: customer.last_name.slice(0, 6).toUpperCase() });
    const byFirstLast = await coordinator.post(`${loc}/customers/search?limit=50`, { query: `emile ${customer.last_name.slice(0, 3)}` });
    const byPhone = await coordinator.post(`${loc}/customers/search?limit=50`, { query: customer.phones.cell!.replace('+1', '') });
    const nobody = await coordinator.post(`${loc}/customers/search?limit=50`, { query: 'qqqzzzxxx' });
    for (const res of [byLast, byFirstLast, byPhone]) expect(res.body.customers.map((c: { id: string }) => c.id)).toContain(customer.id);
    expect(nobody.body.customers).toEqual([]);
  });
});

describe('the board', () => {
  it("lists today's and upcoming appointments by time, not past or archived ones, with the spec's paging", async () => {
    const customer = await aCustomer();
    const later = await book(customer, inAWhile(6));
    const sooner = await book(await aCustomer(), inAWhile(5));
    const archived = await book(await aCustomer(), inAWhile(5, 1));
    expect((await coordinator.put(`/api/appointments/${archived.id}/archive`)).status).toBe(200);
    // Yesterday's, as time passing leaves it (the console books no past appointment).
    const past = await book(await aCustomer(), inAWhile(1));
    await updateAppointment(companyId, past.id, () => ({ scheduled_at: inAWhile(-1) }));

    const ids: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 50) {
      const page = await coordinator.get(`${loc}/appointments/inbox?offset=${offset}&limit=50`);
      expect(page.status).toBe(200);
      total = page.body.meta.paging.total;
      ids.push(...page.body.appointments.map((a: Appointment) => a.id));
      if (page.body.appointments.length < 50) break;
    }
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(past.id);
    expect(total).toBe(ids.length);
  });

  it('marks confirmed and cancelled without texting the customer, and tells the board', async () => {
    const customer = await aCustomer();
    const appointment = await book(customer);
    const since = cursorAt(Date.now());

    const confirmed = await coordinator.put(`/api/appointments/${appointment.id}/confirm`);
    const cancelled = await coordinator.put(`/api/appointments/${appointment.id}/cancel`);

    expect(confirmed.body.appointment).toMatchObject({ confirmed: true, cancelled: false });
    expect(cancelled.body.appointment).toMatchObject({ confirmed: true, cancelled: true });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const events = await eventsAfter(companyId, appointmentsChannel(locationId), since);
    expect(events.filter((e) => (e.data as { id?: string }).id === appointment.id).map((e) => (e.data as { reason: string }).reason)).toEqual(['confirmed', 'cancelled']);
  });

  it('keeps the board to agents who work it, and other stores and companies out', async () => {
    const appointment = await book(await aCustomer());
    const southAdvisor = api(baseUrl, await signIn(baseUrl, 'south@demo.example'));
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));

    expect((await advisor.get(`${loc}/appointments/inbox`)).status).toBe(403);
    expect((await advisor.get(`/api/appointments/${appointment.id}/messages`)).status).toBe(403);
    expect((await southAdvisor.get(`/api/appointments/${appointment.id}/messages`)).status).toBe(403);
    // A service advisor cannot text the appointments board's customers in bulk either.
    expect((await advisor.post(`${loc}/mass_messages`, { mass_message: { board: 'appointments', text: 'Hello', ids: [appointment.id] } })).status).toBe(403);
    expect((await rival.get(`${loc}/appointments/${appointment.id}`)).status).toBe(404);
    expect((await rival.get(`/api/appointments/${appointment.id}/messages`)).status).toBe(404);
    expect((await rival.put(`/api/appointments/${appointment.id}/confirm`)).status).toBe(404);
    // The company admin reaches both stores, but not North's appointment through South's path.
    expect((await southAdmin.get(`/api/locations/loc_demo_south/appointments/${appointment.id}`)).status).toBe(404);
  });
});

describe('the conversation', () => {
  it('texts the customer from the appointment, with every texting rule', async () => {
    const customer = await aCustomer();
    const optedOut = await aCustomer({ opt_in: 'out' });
    const appointment = await book(customer);
    const refused = await book(optedOut);

    const sent = await coordinator.post(`/api/appointments/${appointment.id}/messages`, { message: { text: 'See you Thursday!' } }, { 'idempotency-key': randomUUID() });
    const blocked = await coordinator.post(`/api/appointments/${refused.id}/messages`, { message: { text: 'Hello' } }, { 'idempotency-key': randomUUID() });
    const list = await coordinator.get(`/api/appointments/${appointment.id}/messages`);

    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.message.metadata).toMatchObject({ direction: 'outbound', status: 'accepted' });
    expect((await textsTo(carrierUrl, customer.phones.cell!))[0]?.text).toContain('See you Thursday!');
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toMatchObject({ id: 'opted_out', message: SEND_ERRORS.opted_out });
    expect(list.body.messages.map((m: { text: string }) => m.text)).toEqual([expect.stringContaining('See you Thursday!')]);
    expect(list.body.meta.paging.total).toBe(1);
  });

  it("threads a reply into the customer's next appointment, unread, and an open repair order wins over it", async () => {
    const customer = await aCustomer();
    const appointment = await book(customer, inAWhile(2));
    const since = cursorAt(Date.now() - 1000);

    await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'Can I come at 9 instead?');
    const after = await coordinator.get(`${loc}/appointments/${appointment.id}`);
    const events = await eventsAfter(companyId, appointmentsChannel(locationId), since);

    expect(after.body.appointment.is_unread).toBe(true);
    expect((await messagesOf(companyId, after.body.appointment.message_thread_id, 0, 10)).map((m) => m.text)).toEqual(['Can I come at 9 instead?']);
    expect(events.find((e) => e.type === 'message.created' && (e.data as { appointment_id?: string }).appointment_id === appointment.id)).toBeDefined();

    const { ro } = await createRepairOrder({ customer: { phones: { cell: customer.phones.cell, work: null, alternate: null } } });
    await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'My car is making a noise');
    expect((await messagesOf(companyId, after.body.appointment.message_thread_id, 0, 10)).map((m) => m.text)).not.toContain('My car is making a noise');
    expect((await messagesOf(companyId, ro.message_thread.id, 0, 10)).map((m) => m.text)).toContain('My car is making a noise');

    const read = await coordinator.put(`/api/appointments/${appointment.id}/agents/null/read`);
    expect(read.body.appointment.is_unread).toBe(false);
  });
});

describe('consent on the appointment', () => {
  it("notes an opt-out in the customer's upcoming appointment's conversation, and the composer's rules follow it", async () => {
    const customer = await aCustomer({ opt_in: 'in' });
    const appointment = await book(customer, inAWhile(2));

    await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'STOP');
    const thread = await messagesOf(companyId, `thr_${appointment.id}`, 0, 10);
    const refused = await coordinator.post(`/api/appointments/${appointment.id}/messages`, { message: { text: 'Still coming?' } }, { 'idempotency-key': randomUUID() });

    expect(thread.find((m) => m.metadata.direction === 'system')?.metadata.note).toMatchObject({ key: 'opt_out', initiator: 'customer' });
    expect(refused.body.error?.id).toBe('opted_out');
  });
});

describe('appointment reminders (job)', () => {
  it('sends the reminder when due, naming the dealership, and shows it in "appointments sent" with its delivery state', async () => {
    const customer = await aCustomer();
    const appointment = await book(customer, inAWhile(1, 6));
    await reminderDueNow(appointment.id);

    const run = await sendAppointmentReminders();
    const after = (await coordinator.get(`${loc}/appointments/${appointment.id}`)).body.appointment as Appointment;
    const sent = await coordinator.get(`${loc}/notes/appointments?offset=0&limit=100`);

    expect(run.sent).toBeGreaterThanOrEqual(1);
    expect(after.reminder_sent).toBe(true);
    expect(after.reminder_message?.metadata.sms_status).toMatch(/accepted|delivered|sent/);
    const text = (await textsTo(carrierUrl, customer.phones.cell!))[0]?.text ?? '';
    expect(text).toMatch(/Reminder: your service appointment is on .+ at .+\./);
    expect(text).toContain('Demo Motors');
    expect(sent.body.appointments.map((a: Appointment) => a.id)).toContain(appointment.id);

    // Run again: nothing twice.
    await sendAppointmentReminders();
    expect((await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => /Reminder/.test(t.text))).toHaveLength(1);
  });

  it('sends nothing before the reminder time, when reminders are off, or for an appointment booked after its reminder time', async () => {
    const notYet = await aCustomer();
    const off = await aCustomer();
    const late = await aCustomer();
    await book(notYet, inAWhile(4));
    const switchedOff = await book(off, inAWhile(1, 6));
    await reminderDueNow(switchedOff.id);
    // Tomorrow morning with one day's notice: its reminder time has passed when it is booked.
    const bookedLate = await book(late, inAWhile(0, 12));

    await setGroup('appointments_settings', { reminders_enabled: false });
    await sendAppointmentReminders();
    await setGroup('appointments_settings', { reminders_enabled: true });
    await sendAppointmentReminders();

    for (const customer of [notYet, off, late]) expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect((await getAppointment(companyId, bookedLate.id))?.remind_at).toBeNull();
    expect((await getAppointment(companyId, switchedOff.id))?.reminder_sent).toBe(false);
  });

  it('moves reminders still waiting when the store changes its remind-days, and drops them when reminders are switched off', async () => {
    const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
    const appointment = await book(await aCustomer(), inAWhile(5));
    const scheduled = Date.parse(appointment.scheduled_at);
    try {
      // Act: three days' notice, then off
      expect((await manager.post(`${loc}/appointments_settings`, { appointments_settings: { remind_days_prior: 3 } })).status).toBe(200);
      const threeDays = (await getAppointment(companyId, appointment.id))?.remind_at;
      expect((await manager.post(`${loc}/appointments_settings`, { appointments_settings: { reminders_enabled: false } })).status).toBe(200);
      const off = (await getAppointment(companyId, appointment.id))?.remind_at;

      // Assess
      expect(threeDays).toBe(new Date(scheduled - 3 * DAY).toISOString());
      expect(off).toBeNull();
    } finally {
      await setGroup('appointments_settings', { reminders_enabled: true, remind_days_prior: 1 });
    }
  });

  it("leaves the advisor the reason when the gatekeeper's appointment_reminder target refuses", async () => {
    await setGroup('gatekeeper_settings', { appointment_reminder: { ...saved.gatekeeper.appointment_reminder, target: 'opted_in' } });
    try {
      const customer = await aCustomer({ opt_in: 'unknown' });
      const appointment = await book(customer, inAWhile(1, 6));
      await reminderDueNow(appointment.id);

      const run = await sendAppointmentReminders();
      const after = await getAppointment(companyId, appointment.id);
      const notes = await messagesOf(companyId, `thr_${appointment.id}`, 0, 10);

      expect(run.refused).toBeGreaterThanOrEqual(1);
      expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
      expect(after).toMatchObject({ reminder_sent: false, remind_at: null });
      expect(notes[0]).toMatchObject({ text: "Notification won't be delivered.", metadata: { note: { key: 'not_delivered', kind: 'appointment_reminder', reason_id: 'not_opted_in' } } });
    } finally {
      await setGroup('gatekeeper_settings', { appointment_reminder: saved.gatekeeper.appointment_reminder });
    }
  });

  it('confirms the appointment when the customer answers the reminder with C', async () => {
    const customer = await aCustomer();
    const appointment = await book(customer, inAWhile(1, 6));
    await reminderDueNow(appointment.id);
    await sendAppointmentReminders();

    await replyAsCustomer(carrierUrl, customer.phones.cell!, DEALER, 'C');
    const after = (await coordinator.get(`${loc}/appointments/${appointment.id}`)).body.appointment as Appointment;
    const thread = await messagesOf(companyId, after.message_thread_id, 0, 10);

    expect(after.confirmed).toBe(true);
    expect(thread[0]).toMatchObject({ behaviour: 'APPOINTMENT_CONFIRMATION', metadata: { note: { key: 'appointment_confirmed', by: 'customer' } } });
  });
});

describe('mass texts', () => {
  async function massText(body: Record<string, unknown>, key = randomUUID()) {
    return coordinator.post(`${loc}/mass_messages`, { mass_message: { board: 'appointments', text: 'We open at 7 tomorrow.', ...body } }, { 'idempotency-key': key });
  }

  async function finished(id: string): Promise<MassMessage> {
    for (let i = 0; i < 100; i++) {
      const res = await coordinator.get(`/api/mass_messages/${id}`);
      if (res.body.mass_message.state === 'finished') return res.body.mass_message as MassMessage;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The mass text did not finish');
  }

  it('texts every recipient the rules allow, skips and counts opted-out and landline ones, and a retried request sends nothing twice', async () => {
    const allowed = [await aCustomer(), await aCustomer()];
    const optedOut = await aCustomer({ opt_in: 'out' });
    const landline = await aCustomer({ phones: { cell: `+1617${300 + Math.floor(Math.random() * 600)}0${100 + Math.floor(Math.random() * 100)}`, work: null, alternate: null }, carrier: { type: 'landline' } });
    const ids = [];
    for (const customer of [...allowed, optedOut, landline]) ids.push((await book(customer)).id);
    const key = randomUUID();

    const first = await massText({ ids }, key);
    const again = await massText({ ids }, key);
    const done = await finished(first.body.mass_message.id);

    expect(first.status, first.text).toBe(202);
    expect(again.body.mass_message.id).toBe(first.body.mass_message.id);
    expect(done).toMatchObject({ total: 4, sent: 2, failed: 0, skipped: { opted_out: 1, landline: 1 } });
    for (const customer of allowed) expect((await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => t.text.includes('We open at 7'))).toHaveLength(1);
    expect(await textsTo(carrierUrl, optedOut.phones.cell!)).toEqual([]);
  });

  it('resumes a mass text whose worker died between sending and recording, and texts nobody twice', async () => {
    const people = [await aCustomer(), await aCustomer(), await aCustomer()];
    const ids = [];
    for (const customer of people) ids.push((await book(customer)).id);
    const first = await massText({ ids });
    const done = await finished(first.body.mass_message.id);
    // As the table looks when the worker died after its batch went but before it recorded it: running
    // from the start, no outcomes, its lease run out.
    const key = massTextKeys.massMessage(companyId, done.id);
    const stale = new Date(Date.now() - 60_000).toISOString();
    await updateItem({
      Key: key,
      UpdateExpression: 'SET #state = :running, #cursor = :zero, #sent = :zero, #skipped = :none, lease_until = :stale, finished_at = :null, gsi2pk = :index, gsi2sk = :due',
      ExpressionAttributeNames: { '#state': 'state', '#cursor': 'cursor', '#sent': 'sent', '#skipped': 'skipped' },
      ExpressionAttributeValues: { ':running': 'running', ':zero': 0, ':none': {}, ':stale': stale, ':null': null, ':index': massTextKeys.massMessagesRunning().gsi2pk, ':due': `${stale}#${companyId}#${done.id}` },
    });
    for (let n = 0; n < ids.length; n++) await updateItem({ Key: { pk: key.pk, sk: `R#${String(n).padStart(6, '0')}` }, UpdateExpression: 'SET outcome = :null', ExpressionAttributeValues: { ':null': null } });

    // Act: the sweep finds it on the running index.
    const sweep = await fetch(`${baseUrl}/dev/jobs/mass_messages`, { method: 'POST' });
    const resumed = await finished(done.id);

    expect(sweep.status).toBe(200);
    expect(resumed).toMatchObject({ state: 'finished', total: 3, sent: 3, failed: 0 });
    for (const customer of people) expect((await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => t.text.includes('We open at 7'))).toHaveLength(1);
  });

  it('leaves opted-out customers out of the selection when asked, and refuses an empty one', async () => {
    const optedOut = await aCustomer({ opt_in: 'out' });
    const fine = await aCustomer();
    const ids = [(await book(optedOut)).id, (await book(fine)).id];

    const res = await massText({ ids, skip_opted_out: true });
    const done = await finished(res.body.mass_message.id);
    const empty = await massText({ ids: [] });

    expect(done).toMatchObject({ total: 2, sent: 1, skipped: { opted_out: 1 } });
    expect(empty.status).toBe(422);
  });
});
