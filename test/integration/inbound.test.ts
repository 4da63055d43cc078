/**
 * A customer's texts arriving on the inbound_sms topic: threaded onto the right conversation,
 * unread for the agents, and read for consent keywords (STOP in its many wordings, START, HELP).
 * Texts come in through the local carrier (POST /sms/inbound), as End User Messaging delivers them.
 */
import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { changeConsent } from '../../functions/customers/consent.js';
import { consentLedger } from '../../functions/customers/consentLedger.js';
import { customersWithPhone, getCustomer, saveCustomer, type CustomerRecord } from '../../functions/customers/records.js';
import { derivedId } from '../../functions/lib/ids.js';
import { openTextedIn } from '../../functions/repairOrders/textedIn.js';
import { customerText } from '../../functions/lib/customerTexts.js';
import { appointmentsChannel } from '../../functions/appointments/channels.js';
import { channels, cursorAt, eventsAfter, publish } from '../../functions/lib/realtime.js';
import { getAppointment, updateAppointment } from '../../functions/appointments/records.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { handler } from '../../functions/inbound/handler.js';
import { messagesOf, type MessageRecord } from '../../functions/messages/records.js';
import { getRepairOrder, repairOrderLinksOfCustomer, saveRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../support/api.js';
import { eventsAbout } from '../support/events.js';
import { DEMO_NORTH, createRepairOrder, customerRecord, ensureServiceNumber, repairOrderRecord, uniquePhone, useStackEnv, serviceNumberOfNorth } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;
/** The north store's service texting number (the demo's, or one these tests give it). */
let DEALER: string;

let advisor: ApiClient;
let manager: ApiClient;
let coordinator: ApiClient;
let savedService: SettingsOf<'service_settings'>;
let dealership: string;
let dealershipPhone: string;

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  DEALER = await serviceNumberOfNorth();
  savedService = await readSettings(companyId, locationId, 'service_settings');
  await writeSettings(companyId, locationId, 'service_settings', { ...savedService, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }, 'agt_manager');
  const business = await readSettings(companyId, locationId, 'business_information');
  dealership = business.dealership_name || 'Demo Motors North';
  dealershipPhone = business.phone || '+16175550100';
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example'));
  coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example'));
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_manager');
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/** Another order of the same customer, opened `hours` ago. */
async function anotherOrder(customer: CustomerRecord, hours: number, overrides: Partial<RepairOrderRecord> = {}): Promise<RepairOrderRecord> {
  const ro = repairOrderRecord(customer, { opened_at: hoursAgo(hours), activity_at: hoursAgo(hours), ...overrides });
  await saveRepairOrder(ro, null);
  return ro;
}

const conversation = (ro: RepairOrderRecord): Promise<MessageRecord[]> => messagesOf(companyId, ro.message_thread.id, 0, 10);
const texts = async (ro: RepairOrderRecord) => (await conversation(ro)).map((m) => m.text);
const reply = (phone: string, text: string) => replyAsCustomer(carrierUrl, phone, DEALER, text);

describe('threading an inbound text', () => {
  it('goes to the newest open order, unread for the advisor and the manager, and reaches the board', async () => {
    // Prepare: an older open order, a newer open one, and a newest one already closed
    const { customer, ro: older } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { opened_at: hoursAgo(48), activity_at: hoursAgo(48) } });
    const newer = await anotherOrder(customer, 24);
    const closed = await anotherOrder(customer, 2, { closed: true, closed_at: hoursAgo(1) });
    await advisor.put(`/api/repair_orders/${newer.id}/read`);
    await manager.put(`/api/repair_orders/${newer.id}/read`);
    const since = Date.now() - 1000;
    // Another test's conversation in the same window, as on a fresh clone where it came first
    const elsewhere = { repair_order_id: 'ro_another_test', location_id: locationId, message: { id: 'msg_another_test', text: 'Another test', metadata: { direction: 'inbound' } } };
    await publish(companyId, channels.managerRepairOrders(locationId), { type: 'message.created', data: elsewhere as never });
    await publish(companyId, channels.agent('agt_advisor'), { type: 'message.created', data: elsewhere as never });
    // Act
    const res = await reply(customer.phones.cell!, 'When will it be ready?');
    // Assess
    expect(res.status).toBe(202);
    expect(await texts(newer)).toEqual(['When will it be ready?']);
    expect(await texts(older)).toEqual([]);
    expect(await texts(closed)).toEqual([]);
    const [message] = await conversation(newer);
    expect(message).toMatchObject({ agent: null, metadata: { direction: 'inbound', status: null } });
    for (const agent of [advisor, manager]) expect((await agent.get(`/api/repair_orders/${newer.id}`)).body.repair_order.is_unread).toBe(true);
    // Only this order's events: the log also holds what other tests did a moment before.
    const mine = { type: 'message.created', repairOrderId: newer.id, text: 'When will it be ready?' };
    const created = await eventsAbout(companyId, channels.managerRepairOrders(locationId), since, mine);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ repair_order_id: newer.id, location_id: locationId, message: { text: 'When will it be ready?', metadata: { direction: 'inbound' } } });
    expect(await eventsAbout(companyId, channels.agent('agt_advisor'), since, mine)).toHaveLength(1);
  });

  it('goes to the newest closed order still on the board when none is open', async () => {
    const { customer, ro: oldClosed } = await createRepairOrder({ ro: { opened_at: hoursAgo(72), closed: true, closed_at: hoursAgo(70) } });
    const newClosed = await anotherOrder(customer, 24, { closed: true, closed_at: hoursAgo(20) });
    const archived = await anotherOrder(customer, 2, { closed: true, closed_at: hoursAgo(1), archived: true, archived_at: hoursAgo(1) });
    await reply(customer.phones.cell!, 'Thanks again');
    expect(await texts(newClosed)).toEqual(['Thanks again']);
    expect(await texts(oldClosed)).toEqual([]);
    expect(await texts(archived)).toEqual([]);
  });

  it('unarchives the newest archived order when there is nothing else, so the text is seen', async () => {
    const { customer, ro: old } = await createRepairOrder({ ro: { opened_at: hoursAgo(500), archived: true, archived_at: hoursAgo(400), closed: true, closed_at: hoursAgo(450) } });
    const newest = await anotherOrder(customer, 100, { archived: true, archived_at: hoursAgo(50), closed: true, closed_at: hoursAgo(60) });
    await reply(customer.phones.cell!, 'Is my warranty still valid?');
    expect(await texts(newest)).toEqual(['Is my warranty still valid?']);
    expect(await texts(old)).toEqual([]);
    expect((await getRepairOrder(companyId, newest.id, true))?.archived).toBe(false);
    expect((await getRepairOrder(companyId, old.id, true))?.archived).toBe(true);
  });

  it('looks across every customer record sharing the phone', async () => {
    const phone = uniquePhone();
    const first = await createRepairOrder({ customer: { phones: { cell: phone, work: null, alternate: null } }, ro: { opened_at: hoursAgo(30) } });
    const second = await createRepairOrder({ customer: { phones: { cell: phone, work: null, alternate: null } }, ro: { opened_at: hoursAgo(3) } });
    await reply(phone, 'Which car is ready?');
    expect(await texts(second.ro)).toEqual(['Which car is ready?']);
    expect(await texts(first.ro)).toEqual([]);
  });

  it("does not thread onto another location's orders", async () => {
    const { ro } = await createRepairOrder({ customer: { location_id: 'loc_demo_south' }, ro: { location_id: 'loc_demo_south' } });
    const customer = (await getCustomer(companyId, ro.customer_id))!;
    const res = await reply(customer.phones.cell!, 'Hello north store');
    expect(res.status).toBe(202);
    expect(await texts(ro)).toEqual([]);
  });

  it('keeps a text from an unknown sender in the carrier log only', async () => {
    const res = await reply(uniquePhone(), 'Do you sell tyres?');
    expect(res.status).toBe(202);
    expect(res.body.result).toEqual({ inbound: 1, receipts: 0, rejected: 0 });
  });

  it('posts a text SNS delivers twice only once', async () => {
    // Prepare: one End User Messaging text, as SNS hands it to the Lambda
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const message = { originationNumber: customer.phones.cell!, destinationNumber: DEALER, messageBody: 'STOP', inboundMessageId: randomUUID(), messageKeyword: 'STOP' };
    const event = {
      Records: [{ EventSource: 'aws:sns', Sns: { MessageId: randomUUID(), Message: JSON.stringify(message), Timestamp: new Date().toISOString() } }],
    } as unknown as SNSEvent;
    // Act
    await handler(event);
    await handler(event);
    // Assess: one text, one note, one confirmation, one ledger line
    const stored = await conversation(ro);
    expect(stored.filter((m) => m.metadata.direction === 'inbound')).toHaveLength(1);
    expect(stored.filter((m) => m.behaviour === 'SMS_OPT_OUT')).toHaveLength(1);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(1);
    expect(await consentLedger(companyId, customer.id)).toHaveLength(1);
  });
});

