/**
 * The status reply, end to end through the local carrier: a customer with an open order texts a
 * status question and gets the store's status reply at once, where the order stands in their own
 * language, naming the dealership; left empty, the setting sends nothing; a text that is not a
 * status question, or an order that is closed, gets no reply; in quiet hours the reply is not
 * held until morning (it would be out of date) and the conversation tells the advisor why.
 */
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { customerMoment, customerText } from '../../lib/customerTexts.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { messagesOf } from '../../messages/records.js';
import { getRepairOrder, type RepairOrderRecord } from '../records.js';
import { replyWithStatus } from '../statusReply.js';
import { replyAsCustomer, textsTo } from '../../../test/support/api.js';
import { createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { createRepairOrder, useStackEnv, wallClock } from '../../../test/support/service.js';
import type { CustomerRecord } from '../../customers/records.js';

const carrierUrl = inject('carrierUrl');
let store: OwnStore;

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  store = await createOwnStore('status');
});

async function setService(changes: Record<string, unknown>): Promise<void> {
  const service = await readSettings(store.companyId, store.locationId, 'service_settings');
  await writeSettings(store.companyId, store.locationId, 'service_settings', { ...service, ...changes }, 'agt_test');
}

afterEach(() => setService({ status_reply_message: '', quiet_hours_start: '00:00', quiet_hours_end: '00:00' }));

const tomorrowAtThree = () => {
  const at = new Date(Date.now() + 86_400_000);
  at.setUTCHours(19, 0, 0, 0);
  return at.toISOString();
};

async function orderAtStore(customer: Partial<CustomerRecord> = {}, ro: Partial<RepairOrderRecord> = {}) {
  return createRepairOrder({ customer: { opt_in: 'in', company_id: store.companyId, location_id: store.locationId, ...customer }, ro });
}

const conversation = async (ro: RepairOrderRecord) => messagesOf(store.companyId, ro.message_thread.id, 0, 20);
const outbound = async (ro: RepairOrderRecord) => (await conversation(ro)).filter((m) => m.metadata.direction === 'outbound');

describe('the status reply', () => {
  it('answers a status question at once, where the order stands in the customer’s language, naming the dealership', async () => {
    // Prepare: the store's reply, and a Spanish-speaking customer whose car is being worked on, promised tomorrow
    await setService({ status_reply_message: 'Thanks for asking! {{status}} Order {{ro}}, {{advisor}}.' });
    const promise = tomorrowAtThree();
    const { customer, ro } = await orderAtStore({ language: 'es' }, { promise_time: promise, custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: 'I' } });

    // Act
    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, '¿Ya está listo mi carro?');

    // Assert: the reply is in the conversation after the question, as an automated status reply
    const moment = customerMoment(promise, 'es', 'America/New_York');
    const expected = `${store.name}: Thanks for asking! ${customerText('statusInService', 'es')} ${customerText('statusPromised', 'es', moment)} Order ${ro.ro_id}, Priya.`;
    const replies = await outbound(ro);
    expect(replies.map((m) => [m.text.startsWith(expected), m.metadata.automated])).toEqual([[true, 'status_reply']]);
    expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text.startsWith(expected))).toEqual([true]);
    expect(expected).toContain('Estamos trabajando en su vehículo.');
  });

  it('tells a customer whose car is ready just that, without a promised time', async () => {
    await setService({ status_reply_message: 'Harbor Motors: {{status}}' });
    const { customer, ro } = await orderAtStore({}, { vehicle_ready: true, vehicle_ready_at: new Date().toISOString(), promise_time: tomorrowAtThree() });

    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'STATUS');

    expect((await outbound(ro)).map((m) => m.text.split('\n')[0])).toEqual(['Harbor Motors: Your vehicle is ready for pick-up.']);
  });

  it('sends nothing while the setting is empty, nor to a text that is not a status question', async () => {
    // Empty: disabled
    const { customer, ro } = await orderAtStore();
    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'Status?');
    expect(await outbound(ro)).toEqual([]);

    // Set, but the customer asks the advisor something else
    await setService({ status_reply_message: '{{status}}' });
    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'Is it ready? I can come at 5');
    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'Can you also update my address?');
    expect(await outbound(ro)).toEqual([]);
    // Every question still reached the advisor
    expect((await conversation(ro)).filter((m) => m.metadata.direction === 'inbound')).toHaveLength(3);
  });

  it('does not answer for an order that has closed', async () => {
    await setService({ status_reply_message: '{{status}}' });
    const { ro } = await orderAtStore({}, { closed: true, closed_at: new Date().toISOString() });
    expect(await replyWithStatus((await getRepairOrder(store.companyId, ro.id))!, 'STATUS')).toBe('skipped');
    expect(await outbound(ro)).toEqual([]);
  });

  it('in quiet hours is not held until morning, and the advisor reads why in the conversation', async () => {
    await setService({ status_reply_message: '{{status}}', quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(120) });
    const { customer, ro } = await orderAtStore();

    await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'any update?');

    expect(await outbound(ro)).toEqual([]);
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const note = (await conversation(ro)).find((m) => m.behaviour === 'GENERIC_SYSTEM');
    expect(note?.metadata.note).toMatchObject({ key: 'not_delivered', kind: 'status_reply', reason_id: 'status_out_of_date' });
  });
});
