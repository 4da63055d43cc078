import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { DEMO_NORTH, uniquePhone, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const NORTH: string = DEMO_NORTH.locationId;
const SOUTH = 'loc_demo_south';

const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
/** DMS ids of this run: the in-memory stack is shared by every test file of the run. */
const run = randomUUID().slice(0, 8);
const dmsId = (name: string) => `${name}-${run}`;

let manager: ApiClient;
let northKey: string;

/** The feed as a DMS posts it: with the location's API key. */
function feed(key: string | null, locationId = NORTH) {
  return (kind: string, records: unknown) =>
    api(baseUrl).post(`/dms/v1/locations/${locationId}/${kind}`, { records }, key === null ? {} : { 'x-api-key': key });
}

async function createKey(client: ApiClient, locationId: string, label: string): Promise<string> {
  const res = await client.post(`/api/locations/${locationId}/dms_keys`, { label });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  manager = await as('manager@demo.example');
  northKey = await createKey(manager, NORTH, 'Integration tests');
});

describe('DMS API keys', () => {
  it('are made by a manager, shown once, and listed without their secret', async () => {
    const res = await manager.post(`/api/locations/${NORTH}/dms_keys`, { label: 'CDK Global' });

    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^dms_live_[A-Za-z0-9_-]{43}$/);
    expect(res.body.dms_key).toEqual({ id: expect.stringMatching(/^dk_/), label: 'CDK Global', created_at: expect.any(String), last_used_at: null });
    const list = await manager.get(`/api/locations/${NORTH}/dms_keys`);
    expect(list.status).toBe(200);
    const listed = list.body.dms_keys.find((k: { id: string }) => k.id === res.body.dms_key.id);
    expect(listed).toEqual(res.body.dms_key);
    expect(list.text).not.toContain(res.body.key);
    expect(list.text).not.toContain('secret');
  });

  it('refuses advisors (403) and other companies (404)', async () => {
    const advisor = await as('advisor@demo.example');
    const rival = await as('rival@demo.example');

    const byAdvisor = await advisor.get(`/api/locations/${NORTH}/dms_keys`);
    const madeByAdvisor = await advisor.post(`/api/locations/${NORTH}/dms_keys`, { label: 'mine' });
    const byRival = await rival.get(`/api/locations/${NORTH}/dms_keys`);

    expect(byAdvisor.status).toBe(403);
    expect(madeByAdvisor.status).toBe(403);
    expect(byRival.status).toBe(404);
  });

  it('needs a label', async () => {
    const res = await manager.post(`/api/locations/${NORTH}/dms_keys`, { label: '  ' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('A label is required');
  });

  it('answer 401 when missing or wrong, and 403 at another location', async () => {
    const record = { dms_customer_id: dmsId('key-check'), first_name: 'Kay' };

    const missing = await feed(null)('customers', [record]);
    const wrong = await feed('dms_live_not-a-key')('customers', [record]);
    const elsewhere = await feed(northKey, SOUTH)('customers', [record]);

    expect(missing.status).toBe(401);
    expect(missing.body.error.id).toBe('invalid_api_key');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.id).toBe('invalid_api_key');
    expect(elsewhere.status).toBe(403);
  });

  it('stop working when revoked, and note when they were last used', async () => {
    const made = await manager.post(`/api/locations/${NORTH}/dms_keys`, { label: 'to revoke' });
    const key = made.body.key as string;
    const used = await feed(key)('customers', [{ dms_customer_id: dmsId('revoke'), first_name: 'Rae' }]);
    expect(used.status).toBe(200);
    const listed = (await manager.get(`/api/locations/${NORTH}/dms_keys`)).body.dms_keys.find((k: { id: string }) => k.id === made.body.dms_key.id);
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.now() - 60_000);

    const revoked = await manager.del(`/api/locations/${NORTH}/dms_keys/${made.body.dms_key.id}`);
    const after = await feed(key)('customers', [{ dms_customer_id: dmsId('revoke'), first_name: 'Rae' }]);
    const again = await manager.del(`/api/locations/${NORTH}/dms_keys/${made.body.dms_key.id}`);

    expect(revoked.status).toBe(204);
    expect(after.status).toBe(401);
    expect(again.status).toBe(404);
  });
});

