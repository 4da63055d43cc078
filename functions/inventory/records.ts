/**
 * Inventory orders and the lists they sit on: the only code that knows their keys. An open order is
 * on its store's list by latest activity (gsi1, mirrored keys-only on gsi3 for deep pages) and on
 * its holder's list (gsi2, the inbox); a closed one is on neither. Each list's size is a counter
 * item moved in the transaction that moves the order, so a page's total costs one read, however
 * long the list; a link in the customer's partition lets a reply find the customer's orders. Every
 * write is conditional on the version it read.
 */
import type { InventoryOrder } from '../../shared/inventory/orders.js';
import { notFound } from '../lib/errors.js';
import { updateVersioned, type VersionedUpdate } from '../lib/versioned.js';
import { batchGet, fields, getItem, isConditionFailure, queryAll, readPage, readPageByKeys, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const inventoryKeys = {
  order: (companyId: string, orderId: string) => ({ pk: `COMPANY#${companyId}#INVENTORY_ORDER#${orderId}`, sk: 'INVENTORY_ORDER' }),
  /** gsi1 (and its keys-only mirror gsi3) on open orders: a store's orders by latest activity. */
  storeOrders: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#INVENTORY_ORDERS` }),
  /** gsi2 on open orders: the orders one agent holds at a store (their inbox). */
  heldOrders: (companyId: string, locationId: string, agentId: string) => ({ gsi2pk: `COMPANY#${companyId}#LOCATION#${locationId}#AGENT#${agentId}#INVENTORY_ORDERS` }),
  /** A list's size: `scope` is the list's partition key on its index. */
  listSize: (scope: string) => ({ pk: `COUNT#${scope}`, sk: 'COUNT' }),
  /** Links in the customer's partition, `sk = INVENTORY_ORDER#{created_at}#{id}`: inbound threading. */
  ordersOfCustomer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'INVENTORY_ORDER#' }),
} as const;

/** What is stored: the API's order without the joined customer, the per-agent flag and the thread's view. */
export interface InventoryOrderRecord
  extends Pick<InventoryOrder, 'id' | 'location_id' | 'item_kind' | 'description' | 'stock_number' | 'agent' | 'closed_at' | 'closed_by' | 'failed_message_id' | 'created_at'> {
  company_id: string;
  customer_id: string;
  /** Newest message of any direction, else when it was added: the lists' order. */
  activity_at: string;
  bumped_at: string | null;
  /** Newest customer message: unread for agents who read before it. */
  last_inbound_at: string | null;
  message_count: number;
  updated_at: string;
  version: number;
}

/** An inventory order from a raw item of the table (a change the table's stream tells); undefined for any other item. */
export function orderOfItem(item: Record<string, unknown> | undefined): InventoryOrderRecord | undefined {
  if (!item || item.sk !== 'INVENTORY_ORDER' || typeof item.pk !== 'string' || !item.pk.startsWith('COMPANY#')) return undefined;
  return fields(item as unknown as Item<InventoryOrderRecord>);
}

/** Thread id of an order's conversation. */
export const orderThreadOf = (id: string): string => `thr_${id}`;

export const isClosed = (record: Pick<InventoryOrderRecord, 'closed_at'>): boolean => record.closed_at !== null;

const activitySort = (record: Pick<InventoryOrderRecord, 'activity_at' | 'id'>) => `${record.activity_at}#${record.id}`;

/** The partitions of the lists an order is on (none once closed); each is also its counter's scope. */
export function listsOf(record: Pick<InventoryOrderRecord, 'company_id' | 'location_id' | 'agent' | 'closed_at'>): { store: string | null; holder: string | null } {
  if (isClosed(record)) return { store: null, holder: null };
  return {
    store: inventoryKeys.storeOrders(record.company_id, record.location_id).gsi1pk,
    holder: record.agent ? inventoryKeys.heldOrders(record.company_id, record.location_id, record.agent.id).gsi2pk : null,
  };
}

export function orderItem(record: InventoryOrderRecord): Item<InventoryOrderRecord> {
  const { store, holder } = listsOf(record);
  const sort = activitySort(record);
  return {
    ...inventoryKeys.order(record.company_id, record.id),
    ...(store ? { gsi1pk: store, gsi1sk: sort, gsi3pk: store, gsi3sk: sort } : {}),
    ...(holder ? { gsi2pk: holder, gsi2sk: sort } : {}),
    ...record,
  };
}

export function customerLinkItem(record: InventoryOrderRecord) {
  const { pk, skPrefix } = inventoryKeys.ordersOfCustomer(record.company_id, record.customer_id);
  return { pk, sk: `${skPrefix}${record.created_at}#${record.id}`, order_id: record.id, location_id: record.location_id, closed: isClosed(record) };
}

/** How each list's size moves when an order goes from `before`'s lists to `after`'s. */
function sizeChanges(before: InventoryOrderRecord | null, after: InventoryOrderRecord): Map<string, number> {
  const moves = new Map<string, number>();
  const count = (record: InventoryOrderRecord | null, by: number) => {
    if (!record) return;
    for (const scope of Object.values(listsOf(record))) if (scope) moves.set(scope, (moves.get(scope) ?? 0) + by);
  };
  count(before, -1);
  count(after, 1);
  return new Map([...moves].filter(([, by]) => by !== 0));
}

const sizeWrite = (scope: string, by: number): TransactWrite => ({
  Update: { Key: inventoryKeys.listSize(scope), UpdateExpression: 'ADD #size :by', ExpressionAttributeNames: { '#size': 'count' }, ExpressionAttributeValues: { ':by': by } },
});

/** The store's conflict: another writer moved the order since it was read. */
export class OrderChanged extends Error {}

