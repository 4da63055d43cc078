/**
 * The payment request store (docs/data-model.md "Text-to-pay"): the only code that knows its keys.
 *
 * - A request: `COMPANY#c#RO#ro#PAYMENTS` / `REQUEST#<created>#<id>`: a repair order's requests in
 *   its own partition, newest last (the order's current one is the newest).
 * - The order's open request: `…#PAYMENTS` / `OPEN`, written with the request in one transaction on
 *   the condition that none is open, so two advisors pressing at once make one request; it goes
 *   when the request is settled (paid, cancelled, expired).
 * - A customer's requests: gsi1 `COMPANY#c#CUSTOMER#cust#PAYMENTS` by creation.
 * - Work due (gsi2, sparse): `PAYMENTS#DUE` by the moment: a request waiting for the gateway's word
 *   (the reconciliation job asks about it) and an order's auto-send after the DMS pre-invoiced it.
 * - The customer's link: `PAYTOKEN#<token>` names the request (unguessable, 256 bits).
 */
import { randomBytes } from 'node:crypto';
import type { PaymentAmounts, PaymentProvider, PaymentRequest, PaymentState } from '../../shared/payments/payments.js';
import { isSettled } from '../../shared/payments/payments.js';
import { conflict } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { fields, getItem, isConditionFailure, putItem, queryAll, readPage, readPageByKeys, transactWrite, updateItem, type Item, type Page, type TransactWrite } from '../lib/table.js';
import { MAY_MOVE_FROM } from './states.js';
import { RECEIPT_EMAILS_MAX } from '../../shared/payments/visit.js';

export interface GatewayCheckout {
  /** The gateway's checkout (a Stripe Checkout Session id). */
  session_id: string;
  url: string;
  expires_at: string;
  /** How many checkouts this request has had (a new one after the last expired): the idempotency key's counter. */
  attempt: number;
}

export interface PaymentRequestRecord extends PaymentRequest {
  company_id: string;
  /** The connected account the checkout was made on. */
  account: string;
  currency: string;
  token: string;
  checkout: GatewayCheckout | null;
  /** The gateway event time (unix seconds) of the last state it reported: an older report changes nothing. */
  gateway_at: number;
  /** When the reconciliation job asks the gateway next (null: settled or queued). */
  reconcile_at: string | null;
  /** The receipt e-mailed from the visit page, oldest first (at most RECEIPT_EMAILS_MAX); absent before the first. */
  receipt_emails?: ReceiptEmailEntry[];
}

export interface ReceiptEmailEntry {
  id: string;
  /** The address the customer typed, and the payer's name the e-mail carries. */
  to: string;
  name: string;
  at: string;
}

export interface AutoSendRecord {
  company_id: string;
  location_id: string;
  repair_order_id: string;
  due_at: string;
}

const DUE = 'PAYMENTS#DUE';
export const paymentKeys = {
  partition: (companyId: string, roId: string) => `COMPANY#${companyId}#RO#${roId}#PAYMENTS`,
  request: (r: Pick<PaymentRequestRecord, 'company_id' | 'repair_order_id' | 'created_at' | 'id'>) => ({
    pk: paymentKeys.partition(r.company_id, r.repair_order_id),
    sk: `REQUEST#${r.created_at}#${r.id}`,
  }),
  open: (companyId: string, roId: string) => ({ pk: paymentKeys.partition(companyId, roId), sk: 'OPEN' }),
  autoSend: (companyId: string, roId: string) => ({ pk: paymentKeys.partition(companyId, roId), sk: 'AUTO_SEND' }),
  /** gsi1: a customer's requests by creation. */
  ofCustomer: (companyId: string, customerId: string) => `COMPANY#${companyId}#CUSTOMER#${customerId}#PAYMENTS`,
  token: (token: string) => ({ pk: `PAYTOKEN#${token}`, sk: 'PAYTOKEN' }),
  /** How many requests a customer has: the list's total without counting the list. */
  customerCount: (companyId: string, customerId: string) => ({ pk: `COUNT#${companyId}#CUSTOMER#${customerId}#PAYMENTS`, sk: 'COUNT' }),
};

/** Whether an item's keys are a payment request's (the table's stream tells every item's change). */
export const isRequestKey = (k: { pk: string; sk: string }): boolean => k.sk.startsWith('REQUEST#') && /^COMPANY#[^#]+#RO#[^#]+#PAYMENTS$/.test(k.pk);

/** The customer's count grows with each request, in the request's own transaction. */
export const customerCountWrite = (companyId: string, customerId: string, by = 1): TransactWrite => ({
  Update: { Key: paymentKeys.customerCount(companyId, customerId), UpdateExpression: 'ADD payments :n', ExpressionAttributeValues: { ':n': by } },
});