describe('consent keywords', () => {
  for (const words of ['STOP', 'Stop. Thank you', 'please stop texting me', 'UNSUBSCRIBE', 'arrêt']) {
    it(`"${words}" opts the customer out, notes it after the text, and confirms once`, async () => {
      // Prepare
      const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
      // Act
      await reply(customer.phones.cell!, words);
      await reply(customer.phones.cell!, words);
      // Assess
      expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('out');
      const [repeated, confirmation, note, text] = await conversation(ro);
      expect(text).toMatchObject({ text: words, metadata: { direction: 'inbound' } });
      expect(repeated).toMatchObject({ text: words, metadata: { direction: 'inbound' } });
      expect(note).toMatchObject({ behaviour: 'SMS_OPT_OUT' });
      expect(confirmation).toMatchObject({ metadata: { direction: 'outbound', automated: 'opt_out_confirmation' } });
      expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)).toEqual([customerText('optOutConfirmation', 'en-us', { dealership })]);
      const ledger = await consentLedger(companyId, customer.id);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ status: 'out', previous: 'in', initiator: 'customer', method: 'sms_keyword', wording: words });
    });
  }

  it('opts out every customer record sharing the phone, one ledger line each', async () => {
    const phone = uniquePhone();
    const first = await createRepairOrder({ customer: { opt_in: 'in', phones: { cell: phone, work: null, alternate: null } } });
    const second = await createRepairOrder({ customer: { opt_in: 'unknown', phones: { cell: phone, work: null, alternate: null } } });
    await reply(phone, 'STOP');
    for (const { customer, ro } of [first, second]) {
      expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('out');
      expect(await consentLedger(companyId, customer.id)).toHaveLength(1);
      expect((await conversation(ro)).some((m) => m.behaviour === 'SMS_OPT_OUT')).toBe(true);
    }
    expect(await textsTo(carrierUrl, phone)).toHaveLength(1);
  });

  it('START opts a customer back in and confirms', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    await reply(customer.phones.cell!, 'STOP');
    await reply(customer.phones.cell!, 'START');
    expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('in');
    expect((await conversation(ro)).some((m) => m.behaviour === 'OPT_IN')).toBe(true);
    expect((await textsTo(carrierUrl, customer.phones.cell!))[0]!.text).toBe(customerText('optInConfirmation', 'en-us', { dealership }));
  });

  it("HELP answers with the dealership's name and phone, in the customer's language", async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in', language: 'fr' } });
    await reply(customer.phones.cell!, 'HELP');
    const answer = customerText('helpReply', 'fr', { dealership, phone: dealershipPhone });
    expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)).toEqual([answer]);
    expect((await conversation(ro))[0]).toMatchObject({ text: answer, metadata: { automated: 'help_reply' } });
    expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('in');
  });

  it('a YES nobody asked for answers the advisor and changes no consent', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'unknown' } });
    await reply(customer.phones.cell!, 'Yes');
    expect(await texts(ro)).toEqual(['Yes']);
    expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('unknown');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });

  it('"don\'t stop the work" is an ordinary message', async () => {
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    await reply(customer.phones.cell!, "don't stop the work, go ahead with the brakes");
    expect(await texts(ro)).toEqual(["don't stop the work, go ahead with the brakes"]);
    expect((await getCustomer(companyId, customer.id, true))?.opt_in).toBe('in');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    expect(await consentLedger(companyId, customer.id)).toEqual([]);
  });

  it("stores a blocked customer's text and bumps the order, but answers nothing", async () => {
    const customer = customerRecord({ opt_in: 'in', blocked_at: hoursAgo(1) });
    await saveCustomer(customer);
    const ro = await anotherOrder(customer, 5);
    await advisor.put(`/api/repair_orders/${ro.id}/read`);
    await reply(customer.phones.cell!, 'HELP');
    expect(await texts(ro)).toEqual(['HELP']);
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.is_unread).toBe(true);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
  });
});

