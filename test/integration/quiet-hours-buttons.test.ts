/**
 * Issue 18 §3: the console says what really happened in the store's evening. The buttons that text
 * a prepared message (vehicle ready, the inspection's "Send to customer", mass texts) ask about
 * quiet hours as the composer does, and their answers say "scheduled" when the text was held; an
 * appointment reminder is not queued for a past appointment nor held past it, and reads
 * "scheduled" until it has gone. "Now" falls in quiet hours by setting the location's quiet hours
 * around the store's wall clock (there is no clock seam in the routes).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Appointment } from '../../shared/appointments/appointments.js';
import type { MassMessage } from '../../shared/massTexts.js';
import { SEND_ERRORS } from '../../shared/sendingTexts.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { sendAppointmentReminders } from '../../functions/appointments/reminders.js';
import { getAppointment, updateAppointment } from '../../functions/appointments/records.js';
import { saveCustomer, type CustomerRecord } from '../../functions/customers/records.js';
import { newSheet, saveSheet, type SheetRecord } from '../../functions/inspections/records.js';
import { getLocation } from '../../functions/lib/locations.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import '../../functions/messages/boards.js';
import { messagesOf } from '../../functions/messages/records.js';
import { sendDueMessages } from '../../functions/messages/scheduled.js';
import { getRepairOrder } from '../../functions/repairOrders/records.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from '../support/inspections.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { ADVISOR, DEMO_NORTH, createRepairOrder, customerRecord, serviceNumberOfNorth, useStackEnv, wallClock } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
const loc = `/api/locations/${locationId}`;
const HOUR = 3_600_000;

let advisor: ApiClient;
let coordinator: ApiClient;
let timezone: string;
let saved: { service: SettingsOf<'service_settings'>; appointments: SettingsOf<'appointments_settings'> };


async function setService(changes: Partial<SettingsOf<'service_settings'>>): Promise<void> {
  const current = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...current, ...changes }, 'agt_manager');
}

/** The store's evening: quiet from an hour ago until `untilMinutes` from now. */
const eveningUntil = (untilMinutes: number) => setService({ quiet_hours_start: wallClock(-60, timezone), quiet_hours_end: wallClock(untilMinutes, timezone) });

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  await serviceNumberOfNorth();
  timezone = (await getLocation(companyId, locationId))!.timezone;
  saved = {
    service: await readSettings(companyId, locationId, 'service_settings'),
    appointments: await readSettings(companyId, locationId, 'appointments_settings'),
  };
  await setService({ safe_mode: false, double_opt_in: false });
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
});

beforeEach(() => eveningUntil(60));

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', { ...saved.service, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }, 'agt_manager');
  await writeSettings(companyId, locationId, 'appointments_settings', saved.appointments, 'agt_manager');
});

/** The window's start as the refusal names it: about an hour from now. */
function expectWindowInAnHour(answer: { status: number; body: { error: { id: string; message: string; next_window_at: string } } }): string {
  expect(answer.status).toBe(409);
  expect(answer.body.error).toMatchObject({ id: 'quiet_hours', message: SEND_ERRORS.quiet_hours });
  const opens = Date.parse(answer.body.error.next_window_at);
  expect(opens - Date.now()).toBeGreaterThan(55 * 60_000);
  expect(opens - Date.now()).toBeLessThan(62 * 60_000);
  return answer.body.error.next_window_at;
}

describe('vehicle ready in quiet hours', () => {
  const press = (roId: string, body?: Record<string, unknown>) => advisor.post(`/api/repair_orders/${roId}/vehicle_ready`, body);

  it('asks first (nothing sent, the order not marked), then holds the text for the window when scheduled', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });

    const asked = await press(ro.id);
    const opens = expectWindowInAnHour(asked);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect((await getRepairOrder(companyId, ro.id, true))?.vehicle_ready).toBe(false);

    const scheduled = await press(ro.id, { send_at: opens });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.body.message.metadata).toMatchObject({ automated: 'vehicle_ready', status: 'scheduled', send_at: new Date(opens).toISOString() });
    expect(scheduled.body.repair_order.vehicle_ready).toBe(true);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);

    await sendDueMessages(new Date(Date.parse(opens) + 1000));
    expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)[0]).toContain('Your vehicle is ready for pick-up.');
  });

  it('sends at once when the agent says send anyway', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sent = await press(ro.id, { confirm_quiet_hours: true });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message.metadata.status).toBe('accepted');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });

  it('sends without a question outside quiet hours, as before', async () => {
    await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00' });
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sent = await press(ro.id);
    expect(sent.status, sent.text).toBe(200);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });
});

