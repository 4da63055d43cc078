/**
 * The inventory board's rules without a browser: the list (newest activity first, what belongs on
 * "all" and on "mine", a text moving its order to the top, consent reaching every order of the
 * customer), the "Add order" form's texts (SPEC §5), and its words: closing an order never reads
 * like closing a dialog, cancelling or signing out, in any language.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryOrder } from '../../../../../shared/inventory/orders.js';
import { INVENTORY_ORDER_ERRORS } from '../../../../../shared/inventory/schemas.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../../../../shared/schemas/people.js';
import { FILE_LOCALES, localeText } from '../../../../../test/support/localeFiles.js';
import { aCustomer } from '../../../../../test/unit/web-service-fixtures.js';
import { belongsTo, orderRows, reduceOrders, type OrderPage, type OrderView } from '../orderList.js';
import { checkOrder, EMPTY_ORDER, errorKey, fieldOfPath } from '../orderForm.js';
import { orderPagePath } from '../requests.js';

const ALL: OrderView = { list: 'all' };
const MINE: OrderView = { list: 'mine', agentId: 'agt_owen' };
const OWEN = { id: 'agt_owen', first_name: 'Owen', last_name: 'Harris' };
const DANA = { id: 'agt_dana', first_name: 'Dana', last_name: 'Whitfield' };

/** An order whose latest activity was at `hour` o'clock on 11 March 2030 (UTC). */
function anOrder(id: string, hour: number, overrides: Partial<InventoryOrder> = {}): InventoryOrder {
  const at = `2030-03-11T${String(hour).padStart(2, '0')}:00:00.000Z`;
  return {
    id,
    location_id: 'loc_1',
    customer: { ...aCustomer({ id: `cus_${id}` }), inventory_customer: { opt_in: 'unknown' } },
    item_kind: 'vehicle',
    description: '2024 Toyota RAV4 XLE',
    stock_number: `T-${id}`,
    agent: OWEN,
    closed_at: null,
    closed_by: null,
    failed_message_id: null,
    is_unread: false,
    message_thread: { id: `thr_${id}`, bumped_at: at },
    message_thread_id: `thr_${id}`,
    created_at: '2030-03-10T08:00:00.000Z',
    metadata: { message_count: 1 },
    ...overrides,
  };
}

const page = (orders: InventoryOrder[], offset = 0): OrderPage => ({ orders, meta: { paging: { total: 4, current_offset: offset, per_page: 2 } } });
const ids = (pages: OrderPage[]) => pages.map((p) => p.orders.map((o) => o.id));

describe('the inventory list', () => {
  const pages = [page([anOrder('a', 15), anOrder('b', 13)]), page([anOrder('c', 11), anOrder('d', 9)], 2)];

  it('puts an order heard of in its place by latest activity, and moves one fetched again', () => {
    expect(ids(reduceOrders(pages, { type: 'put', order: anOrder('n', 12) }, ALL))).toEqual([['a', 'b'], ['n', 'c', 'd']]);
    expect(ids(reduceOrders(pages, { type: 'put', order: anOrder('d', 16) }, ALL))).toEqual([['d', 'a', 'b'], ['c']]);
  });

  it('takes a closed order off every list, and someone else\'s off "mine"', () => {
    expect(ids(reduceOrders(pages, { type: 'put', order: anOrder('b', 13, { closed_at: '2030-03-11T14:00:00.000Z' }) }, ALL))).toEqual([['a'], ['c', 'd']]);
    expect(ids(reduceOrders(pages, { type: 'put', order: anOrder('c', 11, { agent: DANA }) }, MINE))).toEqual([['a', 'b'], ['d']]);
    expect(ids(reduceOrders(pages, { type: 'put', order: anOrder('c', 11, { agent: DANA }) }, ALL))).toEqual(ids(pages));
    expect(belongsTo({ closed_at: null, agent: null }, MINE)).toBe(false);
  });

  it('moves an order to the top when its conversation moves, unread when the customer wrote and nobody here is reading', () => {
    const reply = reduceOrders(pages, { type: 'bump', id: 'c', at: '2030-03-11T16:00:00.000Z', inbound: true, reading: false }, ALL);
    expect(ids(reply)).toEqual([['c', 'a', 'b'], ['d']]);
    expect(orderRows(reply)[0]).toMatchObject({ id: 'c', is_unread: true, metadata: { message_count: 2 } });
    const read = reduceOrders(pages, { type: 'bump', id: 'c', at: '2030-03-11T16:00:00.000Z', inbound: true, reading: true }, ALL);
    expect(orderRows(read)[0]!.is_unread).toBe(false);
    const own = reduceOrders(pages, { type: 'bump', id: 'd', at: '2030-03-11T16:00:00.000Z', inbound: false, reading: false }, ALL);
    expect(orderRows(own)[0]).toMatchObject({ id: 'd', is_unread: false });
  });

  it("carries a customer's opt-out and block to every order of theirs, as the board reads it", () => {
    const shared = { ...aCustomer({ id: 'cus_shared' }), inventory_customer: { opt_in: 'unknown' as const } };
    const two = [page([anOrder('a', 15, { customer: shared }), anOrder('b', 13), anOrder('c', 11, { customer: shared })])];
    const next = orderRows(reduceOrders(two, { type: 'customer', customer: { id: 'cus_shared', opt_in: 'out', opt_metadata: null, blocked_at: '2030-03-11T10:00:00.000Z' } }, ALL));
    expect(next.filter((o) => o.customer.inventory_customer.opt_in === 'out').map((o) => o.id)).toEqual(['a', 'c']);
    expect(next.find((o) => o.id === 'b')!.customer.blocked_at).toBeNull();
  });

  it('asks for the store\'s list or the inbox, 50 a page (SPEC §9)', () => {
    expect(orderPagePath('loc_1', 'all', 0)).toBe('/api/locations/loc_1/inventory/orders?offset=0&limit=50');
    expect(orderPagePath('loc_1', 'mine', 2)).toBe('/api/locations/loc_1/inventory/orders/inbox?offset=100&limit=50');
  });
});

