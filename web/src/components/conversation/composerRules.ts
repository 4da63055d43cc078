/**
 * What the composer lets an agent do (SPEC §4, §5; api contract "Messages"): whether it shows at
 * all, whether it is usable, and whether a draft may go. The server enforces every rule again; the
 * composer says so first, in the agent's language, without a round trip.
 */
import { MESSAGE_MAX_LENGTH } from '../../../../shared/messages.js';
import { type Customer } from '../../../../shared/customers.js';
import type { SendErrorId } from '../../../../shared/sendingTexts.js';

export const MAX_ATTACHMENT_BYTES = 512 * 1024 * 1024;

/**
 * A rule of the owner's own board that stops texting (a repair order with no advisor), named by the
 * id the send route refuses it with, so the composer words it like the server's refusal.
 */
export type OwnerRefusal = Exclude<SendErrorId, 'opted_out' | 'unknown_in_safe_mode' | 'landline' | 'blocked' | 'closed' | 'no_phone' | 'blank' | 'too_long' | 'quiet_hours'>;

/**
 * What the texting rules on screen need to know about a conversation: its customer, and what its
 * owner adds. The board that owns the conversation fills it in; the rules never ask which board.
 */
export interface TextingSubject {
  /** null: a conversation among agents (no customer, so none of the texting rules apply). */
  customer: Customer | null;
  /** The owner is closed (a closed repair order): nothing more is texted on it. */
  closed: boolean;
  /** The board's own words for why a closed owner takes no texts (its kind of order); the repair order's otherwise. */
  closedText?: string;
  /** The owner's own rule that holds texting back right now, or null. */
  ownerRefusal: OwnerRefusal | null;
}

export type ComposerState =
  /** No message bar: the customer opted out, or has not opted in while the location runs in safe mode. */
  | { kind: 'hidden'; reason: 'opted_out' | 'unknown_in_safe_mode' }
  /** The bar shows, disabled, with the reason. */
  | { kind: 'disabled'; reason: 'landline' | 'blocked' | 'closed' | 'no_phone' | OwnerRefusal }
  | { kind: 'open'; warning: 'voip' | null };

export function composerState(subject: TextingSubject, options: { safeMode: boolean }): ComposerState {
  const { customer } = subject;
  if (!customer) return subject.closed ? { kind: 'disabled', reason: 'closed' } : { kind: 'open', warning: null };
  if (customer.opt_in === 'out') return { kind: 'hidden', reason: 'opted_out' };
  if (customer.opt_in === 'unknown' && options.safeMode) return { kind: 'hidden', reason: 'unknown_in_safe_mode' };
  if (customer.carrier.type === 'landline') return { kind: 'disabled', reason: 'landline' };
  if (customer.blocked_at) return { kind: 'disabled', reason: 'blocked' };
  if (subject.closed) return { kind: 'disabled', reason: 'closed' };
  if (subject.ownerRefusal) return { kind: 'disabled', reason: subject.ownerRefusal };
  if (!customer.phones.cell) return { kind: 'disabled', reason: 'no_phone' };
  return { kind: 'open', warning: customer.carrier.type === 'voip' ? 'voip' : null };
}

/** Files may be dropped on the conversation only when the customer has not opted out (SPEC §5). */
export function acceptsDroppedFiles(subject: { customer: Pick<Customer, 'opt_in'> | null }): boolean {
  return subject.customer?.opt_in !== 'out';
}

export interface DraftFile {
  name: string;
  size: number;
}

export type DraftProblem = { kind: 'blank' } | { kind: 'too_long'; over: number } | { kind: 'file_too_large'; name: string };

/** Why a draft may not be sent, or null when it may. */
export function draftProblem(text: string, files: readonly DraftFile[]): DraftProblem | null {
  const large = files.find((f) => f.size > MAX_ATTACHMENT_BYTES);
  if (large) return { kind: 'file_too_large', name: large.name };
  if (text.length > MESSAGE_MAX_LENGTH) return { kind: 'too_long', over: text.length - MESSAGE_MAX_LENGTH };
  // A string is valid when non-empty after trimming (SPEC §5); a picture alone is a message too.
  if (!text.trim() && files.length === 0) return { kind: 'blank' };
  return null;
}

/** Characters left before the limit (negative when over). */
export function charactersLeft(text: string): number {
  return MESSAGE_MAX_LENGTH - text.length;
}

/** Enter sends, Shift+Enter starts a new line; a composing IME keeps its Enter. */
export function sendsOnKey(event: { key: string; shiftKey: boolean; isComposing?: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && !event.altKey;
}