/** Writes `next` (version bumped by the caller, 1 for a new order) with its list sizes and the customer's link. */
export async function saveOrder(next: InventoryOrderRecord, previous: InventoryOrderRecord | null): Promise<void> {
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: orderItem(next),
        ConditionExpression: previous ? 'version = :v' : 'attribute_not_exists(pk)',
        ...(previous ? { ExpressionAttributeValues: { ':v': previous.version } } : {}),
      },
    },
    ...[...sizeChanges(previous, next)].map(([scope, by]) => sizeWrite(scope, by)),
  ];
  if (!previous || isClosed(previous) !== isClosed(next)) writes.push({ Put: { Item: customerLinkItem(next) } });
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw new OrderChanged(`Inventory order ${next.id} changed meanwhile`);
    throw err;
  }
}

export async function getOrder(companyId: string, id: string, consistent = false): Promise<InventoryOrderRecord | undefined> {
  const item = await getItem<InventoryOrderRecord>(inventoryKeys.order(companyId, id), consistent);
  return item && fields(item);
}

export async function requireOrder(companyId: string, id: string, consistent = false): Promise<InventoryOrderRecord> {
  const record = await getOrder(companyId, id, consistent);
  if (!record) throw notFound('Inventory order not found');
  return record;
}

export async function getOrders(companyId: string, ids: string[], consistent = false): Promise<InventoryOrderRecord[]> {
  const items = await batchGet<InventoryOrderRecord>(ids.map((id) => inventoryKeys.order(companyId, id)), consistent);
  return items.map(fields);
}

/** Changes the order as it is now, read again and retried on a conflict (see updateVersioned). */
export async function updateOrder(
  companyId: string,
  id: string,
  change: (record: InventoryOrderRecord) => Partial<InventoryOrderRecord> | null,
): Promise<VersionedUpdate<InventoryOrderRecord>> {
  return updateVersioned({ read: () => requireOrder(companyId, id, true), save: saveOrder, isConflict: (err) => err instanceof OrderChanged }, change);
}

/**
 * The thread moved: one update (no read first), in the message's transaction. A closed order has
 * no list keys, so the new sort keys index nothing until it is reopened (a full write).
 */
export function orderBumpWrite(record: InventoryOrderRecord, at: string, inbound: boolean): TransactWrite {
  const sort = activitySort({ id: record.id, activity_at: at });
  return {
    Update: {
      Key: inventoryKeys.order(record.company_id, record.id),
      UpdateExpression:
        'SET activity_at = :at, bumped_at = :at, gsi1sk = :sort, gsi2sk = :sort, gsi3sk = :sort' + (inbound ? ', last_inbound_at = :at' : '') + ' ADD message_count :one, version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':sort': sort, ':one': 1 },
    },
  };
}

async function listSize(scope: string): Promise<number> {
  const item = await getItem<{ count: number }>(inventoryKeys.listSize(scope));
  return Math.max(0, item?.count ?? 0);
}

export interface OrderPage {
  records: InventoryOrderRecord[];
  total: number;
}

/**
 * A store's open orders, newest activity first, one page: the first page is one query; a deeper
 * one skips its offset on the keys-only mirror, then reads the page by key.
 */
export async function storeOrders(companyId: string, locationId: string, offset: number, limit: number): Promise<OrderPage> {
  const scope = inventoryKeys.storeOrders(companyId, locationId).gsi1pk;
  const page =
    offset === 0
      ? readPage<InventoryOrderRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': scope }, ScanIndexForward: false }, 0, limit)
      : readPageByKeys<InventoryOrderRecord>({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': scope }, ScanIndexForward: false }, offset, limit);
  const [items, total] = await Promise.all([page, listSize(scope)]);
  return { records: items.map(fields), total };
}

/** The open orders an agent holds at a store (their inbox), newest activity first. */
export async function heldOrders(companyId: string, locationId: string, agentId: string, offset: number, limit: number): Promise<OrderPage> {
  const scope = inventoryKeys.heldOrders(companyId, locationId, agentId).gsi2pk;
  const [items, total] = await Promise.all([
    readPage<InventoryOrderRecord>({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': scope }, ScanIndexForward: false }, offset, limit),
    listSize(scope),
  ]);
  return { records: items.map(fields), total };
}

/** Open orders of a store with no activity since `cutoff` (the store's list: `gsi1sk < cutoff`), oldest first: the autoclose job's work. */
export async function idleOrders(companyId: string, locationId: string, cutoff: string, limit: number): Promise<string[]> {
  const items = await readPage<{ id: string }>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff',
      ExpressionAttributeValues: { ':pk': inventoryKeys.storeOrders(companyId, locationId).gsi1pk, ':cutoff': cutoff },
      ProjectionExpression: 'id',
    },
    0,
    limit,
  );
  return items.map((item) => item.id);
}

/** The customer's orders (links), oldest first: where a reply may go, and which orders show their consent. */
export async function orderLinksOfCustomer(companyId: string, customerId: string): Promise<{ order_id: string; location_id: string; closed: boolean }[]> {
  const { pk, skPrefix } = inventoryKeys.ordersOfCustomer(companyId, customerId);
  return queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix } });
}

/**
 * Orders loaded in bulk (the demo, the bench) were written without their lists' sizes: this adds
 * them, one update per list.
 */
export async function countLoadedOrders(records: InventoryOrderRecord[]): Promise<void> {
  const sizes = new Map<string, number>();
  for (const record of records) for (const [scope, by] of sizeChanges(null, record)) sizes.set(scope, (sizes.get(scope) ?? 0) + by);
  for (const [scope, by] of sizes) {
    await updateItem({ Key: inventoryKeys.listSize(scope), UpdateExpression: 'ADD #size :by', ExpressionAttributeNames: { '#size': 'count' }, ExpressionAttributeValues: { ':by': by } });
  }
}