describe('DMS feed: batches', () => {
  it('refuses a body without records, or with more than 100 (422)', async () => {
    const none = await api(baseUrl).post(`/dms/v1/locations/${NORTH}/customers`, {}, { 'x-api-key': northKey });
    const tooMany = await feed(northKey)('customers', Array.from({ length: 101 }, (_, i) => ({ dms_customer_id: `x${i}` })));

    expect(none.status).toBe(422);
    expect(tooMany.status).toBe(422);
  });

  it('reports an invalid record on its own and stores the others', async () => {
    const res = await feed(northKey)('customers', [
      { dms_customer_id: dmsId('bad-phone'), first_name: 'Ivy', phones: { cell: 'call the shop' } },
      { dms_customer_id: dmsId('good'), first_name: 'Gus', phones: { cell: uniquePhone() } },
      { dms_customer_id: dmsId('short-phone'), first_name: 'Sid', phones: { cell: '555' } },
      { first_name: 'Nobody' },
      { dms_customer_id: dmsId('bad-mail'), email: 'not an address' },
    ]);

    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['error', 'created', 'error', 'error', 'error']);
    expect(res.body.results[0].error).toBe('phones.cell: The Phone number entered is invalid');
    expect(res.body.results[2].error).toBe('phones.cell: Phone number is too short');
    expect(res.body.results[3]).toMatchObject({ id: '', dms_id: null });
    expect(res.body.results[3].error).toContain('dms_customer_id');
    expect(res.body.results[4].error).toBe('email: Please enter valid email address.');
  });
});