describe('the inspection\'s "Send to customer" in quiet hours', () => {
  async function completedSheet(): Promise<{ roId: string; phone: string }> {
    const { ro, customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const now = new Date().toISOString();
    const sheet: SheetRecord = {
      ...newSheet(ro, BRAKE_TEMPLATE, now),
      state: 'completed_by_advisor',
      technician: TECHNICIAN,
      groups: BRAKE_GROUPS,
      recommendations: brakeRecommendations(),
      completed_by_technician_at: now,
      advisor: ADVISOR,
      completed_by_advisor_at: now,
    };
    await saveSheet(sheet, null);
    return { roId: ro.id, phone: customer.phones.cell! };
  }
  const send = (roId: string, body?: Record<string, unknown>) => advisor.post(`/api/tech/mpi/repair_orders/${roId}/send_to_customer`, body);

  it('asks first; scheduled, the sheet says when it goes and that it has not gone yet', async () => {
    const { roId, phone } = await completedSheet();

    const asked = await send(roId);
    const opens = expectWindowInAnHour(asked);
    const untouched = await advisor.get(`/api/repair_orders/${roId}`);
    expect(untouched.body.repair_order.sheet.sent_to_customer_at).toBeNull();

    const scheduled = await send(roId, { send_at: opens });
    expect(scheduled.status, scheduled.text).toBe(200);
    const at = new Date(opens).toISOString();
    expect(scheduled.body.message.metadata).toMatchObject({ status: 'scheduled', send_at: at });
    expect(scheduled.body.sheet).toMatchObject({ sent_to_customer_at: at, customer_text_scheduled_for: at });
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
  });

  it('sends anyway when confirmed, and the sheet says sent', async () => {
    const { roId, phone } = await completedSheet();
    const sent = await send(roId, { confirm_quiet_hours: true });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.sheet.customer_text_scheduled_for).toBeNull();
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });
});

async function aCustomer(): Promise<CustomerRecord> {
  const customer = customerRecord({ first_name: 'Ada', last_name: `Quiet${randomUUID().slice(0, 6)}` });
  await saveCustomer(customer);
  return customer;
}

async function book(customer: CustomerRecord, scheduledAt: string): Promise<Appointment> {
  const res = await coordinator.post(`${loc}/customers/${customer.id}/appointments`, { appointment: { scheduled_at: scheduledAt } });
  expect(res.status, res.text).toBe(201);
  return res.body.appointment as Appointment;
}

