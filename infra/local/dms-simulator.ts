/**
 * A dealer-management system for the local stack, so the demo board lives: every ~45 s
 * (SIM_INTERVAL_MS) it opens a repair order at one of the demo stores for a new or returning
 * customer, and moves the orders it opened along — estimate, in progress, complete (the Tech
 * Status column), then pre-invoiced, invoiced (the automated vehicle-ready text goes out) and
 * closed by the DMS — over a few minutes. It talks to the console only as a DMS does: the ingest
 * API over HTTP with each store's API key. It never touches an order a person archived, and leaves
 * the seeded demo orders alone (they show fixed cases). Now and then it also books an appointment
 * for a new or returning customer in the next few days, inside store hours, and sometimes cancels
 * one of those a few rounds later, through the same API's appointments route.
 *
 * Part of `npm start` (DMS_SIMULATOR=off turns it off); off in tests unless a test starts it.
 * Its keys, the orders it is moving and the cancellations it has planned persist in DATA_DIR/dms-simulator.json. With a `seed`, the
 * same run of ticks makes the same orders (tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { DmsAppointment, DmsRepairOrder } from '../../shared/schemas/dms.js';
import type { WorkOrderStatusCode } from '../../shared/repairOrders/repairOrders.js';
import { createDmsKey, findDmsKey } from '../../functions/dms/keys.js';
import { dmsRecordId } from '../../functions/lib/ids.js';
import { getRepairOrder } from '../../functions/repairOrders/records.js';
import { DEMO_LOCATIONS } from './demo.js';
import { DEMO_STORES, NORTH_ORDERS, RIVAL_ORDERS, SOUTH_ORDERS, type DemoOrder } from './demo-service.js';

export const DEFAULT_INTERVAL_MS = 45_000;
/** Orders the simulator keeps moving at once per store: enough to watch, not enough to bury the board. */
const OPEN_PER_STORE = 8;
/** Each tick, an order moves on with this chance: the six steps take a few minutes. */
const ADVANCE_CHANCE = 0.5;
/** Each tick, an appointment is booked with this chance: a few an hour, at 45 s a tick. */
const BOOK_CHANCE = 0.3;
/** A booked appointment is later cancelled with this chance, this many ticks on at most. */
const CANCEL_CHANCE = 0.2;
const CANCEL_WITHIN_TICKS = 8;

export interface DmsSimulatorOptions {
  /** Origin of the console the feed is posted to. */
  baseUrl: string;
  /** Where the keys and open orders persist between runs; null keeps them in memory. */
  dataDir: string | null;
  /** Between ticks; default SIM_INTERVAL_MS or 45 s. 0 runs no timer (call `tick()` yourself). */
  intervalMs?: number;
  /** Makes the run repeatable (tests); otherwise random. */
  seed?: number;
  /** Which demo stores it feeds (default all three). */
  locations?: string[];
  /** No line per change. */
  quiet?: boolean;
  log?: (line: string) => void;
}

export interface DmsSimulator {
  /** One round: open an order, move the others on, maybe book or cancel an appointment. Answers the lines it logged. */
  tick(): Promise<string[]>;
  /** Stops the timer, waits for a round under way, and saves the state. */
  stop(): Promise<void>;
}

/** Where an order is: the DMS's status and the shop's work-order status code. */
const STEPS: { status: DmsRepairOrder['status']; code: WorkOrderStatusCode; says: string }[] = [
  { status: 'open', code: 'E', says: 'estimate' },
  { status: 'open', code: 'I', says: 'in progress' },
  { status: 'open', code: 'C', says: 'work complete' },
  { status: 'pre_invoiced', code: 'C', says: 'pre-invoiced' },
  { status: 'invoiced', code: 'B', says: 'invoiced' },
  { status: 'closed', code: 'B', says: 'closed' },
];

interface SimCustomer {
  dms: string;
  first: string;
  last: string;
  cell: string;
}

interface SimOrder {
  locationId: string;
  step: number;
  record: DmsRepairOrder;
}

