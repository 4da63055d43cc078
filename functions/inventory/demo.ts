/**
 * The inventory board's part of the demo dealership (functions/inventory/board.ts `local.demo`):
 * each Demo Motors store's inventory texting number, and orders of vehicles and parts. At South
 * most are held by Owen Harris (inventory@demo.example), one by the company admin (so his inbox and
 * the admin's "all" differ); at North a couple held by the manager. Some have a past conversation,
 * one unread; Harriet Cole's number was a cell when it was last checked but is a landline now, so
 * the text Owen sends her once the stack answers (`afterStart`) comes back not sent, and her
 * order's "Resend" can be tried. Ids derive from the demo's names, so a seed cut short and redone
 * writes nothing twice.
 */
import { monotonicFactory } from 'ulid';
import { completeSettings } from '../../shared/schemas/settings.js';
import type { ItemKind } from '../../shared/inventory/orders.js';
import { getAgent, agentRef } from '../lib/agents.js';
import { withOptOutLine } from '../lib/customerTexts.js';
import { derivedId } from '../lib/ids.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { saveRecordTakingNumber } from '../customers/consent.js';
import { getCustomer, newCustomerRecord, saveCustomer, type CustomerRecord } from '../customers/records.js';
import { writeReadMark } from '../messages/readMarks.js';
import { appendMessage, newMessage } from '../messages/records.js';
import { sendFromAgent } from '../messages/send.js';
import { orderOwner } from './orderOwner.js';
import { newOrderRecord } from './orders.js';
import { getOrder, OrderChanged, saveOrder, type InventoryOrderRecord } from './records.js';

const COMPANY = 'cmp_demo';
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const nextUlid = monotonicFactory();

/** Each store's inventory texting number: its orders text from it (business_information.texting_numbers.inventory). */
export const INVENTORY_NUMBERS: Record<string, string> = { loc_demo_north: '+16175550125', loc_demo_south: '+12145550125' };

type Line = [direction: 'in' | 'out', minutesAgo: number, text: string];

export interface DemoInventoryOrder {
  key: string;
  locationId: 'loc_demo_north' | 'loc_demo_south';
  holder: 'agt_inventory' | 'agt_admin' | 'agt_manager';
  customer: { first: string; last: string; cell: string; email: string };
  item: [kind: ItemKind, description: string, stock: string];
  addedMinutesAgo: number;
  texts: Line[];
  unread?: boolean;
  /** The number is a landline now, though it was a cell when it was last checked: the text sent after the start fails. */
  landline?: boolean;
  /** What this order shows, for the README's table. */
  shows: string;
}

const SOUTH = 'loc_demo_south';
const NORTH = 'loc_demo_north';

/** One demo order: who for (their e-mail follows from the name), what, held by whom, added how long ago, and what it shows. */
function demoOrder(
  key: string,
  where: [locationId: DemoInventoryOrder['locationId'], holder: DemoInventoryOrder['holder']],
  who: [first: string, last: string, email: string, cell: string],
  item: DemoInventoryOrder['item'],
  addedMinutesAgo: number,
  rest: Pick<DemoInventoryOrder, 'shows'> & Partial<Pick<DemoInventoryOrder, 'texts' | 'unread' | 'landline'>>,
): DemoInventoryOrder {
  const [first, last, email, cell] = who;
  return { key, locationId: where[0], holder: where[1], customer: { first, last, cell, email: `${email}@example.com` }, item, addedMinutesAgo, texts: [], ...rest };
}

