/**
 * Repair-order records and the lists they sit on. An order is on its location's board until it is
 * archived, then on the location's archive; an assigned order on the board is also in its advisor's
 * inbox. Which lists an order is on follows from its fields alone (`listsOf`), and one transaction
 * writes the order, moves the list counters and the customer's link, so a count never drifts from
 * the list and two writers never both win (every write is conditional on the version it read). An
 * order that closes or is archived takes its inspection sheet off the MPI queues in the same write.
 */
import type { Customer } from '../../shared/customers.js';
import type { AgentRef } from '../../shared/people.js';
import type { RepairOrder } from '../../shared/repairOrders/repairOrders.js';
import { conflict, DomainError, notFound } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { updateVersioned, type VersionedUpdate } from '../lib/versioned.js';
import {
  batchGet,
  fields,
  getItem,
  isConditionFailure,
  queryAll,
  readPage,
  readPageByKeys,
  transactWrite,
  updateItem,
  type Item,
  type TransactWrite,
} from '../lib/table.js';
import { customerView, getCustomers, type CustomerRecord } from '../customers/records.js';
import { shelfWrite } from '../inspections/shelf.js';
import { isUnread, readMarksOf } from '../messages/readMarks.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const repairOrderKeys = {
  /** Repair-order links in the customer's partition, `sk = RO#{opened_at}#{ro id}`: inbound threading. */
  repairOrdersOfCustomer: (companyId: string, customerId: string) => ({
    pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`,
    skPrefix: 'RO#',
  }),
  repairOrder: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#RO#${roId}`, sk: 'RO' }),
  /** gsi1 on repair orders: a location's board (`board`) or its archive (`archived`), by last activity. */
  repairOrdersOfLocation: (companyId: string, locationId: string, list: 'board' | 'archived') => ({
    gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#ROS#${list}`,
  }),
  /** gsi2 on repair orders: a location's board orders assigned to one agent (the user-level inbox). */
  repairOrdersOfAgent: (companyId: string, locationId: string, agentId: string) => ({
    gsi2pk: `COMPANY#${companyId}#LOCATION#${locationId}#AGENT#${agentId}#ROS`,
  }),
  /** Sort key of both lists: last activity (ISO), then id. */
  activitySort: (activityAt: string, roId: string) => `${activityAt}#${roId}`,
  /** List sizes, kept by the same transactions that move orders between lists. */
  listCount: (scope: string) => ({ pk: `COUNT#${scope}`, sk: 'COUNT' }),
} as const;

/** Whether an item's keys are a repair order's (the table's stream tells every item's change). */
export const isRepairOrderKey = (k: { pk: string; sk: string }): boolean => k.sk === 'RO' && /^COMPANY#[^#]+#RO#[^#]+$/.test(k.pk);

/** What is stored: the API shape without the joined customer and the per-agent unread flag. */
export interface RepairOrderRecord extends Omit<RepairOrder, 'customer' | 'is_unread' | 'routed_from'> {
  company_id: string;
  customer_id: string;
  dms_ro_id: string | null;
  /** Newest message of any direction, else opened_at: the lists' order. */
  activity_at: string;
  /** Newest customer message: unread for agents who read before it. */
  last_inbound_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

type ListName = 'board' | 'archived';

interface Lists {
  location: ListName;
  agent: string | null;
}

/** Thread id of a repair order's conversation. */
export const threadOf = (roId: string): string => `thr_${roId.replace(/^ro_/, '')}`;

/** Who the order is for and where: what every new order must be given. */
export interface NewRepairOrder {
  id: string;
  ro_id: string;
  company_id: string;
  location_id: string;
  customer: Pick<CustomerRecord, 'id' | 'first_name' | 'middle_name' | 'last_name'>;
  opened_at: string;
}

/** A new open order with nothing happened yet; `fields` sets what the caller knows beyond that. */
export function newRepairOrder(base: NewRepairOrder, fields: Partial<RepairOrderRecord> = {}, now = new Date().toISOString()): RepairOrderRecord {
  return {
    id: base.id,
    ro_id: base.ro_id,
    location_id: base.location_id,
    alternate_record: false,
    customer_first_name: base.customer.first_name,
    customer_middle_name: base.customer.middle_name,
    customer_last_name: base.customer.last_name,
    vehicle: { make: '', model: '', year: null, vin: null, mileage: null },
    opened_at: base.opened_at,
    promise_time: null,
    closed: false,
    closed_at: null,
    autoclosed: false,
    archived: false,
    archived_at: null,
    vehicle_ready: false,
    vehicle_ready_at: null,
    satisfaction_poll: null,
    payment_request: null,
    invoice: null,
    album_present: false,
    disable_read_mark: false,
    message_thread: { id: threadOf(base.id), bumped_at: null },
    agent: null,
    sheet: null,
    custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: null },
    metadata: { dms_status: 'open', opcodes: [], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 },
    company_id: base.company_id,
    customer_id: base.customer.id,
    dms_ro_id: null,
    activity_at: base.opened_at,
    last_inbound_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
    ...fields,
  };
}