describe('mass texts in quiet hours', () => {
  const massText = (body: Record<string, unknown>) =>
    coordinator.post(`${loc}/mass_messages`, { mass_message: { board: 'appointments', text: 'We open at 7 tomorrow.', ...body } }, { 'idempotency-key': randomUUID() });

  async function finished(id: string): Promise<MassMessage> {
    for (let i = 0; i < 100; i++) {
      const res = await coordinator.get(`/api/mass_messages/${id}`);
      if (res.body.mass_message.state === 'finished') return res.body.mass_message as MassMessage;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The mass text did not finish');
  }

  it('asks before writing anything; scheduled, the summary counts scheduled apart from sent', async () => {
    const people = [await aCustomer(), await aCustomer()];
    const ids = [];
    for (const customer of people) ids.push((await book(customer, new Date(Date.now() + 3 * 86_400_000).toISOString())).id);

    const asked = await massText({ ids });
    const opens = expectWindowInAnHour(asked);

    const scheduled = await massText({ ids, send_at: opens });
    expect(scheduled.status, scheduled.text).toBe(202);
    const done = await finished(scheduled.body.mass_message.id);
    expect(done).toMatchObject({ total: 2, sent: 0, scheduled: 2, scheduled_for: new Date(opens).toISOString(), failed: 0, skipped: {} });
    for (const customer of people) expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('sends anyway when confirmed', async () => {
    const customer = await aCustomer();
    const id = (await book(customer, new Date(Date.now() + 3 * 86_400_000).toISOString())).id;
    const res = await massText({ ids: [id], confirm_quiet_hours: true });
    const done = await finished(res.body.mass_message.id);
    expect(done).toMatchObject({ total: 1, sent: 1, scheduled: 0, scheduled_for: null });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });
});

describe('appointment reminders and quiet hours', () => {
  beforeEach(async () => {
    const current = await readSettings(companyId, locationId, 'appointments_settings');
    await writeSettings(companyId, locationId, 'appointments_settings', { ...current, reminders_enabled: true, remind_days_prior: 1 }, 'agt_manager');
  });

  const dueNow = (id: string) => updateAppointment(companyId, id, () => ({ remind_at: new Date(Date.now() - 60_000).toISOString() }));
  const view = async (id: string) => (await coordinator.get(`${loc}/appointments/${id}`)).body.appointment as Appointment;

  it('queues no reminder for an appointment already past', async () => {
    await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00' });
    const customer = await aCustomer();
    const appointment = await book(customer, new Date(Date.now() + 2 * HOUR).toISOString());
    // The job fell behind: the appointment's time has come and gone.
    await updateAppointment(companyId, appointment.id, () => ({ scheduled_at: new Date(Date.now() - HOUR).toISOString(), remind_at: new Date(Date.now() - 2 * HOUR).toISOString() }));

    await sendAppointmentReminders();

    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect(await getAppointment(companyId, appointment.id)).toMatchObject({ reminder_sent: false, remind_at: null, reminder_message: null });
  });

  it('queues no reminder that quiet hours would hold past the appointment, and the conversation says why', async () => {
    const customer = await aCustomer();
    // Quiet for another hour; the appointment is in 30 minutes.
    const appointment = await book(customer, new Date(Date.now() + 30 * 60_000).toISOString());
    await dueNow(appointment.id);

    const run = await sendAppointmentReminders();

    expect(run.refused).toBeGreaterThanOrEqual(1);
    const thread = await messagesOf(companyId, `thr_${appointment.id}`, 0, 10);
    expect(thread.filter((m) => m.metadata.direction === 'outbound' && m.metadata.automated === 'appointment_reminder')).toEqual([]);
    expect(thread[0]).toMatchObject({
      text: "Notification won't be delivered.",
      metadata: { note: { key: 'not_delivered', kind: 'appointment_reminder', reason_id: 'after_appointment' } },
    });
    expect(await view(appointment.id)).toMatchObject({ reminder_sent: false, reminder_scheduled_for: null });
  });

  it('says "reminder scheduled" while quiet hours hold it, and sent once it has gone', async () => {
    const customer = await aCustomer();
    const appointment = await book(customer, new Date(Date.now() + 5 * HOUR).toISOString());
    await dueNow(appointment.id);

    const run = await sendAppointmentReminders();
    const held = await view(appointment.id);
    const listed = (await coordinator.get(`${loc}/notes/appointments?offset=0&limit=100`)).body.appointments as Appointment[];

    expect(run.held).toBeGreaterThanOrEqual(1);
    expect(held.reminder_sent).toBe(false);
    expect(Date.parse(held.reminder_scheduled_for!) - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(held.reminder_message?.metadata.sms_status).toBe('scheduled');
    expect(listed.find((a) => a.id === appointment.id)).toMatchObject({ reminder_sent: false, reminder_scheduled_for: held.reminder_scheduled_for });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);

    await sendDueMessages(new Date(Date.parse(held.reminder_scheduled_for!) + 1000));
    const gone = await view(appointment.id);
    expect(gone).toMatchObject({ reminder_sent: true, reminder_scheduled_for: null });
    expect(gone.reminder_message?.metadata.sms_status).toMatch(/accepted|sent|delivered/);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
  });
});