export const DEMO_INVENTORY_ORDERS: DemoInventoryOrder[] = [
  demoOrder('south-rav4', [SOUTH, 'agt_inventory'], ['Lucía', 'Fernández', 'lucia.fernandez', '+12145551301'], ['vehicle', '2024 Toyota RAV4 XLE, Wind Chill Pearl', 'T24-0317'], 300, {
    texts: [
      ['out', 290, 'Hi Lucía, this is Owen at Demo Motors South. The white RAV4 XLE you asked about (stock T24-0317) is on the lot. Would you like to come in for a test drive?'],
      ['in', 25, 'Yes please! Could I come Saturday morning?'],
    ],
    unread: true,
    shows: 'a vehicle, unread reply',
  }),
  demoOrder('south-mats', [SOUTH, 'agt_inventory'], ['Derek', 'Simmons', 'derek.simmons', '+12145551302'], ['part', 'All-weather floor mats, Ford F-150 SuperCrew', 'P-88412'], 2900, {
    texts: [
      ['out', 2890, 'Hi Derek, Owen from Demo Motors South. Your F-150 floor mats are ordered and should be here Thursday.'],
      ['in', 2700, 'Great, thanks Owen.'],
    ],
    shows: 'a part, conversation read',
  }),
  demoOrder('south-accord', [SOUTH, 'agt_inventory'], ['Harriet', 'Cole', 'harriet.cole', '+12145550177'], ['vehicle', '2023 Honda Accord Sport, Meteoroid Gray', 'H23-1108'], 90, {
    landline: true,
    shows: 'a text that came back not sent (landline): Resend',
  }),
  demoOrder('south-crossbars', [SOUTH, 'agt_inventory'], ['Marcus', 'Webb', 'marcus.webb', '+12145551303'], ['part', 'Roof rack crossbars, Subaru Outback 2022', 'P-55120'], 15, {
    shows: 'a new order, no text yet',
  }),
  demoOrder('south-mach-e', [SOUTH, 'agt_admin'], ['Priscilla', 'Nguyen', 'priscilla.nguyen', '+12145551304'], ['vehicle', '2022 Ford Mustang Mach-E Premium', 'F22-0921'], 1500, {
    texts: [['out', 1490, 'Hi Priscilla, Dana from Demo Motors South. The Mach-E is reserved for you until Friday.']],
    shows: "held by the company admin: in the store's list, not in Owen's inbox",
  }),
  demoOrder('north-wrangler', [NORTH, 'agt_manager'], ['Ethan', 'Brooks', 'ethan.brooks', '+16175551301'], ['vehicle', '2021 Jeep Wrangler Sahara, Sarge Green', 'J21-4410'], 600, {
    texts: [
      ['out', 590, 'Hi Ethan, Marcus at Demo Motors North. The Wrangler Sahara came in this morning. Want me to hold it for you?'],
      ['in', 560, 'Yes, hold it until Monday please.'],
    ],
    shows: 'North: a vehicle held by the manager',
  }),
  demoOrder('north-hitch', [NORTH, 'agt_manager'], ['Nora', 'Patel', 'nora.patel', '+16175551302'], ['part', 'Class III trailer hitch receiver, Honda Pilot', 'P-30417'], 45, {
    shows: 'North: a part, no text yet',
  }),
];

const dealerships: Record<string, string> = { loc_demo_north: 'Demo Motors North', loc_demo_south: 'Demo Motors South' };
const orderIdOf = (order: DemoInventoryOrder) => derivedId('inv', COMPANY, order.locationId, 'demo', order.key);

/** The store's inventory number, next to the numbers its other boards use. */
async function inventoryNumber(locationId: string): Promise<void> {
  const info = await readSettings(COMPANY, locationId, 'business_information');
  if (info.texting_numbers.inventory) return;
  await writeSettings(COMPANY, locationId, 'business_information', completeSettings('business_information', { ...info, texting_numbers: { ...info.texting_numbers, inventory: INVENTORY_NUMBERS[locationId] } }), 'seed');
}

async function demoCustomer(order: DemoInventoryOrder, now: number): Promise<CustomerRecord> {
  const id = derivedId('cus', COMPANY, order.locationId, 'inventory-demo', order.key);
  const existing = await getCustomer(COMPANY, id, true);
  if (existing) return existing;
  const at = iso(now - order.addedMinutesAgo * MINUTE);
  return saveRecordTakingNumber(
    {
      ...newCustomerRecord({ id, companyId: COMPANY, locationId: order.locationId, dmsCustomerId: null, now: at }),
      first_name: order.customer.first,
      last_name: order.customer.last,
      email: order.customer.email,
      phones: { cell: order.customer.cell, work: null, alternate: null },
      // What the carrier said when the number was checked (Harriet's was a cell then).
      carrier: { type: 'mobile', checked_at: at },
      version: 1,
    },
    undefined,
  );
}

