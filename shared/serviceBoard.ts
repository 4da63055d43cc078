/**
 * The service board's records as the API answers them (SPEC §3): repair orders, their customers,
 * the messages of their conversations, calls, the consent ledger, and the events the board hears
 * on the real-time stream. The server builds these shapes; the SPA reads them.
 */

export type OptStatus = 'in' | 'out' | 'unknown';
/** Who changed a customer's consent: the DMS, an agent, or the customer by text. */
export type OptInitiator = 'dms' | 'agent' | 'customer';
/** What kind of line the customer's cell number is; `mobile` may be texted freely. */
export type LineType = 'mobile' | 'voip' | 'landline' | 'error';

import type { SheetSummary } from './inspections.js';

export interface AgentRef {
  id: string;
  first_name: string;
  last_name: string;
}

export interface OptMetadata {
  initiator: OptInitiator;
  opcode: string | null;
  timestamp: string;
  agent: AgentRef | null;
}

export interface Customer {
  id: string;
  location_id: string;
  dms_customer_id: string | null;
  first_name: string;
  middle_name: string;
  last_name: string;
  opt_in: OptStatus;
  opt_metadata: OptMetadata | null;
  blocked_at: string | null;
  /** What kind of line the cell is, and when the carrier was last asked. */
  carrier: { type: LineType; checked_at?: string | null };
  phones: { cell: string | null; work: string | null; alternate: string | null };
  email: string | null;
  address: string | null;
  alternate_contacts: { name: string; phone: string | null; email: string | null }[];
  default_contact: 'cell' | 'work' | 'alternate' | 'email';
  /** Language of texts the console writes for this customer (opt-out notice, HELP reply); null: the location's. */
  language: string | null;
}

/** E/I/C/B: ESTIMATE, IN PROGRESS, COMPLETE, BILLED (the Tech Status column). */
export type WorkOrderStatusCode = 'E' | 'I' | 'C' | 'B';
export const WORK_ORDER_STATUS_CODES: readonly WorkOrderStatusCode[] = ['E', 'I', 'C', 'B'];

/** Where the DMS has the order: open, pre-invoiced, invoiced, or closed by the DMS. */
export type DmsStatus = 'open' | 'pre_invoiced' | 'invoiced' | 'closed';

export interface Vehicle {
  make: string;
  model: string;
  year: number | null;
  vin: string | null;
  mileage: number | null;
}

export interface RepairOrder {
  id: string;
  /** The DMS's repair-order number, as the shop calls it. */
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
  disable_read_mark: boolean;
  message_thread: { id: string; bumped_at: string | null };
  agent: AgentRef | null;
  /** The repair order's multi-point inspection, if it has one (shared/inspections.ts). */
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

/**
 * Delivery states (SPEC §3) plus `scheduled` (held for quiet hours or a chosen time). Inbound and
 * system messages are `received` / `system`.
 */
export const DELIVERY_STATES = ['scheduled', 'queued', 'accepted', 'sent', 'delivered', 'undelivered', 'not sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** How far along each state is: a late receipt or event never moves a message back (server and console alike). */
export const DELIVERY_PROGRESS: Record<DeliveryState, number> = {
  scheduled: 0,
  queued: 1,
  accepted: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  'not sent': 4,
};
/** States a receipt can no longer move a message out of. */
export const FINAL_DELIVERY_STATES: readonly DeliveryState[] = ['delivered', 'undelivered', 'not sent'];

export const SYSTEM_BEHAVIOURS = [
  'OPT_IN',
  'OPT_OUT',
  'DMS_OPT_IN',
  'AGENT_OPT_OUT',
  'SMS_OPT_OUT',
  'RO_CLOSED',
  'APPOINTMENT_CONFIRMATION',
  'APPOINTMENT_CANCELLATION',
  'ORDER_CLOSED',
  'GENERIC_SYSTEM',
  'RECOMMENDED_WORK_STATUS',
  'MPI_SHEET_COMPLETED_BY_TECH',
] as const;
export type SystemBehaviour = (typeof SYSTEM_BEHAVIOURS)[number];

/** Automated texts the gatekeeper decides on (shared/schemas/settings.ts GATEKEEPER_MESSAGE_TYPES). */
export type AutomatedKind =
  | 'vehicle_ready'
  | 'mpi_notification'
  | 'work_declined'
  | 'appointment_reminder'
  | 'service_reminder'
  | 'help_reply'
  | 'opt_in_request'
  | 'opt_out_confirmation'
  | 'opt_in_confirmation';

export interface Attachment {
  id: string;
  name: string;
  content_type: string;
  size: number;
  /** Download URLs (signed, short-lived): the original, a small preview and a thumbnail. */
  metadata: { orig: string; small: string; thumb: string };
}

export interface Message {
  id: string;
  message_thread_id: string;
  text: string;
  /** null for a person's message; a system note otherwise. */
  behaviour: SystemBehaviour | null;
  created_at: string;
  agent: AgentRef | null;
  reactions: Record<string, string[]>;
  attachments: Attachment[];
  metadata: {
    direction: 'outbound' | 'inbound' | 'system';
    /** Outbound only. */
    status: DeliveryState | null;
    status_at: string | null;
    /** Outbound failures: the carrier's code and the text SPEC §8 shows for it. */
    error_code: string | null;
    error_text: string | null;
    /** Outbound held for a later moment (quiet hours or a chosen time). */
    send_at: string | null;
    /** Outbound held until the customer answers the double opt-in request with YES. */
    held_for_opt_in?: boolean;
    /** Outbound automated text, or null for an agent's. */
    automated: AutomatedKind | null;
    /** Number of automatic retries / manual resends so far. */
    attempts: number;
    /**
     * The system note's details (who, what changed), for notes: since issue 10 a `key` and its
     * parameters (shared/systemNotes.ts readNote), which the console words in the agent's language.
     */
    note: Record<string, string> | null;
  };
}

export interface Call {
  id: string;
  customer_id: string;
  board: 'service' | 'appointments' | 'inventory';
  agent: { id: string } | null;
  direction: 'inbound' | 'outbound';
  status: 'completed' | 'in-progress' | 'ringing' | 'failed';
  dial_status: 'answered' | 'no-answer' | 'busy' | null;
  created_at: string;
}

/** One line of a customer's consent ledger: append-only, newest first when listed. */
export interface ConsentEntry {
  id: string;
  customer_id: string;
  /** The customer record the change arrived on; a phone-wide change is written on every record. */
  source_customer_id: string;
  phone: string | null;
  status: OptStatus;
  previous: OptStatus;
  initiator: OptInitiator;
  /** sms_keyword, agent_opt_out, dms_feed, double_opt_in_reply… */
  method: string;
  /** The customer's words, the agent's action, or the DMS field that carried it. */
  wording: string;
  agent: AgentRef | null;
  at: string;
}

export const SERVICE_PAGE_SIZE = 20;
export const MESSAGE_FIRST_PAGE = 10;
export const MESSAGE_MAX_LENGTH = 1600;
