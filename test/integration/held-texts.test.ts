/**
 * Held texts (issue 18 §3): a scheduled text can be cancelled or edited from the conversation until
 * it goes (PUT /api/messages/{id}/cancel, PUT /api/messages/{id}), racing the scheduled_messages
 * job; when it comes due the rules are asked again and the outcome shows in the conversation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HELD_TEXT_REFUSALS } from '../../shared/sendingTexts.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { sendAppointmentReminders } from '../../functions/appointments/reminders.js';
import { getAppointment, updateAppointment } from '../../functions/appointments/records.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import '../../functions/messages/boards.js';
import { getMessage } from '../../functions/messages/records.js';
import { sendDueMessages } from '../../functions/messages/scheduled.js';
import { onInvoiced } from '../../functions/repairOrders/vehicleReady.js';
import { getRepairOrder, updateRepairOrder } from '../../functions/repairOrders/records.js';
import { saveCustomer } from '../../functions/customers/records.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { createRepairOrder, customerRecord, DEMO_NORTH, serviceNumberOfNorth, useStackEnv, wallClock } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
const HOUR = 3_600_000;

let advisor: ApiClient;
let manager: ApiClient;
let coordinator: ApiClient;
let saved: { service: SettingsOf<'service_settings'>; dms: SettingsOf<'dms_settings'>; gatekeeper: SettingsOf<'gatekeeper_settings'> };

async function setService(changes: Partial<SettingsOf<'service_settings'>>): Promise<void> {
  const current = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...current, ...changes }, 'agt_manager');
}


/** Quiet hours from an hour ago to an hour ahead, for the length of `body`. */
async function inQuietHours<T>(body: () => Promise<T>): Promise<T> {
  await setService({ quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60) });
  try {
    return await body();
  } finally {
    await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00' });
  }
}

const schedule = (roId: string, text: string, sendAt = new Date(Date.now() + HOUR).toISOString()) =>
  advisor.post(`/api/repair_orders/${roId}/messages`, { message: { text, send_at: sendAt } }, { 'idempotency-key': randomUUID() });

/** The text's updates as the order's channel heard them, in order: `type:status:text`. */
async function heard(since: string, messageId: string): Promise<string[]> {
  const events = await eventsAfter(companyId, channels.managerRepairOrders(locationId), since);
  return events
    .filter((e) => e.type === 'message.updated' && (e.data as { message?: { id: string } }).message?.id === messageId)
    .map((e) => {
      const m = (e.data as { message: { text: string; metadata: { status: string } } }).message;
      return `${e.type}:${m.metadata.status}:${m.text}`;
    });
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  await serviceNumberOfNorth();
  saved = {
    service: await readSettings(companyId, locationId, 'service_settings'),
    dms: await readSettings(companyId, locationId, 'dms_settings'),
    gatekeeper: await readSettings(companyId, locationId, 'gatekeeper_settings'),
  };
  await setService({ quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false });
  const dms = await readSettings(companyId, locationId, 'dms_settings');
  await writeSettings(companyId, locationId, 'dms_settings', { ...dms, require_opcode_for_text: false }, 'agt_manager');
  const gatekeeper = await readSettings(companyId, locationId, 'gatekeeper_settings');
  await writeSettings(
    companyId,
    locationId,
    'gatekeeper_settings',
    { ...gatekeeper, vehicle_ready: { ...gatekeeper.vehicle_ready, target: 'opted_in_and_no_status' }, appointment_reminder: { ...gatekeeper.appointment_reminder, target: 'opted_in_and_no_status' } },
    'agt_manager',
  );
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', saved.service, 'agt_manager');
  await writeSettings(companyId, locationId, 'dms_settings', saved.dms, 'agt_manager');
  await writeSettings(companyId, locationId, 'gatekeeper_settings', saved.gatekeeper, 'agt_manager');
});

