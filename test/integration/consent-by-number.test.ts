/**
 * Consent belongs to the phone number (issue 18 §1): a record that comes to have an opted-out
 * number (a booking in the console, the DMS feed, a changed number) is opted out with a ledger
 * line saying it inherited that from the number, the rules and the hand-over check the number
 * itself, and a record created while a STOP lands still ends opted out. Also (§3): a new
 * customer's line type is looked up when the record is created.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Appointment } from '../../shared/appointments/appointments.js';
import type { ConsentEntry } from '../../shared/customers.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { SEND_ERRORS } from '../../shared/sendingTexts.js';
import { getAppointment } from '../../functions/appointments/records.js';
import { appointmentOwner } from '../../functions/appointments/owner.js';
import { changeConsent } from '../../functions/customers/consent.js';
import { getNumberConsent } from '../../functions/customers/numberConsent.js';
import { getCustomer, saveCustomer } from '../../functions/customers/records.js';
import { keys } from '../../functions/lib/keys.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { updateItem } from '../../functions/lib/table.js';
import '../../functions/messages/boards.js';
import { addToConversation, deliver, outboundRecord } from '../../functions/messages/delivery.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../support/api.js';
import { customerRecord, DEMO_NORTH, serviceNumberOfNorth, uniquePhone, useStackEnv } from '../support/service.js';
import { customerKeys } from '../../functions/customers/records.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const { companyId, locationId } = DEMO_NORTH;
const loc = `/api/locations/${locationId}`;
/** Gloria Estevez of the demo, who texted STOP. */
const GLORIA = '+16175551004';

let coordinator: ApiClient;
let manager: ApiClient;
let dmsKey: string;
let DEALER: string;
let savedService: SettingsOf<'service_settings'>;

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

/** Books an appointment for a new customer through the console's route. */
async function bookNew(first: string, last: string, phone: string): Promise<Appointment> {
  const res = await coordinator.post(`${loc}/appointments`, {
    appointment: { scheduled_at: inTwoDays() },
    customer: { first_name: first, last_name: last, email: `${first.toLowerCase()}@example.com`, phone },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.appointment as Appointment;
}

const feed = (kind: string, records: unknown[]) => api(baseUrl).post(`/dms/v1/locations/${locationId}/${kind}`, { records }, { 'x-api-key': dmsKey });

async function ledgerOf(customerId: string): Promise<ConsentEntry[]> {
  const res = await manager.get(`/api/customers/${customerId}/consent`);
  expect(res.status, res.text).toBe(200);
  return res.body.consent as ConsentEntry[];
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  savedService = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...savedService, quiet_hours_start: '00:00', quiet_hours_end: '00:00', safe_mode: false, double_opt_in: false }, 'agt_manager');
  coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  const key = await manager.post(`${loc}/dms_keys`, { label: 'Consent by number' });
  expect(key.status, key.text).toBe(201);
  dmsKey = key.body.key as string;
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
});