/** An appointment the simulator will cancel when `ticksLeft` reaches 0. */
interface SimCancellation {
  locationId: string;
  ticksLeft: number;
  record: DmsAppointment;
}

interface SimState {
  /** API key secret per location. */
  keys: Record<string, string>;
  /** Next order / customer number. */
  next: number;
  /** The random generator's state, so a restart continues the sequence. */
  random: number;
  orders: SimOrder[];
  customers: (SimCustomer & { locationId: string })[];
  cancellations: SimCancellation[];
}

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofia', 'Lucas', 'Mia', 'Ethan', 'Amara', 'Kenji', 'Fatima', 'Diego', 'Chloe', 'Omar', 'Zoe', 'Andre', 'Leila', 'Marcus', 'Ingrid', 'Tariq', 'Nadia', 'Caleb'];
const LAST_NAMES = ['Anderson', 'Rivera', 'Kowalski', 'Nguyen', 'Hughes', 'Patel', 'Moreau', 'Johansson', 'Okoye', 'Silva', 'Fischer', 'Reyes', 'Campbell', 'Yamamoto', 'Haddad', 'Brooks', 'Novak', 'Sullivan', 'Ibrahim', 'Lindgren'];
const VEHICLES: [string, string][] = [
  ['Toyota', 'Corolla'], ['Honda', 'Civic'], ['Ford', 'Escape'], ['Chevrolet', 'Silverado'], ['Nissan', 'Sentra'], ['Hyundai', 'Elantra'],
  ['Subaru', 'Forester'], ['Jeep', 'Wrangler'], ['Kia', 'Sportage'], ['Mazda', 'Mazda3'], ['Volkswagen', 'Jetta'], ['Tesla', 'Model Y'],
];
const UK_VEHICLES: [string, string][] = [['Vauxhall', 'Astra'], ['Ford', 'Focus'], ['Nissan', 'Qashqai'], ['Volkswagen', 'Golf'], ['Mini', 'Countryman']];
const APPOINTMENT_NOTES = [
  'Oil change and tire rotation.', 'State inspection.', 'Squeaking brakes.', 'Check engine light on.', 'Recall campaign.', 'A/C not blowing cold.',
  '30,000-mile service.', 'Battery keeps dying overnight.', 'Pulls to the right; alignment?', 'Customer waits; quote for new tires.',
];
const OPCODES = ['01FZ', 'ROT', 'BRK1', 'BRK2', 'ALIGN', 'BATT', 'DIAG', 'WIPER', 'AC', 'CEL'];
/** The store's opening hours (wall clock): promise times fall inside them. */
const OPENS = { hour: 7, minute: 30 };
const CLOSES = 18;