describe('PUT /api/messages/{id}/cancel', () => {
  it('cancels a scheduled text: it ends not sent (cancelled), every console hears it, and the job never sends it', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sendAt = new Date(Date.now() + HOUR).toISOString();
    const scheduled = await schedule(ro.id, 'Your car is ready tomorrow at 9', sendAt);
    expect(scheduled.status).toBe(201);
    const id = scheduled.body.message.id as string;
    const since = cursorAt(Date.now() - 1000);
    // Act: a colleague (the manager) cancels the advisor's text
    const res = await manager.put(`/api/messages/${id}/cancel`);
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toMatchObject({ id, agent: { id: 'agt_advisor' }, metadata: { status: 'not sent', error_code: 'cancelled' } });
    expect(await heard(since, id)).toEqual([`message.updated:not sent:${res.body.message.text}`]);
    await sendDueMessages(new Date(Date.parse(sendAt) + 1000));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    expect((await getMessage(companyId, id))?.metadata.status).toBe('not sent');
    // A cancelled text is not sent "after all" by retry: it is written again.
    expect((await advisor.put(`/api/messages/${id}/retry`)).status).toBe(422);
  });

  it('answers 409 already_sent once the text has gone, and 409 not_scheduled for one already cancelled', async () => {
    // Prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sendAt = new Date(Date.now() + HOUR).toISOString();
    const gone = (await schedule(ro.id, 'Goes at its time', sendAt)).body.message.id as string;
    const cancelled = (await schedule(ro.id, 'Cancelled twice', sendAt)).body.message.id as string;
    expect((await advisor.put(`/api/messages/${cancelled}/cancel`)).status).toBe(200);
    await sendDueMessages(new Date(Date.parse(sendAt) + 1000));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    // Act
    const late = await advisor.put(`/api/messages/${gone}/cancel`);
    const lateEdit = await advisor.put(`/api/messages/${gone}`, { message: { text: 'Too late' } });
    const twice = await advisor.put(`/api/messages/${cancelled}/cancel`);
    // Assess
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ id: 'already_sent', message: HELD_TEXT_REFUSALS.already_sent });
    expect(lateEdit.status).toBe(409);
    expect(lateEdit.body.error.id).toBe('already_sent');
    expect(twice.status).toBe(409);
    expect(twice.body.error.id).toBe('not_scheduled');
    expect((await getMessage(companyId, gone))?.text).toMatch(/^Goes at its time\n/);
  });

  it('of a cancel racing the job, exactly one wins: a cancelled text never reaches the carrier, a sent one is never shown cancelled', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const rounds = 10;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      // Prepare: a text due in two seconds (the API refuses a past time, the job is told it is later)
      const sendAt = new Date(Date.now() + 2000).toISOString();
      const id = (await schedule(ro.id, `Race ${round}`, sendAt)).body.message.id as string;
      // Act
      // The cancel leaves a little later each round, so the two meet at every step of the job.
      const cancelling = new Promise<void>((resolve) => setTimeout(resolve, round * 3)).then(() => advisor.put(`/api/messages/${id}/cancel`));
      const [cancel] = await Promise.all([cancelling, sendDueMessages(new Date(Date.parse(sendAt) + 1000))]);
      // Assess
      const stored = await getMessage(companyId, id);
      const texted = (await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => t.text.startsWith(`Race ${round}`));
      if (cancel.status === 200) {
        expect(stored?.metadata).toMatchObject({ status: 'not sent', error_code: 'cancelled' });
        expect(texted).toHaveLength(0);
      } else {
        expect(cancel.status).toBe(409);
        expect(cancel.body.error.id).toBe('already_sent');
        expect(stored?.metadata.status).not.toBe('not sent');
        expect(texted).toHaveLength(1);
      }
      outcomes.push(cancel.status === 200 ? 'cancelled' : 'sent');
    }
    expect(outcomes).toHaveLength(rounds);
  });
});