/** The past conversation, as the carrier delivered it; the first text carries the opt-out notice. */
async function pastTexts(order: DemoInventoryOrder, record: InventoryOrderRecord, customer: CustomerRecord, now: number): Promise<void> {
  const holder = await getAgent(COMPANY, order.holder);
  const from = INVENTORY_NUMBERS[order.locationId]!;
  let owner = orderOwner(record);
  for (const [i, [direction, minutesAgo, text]] of order.texts.entries()) {
    const at = now - minutesAgo * MINUTE;
    const outbound = direction === 'out';
    const message = newMessage(owner, {
      // Time-ordered by when it was sent, as if the conversation had happened then.
      id: `msg_${nextUlid(at).toLowerCase()}`,
      direction: outbound ? 'outbound' : 'inbound',
      text: outbound && i === 0 ? withOptOutLine(text, null, dealerships[order.locationId]!) : text,
      at: iso(at),
      agent: outbound && holder ? agentRef(holder) : null,
      status: outbound ? 'delivered' : null,
      statusAt: outbound ? iso(at + 4000) : null,
      from: outbound ? from : customer.phones.cell,
      to: outbound ? customer.phones.cell : from,
    });
    await appendMessage(owner, message);
    owner = orderOwner((await getOrder(COMPANY, record.id, true)) ?? record);
  }
  if (order.texts.some(([direction]) => direction === 'out')) {
    await saveCustomer({ ...customer, opt_notice_sent_at: iso(now - order.texts[0]![1] * MINUTE), version: customer.version + 1, updated_at: iso(now) });
  }
}

async function seedOrder(order: DemoInventoryOrder, now: number): Promise<void> {
  const customer = await demoCustomer(order, now);
  const holder = await getAgent(COMPANY, order.holder);
  const [item_kind, description, stock_number] = order.item;
  const record = newOrderRecord(
    { id: orderIdOf(order), company_id: COMPANY, location_id: order.locationId, customer_id: customer.id, agent: holder ? agentRef(holder) : null },
    { item_kind, description, stock_number },
    iso(now - order.addedMinutesAgo * MINUTE),
  );
  try {
    await saveOrder(record, null);
  } catch (err) {
    // Written by a seed that was cut short: its texts are there too, or written below when not.
    if (!(err instanceof OrderChanged)) throw err;
  }
  const stored = (await getOrder(COMPANY, record.id, true)) ?? record;
  if (stored.message_count === 0 && order.texts.length > 0) await pastTexts(order, stored, customer, now);
  // Whoever sees the order has read it, but for the conversations left unread.
  if (!order.unread) await Promise.all(['agt_inventory', 'agt_admin', 'agt_manager', order.holder].map((agentId) => writeReadMark(COMPANY, { kind: 'inventory_order', id: record.id }, agentId, false)));
}

export async function seedDemo(now = Date.now()): Promise<number> {
  for (const locationId of Object.keys(INVENTORY_NUMBERS)) await inventoryNumber(locationId);
  for (const order of DEMO_INVENTORY_ORDERS) await seedOrder(order, now);
  return DEMO_INVENTORY_ORDERS.length;
}

/** Once the carrier answers: Owen texts Harriet Cole, whose number turns out a landline (the text comes back not sent). */
export async function afterStart(): Promise<void> {
  const owen = await getAgent(COMPANY, 'agt_inventory');
  for (const order of DEMO_INVENTORY_ORDERS.filter((o) => o.landline)) {
    const record = await getOrder(COMPANY, orderIdOf(order), true);
    if (!owen || !record || record.message_count > 0) continue;
    await sendFromAgent(orderOwner(record), owen, {
      text: `Hi ${order.customer.first}, this is Owen at ${dealerships[order.locationId]}. The ${order.item[1].split(',')[0]} you asked about is ready for a test drive whenever suits you.`,
      attachments: [],
      confirmQuietHours: true,
      requestKey: `demo-${order.key}`,
    });
  }
}