/** mulberry32: small, fast, and its whole state is one number. */
function generator(state: { random: number }): () => number {
  return () => {
    state.random = (state.random + 0x6d2b79f5) | 0;
    let t = state.random;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A promise time a service desk would give: a few hours ahead, inside store hours, else the next morning or day. */
export function promiseTime(now: number, timezone: string, random: () => number): string {
  const wanted = new TZDate(now + (60 + Math.floor(random() * 300)) * 60_000, timezone);
  const opens = new TZDate(wanted.getFullYear(), wanted.getMonth(), wanted.getDate(), OPENS.hour, OPENS.minute, timezone);
  if (wanted.getTime() >= opens.getTime() && wanted.getHours() < CLOSES) {
    wanted.setMinutes(Math.floor(wanted.getMinutes() / 15) * 15, 0, 0);
    return new Date(wanted.getTime()).toISOString();
  }
  const day = wanted.getHours() >= CLOSES ? wanted.getDate() + 1 : wanted.getDate();
  const next = new TZDate(wanted.getFullYear(), wanted.getMonth(), day, 9 + Math.floor(random() * 8), random() < 0.5 ? 0 : 30, timezone);
  return new Date(next.getTime()).toISOString();
}

/** An appointment time a service desk would offer: one to four days ahead, on the half hour, 8:00 to 16:30 at the store. */
export function appointmentTime(now: number, timezone: string, random: () => number): string {
  const today = new TZDate(now, timezone);
  const day = today.getDate() + 1 + Math.floor(random() * 4);
  const at = new TZDate(today.getFullYear(), today.getMonth(), day, 8 + Math.floor(random() * 9), random() < 0.5 ? 0 : 30, timezone);
  return new Date(at.getTime()).toISOString();
}

function seededCustomers(locationId: string): SimCustomer[] {
  const orders: DemoOrder[] = locationId === 'loc_demo_north' ? NORTH_ORDERS : locationId === 'loc_demo_south' ? SOUTH_ORDERS : RIVAL_ORDERS;
  // The opted-out and landline customers show fixed cases; new orders for them would only refuse texts.
  return orders.filter((o) => !o.stop && !o.shows?.includes('landline')).map((o) => ({ dms: o.customer.dms, first: o.customer.first, last: o.customer.last, cell: o.customer.cell }));
}

function emptyState(seed: number): SimState {
  return { keys: {}, next: 1, random: seed | 0, orders: [], customers: [], cancellations: [] };
}

function loadState(file: string | null, seed: number): SimState {
  if (!file || !existsSync(file)) return emptyState(seed);
  try {
    return { ...emptyState(seed), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<SimState>) };
  } catch (err) {
    console.warn(`[dms] ignoring unreadable ${file}: ${(err as Error).message}`);
    return emptyState(seed);
  }
}

export async function startDmsSimulator(options: DmsSimulatorOptions): Promise<DmsSimulator> {
  const file = options.dataDir ? join(options.dataDir, 'dms-simulator.json') : null;
  const state = loadState(file, options.seed ?? Math.floor(Math.random() * 2 ** 31));
  const random = generator(state);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const log = options.log ?? ((line: string) => console.log(line));
  const stores = DEMO_STORES.filter((s) => !options.locations || options.locations.includes(s.locationId));
  const storeName = (locationId: string) => DEMO_STORES.find((s) => s.locationId === locationId)?.dealershipName ?? locationId;

  // A key per store: the one kept from the last run while it still works, else a new one.
  for (const store of stores) {
    const kept = state.keys[store.locationId];
    const valid = kept ? await findDmsKey(kept) : undefined;
    if (valid?.location_id === store.locationId) continue;
    state.keys[store.locationId] = (await createDmsKey(store.companyId, store.locationId, 'DMS simulator', null)).secret;
  }

  async function post(locationId: string, records: DmsRepairOrder[] | DmsAppointment[], kind: 'repair_orders' | 'appointments' = 'repair_orders'): Promise<{ status: string; error?: string }[]> {
    const res = await fetch(`${options.baseUrl}/dms/v1/locations/${locationId}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': state.keys[locationId] ?? '' },
      body: JSON.stringify({ records }),
    });
    if (!res.ok) throw new Error(`the feed answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { results: { status: string; error?: string }[] }).results;
  }

  function customerFor(locationId: string): SimCustomer {
    const known = [...seededCustomers(locationId), ...state.customers.filter((c) => c.locationId === locationId)];
    if (known.length > 0 && random() < 0.3) return pick(known);
    const n = state.next++;
    // Numbers 2000–2999: mobile by the local carrier's convention, apart from the seed's and the tests'.
    const subscriber = String(2000 + (n % 1000));
    const cell = locationId === 'loc_rival_main' ? `+447911002${subscriber.slice(1)}` : locationId === 'loc_demo_south' ? `+1214555${subscriber}` : `+1617555${subscriber}`;
    const customer = { dms: `SIM-C${n}`, first: pick(FIRST_NAMES), last: pick(LAST_NAMES), cell };
    state.customers.push({ ...customer, locationId });
    return customer;
  }

  function advisorFor(locationId: string): string | null {
    if (locationId === 'loc_rival_main') return 'rival@demo.example';
    // South has no service advisor yet: its orders wait for one.
    if (locationId === 'loc_demo_south') return null;
    const roll = random();
    return roll < 0.1 ? null : roll < 0.65 ? 'advisor@demo.example' : 'manager@demo.example';
  }

  async function open(now: number): Promise<string | null> {
    const candidates = stores.filter((s) => state.orders.filter((o) => o.locationId === s.locationId).length < OPEN_PER_STORE);
    if (candidates.length === 0) return null;
    // The North store is the busy one.
    const store = candidates.find((s) => s.locationId === 'loc_demo_north' && random() < 0.6) ?? pick(candidates);
    const location = DEMO_LOCATIONS.find((l) => l.id === store.locationId);
    const customer = customerFor(store.locationId);
    const [make, model] = pick(store.locationId === 'loc_rival_main' ? UK_VEHICLES : VEHICLES);
    const opcodes = [...new Set([pick(OPCODES), ...(random() < 0.4 ? [pick(OPCODES)] : []), ...(random() < 0.6 ? ['TEXT'] : [])])];
    const n = state.next++;
    const record: DmsRepairOrder = {
      dms_ro_id: `SIM-${store.locationId === 'loc_rival_main' ? 'R' : store.locationId === 'loc_demo_south' ? 'S' : 'N'}${9000 + n}`,
      dms_customer_id: customer.dms,
      customer: { first_name: customer.first, last_name: customer.last, phones: { cell: customer.cell }, ...(random() < 0.7 ? { dms_opt_in: 'in' as const } : {}) },
      advisor_email: advisorFor(store.locationId),
      vehicle: { make, model, year: 2012 + Math.floor(random() * 13), vin: null, mileage: 5000 + Math.floor(random() * 120) * 1000 },
      opened_at: new Date(now).toISOString(),
      promise_time: promiseTime(now, location?.timezone ?? 'UTC', random),
      status: 'open',
      work_order_status_code: 'E',
      opcodes,
      customer_waiting: random() < 0.2,
      delivery_requested: random() < 0.1,
    };
    const [result] = await post(store.locationId, [record]);
    if (result?.status === 'error') return `[dms] ${store.dealershipName}: order ${record.dms_ro_id} refused: ${result.error}`;
    // The customer's fields went with the first record; later updates name the customer only.
    const { customer: _sent, ...rest } = record;
    state.orders.push({ locationId: store.locationId, step: 0, record: rest });
    return `[dms] ${store.dealershipName}: opened ${record.dms_ro_id} for ${customer.first} ${customer.last} (${make} ${model}), promised ${record.promise_time}`;
  }

  /** An appointment's advisor: North's two, South's advisor, Rival's admin; now and then nobody yet. */
  function appointmentAdvisor(locationId: string): string | null {
    if (locationId === 'loc_rival_main') return 'rival@demo.example';
    if (random() < 0.15) return null;
    if (locationId === 'loc_demo_south') return 'south@demo.example';
    return random() < 0.6 ? 'advisor@demo.example' : 'manager@demo.example';
  }

  /** Books an appointment at one of the stores, and sometimes plans to cancel it a few rounds later. */
  async function book(now: number): Promise<string | null> {
    if (stores.length === 0 || random() >= BOOK_CHANCE) return null;
    const store = pick(stores);
    const location = DEMO_LOCATIONS.find((l) => l.id === store.locationId);
    const customer = customerFor(store.locationId);
    const [make, model] = pick(store.locationId === 'loc_rival_main' ? UK_VEHICLES : VEHICLES);
    const n = state.next++;
    const record: DmsAppointment = {
      dms_appointment_id: `SIM-A${store.locationId === 'loc_rival_main' ? 'R' : store.locationId === 'loc_demo_south' ? 'S' : 'N'}${9000 + n}`,
      dms_customer_id: customer.dms,
      customer: { first_name: customer.first, last_name: customer.last, phones: { cell: customer.cell }, ...(random() < 0.7 ? { dms_opt_in: 'in' as const } : {}) },
      scheduled_at: appointmentTime(now, location?.timezone ?? 'UTC', random),
      advisor_email: appointmentAdvisor(store.locationId),
      vehicle: { make, model, year: 2012 + Math.floor(random() * 13), vin: null, mileage: null },
      notes: pick(APPOINTMENT_NOTES),
      cancelled: false,
    };
    const [result] = await post(store.locationId, [record], 'appointments');
    if (result?.status === 'error') return `[dms] ${store.dealershipName}: appointment ${record.dms_appointment_id} refused: ${result.error}`;
    if (random() < CANCEL_CHANCE) {
      const { customer: _sent, ...rest } = record;
      state.cancellations.push({ locationId: store.locationId, ticksLeft: 1 + Math.floor(random() * CANCEL_WITHIN_TICKS), record: rest });
    }
    return `[dms] ${store.dealershipName}: booked appointment ${record.dms_appointment_id} for ${customer.first} ${customer.last} (${make} ${model}) at ${record.scheduled_at}`;
  }

  /** The customer called to cancel: the DMS sends the appointment again, cancelled. */
  async function cancelDue(): Promise<string[]> {
    const lines: string[] = [];
    const pending: SimCancellation[] = [];
    for (const planned of state.cancellations) {
      if (!stores.some((s) => s.locationId === planned.locationId)) {
        pending.push(planned);
        continue;
      }
      planned.ticksLeft -= 1;
      if (planned.ticksLeft > 0) {
        pending.push(planned);
        continue;
      }
      const [result] = await post(planned.locationId, [{ ...planned.record, cancelled: true }], 'appointments');
      const id = planned.record.dms_appointment_id;
      lines.push(`[dms] ${storeName(planned.locationId)}: appointment ${id} ${result?.status === 'error' ? `not cancelled: ${result.error}` : 'cancelled'}`);
    }
    state.cancellations = pending;
    return lines;
  }

  /** Moves an order one step on; false when it is done with (closed, or a person archived it). */
  async function advance(order: SimOrder): Promise<{ keep: boolean; line: string | null }> {
    const store = stores.find((s) => s.locationId === order.locationId);
    if (!store) return { keep: true, line: null };
    const current = await getRepairOrder(store.companyId, dmsRecordId('ro', store.companyId, store.locationId, 'repair_order', order.record.dms_ro_id), true);
    if (!current || current.archived) {
      return { keep: false, line: `[dms] ${storeName(order.locationId)}: ${order.record.dms_ro_id} was archived; leaving it alone` };
    }
    if (random() >= ADVANCE_CHANCE) return { keep: true, line: null };
    const step = STEPS[order.step + 1]!;
    const record: DmsRepairOrder = { ...order.record, status: step.status, work_order_status_code: step.code };
    const [result] = await post(order.locationId, [record]);
    if (result?.status === 'error') return { keep: true, line: `[dms] ${storeName(order.locationId)}: ${record.dms_ro_id} refused: ${result.error}` };
    order.step += 1;
    order.record = record;
    return { keep: order.step < STEPS.length - 1, line: `[dms] ${storeName(order.locationId)}: ${record.dms_ro_id} ${step.says}` };
  }

  let saving: Promise<void> = Promise.resolve();
  function save(): Promise<void> {
    if (!file) return saving;
    const snapshot = JSON.stringify(state);
    saving = saving.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, snapshot, { mode: 0o600 });
      await rename(temporary, file);
    });
    return saving;
  }

  async function tick(): Promise<string[]> {
    const lines: string[] = [];
    const now = Date.now();
    try {
      const kept: SimOrder[] = [];
      for (const order of state.orders) {
        const { keep, line } = await advance(order);
        if (keep) kept.push(order);
        if (line) lines.push(line);
      }
      state.orders = kept;
      const opened = await open(now);
      if (opened) lines.push(opened);
      lines.push(...(await cancelDue()));
      const booked = await book(now);
      if (booked) lines.push(booked);
    } catch (err) {
      lines.push(`[dms] simulator round failed: ${(err as Error).message}`);
    }
    await save();
    if (!options.quiet) lines.forEach((line) => log(line));
    return lines;
  }

  const interval = options.intervalMs ?? (Number.parseInt(process.env.SIM_INTERVAL_MS ?? '', 10) || DEFAULT_INTERVAL_MS);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped || interval <= 0) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, interval);
  };
  await save();
  schedule();

  return {
    tick: () => {
      const round = running.then(() => tick());
      running = round;
      return round;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await save();
    },
  };
}