describe('consent belongs to the phone number', () => {
  it('a new customer booked with the number of an opted-out customer is opted out, and nothing reaches the carrier', async () => {
    // The demo's Gloria Estevez texted STOP.
    const before = (await textsTo(carrierUrl, GLORIA)).length;

    const appointment = await bookNew('Glory', 'Estevez', '(617) 555-1004');
    const sent = await coordinator.post(`/api/appointments/${appointment.id}/messages`, { message: { text: 'Hi Glory, see you Thursday!' } }, { 'idempotency-key': randomUUID() });
    const card = await coordinator.get(`/api/customers/${appointment.customer.id}`);

    expect(appointment.customer.opt_in).toBe('out');
    expect(card.body.customer.opt_in).toBe('out');
    expect(sent.status, sent.text).toBe(422);
    expect(sent.body.error).toMatchObject({ id: 'opted_out', message: SEND_ERRORS.opted_out });
    expect(await textsTo(carrierUrl, GLORIA)).toHaveLength(before);
    expect(await ledgerOf(appointment.customer.id)).toEqual([
      expect.objectContaining({ status: 'out', previous: 'unknown', initiator: 'customer', method: 'inherited_from_number', phone: GLORIA, wording: expect.stringContaining(`Inherited from the number ${GLORIA}`) }),
    ]);
  });

  it('a STOP from a number the store does not know yet is kept on the number: a customer booked with it later is opted out', async () => {
    const phone = uniquePhone();

    await replyAsCustomer(carrierUrl, phone, DEALER, 'Stop texting me');
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(1);
    const appointment = await bookNew('Sam', 'Stranger', phone);
    const sent = await coordinator.post(`/api/appointments/${appointment.id}/messages`, { message: { text: 'Hi Sam!' } }, { 'idempotency-key': randomUUID() });

    expect((await textsTo(carrierUrl, phone)).map((t) => t.text)).toEqual([expect.stringMatching(/Demo Motors North/)]);
    expect((await getNumberConsent(companyId, phone))?.opt_in).toBe('out');
    expect(appointment.customer.opt_in).toBe('out');
    expect(sent.status, sent.text).toBe(422);
    expect(sent.body.error).toMatchObject({ id: 'opted_out' });
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
    expect(await ledgerOf(appointment.customer.id)).toEqual([expect.objectContaining({ status: 'out', initiator: 'customer', method: 'inherited_from_number' })]);
  });

  it('a START from that number lifts it again, and a repeated STOP gets no second confirmation', async () => {
    const phone = uniquePhone();
    await replyAsCustomer(carrierUrl, phone, DEALER, 'STOP');
    await replyAsCustomer(carrierUrl, phone, DEALER, 'STOP');
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(1);

    await replyAsCustomer(carrierUrl, phone, DEALER, 'START');
    await expect.poll(async () => (await textsTo(carrierUrl, phone)).length, { timeout: 5_000 }).toBe(2);

    expect((await getNumberConsent(companyId, phone))?.opt_in).toBe('in');
    expect((await bookNew('Stella', 'Started', phone)).customer.opt_in).toBe('in');
  });

  it('a number opted out on a record from before numbers had consent of their own is opted out for a new record too', async () => {
    // A record written as it was stored before this change: its own opt-out, no item for the number.
    const old = customerRecord({ opt_in: 'out', opt_metadata: { initiator: 'customer', opcode: null, timestamp: new Date().toISOString(), agent: null } });
    await saveCustomer(old);
    const phone = old.phones.cell!;

    const appointment = await bookNew('Olive', 'Oldrecord', phone);

    expect(appointment.customer.opt_in).toBe('out');
    expect((await getNumberConsent(companyId, phone))?.opt_in).toBe('out');
  });

  it('the DMS feed: a new record and a record whose number changed take the number’s opt-out, with the inherited line', async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    const tag = randomUUID().slice(0, 8);
    await feed('customers', [
      { dms_customer_id: `first-${tag}`, first_name: 'Nora', last_name: 'Number', phones: { cell: phone } },
      { dms_customer_id: `mover-${tag}`, first_name: 'Milo', last_name: 'Mover', phones: { cell: other }, dms_opt_in: 'in' },
    ]);
    await replyAsCustomer(carrierUrl, phone, DEALER, 'STOP');

    const created = await feed('customers', [{ dms_customer_id: `second-${tag}`, first_name: 'Nils', last_name: 'Number', phones: { cell: phone } }]);
    const moved = await feed('customers', [{ dms_customer_id: `mover-${tag}`, phones: { cell: phone } }]);

    for (const res of [created, moved]) {
      const id = res.body.results[0].id as string;
      expect((await getCustomer(companyId, id, true))?.opt_in).toBe('out');
      expect((await ledgerOf(id))[0]).toMatchObject({ status: 'out', method: 'inherited_from_number', phone });
    }
    // The mover had opted in on its old number by the DMS; the STOP of its new number wins.
    expect((await ledgerOf(moved.body.results[0].id)).map((e) => e.previous)).toEqual(['in', 'unknown']);
  });

  it('a record created while a STOP lands ends opted out (bookings racing the customer’s STOP)', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const phone = uniquePhone();
        const first = customerRecord({ phones: { cell: phone, work: null, alternate: null } });
        await saveCustomer(first);
        const [appointment] = await Promise.all([bookNew('Rae', `Race${i}`, phone), replyAsCustomer(carrierUrl, phone, DEALER, 'STOP')]);
        return { phone, id: appointment.customer.id };
      }),
    );
    for (const { phone, id } of rounds) {
      expect((await getNumberConsent(companyId, phone))?.opt_in).toBe('out');
      expect((await getCustomer(companyId, id, true))?.opt_in, phone).toBe('out');
    }
  });

  it('the rules and the hand-over check the number, not only the record', async () => {
    const phone = uniquePhone();
    const appointment = await bookNew('Hanna', 'Handover', phone);
    const customer = (await getCustomer(companyId, appointment.customer.id, true))!;
    await changeConsent({ companyId, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP', agent: null });
    // A record whose copy did not follow (as one written by an older version could be).
    await updateItem({ Key: customerKeys.customer(companyId, customer.id), UpdateExpression: 'SET opt_in = :unknown ADD version :one', ExpressionAttributeValues: { ':unknown': 'unknown', ':one': 1 } });
    const before = (await textsTo(carrierUrl, phone)).length;

    const refused = await coordinator.post(`/api/appointments/${appointment.id}/messages`, { message: { text: 'Hello' } }, { 'idempotency-key': randomUUID() });
    // Past the rules, straight to the hand-over: a text already written when the STOP landed.
    const owner = appointmentOwner((await getAppointment(companyId, appointment.id, true))!);
    const queued = outboundRecord(owner, { text: 'Written before the STOP', attachments: [], agent: null, automated: null, sendAt: null, from: DEALER, to: phone });
    await addToConversation(owner, queued);
    const handed = await deliver(owner, queued);

    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error).toMatchObject({ id: 'opted_out' });
    expect(handed.metadata).toMatchObject({ status: 'not sent', error_code: 'OPTED_OUT' });
    expect(await textsTo(carrierUrl, phone)).toHaveLength(before);
  });
});

describe('a new customer’s line type is looked up when the record is created', () => {
  it('booking: a landline shows as one at once, a mobile as mobile', async () => {
    const landline = `+1617${201 + Math.floor(Math.random() * 700)}0150`;
    const booked = await bookNew('Lina', 'Landline', landline);
    const mobile = await bookNew('Mo', 'Mobile', uniquePhone());

    expect(booked.customer.carrier.type).toBe('landline');
    expect(mobile.customer.carrier.type).toBe('mobile');
  });

  it('the DMS feed: a new customer’s line is looked up before the first text', async () => {
    const landline = `+1617${201 + Math.floor(Math.random() * 700)}0177`;
    const res = await feed('customers', [{ dms_customer_id: `line-${randomUUID().slice(0, 8)}`, first_name: 'Lars', last_name: 'Line', phones: { cell: landline } }]);

    expect((await getCustomer(companyId, res.body.results[0].id, true))?.carrier.type).toBe('landline');
  });

  it('a lookup that fails does not fail the booking: the line stays to be looked up by the first text', async () => {
    const phone = uniquePhone();
    expect((await api(carrierUrl).put('/lookup', { phone, type: 'error' })).status).toBe(200);

    const booked = await bookNew('Ella', 'Error', phone);

    expect(booked.customer.carrier.type).toBe('error');
  });
});