describe('PUT /api/messages/{id}', () => {
  it('edits a scheduled text and its time; the job sends the edited words at the new time, once', async () => {
    // Prepare: the first text to the number carries the opt-out notice
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const sendAt = new Date(Date.now() + HOUR).toISOString();
    const scheduled = await schedule(ro.id, 'Pick-up at 5', sendAt);
    const id = scheduled.body.message.id as string;
    const notice = (scheduled.body.message.text as string).slice('Pick-up at 5'.length);
    expect(notice).toMatch(/^\nDemo Motors North: Reply STOP to opt out$/);
    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    const since = cursorAt(Date.now() - 1000);
    // Act: the agent rewrites the words (dropping the notice line) and moves the time
    const res = await advisor.put(`/api/messages/${id}`, { message: { text: 'Pick-up at 6 instead', send_at: later } });
    // Assess: the notice stays, the time moved, every console heard the edit
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toMatchObject({ id, text: `Pick-up at 6 instead${notice}`, metadata: { status: 'scheduled', send_at: later } });
    expect(await heard(since, id)).toEqual([`message.updated:scheduled:Pick-up at 6 instead${notice}`]);
    await sendDueMessages(new Date(Date.parse(sendAt) + 1000));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    await sendDueMessages(new Date(Date.parse(later) + 1000));
    await sendDueMessages(new Date(Date.parse(later) + 61_000));
    const texts = await textsTo(carrierUrl, customer.phones.cell!);
    expect(texts.map((t) => t.text)).toEqual([`Pick-up at 6 instead${notice}`]);
  });

  it('of an edit racing the job, the customer gets either the old words at the old time or the new words, never the new time ignored', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    for (let round = 0; round < 6; round++) {
      const sendAt = new Date(Date.now() + 2000).toISOString();
      const id = (await schedule(ro.id, `Old ${round}`, sendAt)).body.message.id as string;
      const later = new Date(Date.now() + HOUR).toISOString();
      // Act: the agent moves it an hour later while the job (told it is due) runs
      const [edit] = await Promise.all([advisor.put(`/api/messages/${id}`, { message: { text: `New ${round}`, send_at: later } }), sendDueMessages(new Date(Date.parse(sendAt) + 1000))]);
      // Assess
      const texted = (await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => t.text.startsWith(`Old ${round}`) || t.text.startsWith(`New ${round}`));
      if (edit.status === 200) {
        expect(texted).toHaveLength(0);
        expect((await getMessage(companyId, id))?.metadata).toMatchObject({ status: 'scheduled', send_at: later });
      } else {
        expect(edit.body.error.id).toBe('already_sent');
        expect(texted.map((t) => t.text.split('\n')[0])).toEqual([`Old ${round}`]);
      }
    }
  });

  it('validates the edit as the composer does and keeps the attachments', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const id = (await schedule(ro.id, 'Words')).body.message.id as string;
    const blank = await advisor.put(`/api/messages/${id}`, { message: { text: '   ' } });
    const long = await advisor.put(`/api/messages/${id}`, { message: { text: 'x'.repeat(1601) } });
    const past = await advisor.put(`/api/messages/${id}`, { message: { text: 'Words', send_at: new Date(Date.now() - 60_000).toISOString() } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0]).toMatchObject({ message: 'Text cannot be blank' });
    expect(long.status).toBe(422);
    expect(long.body.errors[0]).toMatchObject({ message: 'Message length limit is 1600 characters' });
    expect(past.status).toBe(422);
    expect(past.body.errors[0].path).toBe('message.send_at');
    expect((await getMessage(companyId, id))?.text).toMatch(/^Words/);
  });

  it('answers 404 to another company and 403 to an agent who does not work the board; the text stays held', async () => {
    const { ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const id = (await schedule(ro.id, 'Not yours')).body.message.id as string;
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    const tech = api(baseUrl, await signIn(baseUrl, 'tech@demo.example'));
    expect((await advisor.put('/api/messages/msg_nothing/cancel')).status).toBe(404);
    expect((await rival.put(`/api/messages/${id}/cancel`)).status).toBe(404);
    expect((await rival.put(`/api/messages/${id}`, { message: { text: 'Mine now' } })).status).toBe(404);
    expect((await tech.put(`/api/messages/${id}/cancel`)).status).toBe(403);
    expect((await getMessage(companyId, id))?.metadata.status).toBe('scheduled');
  });
});

