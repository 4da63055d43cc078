/**
 * What the SIP media application's handler (functions/calls/sipMediaApplication.ts) hands to the
 * calls' background work for each step of a call: it must answer the provider within its 5 s
 * budget, so it only decides the call's next actions and records the step; everything slow (the
 * customer, the conversation, the notice, the voicemail, the text-back) happens from here.
 */
import type { CallBoard } from '../../shared/calls/calls.js';

interface StepBase {
  /** The provider's id of the call (the Chime transaction id): the same on every step of one call. */
  transaction_id: string;
  /** The provider's event sequence number: steps of one call are applied in this order, each once. */
  sequence: number;
  /** When the provider reported the step (ISO). */
  at: string;
  direction: 'inbound' | 'outbound';
  /** The store's number the call is on (E.164). */
  store_number: string;
  /** The customer's number (E.164): the caller of an inbound call, the one called on an outbound one. */
  customer_number: string;
  /** The board whose number it is. */
  board: CallBoard;
  company_id: string;
  location_id: string;
  /** An outbound call: the console's call id and the agent who placed it (from the call's arguments). */
  call_id?: string;
  agent_id?: string;
}

export type CallStep =
  /** Inbound: reached the store; the ring-to numbers ring. Outbound: the advisor's own phone rings. */
  | (StepBase & { step: 'ringing' })
  /** Outbound: the advisor picked up; now the customer's phone rings. */
  | (StepBase & { step: 'agent_answered' })
  /** Inbound: a ring-to number picked up (`answered_by`); outbound: the customer picked up. */
  | (StepBase & { step: 'answered'; answered_by: string })
  /** Inbound: nobody picked up (or all busy); the caller hears the greeting and may leave a message. */
  | (StepBase & { step: 'voicemail'; dial_status: 'no-answer' | 'busy' })
  /** A voicemail was recorded: where the provider stored it and how long it is. */
  | (StepBase & { step: 'recorded'; recording: { bucket: string; key: string }; duration_seconds: number })
  /** The call ended: how the dialling went (null: it never rang anyone) and how long the talk lasted. */
  | (StepBase & { step: 'ended'; dial_status: 'answered' | 'no-answer' | 'busy' | null; talk_seconds: number; voicemail: boolean });

export type CallStepName = CallStep['step'];
