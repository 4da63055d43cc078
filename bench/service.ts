/**
 * The service board at size: a store with 10,000 repair orders and 100,000 messages (loaded
 * straight into the table with the records' own item builders), then the board's first page, the
 * inbox, a conversation's first page (median, p95 and the DynamoDB capacity each call consumed),
 * and send-to-screen latency: from the advisor's POST of a text to its `message.created` event at
 * a manager's open event stream.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import pLimit from 'p-limit';
import { customerItem, type CustomerRecord } from '../functions/customers/records.js';
import { config } from '../functions/lib/config.js';
import { newId } from '../functions/lib/ids.js';
import { keys } from '../functions/lib/keys.js';
import { db, updateItem } from '../functions/lib/table.js';
import { messageItem, newMessage, type MessageRecord } from '../functions/messages/records.js';
import { countScopesOf, customerLinkItem, newRepairOrder, repairOrderItem, type RepairOrderRecord } from '../functions/repairOrders/records.js';
import { repairOrderOwner } from '../functions/repairOrders/owner.js';
import { readFrames } from '../test/support/sse.js';
import { repairOrderKeys } from '../functions/repairOrders/records.js';

export const REPAIR_ORDERS = Number(process.env.BENCH_REPAIR_ORDERS ?? 10_000);
export const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
/** Orders still on the board; the rest are closed and archived, as at a store after two years. */
const ON_BOARD = Math.min(REPAIR_ORDERS, 1_000);
/** One long conversation (a fleet customer), the rest share the remaining messages. */
const LONG_THREAD = Math.min(1_000, Math.floor(MESSAGES / 10));

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };
const OTHER_ADVISORS = [
  { id: 'agt_bench_1', first_name: 'Alex', last_name: 'Moreno' },
  { id: 'agt_bench_2', first_name: 'Jo', last_name: 'Fischer' },
  { id: 'agt_bench_3', first_name: 'Sam', last_name: 'Okafor' },
];

async function writeAll(items: object[]): Promise<void> {
  const limit = pLimit(8);
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await Promise.all(
    batches.map((batch) =>
      limit(async () => {
        let pending = batch.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 10) throw new Error('DynamoDB Local kept items unprocessed');
          const out = await db().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: pending } }));
          pending = (out.UnprocessedItems?.[config.tableName] ?? []) as typeof pending;
          if (pending.length > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
        }
      }),
    ),
  );
}

export interface SeededStore {
  longThreadRo: string;
  typicalRo: string;
  /** Orders on the board assigned to the demo advisor, whose customers are opted in (for sending). */
  sendableRos: string[];
  seconds: number;
}