describe('a held text asks the rules again when it comes due', () => {
  it('a vehicle-ready text held by quiet hours does not go when the order was closed meanwhile; the conversation says why', async () => {
    const invoiced = { dms_status: 'invoiced' as const, opcodes: [], invoiced_at: new Date().toISOString(), missed_call: false, last_call_at: null, message_count: 0 };
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: invoiced } });
    await setService({ vehicle_ready_automated: true });
    // Prepare: invoiced in the evening, the text waits for the morning
    const held = await inQuietHours(async () => {
      const result = await onInvoiced(ro);
      return result?.message;
    });
    expect(held?.metadata).toMatchObject({ automated: 'vehicle_ready', status: 'scheduled' });
    const opens = Date.parse(held!.metadata.send_at!);
    await updateRepairOrder(companyId, ro.id, () => ({ closed: true, closed_at: new Date().toISOString() }));
    const since = cursorAt(Date.now() - 1000);
    // Act: the job, as the window opens
    const run = await sendDueMessages(new Date(opens + 1000));
    // Assess
    expect(run.refused).toBeGreaterThanOrEqual(1);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    expect((await getMessage(companyId, held!.id))?.metadata).toMatchObject({ status: 'not sent', error_code: 'closed', error_text: "Notification won't be delivered." });
    expect((await heard(since, held!.id)).map((h) => h.split(':').slice(0, 2).join(':'))).toEqual(['message.updated:not sent']);
    expect((await getRepairOrder(companyId, ro.id, true))?.closed).toBe(true);
  });

  it("a held vehicle-ready text the gatekeeper now refuses ends not sent with the gatekeeper's reason", async () => {
    const invoiced = { dms_status: 'invoiced' as const, opcodes: [], invoiced_at: new Date().toISOString(), missed_call: false, last_call_at: null, message_count: 0 };
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata: invoiced } });
    await setService({ vehicle_ready_automated: true });
    const held = await inQuietHours(async () => (await onInvoiced(ro))?.message);
    expect(held?.metadata.status).toBe('scheduled');
    // The manager tightens the gate overnight: written consent only (the advisor recorded this opt-in).
    const gatekeeper = await readSettings(companyId, locationId, 'gatekeeper_settings');
    await writeSettings(companyId, locationId, 'gatekeeper_settings', { ...gatekeeper, vehicle_ready: { ...gatekeeper.vehicle_ready, target: 'green_only' } }, 'agt_manager');
    try {
      await sendDueMessages(new Date(Date.parse(held!.metadata.send_at!) + 1000));
    } finally {
      await writeSettings(companyId, locationId, 'gatekeeper_settings', gatekeeper, 'agt_manager');
    }
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    expect((await getMessage(companyId, held!.id))?.metadata).toMatchObject({ status: 'not sent', error_code: 'no_written_consent' });
  });

  it('an appointment reminder held by quiet hours does not go when the appointment was cancelled meanwhile', async () => {
    // Prepare: a booked appointment whose reminder comes due in the evening
    const customer = customerRecord({ opt_in: 'in', last_name: `Held${randomUUID().slice(0, 6)}` });
    await saveCustomer(customer);
    const booked = await coordinator.post(`/api/locations/${locationId}/customers/${customer.id}/appointments`, {
      appointment: { scheduled_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    });
    expect(booked.status, booked.text).toBe(201);
    const appointmentId = booked.body.appointment.id as string;
    await updateAppointment(companyId, appointmentId, () => ({ remind_at: new Date(Date.now() - 60_000).toISOString() }));
    await inQuietHours(() => sendAppointmentReminders());
    const reminder = (await getAppointment(companyId, appointmentId, true))?.reminder_message;
    expect(reminder?.metadata.sms_status).toBe('scheduled');
    const held = await getMessage(companyId, reminder!.id);
    // Act: the customer calls to cancel; the job runs in the morning
    expect((await coordinator.put(`/api/appointments/${appointmentId}/cancel`)).status).toBe(200);
    await sendDueMessages(new Date(Date.parse(held!.metadata.send_at!) + 1000));
    // Assess
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    expect((await getMessage(companyId, reminder!.id))?.metadata).toMatchObject({ status: 'not sent', error_code: 'appointment_cancelled' });
  });
});
