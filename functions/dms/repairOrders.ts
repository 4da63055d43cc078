/**
 * Repair orders from the DMS: created by the DMS's order id (the order's customer first, from the
 * fields riding along or as the DMS sent them before), then kept in step with what the DMS says.
 * Every change is announced to the board; closing adds the RO_CLOSED note and becoming invoiced
 * hands the order to the automated vehicle-ready text.
 */
import type { DmsRepairOrder } from '../../shared/schemas/dms.js';
import type { AgentRef } from '../../shared/people.js';
import { customersWithPhone, type CustomerRecord } from '../customers/records.js';
import { ensureSheet } from '../inspections/sheets.js';
import { customerText } from '../lib/customerTexts.js';
import { dmsRecordId } from '../lib/ids.js';
import { logger } from '../lib/log.js';
import { channels, publish } from '../lib/realtime.js';
import { onInvoiced } from '../repairOrders/vehicleReady.js';
import { addSystemNote } from '../messages/notes.js';
import { announce, changed } from '../repairOrders/events.js';
import { getRepairOrder, saveRepairOrder, updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { customerOfRecord } from './customers.js';
import { sent, utc, type FeedContext, type RecordStatus } from './feed.js';
import { newOrderFromDms, orderChanges, type DmsOrderUpdate, type OrderTransition } from './orderChanges.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { scheduleServiceReminder } from '../repairOrders/serviceReminders.js';
import { tellRepairOrderListeners } from '../repairOrders/moments.js';

export const repairOrderIdOf = (ctx: Pick<FeedContext, 'companyId' | 'location'>, dmsRoId: string): string =>
  dmsRecordId('ro', ctx.companyId, ctx.location.id, 'repair_order', dmsRoId);

/** Whether another customer record of the company has the same cell number (a second DMS record of the person). */
async function isAlternateRecord(customer: CustomerRecord): Promise<boolean> {
  if (!customer.phones.cell) return false;
  const sharing = await customersWithPhone(customer.company_id, customer.phones.cell);
  return sharing.some((c) => c.id !== customer.id);
}

async function advisorOf(ctx: FeedContext, record: DmsRepairOrder, raw: unknown): Promise<AgentRef | null> {
  if (!sent(raw, 'advisor_email') || !record.advisor_email) return null;
  return ctx.advisorByEmail(record.advisor_email);
}

function updateOf(record: DmsRepairOrder, raw: unknown, customer: CustomerRecord, alternateRecord: boolean | undefined, advisor: AgentRef | null): DmsOrderUpdate {
  const given = (field: string) => sent(raw, field);
  return {
    customer,
    alternateRecord,
    advisor,
    vehicle: given('vehicle') ? record.vehicle : undefined,
    openedAt: record.opened_at ? utc(record.opened_at) : undefined,
    promiseTime: given('promise_time') ? (record.promise_time ? utc(record.promise_time) : null) : undefined,
    status: given('status') ? record.status : undefined,
    workOrderStatusCode: given('work_order_status_code') ? ((record.work_order_status_code ?? null) as DmsOrderUpdate['workOrderStatusCode']) : undefined,
    opcodes: record.opcodes,
    customerWaiting: record.customer_waiting,
    deliveryRequested: record.delivery_requested,
    invoice: given('invoice') ? (record.invoice ?? null) : undefined,
  };
}

/** Tells the board, and does what a transition asks for: the closing note, the vehicle-ready text. */
async function afterChange(after: RepairOrderRecord, transition: OrderTransition, previousAgentId: string | null, created = false): Promise<void> {
  await announce(after, changed(after, 'dms'), previousAgentId);
  if (transition.assigned && after.agent) {
    // The advisor's console shows "assigned to you".
    await publish(after.company_id, channels.agent(after.agent.id), {
      type: 'repair_order.assigned',
      data: { id: after.id, location_id: after.location_id, agent_id: after.agent.id },
    });
  }
  if (transition.closed) {
    // The DMS closing the order is the customer's visit: their next service reminder counts from it.
    await scheduleServiceReminder(after);
    await addSystemNote(repairOrderOwner(after), { behaviour: 'RO_CLOSED', text: customerText('orderClosedNote', 'en-us'), note: { key: 'order_closed', params: { closed_by: 'dms' } } });
    await tellRepairOrderListeners('closed', after, 'dms');
  }
  if (transition.invoiced) await onInvoiced(after);
  await tellRepairOrderListeners('dmsChanged', after, created);
}

/**
 * A new order gets its unclaimed inspection sheet (when MPI is on at the location). The order
 * stands without it: a failure is logged, and an advisor can still give it one by re-templating.
 */
async function newOrderSheet(ro: RepairOrderRecord): Promise<void> {
  try {
    await ensureSheet(ro);
  } catch (err) {
    logger.error('new repair order without its inspection sheet', { repair_order_id: ro.id, error: err as Error });
  }
}

export async function ingestRepairOrder(ctx: FeedContext, record: DmsRepairOrder, raw: unknown): Promise<RecordStatus> {
  const id = repairOrderIdOf(ctx, record.dms_ro_id);
  const [{ customer, status: customerStatus }, existing, advisor] = await Promise.all([
    customerOfRecord(ctx, record.dms_customer_id, record.customer, raw),
    getRepairOrder(ctx.companyId, id, true),
    advisorOf(ctx, record, raw),
  ]);
  // Whether the customer is a second record of someone changes only with the customer or their number.
  const alternateRecord = !existing || existing.customer_id !== customer.id || customerStatus !== 'unchanged' ? await isAlternateRecord(customer) : undefined;
  const update = updateOf(record, raw, customer, alternateRecord, advisor);

  if (!existing) {
    const ro = newOrderFromDms({ companyId: ctx.companyId, locationId: ctx.location.id, id, dmsRoId: record.dms_ro_id }, update, new Date().toISOString());
    try {
      await saveRepairOrder(ro, null);
      await newOrderSheet(ro);
      // A first sync may bring orders already invoiced: they did not become invoiced here, so no
      // vehicle-ready text goes to every customer of the backlog at once.
      await afterChange(ro, { closed: false, invoiced: false, reopened: false, assigned: ro.agent !== null }, null, true);
      return 'created';
    } catch (err) {
      // The same order from a concurrent batch got there first: update it like any other.
      if ((err as { id?: string }).id !== 'repair_order_changed') throw err;
    }
  }

  // The nightly re-send of an order nothing happened to: no second read, no write.
  if (existing && customerStatus === 'unchanged' && !orderChanges(existing, update, new Date().toISOString())) return 'unchanged';

  // The decision of the attempt that was written (updateRepairOrder may retry on a conflict).
  const decision: { transition: OrderTransition | null } = { transition: null };
  const { before, after, changed: written } = await updateRepairOrder(ctx.companyId, id, (current) => {
    const decided = orderChanges(current, update, new Date().toISOString());
    decision.transition = decided?.transition ?? null;
    return decided?.changes ?? null;
  });
  if (written && decision.transition) await afterChange(after, decision.transition, before.agent?.id ?? null);
  return written || customerStatus !== 'unchanged' ? 'updated' : 'unchanged';
}
