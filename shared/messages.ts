/**
 * Messages of any conversation (SPEC §3 "Message"): delivery states, system-note behaviours, the
 * automated kinds the gatekeeper decides on, attachments, and the message page sizes and limits.
 */
import type { AgentRef } from './people.js';

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

/** Automated texts the gatekeeper decides on (shared/schemas/settings.ts GATEKEEPER_MESSAGE_TYPES), and the console's own answers. */
export type AutomatedKind =
  | 'vehicle_ready'
  | 'mpi_notification'
  | 'work_declined'
  | 'appointment_reminder'
  | 'service_reminder'
  | 'service_welcome'
  | 'prewelcome'
  | 'help_reply'
  | 'opt_in_request'
  | 'opt_out_confirmation'
  | 'opt_in_confirmation'
  /** The agent's own words to a customer who texts while they are away with autoresponder (shared/presence.ts). */
  | 'auto_reply'
  | keyof BoardAutomatedKinds;

/**
 * The automated texts a board adds (an auto-reply, a lead's answer): its shared/<board>/ files add
 * their names to this interface (TypeScript's declaration merging), so no core file lists them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BoardAutomatedKinds {}

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
  /** By emoji, the ids of the agents who reacted with it (SPEC §3); an emoji nobody holds is absent. */
  reactions: Record<string, string[]>;
  /** Agents the author named with @ (ids), only those who may see the conversation. */
  mentions: string[];
  attachments: Attachment[];
  metadata: {
    /** `staff`: a note for colleagues (shared/staffNotes.ts), never sent to the customer. */
    direction: MessageDirection;
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
    /**
     * A voicemail (issue 25): an inbound message whose attachment is the recording (audio/wav);
     * `call_id` is the call it was left on, `duration_seconds` its length.
     */
    voicemail?: { call_id: string; duration_seconds: number };
  };
}

export type MessageDirection = 'outbound' | 'inbound' | 'system' | 'staff';

export const MESSAGE_FIRST_PAGE = 10;
/** Agents one message may mention. */
export const MAX_MENTIONS = 50;
export const MESSAGE_MAX_LENGTH = 1600;
