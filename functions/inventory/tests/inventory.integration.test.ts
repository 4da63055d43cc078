/**
 * The inventory board's routes (SPEC §6, §7) on the conversation core: adding an order for a known
 * or a new customer with SPEC §5's texts, inbox vs all by access level (and the store's
 * inbox_enabled), texting from the store's inventory number, a reply threaded into the order,
 * read marks, closing with the ORDER_CLOSED note and a reply that brings the order back, resending
 * its failed text, mass texts, the settings, the calls, the autoclose job, and the walls between
 * boards, stores and companies.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { InventoryOrder } from '../../../shared/inventory/orders.js';
import type { MassMessage } from '../../../shared/massTexts.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../shared/schemas/people.js';
import { SEND_ERRORS } from '../../../shared/sendingTexts.js';
import { INVENTORY_ORDER_ERRORS } from '../../../shared/inventory/schemas.js';
import { rememberLineType, saveCustomer, type CustomerRecord } from '../../customers/records.js';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { readSettings, writeSettings } from '../../lib/settings.js';
import { messagesOf } from '../../messages/records.js';
import { closeIdleOrders } from '../autoclose.js';
import { holderChannel, inventoryChannel } from '../channels.js';
import { INVENTORY_NUMBERS } from '../demo.js';
import { getOrder, updateOrder } from '../records.js';
import { api, replyAsCustomer, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { customerRecord, uniquePhone, useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = `${baseUrl}/dev/carrier`;
const COMPANY = 'cmp_demo';
const SOUTH = 'loc_demo_south';
const NORTH = 'loc_demo_north';
const south = `/api/locations/${SOUTH}`;
const north = `/api/locations/${NORTH}`;
const STORE_NUMBER = INVENTORY_NUMBERS[SOUTH]!;

let owen: ApiClient;
let admin: ApiClient;
let northManager: ApiClient;
let advisor: ApiClient;
let rival: ApiClient;

/** A customer of the South store, with a number of their own. */
async function aCustomer(overrides: Partial<CustomerRecord> = {}): Promise<CustomerRecord> {
  const customer = customerRecord({ location_id: SOUTH, first_name: 'Lena', last_name: `Stock${randomUUID().slice(0, 6)}`, ...overrides });
  await saveCustomer(customer);
  return customer;
}

const anOrder = (stock = `T${Math.floor(Math.random() * 90000 + 10000)}`) => ({ item_kind: 'vehicle', description: '2024 Toyota RAV4 XLE', stock_number: stock });

/** Adds an order as `client` (who then holds it) for a known customer. */
async function add(client: ApiClient, customer: CustomerRecord, location = south): Promise<InventoryOrder> {
  const res = await client.post(`${location}/inventory/orders`, { order: anOrder(), customer_id: customer.id });
  expect(res.status, res.text).toBe(201);
  return res.body.order as InventoryOrder;
}

const text = (client: ApiClient, order: InventoryOrder, words: string) =>
  client.post(`/api/locations/${order.location_id}/inventory/orders/${order.id}/messages`, { message: { text: words } }, { 'idempotency-key': randomUUID() });

async function listed(client: ApiClient, path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await client.get(`${path}?offset=${offset}&limit=100`);
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.orders.map((o: InventoryOrder) => o.id));
    if (res.body.orders.length < 100) return ids;
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Timed out waiting');
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
  [owen, admin, northManager, advisor, rival] = await Promise.all([as('inventory@demo.example'), as('admin@demo.example'), as('manager@demo.example'), as('advisor@demo.example'), as('rival@demo.example')]);
});