/** Loads the store: customers, orders with their customer links and list counters, messages. */
export async function seedLargeStore(): Promise<SeededStore> {
  const started = performance.now();
  const now = Date.now();
  const day = 86_400_000;
  const customers: CustomerRecord[] = [];
  const orders: RepairOrderRecord[] = [];
  const counts = new Map<string, number>();
  for (let i = 0; i < REPAIR_ORDERS; i++) {
    // Newest first: the first ON_BOARD orders are this week's and still on the board.
    const onBoard = i < ON_BOARD;
    const openedAt = new Date(onBoard ? now - (i / ON_BOARD) * 7 * day : now - 7 * day - ((i - ON_BOARD) / REPAIR_ORDERS) * 720 * day).toISOString();
    const stamp = openedAt;
    const customer: CustomerRecord = {
      id: newId('cus'),
      location_id: LOCATION,
      dms_customer_id: `B${i}`,
      first_name: `Bench${i}`,
      middle_name: '',
      last_name: `Customer${i % 997}`,
      opt_in: 'in',
      opt_metadata: { initiator: 'dms', opcode: null, timestamp: stamp, agent: null },
      blocked_at: null,
      carrier: { type: 'mobile' },
      phones: { cell: `+1617${String(300 + (i % 600)).padStart(3, '0')}${String(3000 + (i % 7000)).padStart(4, '0')}`, work: null, alternate: null },
      email: null,
      address: null,
      alternate_contacts: [],
      default_contact: 'cell',
      language: null,
      company_id: COMPANY,
      opt_notice_sent_at: stamp,
      opt_in_requested_at: null,
      created_at: stamp,
      updated_at: stamp,
      version: 1,
    };
    const id = newId('ro');
    const agent = onBoard && i % 3 === 0 ? ADVISOR : OTHER_ADVISORS[i % OTHER_ADVISORS.length]!;
    const ro = newRepairOrder(
      { id, ro_id: String(500000 + i), company_id: COMPANY, location_id: LOCATION, customer, opened_at: openedAt },
      {
        vehicle: { make: 'Toyota', model: 'Camry', year: 2019 + (i % 6), vin: null, mileage: 20000 + i },
        promise_time: new Date(Date.parse(openedAt) + 8 * 3600_000).toISOString(),
        closed: !onBoard,
        closed_at: onBoard ? null : new Date(Date.parse(openedAt) + day).toISOString(),
        archived: !onBoard,
        archived_at: onBoard ? null : new Date(Date.parse(openedAt) + 8 * day).toISOString(),
        vehicle_ready: !onBoard,
        agent,
        custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: onBoard ? 'I' : 'B' },
        metadata: { dms_status: onBoard ? 'open' : 'closed', opcodes: [], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 },
        dms_ro_id: `B${i}`,
      },
      openedAt,
    );
    customers.push(customer);
    orders.push(ro);
    for (const scope of countScopesOf(ro)) counts.set(scope, (counts.get(scope) ?? 0) + 1);
  }

  const messages: MessageRecord[] = [];
  const spread = (n: number) => (n === 0 ? LONG_THREAD : Math.floor((MESSAGES - LONG_THREAD) / REPAIR_ORDERS) + (n <= (MESSAGES - LONG_THREAD) % REPAIR_ORDERS ? 1 : 0));
  orders.forEach((ro, n) => {
    const count = spread(n);
    const opened = Date.parse(ro.opened_at);
    for (let k = 0; k < count; k++) {
      const at = new Date(opened + (k + 1) * 60_000).toISOString();
      const inbound = k % 2 === 1;
      messages.push(
        newMessage(repairOrderOwner(ro), {
          direction: inbound ? 'inbound' : 'outbound',
          text: inbound ? 'Thanks, see you at five.' : `Update ${k + 1} on your ${ro.vehicle.make}: the technician is on it.`,
          at,
          agent: inbound ? null : ro.agent,
          status: inbound ? null : 'delivered',
          statusAt: at,
          from: inbound ? customers[n]!.phones.cell : '+16175550123',
          to: inbound ? '+16175550123' : customers[n]!.phones.cell,
        }),
      );
      ro.metadata.message_count += 1;
      ro.activity_at = at;
      ro.message_thread.bumped_at = at;
      if (inbound) ro.last_inbound_at = at;
    }
  });

  await writeAll(customers.map((c) => customerItem(c)));
  await writeAll(orders.flatMap((ro) => [repairOrderItem(ro), customerLinkItem(ro)]));
  await writeAll(messages.map((m) => messageItem(m)));
  for (const [scope, count] of counts) {
    await updateItem({ Key: repairOrderKeys.listCount(scope), UpdateExpression: 'ADD #n :d', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':d': count } });
  }
  const sendable = orders.filter((ro) => !ro.archived && ro.agent?.id === ADVISOR.id).slice(0, 60).map((ro) => ro.id);
  return { longThreadRo: orders[0]!.id, typicalRo: orders[Math.floor(ON_BOARD / 2)]!.id, sendableRos: sendable, seconds: (performance.now() - started) / 1000 };
}

export interface Capacity {
  read: number;
  write: number;
  calls: number;
}

export function capacityOf(res: Response): Capacity {
  const header = res.headers.get('x-consumed-capacity') ?? '';
  const part = (name: string) => Number(new RegExp(`${name}=([\\d.]+)`).exec(header)?.[1] ?? Number.NaN);
  return { read: part('read'), write: part('write'), calls: part('calls') };
}

/** A minimal SSE reader over fetch: calls `onEvent` for each frame until aborted. */
export async function openEventStream(url: string, ticket: string, onEvent: (type: string, data: unknown, id: string | undefined) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(`${url}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${ticket}` }, signal });
  if (!res.ok || !res.body) throw new Error(`event stream: ${res.status}`);
  // Aborted by the caller when it is done.
  void readFrames(res.body, (frame) => void onEvent(frame.event, frame.data, frame.id)).catch(() => undefined);
}