/** The lists an order is on, from its fields. */
export function listsOf(ro: Pick<RepairOrderRecord, 'archived' | 'agent'>): Lists {
  return { location: ro.archived ? 'archived' : 'board', agent: !ro.archived && ro.agent ? ro.agent.id : null };
}

const locationScope = (companyId: string, locationId: string, list: ListName) => `${companyId}#LOCATION#${locationId}#ROS#${list}`;
const agentScope = (companyId: string, locationId: string, agentId: string) => `${companyId}#LOCATION#${locationId}#AGENT#${agentId}#ROS`;

export function repairOrderItem(ro: RepairOrderRecord): Item<RepairOrderRecord> {
  const lists = listsOf(ro);
  const sort = repairOrderKeys.activitySort(ro.activity_at, ro.id);
  const { gsi1pk } = repairOrderKeys.repairOrdersOfLocation(ro.company_id, ro.location_id, lists.location);
  return {
    ...repairOrderKeys.repairOrder(ro.company_id, ro.id),
    // gsi3 mirrors the store's lists keys-only, so deep pages skip cheaply (readPageByKeys).
    gsi1pk,
    gsi1sk: sort,
    gsi3pk: gsi1pk,
    gsi3sk: sort,
    ...(lists.agent ? { ...repairOrderKeys.repairOrdersOfAgent(ro.company_id, ro.location_id, lists.agent), gsi2sk: sort } : {}),
    ...ro,
  };
}

