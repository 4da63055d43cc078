/**
 * What a DMS repair-order record does to the console's order: a pure decision (no I/O), so the
 * rules are tested alone. The DMS owns the order's facts (vehicle, op codes, promise time, status,
 * invoice); the console owns what people do with it (assignment once made, archive, read marks,
 * vehicle ready).
 *
 * Status: open → pre_invoiced → invoiced → closed. Becoming invoiced stamps invoiced_at (and the
 * caller may send the automated vehicle-ready text); becoming closed closes the order (the caller
 * adds the RO_CLOSED note). A closed order the DMS sends again as not closed is reopened — except
 * one the console closed for inactivity while the DMS kept repeating the status it already had:
 * a feed that re-sends every open order nightly would otherwise undo auto-close every night.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AgentRef } from '../../shared/people.js';
import type { DmsStatus, WorkOrderStatusCode } from '../../shared/repairOrders/repairOrders.js';
import type { Vehicle } from '../../shared/customers.js';
import { newRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';

export interface DmsOrderUpdate {
  customer: { id: string; first_name: string; middle_name: string; last_name: string };
  /** The order's customer is a second record of a person the location knows under another DMS id (undefined: as it was). */
  alternateRecord?: boolean;
  /** The advisor the DMS names, when the console knows them; null when it names nobody it knows. */
  advisor: AgentRef | null;
  /** Fields below: undefined when the DMS did not send them (the order keeps its value). */
  vehicle?: Vehicle;
  openedAt?: string;
  promiseTime?: string | null;
  status?: DmsStatus;
  workOrderStatusCode?: WorkOrderStatusCode | null;
  opcodes?: string[];
  customerWaiting?: boolean;
  deliveryRequested?: boolean;
  invoice?: RepairOrderRecord['invoice'];
}

export interface OrderTransition {
  /** The DMS closed it now: add the RO_CLOSED note. */
  closed: boolean;
  /** It became invoiced now: the automated vehicle-ready text may go. */
  invoiced: boolean;
  reopened: boolean;
  /** An advisor was assigned by the DMS now. */
  assigned: boolean;
}

/** Deep equality regardless of key order (DynamoDB does not keep the order of a map's keys). */
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);

/** A new order as the DMS describes it (version 1, on the board, activity = opened_at). */
export function newOrderFromDms(
  ids: { companyId: string; locationId: string; id: string; dmsRoId: string },
  update: DmsOrderUpdate,
  now: string,
): RepairOrderRecord {
  const status = update.status ?? 'open';
  const openedAt = update.openedAt ?? now;
  const closed = status === 'closed';
  return newRepairOrder(
    { id: ids.id, ro_id: ids.dmsRoId, company_id: ids.companyId, location_id: ids.locationId, customer: update.customer, opened_at: openedAt },
    {
      alternate_record: update.alternateRecord ?? false,
      ...(update.vehicle ? { vehicle: update.vehicle } : {}),
      promise_time: update.promiseTime ?? null,
      closed,
      closed_at: closed ? now : null,
      invoice: update.invoice ?? null,
      agent: update.advisor,
      custom: {
        customer_waiting: update.customerWaiting ?? false,
        delivery_requested: update.deliveryRequested ?? false,
        work_order_status_code: update.workOrderStatusCode ?? null,
      },
      metadata: {
        dms_status: status,
        opcodes: update.opcodes ?? [],
        invoiced_at: status === 'invoiced' ? now : null,
        missed_call: false,
        last_call_at: null,
        message_count: 0,
      },
      dms_ro_id: ids.dmsRoId,
    },
    now,
  );
}

/** The fields to change on `ro`, and what happened; null when the record changes nothing. */
export function orderChanges(
  ro: RepairOrderRecord,
  update: DmsOrderUpdate,
  now: string,
): { changes: Partial<RepairOrderRecord>; transition: OrderTransition } | null {
  const changes: Partial<RepairOrderRecord> = {};
  const transition: OrderTransition = { closed: false, invoiced: false, reopened: false, assigned: false };

  if (ro.customer_id !== update.customer.id) changes.customer_id = update.customer.id;
  if (ro.customer_first_name !== update.customer.first_name) changes.customer_first_name = update.customer.first_name;
  if (ro.customer_middle_name !== update.customer.middle_name) changes.customer_middle_name = update.customer.middle_name;
  if (ro.customer_last_name !== update.customer.last_name) changes.customer_last_name = update.customer.last_name;
  if (update.alternateRecord !== undefined && ro.alternate_record !== update.alternateRecord) changes.alternate_record = update.alternateRecord;

  // Once someone is assigned, the console's choice stands: an advisor reassigned at the desk must
  // not be taken back by the next feed. The DMS's advisor fills only an empty assignment.
  if (!ro.agent && update.advisor) {
    changes.agent = update.advisor;
    transition.assigned = true;
  }

  if (update.vehicle && !same(ro.vehicle, update.vehicle)) changes.vehicle = update.vehicle;
  if (update.openedAt && update.openedAt !== ro.opened_at) {
    changes.opened_at = update.openedAt;
    // An order nobody has texted about yet sorts by when it was opened.
    if (ro.metadata.message_count === 0) changes.activity_at = update.openedAt;
  }
  if (update.promiseTime !== undefined && update.promiseTime !== ro.promise_time) changes.promise_time = update.promiseTime;
  if (update.invoice !== undefined && !same(update.invoice, ro.invoice)) changes.invoice = update.invoice;

  const custom = {
    customer_waiting: update.customerWaiting ?? ro.custom.customer_waiting,
    delivery_requested: update.deliveryRequested ?? ro.custom.delivery_requested,
    work_order_status_code: update.workOrderStatusCode === undefined ? ro.custom.work_order_status_code : update.workOrderStatusCode,
  };
  if (!same(custom, ro.custom)) changes.custom = custom;

  const previous = ro.metadata.dms_status;
  const status = update.status ?? previous;
  const metadata = { ...ro.metadata };
  if (update.opcodes && !same(update.opcodes, ro.metadata.opcodes)) metadata.opcodes = update.opcodes;
  if (status !== previous) {
    metadata.dms_status = status;
    if (status === 'invoiced') {
      metadata.invoiced_at = now;
      transition.invoiced = true;
    }
  }
  if (!same(metadata, ro.metadata)) changes.metadata = metadata;

  if (status === 'closed' && !ro.closed) {
    Object.assign(changes, { closed: true, closed_at: now, autoclosed: false });
    transition.closed = true;
  } else if (status !== 'closed' && ro.closed && (previous === 'closed' || !ro.autoclosed || status !== previous)) {
    Object.assign(changes, { closed: false, closed_at: null, autoclosed: false });
    transition.reopened = true;
  }

  return Object.keys(changes).length === 0 ? null : { changes, transition };
}