describe('the "Add order" form', () => {
  const person = { first_name: 'Ada', last_name: 'Byron', phone: '(214) 555-4410', email: 'ada@example.com' };
  const item = { description: '2024 Toyota RAV4 XLE', stock_number: 'T24-0317' };

  it("answers SPEC §5's texts at each field of a new customer, and the order's own", () => {
    const { body, errors } = checkOrder({ ...EMPTY_ORDER, phone: '214 55' }, { customerId: null, newCustomer: true, country: 'US' });
    expect(body).toBeNull();
    expect(errors).toEqual({
      first_name: errorKey(PERSON_ERRORS.first_name),
      last_name: errorKey(PERSON_ERRORS.last_name),
      email: errorKey(PERSON_ERRORS.email),
      phone: errorKey(PHONE_ERRORS.too_short),
      description: errorKey(INVENTORY_ORDER_ERRORS.description),
      stock_number: errorKey(INVENTORY_ORDER_ERRORS.stock_number),
    });
    expect(checkOrder({ ...EMPTY_ORDER, ...person, ...item, phone: '(111) 555-0142' }, { customerId: null, newCustomer: true, country: 'US' }).errors).toEqual({ phone: 'inventory.error_phone_invalid' });
  });

  it('asks for a customer to be found when none is picked, and sends the one picked', () => {
    expect(checkOrder({ ...EMPTY_ORDER, ...item }, { customerId: null, newCustomer: false, country: 'US' }).errors).toEqual({ customer: 'inventory.error_pick_customer' });
    expect(checkOrder({ ...EMPTY_ORDER, ...item, item_kind: 'part' }, { customerId: 'cus_1', newCustomer: false, country: 'US' }).body).toEqual({
      order: { item_kind: 'part', ...item },
      customer_id: 'cus_1',
    });
  });

  it('sends a new customer with the order', () => {
    const { body } = checkOrder({ ...EMPTY_ORDER, ...person, ...item, email: ' Ada@Example.com ' }, { customerId: null, newCustomer: true, country: 'US' });
    expect(body).toEqual({ order: { item_kind: 'vehicle', ...item }, customer: { ...person, email: 'ada@example.com' } });
  });

  it("puts the server's texts at their fields", () => {
    expect(fieldOfPath('customer.phone')).toBe('phone');
    expect(fieldOfPath('order.stock_number')).toBe('stock_number');
    expect(fieldOfPath('customer')).toBe('customer');
    expect(fieldOfPath('order.item_kind')).toBeNull();
  });
});

describe("the inventory board's words", () => {
  it.each(FILE_LOCALES)('never make closing an order read like closing a dialog, cancelling or signing out (%s)', (locale) => {
    const close = localeText(locale, 'inventory:inventory.close');
    for (const other of ['common.close', 'common.cancel', 'shell.sign_out', 'inventory:inventory.keep_open', 'inventory:inventory.resend']) {
      expect({ other, same: localeText(locale, other).toLocaleLowerCase() === close.toLocaleLowerCase() }).toEqual({ other, same: false });
    }
    expect(localeText(locale, 'inventory:inventory.view_all')).not.toBe(localeText(locale, 'inventory:inventory.view_mine'));
  });
});
