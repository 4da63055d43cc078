/** Repair orders as the service board's API answers them (SPEC §3 "Repair order"). */
import type { AgentRef } from '../people.js';
import type { Customer, Vehicle } from '../customers.js';
import type { SheetSummary } from '../inspections/inspections.js';

/** E/I/C/B: ESTIMATE, IN PROGRESS, COMPLETE, BILLED (the Tech Status column). */
export type WorkOrderStatusCode = 'E' | 'I' | 'C' | 'B';
export const WORK_ORDER_STATUS_CODES: readonly WorkOrderStatusCode[] = ['E', 'I', 'C', 'B'];

/** Where the DMS has the order: open, pre-invoiced, invoiced, or closed by the DMS. */
export type DmsStatus = 'open' | 'pre_invoiced' | 'invoiced' | 'closed';

export interface RepairOrder {
  id: string;
  /**
   * The DMS's repair-order number, as the shop calls it; '' for an order the console opened itself
   * for a customer's text with no conversation at the store (`isTextedIn`): no DMS order behind it.
   */
  ro_id: string;
  location_id: string;
  customer: Customer;
  /** True when the order's customer record is a second record of the same person (another DMS id). */
  alternate_record: boolean;
  customer_first_name: string;
  customer_middle_name: string;
  customer_last_name: string;
  vehicle: Vehicle;
  opened_at: string;
  promise_time: string | null;
  closed: boolean;
  closed_at: string | null;
  autoclosed: boolean;
  archived: boolean;
  archived_at: string | null;
  vehicle_ready: boolean;
  vehicle_ready_at: string | null;
  satisfaction_poll: { rating: number | null } | null;
  payment_request: { paid: boolean; cancelled: boolean; paid_at: string | null } | null;
  invoice: { requested_amount_in_cents: number; requested_customer_pay_in_cents: number } | null;
  album_present: boolean;
  /** For the agent asking: a customer message arrived after they last read the conversation. */
  is_unread: boolean;
  /**
   * For the agent asking: the order's advisor is away and routes their new texts to this agent
   * (shared/presence.ts), so it is in this agent's inbox too until the advisor is back; else null.
   */
  routed_from?: AgentRef | null;
  disable_read_mark: boolean;
  message_thread: { id: string; bumped_at: string | null };
  agent: AgentRef | null;
  /** The repair order's multi-point inspection, if it has one (shared/inspections/inspections.ts). */
  sheet: SheetSummary | null;
  custom: {
    customer_waiting: boolean;
    delivery_requested: boolean;
    work_order_status_code: WorkOrderStatusCode | null;
  };
  metadata: {
    dms_status: DmsStatus;
    /** Op codes on the estimate (the DMS sends them); the op-code text rule reads these. */
    opcodes: string[];
    invoiced_at: string | null;
    /** Latest call is inbound and unanswered (SPEC §4 call history). */
    missed_call: boolean;
    last_call_at: string | null;
    message_count: number;
  };
}

export const SERVICE_PAGE_SIZE = 20;

/** An order the console opened for a text ("Texted in"): no RO number, no estimate, no DMS order (the DMS never sends an empty number). */
export const isTextedIn = (order: Pick<RepairOrder, 'ro_id'>): boolean => order.ro_id === '';
