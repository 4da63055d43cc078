/**
 * System notes as data (issue 10): a note is stored with a stable key and its parameters, so each
 * console shows it in its own agent's language; the English `text` stored beside it is for old
 * clients, exports and the notes written before keys existed. The server writes notes with
 * `noteDetails`, the console reads them back with `readNote`: one list of keys and parameters
 * for both sides.
 *
 * The details travel in Message.metadata.note, a record of strings (as notes always have), so
 * numbers and flags are written as strings here and parsed back here.
 */
import type { AutomatedKind } from './messages.js';
import type { CallOutcome, OptInitiator } from './customers.js';

/** Why the gatekeeper keeps an automated text from a customer (SPEC §3 gatekeeper targets). */
export const GATEKEEPER_REASONS = ['opcode_missing', 'not_opted_in', 'opted_out', 'no_written_consent'] as const;
export type GatekeeperReason = (typeof GATEKEEPER_REASONS)[number];

/** Whether a consent change came in the customer's own text (a keyword, a YES): the note quotes their words. */
export function quotesCustomerWords(method: string): boolean {
  return method === 'sms_keyword' || method === 'double_opt_in_reply';
}

export type RecommendationDecision = 'approved' | 'declined' | 'undecided';

/** Each note key with its parameters. */
export interface NoteParams {
  /** A technician handed the MPI back: how many red and yellow items they found. */
  mpi_completed: { technician: string; red: number; yellow: number };
  /** Recommended work approved, declined or set back to undecided, by the customer or an agent. */
  recommendation_decided: {
    decision: RecommendationDecision;
    by: 'customer' | 'agent';
    agent_name: string;
    item: string;
    amount_in_cents: number;
    /** The location's currency symbol (shared/locales.ts currencySymbol). */
    currency: string;
  };
  /** The order was closed by the DMS or by the console after a time without activity. */
  order_closed: { closed_by: 'dms' | 'inactivity' };
  opt_out: ConsentNoteParams;
  opt_in: ConsentNoteParams;
  /** An automated text was not sent: its kind and why (a gatekeeper reason or a send refusal id). */
  not_delivered: { kind: AutomatedKind; reason_id: string; opcode: string };
  /** The appointment was confirmed: by the customer's reply to its reminder, or by an agent. */
  appointment_confirmed: { by: 'customer' | 'agent' };
  /** The appointment's reminder waits for the end of quiet hours (SPEC §8 'Reminder will be sent shortly.'). */
  reminder_soon: Record<string, never>;
  /** An inventory order was closed (SPEC §3 ORDER_CLOSED, §8 'Order has been closed.'): by an agent, or after a time without activity. */
  inventory_order_closed: { by: 'agent' | 'inactivity' };
  /** The customer answered the satisfaction survey (CSI): by replying to its text or on its page. */
  survey_answered: { rating: number; comment: string; via: 'text' | 'page' };
  /**
   * A phone call with the customer ended (issue 25, shared/calls/calls.ts): which way, how it went,
   * who took or made it ('' when nobody did), and how long the talk lasted (0 when nobody talked).
   */
  call: { direction: 'inbound' | 'outbound'; outcome: CallOutcome; agent_name: string; duration_seconds: number };
}

export interface ConsentNoteParams {
  initiator: OptInitiator;
  method: string;
  /** The customer's own words when they arrived by text; '' otherwise. */
  words: string;
  opcode: string;
  agent_name: string;
  /** The change came from another customer record with the same cell number. */
  shared_phone: boolean;
}

export type NoteKey = keyof NoteParams;
export const NOTE_KEYS: readonly NoteKey[] = ['mpi_completed', 'recommendation_decided', 'order_closed', 'opt_out', 'opt_in', 'not_delivered', 'appointment_confirmed', 'reminder_soon', 'inventory_order_closed', 'survey_answered', 'call'];

export type SystemNote = { [K in NoteKey]: { key: K; params: NoteParams[K] } }[NoteKey];

type ParamKind = 'text' | 'count' | 'flag';

/** How each parameter is stored; readNote refuses details that do not fit (old or foreign data). */
const PARAM_KINDS: { [K in NoteKey]: { [P in keyof NoteParams[K]]: ParamKind } } = {
  mpi_completed: { technician: 'text', red: 'count', yellow: 'count' },
  recommendation_decided: { decision: 'text', by: 'text', agent_name: 'text', item: 'text', amount_in_cents: 'count', currency: 'text' },
  order_closed: { closed_by: 'text' },
  opt_out: { initiator: 'text', method: 'text', words: 'text', opcode: 'text', agent_name: 'text', shared_phone: 'flag' },
  opt_in: { initiator: 'text', method: 'text', words: 'text', opcode: 'text', agent_name: 'text', shared_phone: 'flag' },
  not_delivered: { kind: 'text', reason_id: 'text', opcode: 'text' },
  appointment_confirmed: { by: 'text' },
  reminder_soon: {},
  inventory_order_closed: { by: 'text' },
  survey_answered: { rating: 'count', comment: 'text', via: 'text' },
  call: { direction: 'text', outcome: 'text', agent_name: 'text', duration_seconds: 'count' },
};

/** The note's key and parameters as stored details (all strings), with `key` among them. */
export function noteDetails(note: SystemNote): Record<string, string> {
  const details: Record<string, string> = { key: note.key };
  for (const [name, value] of Object.entries(note.params as Record<string, string | number | boolean>)) {
    details[name] = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  }
  return details;
}

const isNoteKey = (value: unknown): value is NoteKey => typeof value === 'string' && (NOTE_KEYS as readonly string[]).includes(value);

/** The key and parameters of stored details, or null for a note without a key (written before keys) or with broken details. */
export function readNote(details: Record<string, string> | null | undefined): SystemNote | null {
  if (!details || !isNoteKey(details.key)) return null;
  const kinds = PARAM_KINDS[details.key] as Record<string, ParamKind>;
  const params: Record<string, string | number | boolean> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const raw = details[name];
    if (typeof raw !== 'string') return null;
    if (kind === 'count') {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return null;
      params[name] = n;
    } else if (kind === 'flag') params[name] = raw === 'true';
    else params[name] = raw;
  }
  return { key: details.key, params } as SystemNote;
}