describe('DMS feed: customers', () => {
  it('creates by the DMS id, answers unchanged for the same record and updated for a change', async () => {
    const cell = uniquePhone();
    const record = { dms_customer_id: dmsId('cus-1'), first_name: 'Ana', last_name: 'Lopez', phones: { cell: cell.replace('+1', '') }, language: 'es' };

    const first = await feed(northKey)('customers', [record]);
    const second = await feed(northKey)('customers', [record]);
    const renamed = await feed(northKey)('customers', [{ ...record, last_name: 'López' }]);

    expect(first.body.results[0]).toMatchObject({ status: 'created', dms_id: record.dms_customer_id, id: expect.stringMatching(/^cus_/) });
    expect(second.body.results[0]).toEqual({ ...first.body.results[0], status: 'unchanged' });
    expect(renamed.body.results[0]).toEqual({ ...first.body.results[0], status: 'updated' });
    const customer = (await manager.get(`/api/customers/${first.body.results[0].id}`)).body.customer;
    expect(customer).toMatchObject({ first_name: 'Ana', last_name: 'López', language: 'es', dms_customer_id: record.dms_customer_id, opt_in: 'unknown' });
    expect(customer.phones.cell).toBe(cell);
  });

  it('keeps fields the DMS leaves out', async () => {
    const record = { dms_customer_id: dmsId('cus-partial'), first_name: 'Bo', last_name: 'Berg', email: 'bo@example.com', phones: { cell: uniquePhone() } };
    const created = await feed(northKey)('customers', [record]);

    const res = await feed(northKey)('customers', [{ dms_customer_id: record.dms_customer_id, address: '1 Main St' }]);

    expect(res.body.results[0].status).toBe('updated');
    const customer = (await manager.get(`/api/customers/${created.body.results[0].id}`)).body.customer;
    expect(customer).toMatchObject({ first_name: 'Bo', last_name: 'Berg', email: 'bo@example.com', address: '1 Main St' });
    expect(customer.phones.cell).toBe(record.phones.cell);
  });

  it('takes the DMS opt-in into the consent ledger', async () => {
    const res = await feed(northKey)('customers', [{ dms_customer_id: dmsId('opt-in'), first_name: 'Olga', phones: { cell: uniquePhone() }, dms_opt_in: 'in' }]);
    const id = res.body.results[0].id;

    const customer = (await manager.get(`/api/customers/${id}`)).body.customer;
    const ledger = await manager.get(`/api/customers/${id}/consent`);
    const again = await feed(northKey)('customers', [{ dms_customer_id: dmsId('opt-in'), dms_opt_in: 'in' }]);

    expect(customer.opt_in).toBe('in');
    expect(customer.opt_metadata.initiator).toBe('dms');
    expect(ledger.body.consent).toHaveLength(1);
    expect(ledger.body.consent[0]).toMatchObject({ status: 'in', previous: 'unknown', initiator: 'dms', method: 'dms_feed', wording: 'DMS opt-in' });
    expect(again.body.results[0].status).toBe('unchanged');
  });

  it("never overrides a customer's own STOP with a DMS opt-in", async () => {
    const { changeConsent } = await import('../../functions/customers/consent.js');
    const { getCustomer } = await import('../../functions/customers/records.js');
    const res = await feed(northKey)('customers', [{ dms_customer_id: dmsId('stopped'), first_name: 'Stan', phones: { cell: uniquePhone() } }]);
    const id = res.body.results[0].id;
    await changeConsent({
      companyId: DEMO_NORTH.companyId,
      customer: (await getCustomer(DEMO_NORTH.companyId, id, true))!,
      status: 'out',
      initiator: 'customer',
      method: 'sms_keyword',
      wording: 'STOP',
      agent: null,
    });

    const optIn = await feed(northKey)('customers', [{ dms_customer_id: dmsId('stopped'), dms_opt_in: 'in' }]);

    expect(optIn.body.results[0].status).toBe('unchanged');
    expect((await manager.get(`/api/customers/${id}`)).body.customer.opt_in).toBe('out');
    const ledger = (await manager.get(`/api/customers/${id}/consent`)).body.consent;
    expect(ledger.map((e: { initiator: string }) => e.initiator)).toEqual(['customer']);
  });

  it('keeps a number someone opted out opted out on a new record of it', async () => {
    const { changeConsent } = await import('../../functions/customers/consent.js');
    const { getCustomer } = await import('../../functions/customers/records.js');
    const cell = uniquePhone();
    const first = (await feed(northKey)('customers', [{ dms_customer_id: dmsId('first-record'), first_name: 'Pat', phones: { cell } }])).body.results[0].id;
    await changeConsent({
      companyId: DEMO_NORTH.companyId,
      customer: (await getCustomer(DEMO_NORTH.companyId, first, true))!,
      status: 'out',
      initiator: 'customer',
      method: 'sms_keyword',
      wording: 'please stop texting me',
      agent: null,
    });

    const second = await feed(northKey)('customers', [{ dms_customer_id: dmsId('second-record'), first_name: 'Pat', phones: { cell }, dms_opt_in: 'in' }]);

    const id = second.body.results[0].id;
    expect(second.body.results[0].status).toBe('created');
    expect((await manager.get(`/api/customers/${id}`)).body.customer.opt_in).toBe('out');
    const ledger = (await manager.get(`/api/customers/${id}/consent`)).body.consent;
    expect(ledger).toEqual([expect.objectContaining({ status: 'out', previous: 'unknown', initiator: 'customer', method: 'inherited_from_number' })]);
  });
});

