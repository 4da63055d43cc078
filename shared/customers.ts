/**
 * Customers as the API answers them (SPEC §3 "Customer"): who they are, how they may be texted
 * (opt status, line type), their vehicles, their calls and their consent ledger. Every board's
 * conversation is with a customer (or, later, an employee).
 */
import type { AgentRef } from './people.js';

export type OptStatus = 'in' | 'out' | 'unknown';
/** Who changed a customer's consent: the DMS, an agent, or the customer by text. */
export type OptInitiator = 'dms' | 'agent' | 'customer';
/** What kind of line the customer's cell number is; `mobile` may be texted freely. */
export type LineType = 'mobile' | 'voip' | 'landline' | 'error';

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

export interface Vehicle {
  make: string;
  model: string;
  year: number | null;
  vin: string | null;
  mileage: number | null;
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
  /** Calls through the console's own telephony (issue 25): how long the talk lasted, once it ended; absent for calls the DMS reports. */
  duration_seconds?: number | null;
  /** The caller left a voicemail (it is in the conversation). */
  voicemail?: boolean;
}

/** How a call ended, as its note in the conversation says (shared/systemNotes.ts `call`). */
export const CALL_OUTCOMES = ['answered', 'no-answer', 'busy', 'voicemail', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

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

/** SPEC §9: customer search pages hold 50. */
export const CUSTOMER_SEARCH_LIMIT = 50;
