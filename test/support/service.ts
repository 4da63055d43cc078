/**
 * Service-board fixtures for integration tests: customers and repair orders written straight into
 * the test stack's table (call `useStackEnv()` first), each with its own phone number so tests never
 * share a conversation.
 */
import { inject } from 'vitest';
import type { CustomerRecord } from '../../functions/customers/records.js';
import { saveCustomer } from '../../functions/customers/records.js';
import { newId } from '../../functions/lib/ids.js';
import { logger } from '../../functions/lib/log.js';
import { normalizePhone } from '../../functions/lib/phones.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { newRepairOrder, saveRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { AgentRef } from '../../shared/people.js';

export const DEMO_NORTH = { companyId: 'cmp_demo', locationId: 'loc_demo_north' } as const;
export const ADVISOR: AgentRef = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };

/** Points the domain modules of this test process at the test stack's table and buckets. */
export function useStackEnv(): void {
  const env = inject('stackEnv');
  Object.assign(process.env, env);
  // The logger was made when the modules were imported, before this environment was set.
  if (env.LOG_LEVEL) logger.setLogLevel(env.LOG_LEVEL as 'WARN');
}

let counter = 0;
/**
 * A fresh US mobile number for this test run (the local carrier treats subscriber numbers
 * 0100–0199 as landlines and 0200–0299 as VoIP; these stay in 3000–9999).
 */
const runSeed = Math.floor(Math.random() * 7000);
export function uniquePhone(): string {
  counter += 1;
  let exchange = 201 + Math.floor(Math.random() * 798);
  if (exchange % 100 === 11) exchange += 1; // N11 codes are not exchanges
  const subscriber = 3000 + ((runSeed + counter) % 7000);
  return `+1617${exchange}${subscriber}`;
}

export function customerRecord(overrides: Partial<CustomerRecord> = {}): CustomerRecord {
  const now = new Date().toISOString();
  return {
    id: newId('cus'),
    location_id: DEMO_NORTH.locationId,
    dms_customer_id: null,
    first_name: 'Test',
    middle_name: '',
    last_name: `Customer${counter}`,
    opt_in: 'unknown',
    opt_metadata: null,
    blocked_at: null,
    carrier: { type: 'mobile' },
    phones: { cell: uniquePhone(), work: null, alternate: null },
    email: null,
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    company_id: DEMO_NORTH.companyId,
    opt_notice_sent_at: null,
    opt_in_requested_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  };
}

export function repairOrderRecord(customer: CustomerRecord, overrides: Partial<RepairOrderRecord> = {}): RepairOrderRecord {
  const now = new Date().toISOString();
  const id = overrides.id ?? newId('ro');
  return newRepairOrder(
    { id, ro_id: `T${Math.floor(Math.random() * 900000 + 100000)}`, company_id: customer.company_id, location_id: customer.location_id, customer, opened_at: now },
    {
      vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: null, mileage: 31000 },
      agent: ADVISOR,
      custom: { customer_waiting: false, delivery_requested: false, work_order_status_code: 'I' },
      ...overrides,
    },
    now,
  );
}

/** A customer and an open repair order of theirs, assigned to the demo advisor unless told otherwise. */
export async function createRepairOrder(
  options: { customer?: Partial<CustomerRecord>; ro?: Partial<RepairOrderRecord> } = {},
): Promise<{ customer: CustomerRecord; ro: RepairOrderRecord }> {
  const customer = customerRecord(options.customer);
  await saveCustomer(customer);
  const ro = repairOrderRecord(customer, options.ro);
  await saveRepairOrder(ro, null);
  return { customer, ro };
}

/** Makes `number` the location's service texting number (inbound texts to it find the location). */
export async function ensureServiceNumber(companyId: string, locationId: string, number: string): Promise<void> {
  const info = await readSettings(companyId, locationId, 'business_information');
  if (info.texting_numbers.service === number) return;
  await writeSettings(companyId, locationId, 'business_information', { ...info, texting_numbers: { ...info.texting_numbers, service: number } }, 'agt_admin');
}

/** The north store's service texting number (the demo seed's, or made so): where customers reply. */
export async function serviceNumberOfNorth(): Promise<string> {
  const info = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'business_information');
  const current = info.texting_numbers.service ? normalizePhone(info.texting_numbers.service) : null;
  if (current) return current;
  await ensureServiceNumber(DEMO_NORTH.companyId, DEMO_NORTH.locationId, '+16175550123');
  return '+16175550123';
}

/** A store's wall clock `minutes` from now, HH:MM, where quiet hours are set (the demo's and the tests' own stores are in New York). */
export function wallClock(minutes: number, timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));
}

/**
 * Waits, when it must, until the fixed counting window of `windowSeconds` (the throttles count per
 * window starting at epoch multiples) has `neededSeconds` left: a flood test whose posts straddle a
 * window's end would see its count start again at zero and fail on a loaded machine.
 */
export async function clearOfWindowEnd(windowSeconds: number, neededSeconds = 60): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < neededSeconds) await new Promise((done) => setTimeout(done, left * 1000 + 250));
}