describe('DMS feed: repair orders', () => {
  const order = (name: string, extra: Record<string, unknown> = {}) => ({
    dms_ro_id: dmsId(name),
    dms_customer_id: dmsId(`${name}-customer`),
    customer: { first_name: 'Ray', last_name: 'Order', phones: { cell: uniquePhone() } },
    advisor_email: 'advisor@demo.example',
    vehicle: { make: 'Ford', model: 'F-150', year: 2020, vin: '1FTEW1EP5LFA00001', mileage: 42000 },
    opened_at: new Date(Date.now() - 3600_000).toISOString(),
    promise_time: new Date(Date.now() + 2 * 3600_000).toISOString(),
    status: 'open',
    work_order_status_code: 'E',
    opcodes: ['01FZ', 'TEXT'],
    customer_waiting: true,
    ...extra,
  });

  it('creates the order and its customer, assigned to the advisor the DMS names', async () => {
    const advisor = await as('advisor@demo.example');
    const record = order('ro-create');

    const res = await feed(northKey)('repair_orders', [record]);

    expect(res.body.results[0]).toMatchObject({ status: 'created', id: expect.stringMatching(/^ro_/), dms_id: record.dms_ro_id });
    const ro = (await advisor.get(`/api/repair_orders/${res.body.results[0].id}`)).body.repair_order;
    expect(ro).toMatchObject({
      ro_id: record.dms_ro_id,
      location_id: NORTH,
      customer_first_name: 'Ray',
      customer_last_name: 'Order',
      vehicle: record.vehicle,
      opened_at: record.opened_at,
      promise_time: record.promise_time,
      closed: false,
      archived: false,
      agent: { id: 'agt_advisor' },
      custom: { customer_waiting: true, delivery_requested: false, work_order_status_code: 'E' },
      metadata: { dms_status: 'open', opcodes: ['01FZ', 'TEXT'], invoiced_at: null },
    });
    expect(ro.customer).toMatchObject({ first_name: 'Ray', dms_customer_id: record.dms_customer_id });
  });

  it('is idempotent: the same batch twice is one order, answered unchanged, and the board count stays', async () => {
    const records = [order('ro-twice-1'), order('ro-twice-2', { advisor_email: null })];
    await feed(northKey)('repair_orders', records);
    const before = (await manager.get(`/api/locations/${NORTH}/repair_orders?limit=1`)).body.meta.paging.total;

    const again = await feed(northKey)('repair_orders', records);

    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['unchanged', 'unchanged']);
    expect((await manager.get(`/api/locations/${NORTH}/repair_orders?limit=1`)).body.meta.paging.total).toBe(before);
    const unassigned = (await manager.get(`/api/repair_orders/${again.body.results[1].id}`)).body.repair_order;
    expect(unassigned.agent).toBeNull();
  });

  it('refuses an order whose customer it does not know', async () => {
    const res = await feed(northKey)('repair_orders', [{ dms_ro_id: dmsId('orphan'), dms_customer_id: dmsId('nobody') }]);

    expect(res.body.results[0].status).toBe('error');
    expect(res.body.results[0].error).toBe(`Unknown customer ${dmsId('nobody')}: send the customer first, or with the record`);
  });

  it('closes with the RO_CLOSED note and reopens when sent as open again', async () => {
    const record = order('ro-close');
    const id = (await feed(northKey)('repair_orders', [record])).body.results[0].id;

    const closing = await feed(northKey)('repair_orders', [{ ...record, status: 'closed', work_order_status_code: 'B' }]);
    const closed = (await manager.get(`/api/repair_orders/${id}`)).body.repair_order;
    const messages = (await manager.get(`/api/repair_orders/${id}/messages`)).body.messages;
    const reopening = await feed(northKey)('repair_orders', [record]);
    const reopened = (await manager.get(`/api/repair_orders/${id}`)).body.repair_order;

    expect(closing.body.results[0].status).toBe('updated');
    expect(closed).toMatchObject({ closed: true, autoclosed: false, metadata: { dms_status: 'closed' }, custom: { work_order_status_code: 'B' } });
    expect(Date.parse(closed.closed_at)).toBeGreaterThan(Date.now() - 60_000);
    // The one note of the close (with CSI surveys on at the store, the survey's text follows it).
    const notes = (messages as { metadata: { direction: string } }[]).filter((message) => message.metadata.direction === 'system');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ behaviour: 'RO_CLOSED', text: 'Order has been closed.', metadata: { direction: 'system' } });
    expect(reopening.body.results[0].status).toBe('updated');
    expect(reopened).toMatchObject({ closed: false, closed_at: null, metadata: { dms_status: 'open' } });
  });

  it('announces every change to the board', async () => {
    const { eventsAfter, cursorAt, channels } = await import('../../functions/lib/realtime.js');
    const since = cursorAt(Date.now() - 1000);
    const record = order('ro-events');

    const id = (await feed(northKey)('repair_orders', [record])).body.results[0].id;
    await feed(northKey)('repair_orders', [{ ...record, work_order_status_code: 'I' }]);

    const managers = await eventsAfter(DEMO_NORTH.companyId, channels.managerRepairOrders(NORTH), since);
    const advisors = await eventsAfter(DEMO_NORTH.companyId, channels.agent('agt_advisor'), since);
    const mine = (list: { type: string; data: unknown }[]) => list.filter((e) => (e.data as { id?: string }).id === id);
    expect(mine(managers).map((e) => e.type)).toEqual(['repair_order.changed', 'repair_order.changed']);
    expect(mine(advisors).map((e) => e.type)).toEqual(['repair_order.changed', 'repair_order.assigned', 'repair_order.changed']);
    expect(mine(managers)[0]!.data).toMatchObject({ reason: 'dms', agent_id: 'agt_advisor', location_id: NORTH });
  });

  describe('when the order becomes invoiced', () => {
    let quietHours: { quiet_hours_start: string; quiet_hours_end: string };

    beforeAll(async () => {
      // Automated texts wait for the end of quiet hours; this test must not depend on the time of day.
      quietHours = (await manager.get(`/api/locations/${NORTH}/service_settings`)).body.service_settings;
      await manager.post(`/api/locations/${NORTH}/service_settings`, { service_settings: { quiet_hours_start: '00:00', quiet_hours_end: '00:00' } });
    });
    afterAll(async () => {
      await manager.post(`/api/locations/${NORTH}/service_settings`, {
        service_settings: { quiet_hours_start: quietHours.quiet_hours_start, quiet_hours_end: quietHours.quiet_hours_end },
      });
    });

    it('texts the opted-in customer that the vehicle is ready, once', async () => {
      const cell = uniquePhone();
      const record = order('ro-invoiced', { customer: { first_name: 'Ida', last_name: 'Voice', phones: { cell }, dms_opt_in: 'in' } });
      const id = (await feed(northKey)('repair_orders', [record])).body.results[0].id;
      await feed(northKey)('repair_orders', [{ ...record, status: 'pre_invoiced' }]);

      const invoiced = await feed(northKey)('repair_orders', [{ ...record, status: 'invoiced', work_order_status_code: 'C' }]);
      await feed(northKey)('repair_orders', [{ ...record, status: 'invoiced', work_order_status_code: 'C' }]);

      expect(invoiced.body.results[0].status).toBe('updated');
      const ro = (await manager.get(`/api/repair_orders/${id}`)).body.repair_order;
      expect(ro).toMatchObject({ vehicle_ready: true, metadata: { dms_status: 'invoiced' } });
      expect(Date.parse(ro.metadata.invoiced_at)).toBeGreaterThan(Date.now() - 60_000);
      const texts = await textsTo(carrierUrl, cell);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain('Demo Motors North: Your vehicle is ready for pick-up.');
    });

    it('sends nothing for an order that arrives already invoiced (a first sync)', async () => {
      const cell = uniquePhone();
      const record = order('ro-backlog', { status: 'invoiced', customer: { first_name: 'Bea', phones: { cell }, dms_opt_in: 'in' } });

      const res = await feed(northKey)('repair_orders', [record]);

      expect(res.body.results[0].status).toBe('created');
      expect(await textsTo(carrierUrl, cell)).toEqual([]);
    });
  });
});