const dueKeys = (at: string | null, company: string, roId: string, what: string) => (at ? { gsi2pk: DUE, gsi2sk: `${at}#${company}#${roId}#${what}` } : {});

function requestItem(r: PaymentRequestRecord): Item<PaymentRequestRecord> {
  return {
    ...paymentKeys.request(r),
    ...r,
    gsi1pk: paymentKeys.ofCustomer(r.company_id, r.customer_id),
    gsi1sk: `${r.created_at}#${r.id}`,
    // Mirrored keys-only: a deep page skips its offset on keys alone.
    gsi3pk: paymentKeys.ofCustomer(r.company_id, r.customer_id),
    gsi3sk: `${r.created_at}#${r.id}`,
    ...dueKeys(r.reconcile_at, r.company_id, r.repair_order_id, r.id),
  };
}

export interface NewRequest extends PaymentAmounts {
  company_id: string;
  location_id: string;
  repair_order_id: string;
  ro_id: string;
  customer_id: string;
  provider: PaymentProvider;
  account: string;
  currency: string;
  automatic: boolean;
  requested_by: PaymentRequest['requested_by'];
}

/** Makes the order's one open request (queued), or answers 409 when it already has one. */
export async function createRequest(input: NewRequest, now = new Date().toISOString()): Promise<PaymentRequestRecord> {
  const record: PaymentRequestRecord = {
    ...input,
    id: newId('pay'),
    state: 'queued',
    created_at: now,
    updated_at: now,
    sent_at: null,
    paid_at: null,
    cancelled_at: null,
    reason: null,
    token: randomBytes(32).toString('base64url'),
    checkout: null,
    gateway_at: 0,
    reconcile_at: null,
  };
  const keys = paymentKeys.request(record);
  try {
    await transactWrite([
      { Put: { Item: { ...paymentKeys.open(input.company_id, input.repair_order_id), request_sk: keys.sk, request_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: requestItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { Item: { ...paymentKeys.token(record.token), company_id: record.company_id, repair_order_id: record.repair_order_id, request_sk: keys.sk } } },
      customerCountWrite(input.company_id, input.customer_id),
      // The order's auto-send has nothing left to do once someone asked.
      { Delete: { Key: paymentKeys.autoSend(input.company_id, input.repair_order_id) } },
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict('open_request', 'This repair order already has an open payment request');
    throw err;
  }
  return record;
}

/** The order's newest request (its current one), or undefined. */
export async function latestRequest(companyId: string, roId: string, consistent = true): Promise<PaymentRequestRecord | undefined> {
  const items = await queryAll<PaymentRequestRecord>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': paymentKeys.partition(companyId, roId), ':prefix': 'REQUEST#' },
    ScanIndexForward: false,
    ConsistentRead: consistent,
  });
  return items[0] ? fields(items[0]) : undefined;
}

export async function getRequest(companyId: string, roId: string, requestSk: string): Promise<PaymentRequestRecord | undefined> {
  const item = await getItem<PaymentRequestRecord>({ pk: paymentKeys.partition(companyId, roId), sk: requestSk }, true);
  return item ? fields(item) : undefined;
}

/** The request by its id, within its order (the gateway's metadata names both). */
export async function requestById(companyId: string, roId: string, id: string): Promise<PaymentRequestRecord | undefined> {
  const items = await queryAll<PaymentRequestRecord>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: { ':pk': paymentKeys.partition(companyId, roId), ':prefix': 'REQUEST#', ':id': id },
    ConsistentRead: true,
  });
  return items[0] ? fields(items[0]) : undefined;
}

export async function requestByToken(token: string): Promise<PaymentRequestRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const link = await getItem<{ company_id: string; repair_order_id: string; request_sk: string }>(paymentKeys.token(token));
  return link ? getRequest(link.company_id, link.repair_order_id, link.request_sk) : undefined;
}

/** A customer's requests, newest first (SPEC §7 `GET /api/customers/{id}/payments`): the page on gsi1 (a deep one skips its offset on gsi3's keys), the total from the customer's count. */
export async function requestsOfCustomer(companyId: string, customerId: string, offset: number, limit: number): Promise<Page<PaymentRequestRecord>> {
  const pk = paymentKeys.ofCustomer(companyId, customerId);
  const [items, count] = await Promise.all([
    offset === 0
      ? readPage<PaymentRequestRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, 0, limit)
      : readPageByKeys<PaymentRequestRecord>({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, offset, limit),
    getItem<{ payments?: number }>(paymentKeys.customerCount(companyId, customerId)),
  ]);
  return { items: items.map((i) => fields(i)), total: count?.payments ?? 0, offset, limit };
}