describe('nothing a known customer writes is dropped', () => {
  /** An appointment booked by the coordinator, then moved to `hours` from now (negative: past) as time passing would. */
  async function appointmentOf(customer: CustomerRecord, hours: number): Promise<{ id: string; thread: string }> {
    const booked = await coordinator.post(`/api/locations/${locationId}/customers/${customer.id}/appointments`, {
      appointment: { scheduled_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString() },
    });
    expect(booked.status, booked.text).toBe(201);
    const { after } = await updateAppointment(companyId, booked.body.appointment.id, () => ({ scheduled_at: new Date(Date.now() + hours * 3600_000).toISOString(), remind_at: null }));
    return { id: after.id, thread: booked.body.appointment.message_thread_id };
  }
  /** The coordinator texts the customer from the appointment; answers the number it came from. */
  async function coordinatorTexts(appointmentId: string, phone: string, text: string): Promise<string> {
    const sent = await coordinator.post(`/api/appointments/${appointmentId}/messages`, { message: { text } }, { 'idempotency-key': randomUUID() });
    expect(sent.status, sent.text).toBe(201);
    const texted = (await textsTo(carrierUrl, phone)).find((t) => t.text.includes(text));
    expect(texted).toBeDefined();
    return texted!.from;
  }
  const threadTexts = async (thread: string) => (await messagesOf(companyId, thread, 0, 10)).map((m) => m.text);

  it('puts a reply to a text about an appointment begun more than 12 hours ago into that appointment, unread, with live events', async () => {
    // Prepare: Jorge's 10:00 AM appointment; the coordinator texts him at 10:41 PM; he answers after that
    const customer = customerRecord({ first_name: 'Jorge', last_name: `Ramírez${randomUUID().slice(0, 4)}`, opt_in: 'in' });
    await saveCustomer(customer);
    const appointment = await appointmentOf(customer, -13);
    const dealerNumber = await coordinatorTexts(appointment.id, customer.phones.cell!, 'Did you get your car back? Reply C if all is fine.');
    await coordinator.put(`/api/appointments/${appointment.id}/agents/null/read`);
    const since = cursorAt(Date.now() - 1000);
    // Act
    const res = await replyAsCustomer(carrierUrl, customer.phones.cell!, dealerNumber, 'C');
    // Assess
    expect(res.status).toBe(202);
    expect(await threadTexts(appointment.thread)).toEqual(['C', expect.stringContaining('Reply C if all is fine.')]);
    expect((await coordinator.get(`/api/locations/${locationId}/appointments/${appointment.id}`)).body.appointment.is_unread).toBe(true);
    const events = await eventsAfter(companyId, appointmentsChannel(locationId), since);
    const about = (type: string) => events.filter((e) => e.type === type && (e.data as { appointment_id?: string; id?: string }).appointment_id === appointment.id);
    const inbound = about('message.created').map((e) => (e.data as { message: Pick<MessageRecord, 'text' | 'metadata'> }).message).filter((m) => m.metadata.direction === 'inbound');
    expect(inbound.map((m) => m.text)).toEqual(['C']);
  });

  it('puts the reply where the customer was last texted, on whatever board, over an open repair order nobody texted from', async () => {
    // The order carries the store's op code, so the advisor may text from it whatever the DMS settings say.
    const { opcode_text } = await readSettings(companyId, locationId, 'dms_settings');
    const metadata = { dms_status: 'open' as const, opcodes: ['OIL', opcode_text], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 };
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' }, ro: { metadata } });
    const appointment = await appointmentOf(customer, 26);
    const dealerNumber = await coordinatorTexts(appointment.id, customer.phones.cell!, 'Shall we also rotate the tyres?');

    await replyAsCustomer(carrierUrl, customer.phones.cell!, dealerNumber, 'Yes please, rotate them');
    expect(await threadTexts(appointment.thread)).toContain('Yes please, rotate them');
    expect(await texts(ro)).toEqual([]);

    // Then the advisor texts from the order: the next reply follows the newest text.
    const sent = await advisor.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: 'Your car is ready' } }, { 'idempotency-key': randomUUID() });
    expect(sent.status, sent.text).toBe(201);
    await reply(customer.phones.cell!, 'On my way');
    expect(await texts(ro)).toEqual(['On my way', expect.stringContaining('Your car is ready')]);
    expect(await threadTexts(appointment.thread)).not.toContain('On my way');
  });

  it('puts a reply from a customer whose only conversation is an appointment long past, never texted, into it', async () => {
    const customer = customerRecord({ opt_in: 'in' });
    await saveCustomer(customer);
    const older = await appointmentOf(customer, -24 * 30);
    const past = await appointmentOf(customer, -24 * 3);

    await reply(customer.phones.cell!, 'Can I book another service?');
    expect(await threadTexts(past.thread)).toEqual(['Can I book another service?']);
    expect(await threadTexts(older.thread)).toEqual([]);
  });

  it("brings an appointment from before today back onto the coordinator's board when the customer writes into it, unread and live", async () => {
    const customer = customerRecord({ opt_in: 'in' });
    await saveCustomer(customer);
    const past = await appointmentOf(customer, -24 * 3);
    const onBoard = async () => {
      const res = await coordinator.get(`/api/locations/${locationId}/appointments/inbox?offset=0&limit=500`);
      expect(res.status, res.text).toBe(200);
      return (res.body.appointments as { id: string; is_unread: boolean; listed_from: string | null }[]).find((a) => a.id === past.id);
    };
    expect(await onBoard()).toBeUndefined();
    const scheduledAt = (await getAppointment(companyId, past.id, true))!.scheduled_at;
    const since = cursorAt(Date.now() - 1000);

    await reply(customer.phones.cell!, 'The rattle is back');

    expect(await onBoard()).toMatchObject({ is_unread: true, listed_from: expect.any(String) });
    const events = await eventsAfter(companyId, appointmentsChannel(locationId), since);
    expect(events.some((e) => e.type === 'appointment.changed' && (e.data as { id: string; reason: string }).id === past.id && (e.data as { reason: string }).reason === 'replied')).toBe(true);
    // The appointment itself keeps its time.
    expect((await getAppointment(companyId, past.id, true))?.scheduled_at).toBe(scheduledAt);
  });

  it('brings an archived appointment back when it is the only conversation', async () => {
    const customer = customerRecord({ opt_in: 'in' });
    await saveCustomer(customer);
    const appointment = await appointmentOf(customer, -24 * 10);
    await updateAppointment(companyId, appointment.id, () => ({ archived: true }));

    await reply(customer.phones.cell!, 'Hello again');
    expect(await threadTexts(appointment.thread)).toEqual(['Hello again']);
    expect((await getAppointment(companyId, appointment.id, true))?.archived).toBe(false);
  });
});