describe('DMS feed: appointments', () => {
  it('stores the appointment, answers unchanged when repeated, and takes a cancellation', async () => {
    const { getAppointment } = await import('../../functions/dms/appointments.js');
    const record = {
      dms_appointment_id: dmsId('apt'),
      dms_customer_id: dmsId('apt-customer'),
      customer: { first_name: 'Abe', last_name: 'Point', phones: { cell: uniquePhone() } },
      scheduled_at: '2030-05-04T13:30:00-04:00',
      advisor_email: 'advisor@demo.example',
      vehicle: { make: 'Kia', model: 'Soul', year: 2019, vin: null, mileage: null },
      notes: 'Oil change and tyre rotation',
    };

    const created = await feed(northKey)('appointments', [record]);
    const repeated = await feed(northKey)('appointments', [record]);
    const cancelled = await feed(northKey)('appointments', [{ ...record, cancelled: true }]);

    expect(created.body.results[0]).toMatchObject({ status: 'created', id: expect.stringMatching(/^apt_/) });
    expect(repeated.body.results[0].status).toBe('unchanged');
    expect(cancelled.body.results[0].status).toBe('updated');
    const stored = await getAppointment(DEMO_NORTH.companyId, created.body.results[0].id);
    expect(stored).toMatchObject({
      location_id: NORTH,
      scheduled_at: '2030-05-04T17:30:00.000Z',
      agent: { id: 'agt_advisor' },
      notes: 'Oil change and tyre rotation',
      cancelled: true,
      confirmed: false,
    });
  });
});