export interface Move {
  to: PaymentState;
  at: string;
  /** The gateway's event time (unix seconds): the write is skipped when a newer report is already in. */
  gatewayAt?: number;
  reason?: string | null;
  reconcileAt?: string | null;
  checkout?: GatewayCheckout;
}

/**
 * Moves a request to `move.to` if it may go there from where it stands now (states.ts), in one
 * conditional write; answers the request after, or null when the condition kept it (already
 * there, settled, or a newer report is in). Settling also frees the order for a new request.
 */
export async function moveRequest(record: PaymentRequestRecord, move: Move): Promise<PaymentRequestRecord | null> {
  const from = MAY_MOVE_FROM[move.to];
  if (from.length === 0) return null;
  const values: Record<string, unknown> = { ':to': move.to, ':at': move.at, ':reason': move.reason ?? null };
  from.forEach((state, i) => (values[`:f${i}`] = state));
  const sets = ['#state = :to', 'updated_at = :at', 'reason = :reason'];
  const removes: string[] = [];
  let condition = `#state IN (${from.map((_, i) => `:f${i}`).join(', ')})`;
  if (move.gatewayAt !== undefined && move.to !== 'paid') {
    condition += ' AND gateway_at <= :gat';
    values[':gat'] = move.gatewayAt;
  }
  if (move.gatewayAt !== undefined) {
    sets.push('gateway_at = :gat');
    values[':gat'] = move.gatewayAt;
  }
  if (move.to === 'sent') sets.push('sent_at = :at');
  if (move.to === 'paid') sets.push('paid_at = :at');
  if (move.to === 'cancelled') sets.push('cancelled_at = :at');
  if (move.checkout) {
    sets.push('checkout = :checkout');
    values[':checkout'] = move.checkout;
  }
  const reconcileAt = isSettled(move.to) ? null : move.reconcileAt === undefined ? record.reconcile_at : move.reconcileAt;
  if (reconcileAt) {
    sets.push('reconcile_at = :rat', 'gsi2pk = :due', 'gsi2sk = :dsk');
    Object.assign(values, { ':rat': reconcileAt, ':due': DUE, ':dsk': `${reconcileAt}#${record.company_id}#${record.repair_order_id}#${record.id}` });
  } else {
    sets.push('reconcile_at = :none');
    values[':none'] = null;
    removes.push('gsi2pk', 'gsi2sk');
  }
  const update = {
    Key: paymentKeys.request(record),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: values,
  };
  try {
    if (isSettled(move.to)) {
      await transactWrite([
        { Update: update },
        // The order may have a new request only once this one is settled.
        { Delete: { Key: paymentKeys.open(record.company_id, record.repair_order_id), ConditionExpression: 'attribute_not_exists(pk) OR request_id = :id', ExpressionAttributeValues: { ':id': record.id } } },
      ]);
      return (await getRequest(record.company_id, record.repair_order_id, paymentKeys.request(record).sk)) ?? null;
    }
    const after = await updateItem<PaymentRequestRecord>(update);
    return after ? fields(after) : null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Takes one of the request's receipt e-mails before it goes, in one conditional write: only a paid
 * request, and only while fewer than RECEIPT_EMAILS_MAX went, so two presses at once never make a
 * fourth. Answers the request after, or why not: `not_paid` or `limit`.
 */
export async function takeReceiptEmail(record: PaymentRequestRecord, entry: ReceiptEmailEntry): Promise<PaymentRequestRecord | 'not_paid' | 'limit'> {
  try {
    const after = await updateItem<PaymentRequestRecord>({
      Key: paymentKeys.request(record),
      UpdateExpression: 'SET receipt_emails = list_append(if_not_exists(receipt_emails, :none), :entry)',
      ConditionExpression: '#state = :paid AND (attribute_not_exists(receipt_emails) OR size(receipt_emails) < :max)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':none': [], ':entry': [entry], ':paid': 'paid', ':max': RECEIPT_EMAILS_MAX },
    });
    if (!after) throw new Error(`payment request ${record.id} answered nothing after its receipt e-mail`);
    return fields(after);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const now = await getRequest(record.company_id, record.repair_order_id, paymentKeys.request(record).sk);
    return now?.state === 'paid' ? 'limit' : 'not_paid';
  }
}

/** Gives back a receipt e-mail that did not go (the mail service refused it), so it does not count. */
export async function giveBackReceiptEmail(record: PaymentRequestRecord, entry: ReceiptEmailEntry): Promise<void> {
  const index = (record.receipt_emails ?? []).findIndex((e) => e.id === entry.id);
  if (index < 0) return;
  try {
    await updateItem({
      Key: paymentKeys.request(record),
      UpdateExpression: `REMOVE receipt_emails[${index}]`,
      // Only the entry this caller took: another may have been added or given back meanwhile.
      ConditionExpression: `receipt_emails[${index}].id = :id`,
      ExpressionAttributeValues: { ':id': entry.id },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** A new checkout on a request that stays where it is (a resend after the last one expired). */
export async function setCheckout(record: PaymentRequestRecord, checkout: GatewayCheckout, at: string): Promise<void> {
  await updateItem({
    Key: paymentKeys.request(record),
    UpdateExpression: 'SET checkout = :c, updated_at = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':c': checkout, ':at': at },
  });
}

/** Starts (or restarts) the order's auto-send: it goes `due_at` unless someone asks first. */
export async function scheduleAutoSend(record: AutoSendRecord): Promise<void> {
  await putItem({ ...paymentKeys.autoSend(record.company_id, record.repair_order_id), ...record, ...dueKeys(record.due_at, record.company_id, record.repair_order_id, 'AUTO_SEND') });
}

export async function getAutoSend(companyId: string, roId: string): Promise<AutoSendRecord | undefined> {
  const item = await getItem<AutoSendRecord>(paymentKeys.autoSend(companyId, roId), true);
  return item ? fields(item) : undefined;
}

/** Takes the auto-send if it is still the one that was due (a change meanwhile restarted it): true when this caller took it. */
export async function claimAutoSend(record: AutoSendRecord): Promise<boolean> {
  try {
    await transactWrite([{ Delete: { Key: paymentKeys.autoSend(record.company_id, record.repair_order_id), ConditionExpression: 'due_at = :due', ExpressionAttributeValues: { ':due': record.due_at } } }]);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export type DueWork = { kind: 'auto_send'; record: AutoSendRecord } | { kind: 'reconcile'; record: PaymentRequestRecord };

/** What is due by `now`, across companies (the payments job), oldest first. */
export async function dueWork(now: string, limit = 100): Promise<DueWork[]> {
  const items = await readPage<AutoSendRecord | PaymentRequestRecord>(
    { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now', ExpressionAttributeValues: { ':pk': DUE, ':now': `${now}#~` } },
    0,
    limit,
  );
  return items.map((item): DueWork =>
    item.sk === 'AUTO_SEND' ? { kind: 'auto_send', record: fields(item) as AutoSendRecord } : { kind: 'reconcile', record: fields(item) as PaymentRequestRecord },
  );
}

/** Seeds and the bench: requests written as they would stand, in batches (no open marker). */
export function seededRequestItem(record: PaymentRequestRecord): Item<PaymentRequestRecord> {
  return requestItem(record);
}
export const seededTokenItem = (record: PaymentRequestRecord) => ({ ...paymentKeys.token(record.token), company_id: record.company_id, repair_order_id: record.repair_order_id, request_sk: paymentKeys.request(record).sk });

/** The gateway has nothing new: ask again at `at`, while the request still stands where it stood. */
export async function rescheduleReconcile(record: PaymentRequestRecord, at: string): Promise<void> {
  try {
    await updateItem({
      Key: paymentKeys.request(record),
      UpdateExpression: 'SET reconcile_at = :at, gsi2pk = :due, gsi2sk = :dsk',
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':at': at, ':due': DUE, ':dsk': `${at}#${record.company_id}#${record.repair_order_id}#${record.id}`, ':state': record.state },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** A manager's account connection under way: the flow's `state`, good for an hour, used once. */
export interface PendingConnection {
  company_id: string;
  location_id: string;
  agent_id: string;
}
const connectionKey = (state: string) => ({ pk: `PAYCONNECT#${state}`, sk: 'PAYCONNECT' });

export async function startConnection(pending: PendingConnection): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  await putItem({ ...connectionKey(state), ...pending, expires_at: Math.floor(Date.now() / 1000) + 3600 });
  return state;
}

/** The connection the state names, taken once (a replayed callback finds nothing). */
export async function takeConnection(state: string): Promise<PendingConnection | undefined> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(state)) return undefined;
  const item = await getItem<PendingConnection>(connectionKey(state), true);
  if (!item) return undefined;
  try {
    await transactWrite([{ Delete: { Key: connectionKey(state), ConditionExpression: 'attribute_exists(pk)' } }]);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
  return { company_id: item.company_id, location_id: item.location_id, agent_id: item.agent_id };
}