function counterWrite(scope: string, delta: number): TransactWrite {
  return {
    Update: {
      Key: repairOrderKeys.listCount(scope),
      UpdateExpression: 'ADD #n :d',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

/** Counter moves between the lists `before` and `after` are on. */
function counterWrites(companyId: string, locationId: string, before: Lists | null, after: Lists): TransactWrite[] {
  const deltas = new Map<string, number>();
  const add = (scope: string, d: number) => deltas.set(scope, (deltas.get(scope) ?? 0) + d);
  if (before) {
    add(locationScope(companyId, locationId, before.location), -1);
    if (before.agent) add(agentScope(companyId, locationId, before.agent), -1);
  }
  add(locationScope(companyId, locationId, after.location), 1);
  if (after.agent) add(agentScope(companyId, locationId, after.agent), 1);
  return [...deltas].filter(([, d]) => d !== 0).map(([scope, d]) => counterWrite(scope, d));
}

/** The counter scopes of the lists an order is on (bulk loaders add these up themselves). */
export function countScopesOf(ro: RepairOrderRecord): string[] {
  const lists = listsOf(ro);
  return [locationScope(ro.company_id, ro.location_id, lists.location), ...(lists.agent ? [agentScope(ro.company_id, ro.location_id, lists.agent)] : [])];
}

export function customerLinkItem(ro: RepairOrderRecord) {
  const { pk, skPrefix } = repairOrderKeys.repairOrdersOfCustomer(ro.company_id, ro.customer_id);
  return {
    pk,
    sk: `${skPrefix}${ro.opened_at}#${ro.id}`,
    repair_order_id: ro.id,
    location_id: ro.location_id,
    opened_at: ro.opened_at,
    closed: ro.closed,
    archived: ro.archived,
  };
}

function customerLink(ro: RepairOrderRecord): TransactWrite {
  return { Put: { Item: customerLinkItem(ro) } };
}

/**
 * Writes `next` (version already bumped by the caller, 1 for a new order). Throws a `conflict`
 * domain error (repair_order_changed) when another writer got there first; `updateRepairOrder` retries on it.
 */
export async function saveRepairOrder(next: RepairOrderRecord, previous: RepairOrderRecord | null): Promise<void> {
  const writes: TransactWrite[] = [
    {
      Put: {
        Item: repairOrderItem(next),
        ...(previous
          ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    ...counterWrites(next.company_id, next.location_id, previous ? listsOf(previous) : null, listsOf(next)),
  ];
  const linkChanged =
    !previous ||
    previous.customer_id !== next.customer_id ||
    previous.closed !== next.closed ||
    previous.archived !== next.archived ||
    previous.opened_at !== next.opened_at;
  if (linkChanged) writes.push(customerLink(next));
  const shelf = shelfWrite(next, previous);
  if (shelf) writes.push(shelf);
  if (previous && (previous.customer_id !== next.customer_id || previous.opened_at !== next.opened_at)) {
    const old = repairOrderKeys.repairOrdersOfCustomer(previous.company_id, previous.customer_id);
    writes.push({ Delete: { Key: { pk: old.pk, sk: `${old.skPrefix}${previous.opened_at}#${previous.id}` } } });
  }
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict('repair_order_changed', 'The repair order changed meanwhile; try again');
    throw err;
  }
}

export async function getRepairOrder(companyId: string, roId: string, consistent = false): Promise<RepairOrderRecord | undefined> {
  const item = await getItem<RepairOrderRecord>(repairOrderKeys.repairOrder(companyId, roId), consistent);
  return item && fields(item);
}

/** Several orders by id (missing ones left out), by id. */
export async function getRepairOrders(companyId: string, roIds: string[], consistent = false): Promise<Map<string, RepairOrderRecord>> {
  const items = await batchGet<RepairOrderRecord>(roIds.map((id) => repairOrderKeys.repairOrder(companyId, id)), consistent);
  return new Map(items.map((item) => [item.id, fields(item)]));
}

export async function requireRepairOrder(companyId: string, roId: string, consistent = false): Promise<RepairOrderRecord> {
  const ro = await getRepairOrder(companyId, roId, consistent);
  if (!ro) throw notFound('Repair order not found');
  return ro;
}

/** Changes the order as it is now, read again and retried on a conflict (see updateVersioned). */
export async function updateRepairOrder(
  companyId: string,
  roId: string,
  change: (ro: RepairOrderRecord) => Partial<RepairOrderRecord> | null,
): Promise<VersionedUpdate<RepairOrderRecord>> {
  return updateVersioned(
    {
      read: () => requireRepairOrder(companyId, roId, true),
      save: saveRepairOrder,
      isConflict: (err) => err instanceof DomainError && err.id === 'repair_order_changed',
    },
    change,
  );
}

/**
 * The thread moved: a message was added at `at`. One update (no read first), so messages never
 * wait on or fail with other writers; the version bump makes a concurrent save retry.
 */
export function bumpWrite(ro: RepairOrderRecord, at: string, inbound: boolean): TransactWrite {
  const sort = repairOrderKeys.activitySort(at, ro.id);
  return {
    Update: {
      Key: repairOrderKeys.repairOrder(ro.company_id, ro.id),
      UpdateExpression:
        'SET activity_at = :at, message_thread.bumped_at = :at, gsi1sk = :sort, gsi2sk = :sort, gsi3sk = :sort' +
        (inbound ? ', last_inbound_at = :at' : '') +
        ' ADD metadata.message_count :one, version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':sort': sort, ':one': 1 },
    },
  };
}

async function listCount(scope: string): Promise<number> {
  const item = await getItem<{ count: number }>(repairOrderKeys.listCount(scope));
  return Math.max(0, item?.count ?? 0);
}

export interface RecordPage {
  records: RepairOrderRecord[];
  total: number;
}

export async function repairOrdersOfLocation(companyId: string, locationId: string, list: ListName, offset: number, limit: number): Promise<RecordPage> {
  const pk = repairOrderKeys.repairOrdersOfLocation(companyId, locationId, list).gsi1pk;
  // The first page is one query; deeper pages skip on the keys-only mirror instead of reading
  // every item before the offset.
  const page =
    offset === 0
      ? readPage<RepairOrderRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, 0, limit)
      : readPageByKeys<RepairOrderRecord>({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, offset, limit);
  const [items, total] = await Promise.all([
    page,
    listCount(locationScope(companyId, locationId, list)),
  ]);
  return { records: items.map(fields), total };
}

export async function repairOrdersOfAgent(companyId: string, agentId: string, locationId: string, offset: number, limit: number): Promise<RecordPage> {
  const [items, total] = await Promise.all([
    readPage<RepairOrderRecord>(
      {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': repairOrderKeys.repairOrdersOfAgent(companyId, locationId, agentId).gsi2pk },
        ScanIndexForward: false,
      },
      offset,
      limit,
    ),
    listCount(agentScope(companyId, locationId, agentId)),
  ]);
  return { records: items.map(fields), total };
}

/** What the tidy-up needs of an order to decide whether to close or archive it. */
export type QuietOrder = Pick<RepairOrderRecord, 'id' | 'activity_at' | 'closed' | 'closed_at' | 'archived'>;

/** Orders on the location's board with no activity since `cutoff` (the board index: `gsi1sk < cutoff`), just the fields housekeeping decides on. */
export async function quietOrdersOfLocation(companyId: string, locationId: string, cutoff: string): Promise<QuietOrder[]> {
  return queryAll<QuietOrder>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff',
    ExpressionAttributeValues: { ':pk': repairOrderKeys.repairOrdersOfLocation(companyId, locationId, 'board').gsi1pk, ':cutoff': cutoff },
    ProjectionExpression: '#id, activity_at, #closed, closed_at, #archived',
    ExpressionAttributeNames: { '#id': 'id', '#closed': 'closed', '#archived': 'archived' },
  });
}

/** Older or closed orders of the customer, newest first: where an inbound text is threaded. */
export async function repairOrderLinksOfCustomer(
  companyId: string,
  customerId: string,
): Promise<{ repair_order_id: string; location_id: string; opened_at: string; closed: boolean; archived: boolean }[]> {
  const key = repairOrderKeys.repairOrdersOfCustomer(companyId, customerId);
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
    ScanIndexForward: false,
  });
}

/** Who routes an order to the agent asking (their away colleague, functions/messages/away.ts), or null. */
export type RoutedFrom = (ro: RepairOrderRecord) => AgentRef | null;
const notRouted: RoutedFrom = () => null;

export function repairOrderView(ro: RepairOrderRecord, customer: Customer, unread: boolean, routedFrom: RoutedFrom = notRouted): RepairOrder {
  const {
    company_id: _c,
    customer_id: _ci,
    dms_ro_id: _d,
    activity_at: _a,
    last_inbound_at: _l,
    created_at: _cr,
    updated_at: _u,
    version: _v,
    ...rest
  } = ro;
  return { ...rest, customer, is_unread: unread, routed_from: routedFrom(ro) };
}

/** The API view of several orders for one agent: customers and read marks joined in two batch reads. */
export async function repairOrderViews(companyId: string, agentId: string, records: RepairOrderRecord[], routedFrom: RoutedFrom = notRouted): Promise<RepairOrder[]> {
  if (records.length === 0) return [];
  const [customers, marks] = await Promise.all([
    getCustomers(companyId, [...new Set(records.map((r) => r.customer_id))]),
    readMarksOf(companyId, agentId, 'repair_order', records.map((r) => r.id)),
  ]);
  return records.flatMap((ro) => {
    const customer = customers.get(ro.customer_id);
    if (!customer) return [];
    return [repairOrderView(ro, customerView(customer), isUnread(ro, marks.get(ro.id)), routedFrom)];
  });
}

export async function repairOrderViewFor(companyId: string, agentId: string, ro: RepairOrderRecord, customer?: CustomerRecord, routedFrom: RoutedFrom = notRouted): Promise<RepairOrder> {
  if (customer) {
    const marks = await readMarksOf(companyId, agentId, 'repair_order', [ro.id]);
    return repairOrderView(ro, customerView(customer), isUnread(ro, marks.get(ro.id)), routedFrom);
  }
  const [view] = await repairOrderViews(companyId, agentId, [ro], routedFrom);
  if (!view) throw notFound('Repair order not found');
  return view;
}