describe('DMS feed: calls', () => {
  it('records a missed inbound call on the customer and flags their open order', async () => {
    const customerId = dmsId('caller');
    const ro = await feed(northKey)('repair_orders', [
      { dms_ro_id: dmsId('ro-call'), dms_customer_id: customerId, customer: { first_name: 'Cal', phones: { cell: uniquePhone() } } },
    ]);
    const call = {
      call_id: dmsId('call-1'),
      dms_customer_id: customerId,
      direction: 'inbound',
      status: 'completed',
      dial_status: 'no-answer',
      created_at: new Date().toISOString(),
    };

    const res = await feed(northKey)('calls', [call, { ...call, call_id: dmsId('call-2'), dms_customer_id: dmsId('stranger') }]);
    const repeated = await feed(northKey)('calls', [call]);

    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'error']);
    expect(res.body.results[1].error).toBe(`Unknown customer ${dmsId('stranger')}: send the customer first`);
    expect(repeated.body.results[0].status).toBe('unchanged');
    const order = (await manager.get(`/api/repair_orders/${ro.body.results[0].id}`)).body.repair_order;
    expect(order.metadata.missed_call).toBe(true);
    const calls = await manager.get(`/api/customers/${order.customer.id}/service/calls`);
    expect(calls.body.calls).toEqual([expect.objectContaining({ id: res.body.results[0].id, direction: 'inbound', dial_status: 'no-answer' })]);
  });
});

describe('DMS feed: tenants', () => {
  it("keeps each location's records apart: the same DMS ids at another company make other records", async () => {
    const rival = await as('rival@demo.example');
    const rivalKey = await createKey(rival, 'loc_rival_main', 'Rival DMS');
    const record = { dms_customer_id: dmsId('shared-id'), first_name: 'Demo' };
    const demo = await feed(northKey)('customers', [record]);

    const theirs = await feed(rivalKey, 'loc_rival_main')('customers', [{ ...record, first_name: 'Rival' }]);
    const crossing = await feed(rivalKey, NORTH)('customers', [record]);

    expect(theirs.body.results[0].status).toBe('created');
    expect(theirs.body.results[0].id).not.toBe(demo.body.results[0].id);
    expect(crossing.status).toBe(403);
    expect((await manager.get(`/api/customers/${demo.body.results[0].id}`)).body.customer.first_name).toBe('Demo');
    expect((await rival.get(`/api/customers/${demo.body.results[0].id}`)).status).toBe(404);
  });
});