describe('a known customer with no conversation at the store they text', () => {
  const SOUTH = 'loc_demo_south';
  let southNumber: string;
  let southService: SettingsOf<'service_settings'>;
  /** The South store's manager: the company admin, whose board shows South's orders. */
  let southManager: ApiClient;

  beforeAll(async () => {
    const info = await readSettings(companyId, SOUTH, 'business_information');
    southNumber = info.texting_numbers.service || '+12145550123';
    await ensureServiceNumber(companyId, SOUTH, southNumber);
    southService = await readSettings(companyId, SOUTH, 'service_settings');
    await writeSettings(companyId, SOUTH, 'service_settings', { ...southService, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }, 'agt_admin');
    southManager = api(baseUrl, await signIn(baseUrl, 'admin@demo.example'));
  });

  afterAll(async () => {
    await writeSettings(companyId, SOUTH, 'service_settings', southService, 'agt_admin');
  });

  /** The text as SNS hands it to the Lambda, with the carrier's id. */
  function delivery(from: string, to: string, body: string, carrierId: string): SNSEvent {
    const message = { originationNumber: from, destinationNumber: to, messageBody: body, inboundMessageId: carrierId };
    return { Records: [{ EventSource: 'aws:sns', Sns: { MessageId: randomUUID(), Message: JSON.stringify(message), Timestamp: new Date().toISOString() } }] } as unknown as SNSEvent;
  }

  it("opens a texted-in order at that store for a North customer texting South, once however often it is delivered, and a manager's reply goes once an advisor is assigned", async () => {
    // Prepare: a customer of North (no record, no order at South) who opted in by text
    const north = customerRecord({ first_name: 'Ana', last_name: `Silva${randomUUID().slice(0, 4)}`, language: 'pt' });
    await saveCustomer(north);
    await changeConsent({ companyId, customer: north, status: 'in', initiator: 'customer', method: 'sms_keyword', wording: 'START', agent: null });
    const phone = north.phones.cell!;
    const carrierId = randomUUID();
    const event = delivery(phone, southNumber, 'Do you have a loaner car this week?', carrierId);
    const since = Date.now() - 1000;
    // Act: SNS delivers it twice
    expect(await handler(event)).toEqual({ inbound: 1, receipts: 0, rejected: 0 });
    await handler(event);
    // Assess: one order at South, for a South record of the same person, with the text in it
    const id = derivedId('ro', companyId, SOUTH, 'texted_in', carrierId);
    const order = await getRepairOrder(companyId, id, true);
    expect(order).toMatchObject({ location_id: SOUTH, ro_id: '', dms_ro_id: null, agent: null, sheet: null, closed: false, archived: false });
    const atSouth = (await customersWithPhone(companyId, phone, true)).filter((c) => c.location_id === SOUTH);
    expect(atSouth).toHaveLength(1);
    expect(atSouth[0]).toMatchObject({ id: order!.customer_id, first_name: 'Ana', last_name: north.last_name, language: 'pt', dms_customer_id: null, opt_in: 'in' });
    expect(await repairOrderLinksOfCustomer(companyId, atSouth[0]!.id)).toHaveLength(1);
    expect(await texts(order!)).toEqual(['Do you have a loaner car this week?']);
    // On South's board, unread for its manager, with the live event the desktop notification follows
    const view = await southManager.get(`/api/repair_orders/${id}`);
    expect(view.status, view.text).toBe(200);
    expect(view.body.repair_order).toMatchObject({ ro_id: '', is_unread: true, agent: null });
    const board = await southManager.get(`/api/locations/${SOUTH}/repair_orders`);
    expect(board.body.repair_orders.map((ro: { id: string }) => ro.id)).toContain(id);
    const created = await eventsAbout(companyId, channels.managerRepairOrders(SOUTH), since, { type: 'message.created', repairOrderId: id, text: 'Do you have a loaner car this week?' });
    expect(created).toHaveLength(1);

    // The manager cannot answer before an advisor is assigned; then the reply goes from South's number.
    const answer = { message: { text: 'Yes, we have one for you on Thursday' } };
    const refused = await southManager.post(`/api/repair_orders/${id}/messages`, answer, { 'idempotency-key': randomUUID() });
    expect(refused.status).not.toBe(201);
    const assigned = await southManager.put(`/api/repair_orders/${id}/agent`, { agent_id: 'agt_south_advisor' });
    expect(assigned.status, assigned.text).toBe(200);
    const sent = await southManager.post(`/api/repair_orders/${id}/messages`, answer, { 'idempotency-key': randomUUID() });
    expect(sent.status, sent.text).toBe(201);
    const delivered = (await textsTo(carrierUrl, phone)).filter((t) => t.text.includes('Yes, we have one for you on Thursday'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe(southNumber);

    // The customer's next text follows the conversation instead of opening another order.
    await handler(delivery(phone, southNumber, 'Great, thanks', randomUUID()));
    expect(await texts(order!)).toContain('Great, thanks');
    expect(await repairOrderLinksOfCustomer(companyId, atSouth[0]!.id)).toHaveLength(1);
  });

  it("opens it on the customer's own record when the store knows them but has no conversation for them", async () => {
    const known = customerRecord({ location_id: SOUTH });
    await saveCustomer(known);
    const carrierId = randomUUID();
    await handler(delivery(known.phones.cell!, southNumber, 'Can you look at my brakes?', carrierId));
    const order = await getRepairOrder(companyId, derivedId('ro', companyId, SOUTH, 'texted_in', carrierId), true);
    expect(order).toMatchObject({ customer_id: known.id, location_id: SOUTH, ro_id: '' });
    expect(await texts(order!)).toEqual(['Can you look at my brakes?']);
    expect((await customersWithPhone(companyId, known.phones.cell!, true)).map((c) => c.id)).toEqual([known.id]);
    // No car in the shop behind it: no inspection sheet can be put on it.
    const sheet = await southManager.put(`/api/tech/mpi/repair_orders/${order!.id}/template`, { template_id: 'tpl_any' });
    expect(sheet.status, sheet.text).toBe(422);
    expect(sheet.body.error).toMatchObject({ id: 'texted_in' });
  });

  it('opens one order for a text whose handling is retried, even concurrently, after a delivery that failed half-way', async () => {
    // A delivery that failed after opening the order leaves the claim unprocessed: SNS retries it all.
    const north = customerRecord({});
    await saveCustomer(north);
    const carrierId = randomUUID();
    const [first, second] = await Promise.all([openTextedIn(companyId, SOUTH, [north], carrierId), openTextedIn(companyId, SOUTH, [north], carrierId)]);
    const again = await openTextedIn(companyId, SOUTH, [north], carrierId);
    expect(new Set([first.order.id, second.order.id, again.order.id]).size).toBe(1);
    expect(new Set([first.customer.id, second.customer.id, again.customer.id]).size).toBe(1);
    expect((await customersWithPhone(companyId, north.phones.cell!, true)).filter((c) => c.location_id === SOUTH)).toHaveLength(1);
    expect(await repairOrderLinksOfCustomer(companyId, first.customer.id)).toHaveLength(1);
  });

  it('still answers a STOP from such a customer, and the texted-in order shows what they were told', async () => {
    const known = customerRecord({ location_id: SOUTH, opt_in: 'in' });
    await saveCustomer(known);
    const carrierId = randomUUID();
    await handler(delivery(known.phones.cell!, southNumber, 'STOP', carrierId));
    const order = await getRepairOrder(companyId, derivedId('ro', companyId, SOUTH, 'texted_in', carrierId), true);
    const stored = await conversation(order!);
    expect(stored.filter((m) => m.metadata.direction === 'inbound').map((m) => m.text)).toEqual(['STOP']);
    expect(stored.some((m) => m.metadata.automated === 'opt_out_confirmation')).toBe(true);
    expect((await textsTo(carrierUrl, known.phones.cell!)).map((t) => t.from)).toEqual([southNumber]);
    expect((await getCustomer(companyId, known.id, true))?.opt_in).toBe('out');
  });
});