describe('adding an order', () => {
  it('adds one for a new customer, and answers SPEC §5 texts for every field that cannot be used', async () => {
    const phone = uniquePhone();
    const empty = await owen.post(`${south}/inventory/orders`, { order: {}, customer: { first_name: ' ', last_name: '', email: 'not-an-address', phone: '' } });
    const short = await owen.post(`${south}/inventory/orders`, { order: anOrder(), customer: { first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com', phone: '214 55' } });
    const added = await owen.post(`${south}/inventory/orders`, {
      order: { item_kind: 'part', description: 'All-weather floor mats', stock_number: 'P-1001' },
      customer: { first_name: 'Ada', last_name: 'Byron', email: 'Ada@Example.com', phone },
    });

    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([INVENTORY_ORDER_ERRORS.description, INVENTORY_ORDER_ERRORS.stock_number, PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PERSON_ERRORS.email, PHONE_ERRORS.missing]),
    );
    expect(short.body.errors).toEqual([{ message: PHONE_ERRORS.too_short, path: 'customer.phone' }]);
    expect(added.status, added.text).toBe(201);
    expect(added.body.order).toMatchObject({
      location_id: SOUTH,
      item_kind: 'part',
      description: 'All-weather floor mats',
      stock_number: 'P-1001',
      agent: { id: 'agt_inventory', first_name: 'Owen', last_name: 'Harris' },
      closed_at: null,
      failed_message_id: null,
      is_unread: false,
      customer: { first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com', phones: { cell: phone }, inventory_customer: { opt_in: 'unknown' } },
    });
  });

  it("takes a customer the core's search finds, and refuses none, both, or one of another store", async () => {
    const customer = await aCustomer();
    const northCustomer = customerRecord({ first_name: 'Nord', last_name: `Kunde${randomUUID().slice(0, 6)}` });
    await saveCustomer(northCustomer);

    const found = await owen.post(`${south}/customers/search?limit=50`, { query: customer.last_name.toLowerCase() });
    const none = await owen.post(`${south}/inventory/orders`, { order: anOrder() });
    const both = await owen.post(`${south}/inventory/orders`, { order: anOrder(), customer_id: customer.id, customer: { first_name: 'A', last_name: 'B', email: 'a@b.com', phone: uniquePhone() } });
    const foreign = await owen.post(`${south}/inventory/orders`, { order: anOrder(), customer_id: northCustomer.id });
    const order = await add(owen, customer);

    const key = { 'idempotency-key': randomUUID() };
    const first = await owen.post(`${south}/inventory/orders`, { order: anOrder('T-ONCE'), customer_id: customer.id }, key);
    const again = await owen.post(`${south}/inventory/orders`, { order: anOrder('T-ONCE'), customer_id: customer.id }, key);

    expect(found.body.customers.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    // The same request asked again (a lost answer) adds one order.
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(none.body.errors).toEqual([{ message: INVENTORY_ORDER_ERRORS.customer, path: 'customer' }]);
    expect(both.body.errors).toEqual([{ message: INVENTORY_ORDER_ERRORS.both_customers, path: 'customer' }]);
    expect(foreign.status).toBe(404);
    expect(order.customer.id).toBe(customer.id);
  });

  it('tells the store and the holder that an order was added', async () => {
    const since = cursorAt(Date.now() - 1000);
    const order = await add(owen, await aCustomer());
    const store = await eventsAfter(COMPANY, inventoryChannel(SOUTH), since);
    const holder = await eventsAfter(COMPANY, holderChannel(SOUTH, 'agt_inventory'), since);
    const about = (events: typeof store) => events.filter((e) => e.type === 'inventory_order.changed' && (e.data as { id: string }).id === order.id);
    expect(about(store)).toHaveLength(1);
    expect(about(holder)).toHaveLength(1);
  });
});

describe('inbox vs all', () => {
  it('lists every open order of the store for access level above 0, and the orders an inventory agent holds in their inbox', async () => {
    const mine = await add(owen, await aCustomer());
    const theAdmins = await add(admin, await aCustomer());

    const all = await listed(admin, `${south}/inventory/orders`);
    const inbox = await listed(owen, `${south}/inventory/orders/inbox`);
    const refused = await owen.get(`${south}/inventory/orders`);
    const page = await admin.get(`${south}/inventory/orders`);

    expect(all).toEqual(expect.arrayContaining([mine.id, theAdmins.id]));
    expect(inbox).toContain(mine.id);
    expect(inbox).not.toContain(theAdmins.id);
    expect(refused.status).toBe(403);
    // SPEC §7 paging, 50 a page by default (SPEC §9).
    expect(page.body.meta.paging).toEqual({ total: all.length, current_offset: 0, per_page: 50 });
  });

  it('lets inventory agents list the whole store when the store turns its inboxes off', async () => {
    const settings = await readSettings(COMPANY, SOUTH, 'inventory_settings');
    await writeSettings(COMPANY, SOUTH, 'inventory_settings', { ...settings, inbox_enabled: false }, 'agt_admin');
    try {
      const theAdmins = await add(admin, await aCustomer());
      const served = await owen.get(`${south}/inventory/settings`);
      expect(served.body.inventory_settings).toMatchObject({ inbox_enabled: false, close_after_days: settings.close_after_days });
      expect(await listed(owen, `${south}/inventory/orders`)).toContain(theAdmins.id);
    } finally {
      await writeSettings(COMPANY, SOUTH, 'inventory_settings', settings, 'agt_admin');
    }
  });

  it('orders the list by latest activity: a text moves an order to the top', async () => {
    const older = await add(owen, await aCustomer());
    await add(owen, await aCustomer());
    expect((await text(owen, older, 'The car is ready for a test drive.')).status).toBe(201);
    expect((await listed(owen, `${south}/inventory/orders/inbox`))[0]).toBe(older.id);
  });
});

describe('the conversation', () => {
  it("texts the customer from the store's inventory number, with every texting rule", async () => {
    const customer = await aCustomer();
    const order = await add(owen, customer);
    const optedOut = await add(owen, await aCustomer({ opt_in: 'out' }));

    const sent = await text(owen, order, 'Your RAV4 is on the lot.');
    const refused = await text(owen, optedOut, 'Hello');
    const list = await owen.get(`${south}/inventory/orders/${order.id}/messages`);

    expect(sent.status, sent.text).toBe(201);
    expect((await textsTo(carrierUrl, customer.phones.cell!))[0]).toMatchObject({ from: STORE_NUMBER, text: expect.stringContaining('Your RAV4 is on the lot.') });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ id: 'opted_out', message: SEND_ERRORS.opted_out });
    expect(list.body.messages.map((m: { text: string }) => m.text)).toEqual([expect.stringContaining('Your RAV4 is on the lot.')]);
    expect(list.body.meta.paging.total).toBe(1);
  });

  it('threads a reply into the order, unread for the agent, and marks it read and unread', async () => {
    const customer = await aCustomer();
    const order = await add(owen, customer);
    expect((await text(owen, order, 'Would Saturday suit you?')).status).toBe(201);
    const since = cursorAt(Date.now() - 1000);

    await replyAsCustomer(carrierUrl, customer.phones.cell!, STORE_NUMBER, 'Saturday is great');
    const after = await owen.get(`${south}/inventory/orders/${order.id}`);
    const heard = await eventsAfter(COMPANY, holderChannel(SOUTH, 'agt_inventory'), since);
    const read = await owen.put(`${south}/inventory/orders/${order.id}/agents/null/read`);
    const unread = await owen.put(`${south}/inventory/orders/${order.id}/agents/null/unread`);

    expect(after.body.order.is_unread).toBe(true);
    expect((await messagesOf(COMPANY, order.message_thread_id, 0, 10)).map((m) => m.text)).toContain('Saturday is great');
    expect(heard.some((e) => e.type === 'message.created' && (e.data as { inventory_order_id?: string }).inventory_order_id === order.id)).toBe(true);
    expect(read.body.order.is_unread).toBe(false);
    expect(unread.body.order.is_unread).toBe(true);
  });
});

describe('closing', () => {
  it('closes the order with the ORDER_CLOSED note, takes it off the lists, refuses texts, and a reply brings it back', async () => {
    const customer = await aCustomer();
    const order = await add(owen, customer);
    expect((await text(owen, order, 'The mats are in.')).status).toBe(201);
    const totalBefore = (await admin.get(`${south}/inventory/orders`)).body.meta.paging.total;

    const closed = await owen.put(`${south}/inventory/orders/${order.id}/close`);
    const again = await owen.put(`${south}/inventory/orders/${order.id}/close`);
    const refused = await text(owen, order, 'One more thing');
    const note = (await messagesOf(COMPANY, order.message_thread_id, 0, 10)).find((m) => m.metadata.direction === 'system');

    expect(closed.status).toBe(200);
    expect(closed.body.order).toMatchObject({ closed_at: expect.any(String), closed_by: { id: 'agt_inventory' } });
    expect(again.body.order.closed_at).toBe(closed.body.order.closed_at);
    expect(note).toMatchObject({ behaviour: 'ORDER_CLOSED', text: 'Order has been closed.', agent: { id: 'agt_inventory' }, metadata: { note: { key: 'inventory_order_closed', by: 'agent' } } });
    expect(refused.body.error?.id).toBe('closed');
    expect(await listed(owen, `${south}/inventory/orders/inbox`)).not.toContain(order.id);
    expect((await admin.get(`${south}/inventory/orders`)).body.meta.paging.total).toBe(totalBefore - 1);

    await replyAsCustomer(carrierUrl, customer.phones.cell!, STORE_NUMBER, 'Can I pick them up tomorrow?');
    const back = await owen.get(`${south}/inventory/orders/${order.id}`);
    expect(back.body.order).toMatchObject({ closed_at: null, is_unread: true });
    expect(await listed(owen, `${south}/inventory/orders/inbox`)).toContain(order.id);
    expect((await admin.get(`${south}/inventory/orders`)).body.meta.paging.total).toBe(totalBefore);
  });

  it('closes orders idle for close_after_days (the autoclose job), and leaves the others', async () => {
    const idle = await add(owen, await aCustomer());
    const busy = await add(owen, await aCustomer());
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await updateOrder(COMPANY, idle.id, () => ({ activity_at: longAgo }));

    const run = await closeIdleOrders();

    expect(run.closed).toBeGreaterThanOrEqual(1);
    expect((await getOrder(COMPANY, idle.id))?.closed_at).not.toBeNull();
    expect((await getOrder(COMPANY, busy.id))?.closed_at).toBeNull();
    const note = (await messagesOf(COMPANY, idle.message_thread_id, 0, 10)).find((m) => m.behaviour === 'ORDER_CLOSED');
    expect(note?.metadata.note).toMatchObject({ key: 'inventory_order_closed', by: 'inactivity' });
  });
});

describe('resending a failed text', () => {
  it('sends the newest failed text again through the core retry, with the texting rules asked again', async () => {
    // The number was a cell when it was checked; the carrier says landline now.
    const landline = `+1214${300 + Math.floor(Math.random() * 600)}0${100 + Math.floor(Math.random() * 100)}`;
    const customer = await aCustomer({ phones: { cell: landline, work: null, alternate: null }, carrier: { type: 'mobile', checked_at: new Date().toISOString() } });
    const order = await add(owen, customer);
    const nothing = await owen.put(`${south}/inventory/orders/${order.id}/resend`);
    const sent = await text(owen, order, 'The Accord is ready for a test drive.');
    expect(sent.status, sent.text).toBe(201);

    const failed = await until(() => owen.get(`${south}/inventory/orders/${order.id}`), (res) => res.body.order.failed_message_id !== null);
    const refused = await owen.put(`${south}/inventory/orders/${order.id}/resend`);

    expect(nothing.status).toBe(409);
    expect(nothing.body.error.id).toBe('nothing_to_resend');
    expect(failed.body.order.failed_message_id).toBe(sent.body.message.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.id).toBe('landline');

    // The customer gave a new line meanwhile (here: the carrier now says mobile): resend goes.
    await fetch(`${carrierUrl}/lookup`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: landline, type: 'mobile' }) });
    await rememberLineType(COMPANY, customer.id, { type: 'mobile', checked_at: new Date().toISOString() });
    const resent = await owen.put(`${south}/inventory/orders/${order.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.message).toMatchObject({ id: sent.body.message.id });
    expect(resent.body.order.failed_message_id).toBeNull();
    expect((await textsTo(carrierUrl, landline)).filter((t) => t.text.includes('ready for a test drive'))).toHaveLength(2);
  });
});

describe('mass texts', () => {
  async function finished(client: ApiClient, id: string): Promise<MassMessage> {
    const res = await until(() => client.get(`/api/mass_messages/${id}`), (r) => r.body.mass_message.state === 'finished');
    return res.body.mass_message as MassMessage;
  }

  it("texts the orders picked on the inventory board, and an inventory agent's 'all' is their inbox", async () => {
    const people = [await aCustomer(), await aCustomer()];
    const ids = [];
    for (const customer of people) ids.push((await add(owen, customer)).id);
    const theAdmins = await aCustomer();
    await add(admin, theAdmins);

    const picked = await owen.post(`${south}/mass_messages`, { mass_message: { board: 'inventory', text: 'New stock arrives Friday.', ids } }, { 'idempotency-key': randomUUID() });
    const all = await owen.post(`${south}/mass_messages`, { mass_message: { board: 'inventory', text: 'Open house on Saturday.', all: true } }, { 'idempotency-key': randomUUID() });

    expect(picked.status, picked.text).toBe(202);
    expect(await finished(owen, picked.body.mass_message.id)).toMatchObject({ total: 2, sent: 2, failed: 0 });
    for (const customer of people) expect((await textsTo(carrierUrl, customer.phones.cell!)).filter((t) => t.text.includes('New stock arrives Friday.'))).toHaveLength(1);
    await finished(owen, all.body.mass_message.id);
    expect((await textsTo(carrierUrl, people[0]!.phones.cell!)).some((t) => t.text.includes('Open house'))).toBe(true);
    expect((await textsTo(carrierUrl, theAdmins.phones.cell!)).some((t) => t.text.includes('Open house'))).toBe(false);
  });
});

describe('the walls', () => {
  it('keeps the board to agents who work it, and other stores and companies out', async () => {
    const order = await add(owen, await aCustomer());
    const at = `${south}/inventory/orders/${order.id}`;

    expect((await advisor.get(`${north}/inventory/orders/inbox`)).status).toBe(403);
    expect((await advisor.get(`${north}/inventory/settings`)).status).toBe(403);
    expect((await advisor.post(`${north}/mass_messages`, { mass_message: { board: 'inventory', text: 'Hi', all: true } })).status).toBe(403);
    for (const client of [rival, northManager]) {
      expect((await client.get(at)).status).toBe(404);
      expect((await client.get(`${at}/messages`)).status).toBe(404);
      expect((await client.put(`${at}/close`)).status).toBe(404);
      expect((await client.put(`${at}/resend`)).status).toBe(404);
      expect((await client.put(`${at}/agents/null/read`)).status).toBe(404);
    }
    expect((await rival.get(`${south}/inventory/orders`)).status).toBe(404);
    // The company admin reaches both stores, but not South's order through North's path.
    expect((await admin.get(`${north}/inventory/orders/${order.id}`)).status).toBe(404);
    expect((await admin.get(`${north}/inventory/orders/${order.id}/messages`)).status).toBe(404);
    expect((await getOrder(COMPANY, order.id))?.closed_at).toBeNull();
  });

  it("shows the inventory board's agents their customers' calls", async () => {
    const order = await add(owen, await aCustomer());
    const calls = await owen.get(`/api/customers/${order.customer.id}/inventory/calls`);
    const serviceCalls = await owen.get(`/api/customers/${order.customer.id}/service/calls`);
    expect(calls.status, calls.text).toBe(200);
    expect(calls.body).toMatchObject({ calls: [], meta: { paging: { total: 0 } } });
    expect(serviceCalls.status).toBe(403);
  });
});

describe('the demo', () => {
  it("seeds South's orders (one with a failed text) and a couple at North", async () => {
    const southOrders = (await admin.get(`${south}/inventory/orders?limit=100`)).body.orders as InventoryOrder[];
    const northOrders = (await northManager.get(`${north}/inventory/orders?limit=100`)).body.orders as InventoryOrder[];
    const harriet = await until(
      async () => ((await admin.get(`${south}/inventory/orders?limit=100`)).body.orders as InventoryOrder[]).find((o) => o.customer.last_name === 'Cole'),
      (o) => Boolean(o?.failed_message_id),
    );
    expect(southOrders.map((o) => o.customer.last_name)).toEqual(expect.arrayContaining(['Fernández', 'Simmons', 'Cole', 'Webb', 'Nguyen']));
    expect(northOrders.map((o) => o.customer.last_name)).toEqual(expect.arrayContaining(['Brooks', 'Patel']));
    expect(harriet?.customer.carrier.type).toBe('landline');
  });
});


