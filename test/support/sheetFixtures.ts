/**
 * Inspection sheets for browser tests, written straight into the stack in the state a screen needs
 * (unclaimed in the pool, held by the technician, finished by the advisor): the same brake form
 * and priced recommendations the server tests use, on a fresh order of the north store.
 */
import { newSheet, saveSheet, type SheetRecord } from '../../functions/inspections/records.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import { api, signIn, textsTo } from './api.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from './inspections.js';
import { ADVISOR, createRepairOrder, serviceNumberOfNorth } from './service.js';

export type FixtureState = 'unclaimed' | 'claimed_by_technician' | 'completed_by_advisor';

export interface SheetFixture {
  customer: CustomerRecord;
  ro: RepairOrderRecord;
}

/** The order's brake sheet as the advisor completed it (technician's findings, priced recommendations): ready to send to the customer. */
export function completedByAdvisor(ro: RepairOrderRecord, now = new Date().toISOString()): SheetRecord {
  return {
    ...newSheet(ro, BRAKE_TEMPLATE, now),
    state: 'completed_by_advisor',
    technician: TECHNICIAN,
    groups: BRAKE_GROUPS,
    recommendations: brakeRecommendations(),
    completed_by_technician_at: now,
    advisor: ADVISOR,
    completed_by_advisor_at: now,
  };
}

/** A new order with its sheet in `state`; `waiting` marks the customer as waiting in the shop. */
export async function orderWithSheetIn(
  state: FixtureState,
  options: { firstName?: string; lastName?: string; waiting?: boolean } = {},
): Promise<SheetFixture> {
  await serviceNumberOfNorth();
  const { customer, ro } = await createRepairOrder({
    customer: { first_name: options.firstName ?? 'Ivy', last_name: options.lastName ?? 'Inspect', opt_in: 'in' },
    ro: { custom: { customer_waiting: options.waiting ?? false, delivery_requested: false, work_order_status_code: 'I' } },
  });
  const now = new Date().toISOString();
  const fresh = newSheet(ro, BRAKE_TEMPLATE, now);
  if (state === 'unclaimed') {
    await saveSheet(fresh, null);
  } else if (state === 'claimed_by_technician') {
    await saveSheet({ ...fresh, state: 'claimed', holder: { ...TECHNICIAN, role: 'technician' }, technician: TECHNICIAN, claimed_at: now }, null);
  } else {
    await saveSheet(completedByAdvisor(ro, now), null);
  }
  return { customer, ro };
}

/** Texts the finished sheet to its customer as the advisor would, and answers the link the text carried. */
export async function customerLinkOf(baseUrl: string, carrierUrl: string, fixture: SheetFixture): Promise<string> {
  const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  const sent = await advisor.post(`/api/tech/mpi/repair_orders/${fixture.ro.id}/send_to_customer`);
  if (sent.status !== 200) throw new Error(`send_to_customer answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const phone = fixture.customer.phones.cell!;
  // The carrier takes the text a moment after the send answers.
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const texts = await textsTo(carrierUrl, phone);
    // The order's visit page, opened at its inspection (issue 21 part 5).
    const link = /https?:\/\/\S+\/app\/public\/visits\/[\w-]+#inspection/.exec(texts.map((t) => t.text).join('\n'));
    if (link) return link[0];
  }
  throw new Error(`No inspection link among the texts to ${phone}`);
}
