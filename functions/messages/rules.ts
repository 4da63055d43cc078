/**
 * Whether a text may go to a customer, and when: every sending rule of SPEC §5 and the consent
 * rules of issue 3, as one pure decision the send route, the automated texts, the retry and the
 * scheduled-send job all ask. Nothing here reads the table or the clock: the caller gathers the
 * order, the customer, the location's settings and `now`, so each rule can be tested alone.
 */
import type { AgentRef } from '../../shared/people.js';
import type { LineType, OptMetadata, OptStatus } from '../../shared/customers.js';
import { MESSAGE_MAX_LENGTH } from '../../shared/messages.js';
import { SEND_ERRORS, SEND_WARNINGS, type SendErrorId } from '../../shared/schemas/messages.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import type { GatekeeperReason } from '../../shared/systemNotes.js';
import { quietHoursState } from './quietHours.js';

/**
 * Who is sending, which decides how quiet hours apply:
 * - manual: an agent's own words (the composer): inside quiet hours it is refused until the agent
 *   confirms or schedules;
 * - action: an agent's button that sends a prepared text (vehicle ready, the inspection link, a
 *   mass text): the agent is there, so quiet hours ask as for the composer (the console showed
 *   "sent" for texts silently held till morning);
 * - automated: the console's own text: held until the window opens, never sent at night;
 * - retry: an agent resending a failed text they already sent once: no quiet-hours question;
 * - scheduled: a held text whose time has come (the job): it goes now.
 */
export type SendMode = 'manual' | 'action' | 'automated' | 'retry' | 'scheduled';

/**
 * What the rules need to know of a conversation's owner. The advisor and op-code rules are the
 * repair order's (SPEC §5); another board's owner leaves them off.
 */
export interface RuleOwner {
  closed: boolean;
  agent: AgentRef | null;
  /** Op codes on the estimate (the DMS sends them); null when the owner has no estimate. */
  opcodes: readonly string[] | null;
  /** Whether a text needs an assigned advisor (repair orders); unless told otherwise, it does. */
  needsAdvisor?: boolean;
}
/** A repair order as the rules see it. */
export type RuleOrder = RuleOwner;

export interface RuleCustomer {
  /** The record's copy of its number's consent. */
  opt_in: OptStatus;
  /** The consent of the number itself (the company's item of it); null or absent when none is stored. */
  number_opt_in?: OptStatus | null;
  blocked_at: string | null;
  line: LineType;
  cell: string | null;
}

/**
 * Consent as the rules apply it: the number's and the record's together. An opt-out on either stops
 * the text (a record may not have caught up with a STOP yet); an opt-in on either lets it through.
 */
export function consentOf(customer: Pick<RuleCustomer, 'opt_in' | 'number_opt_in'>): OptStatus {
  const number = customer.number_opt_in ?? 'unknown';
  if (customer.opt_in === 'out' || number === 'out') return 'out';
  return customer.opt_in === 'in' || number === 'in' ? 'in' : 'unknown';
}

export interface RuleSettings {
  safeMode: boolean;
  doubleOptIn: boolean;
  quietStart: string;
  quietEnd: string;
  timezone: string;
  opcodeText: string;
  requireOpcode: boolean;
}

export interface Outgoing {
  text: string;
  attachments: number;
  /** A moment the agent chose (ISO); in the future it holds the text until then. */
  sendAt?: string | null;
  /** The agent confirmed texting inside quiet hours. */
  confirmQuietHours?: boolean;
  /** This text is the double opt-in request itself: the consent gate does not apply to it. */
  asksConsent?: boolean;
  /** An automated text meant for a finished owner (afterClose.ts): the closed rule does not apply to it. */
  afterClose?: boolean;
}

export type SendDecision =
  | { outcome: 'refuse'; error: SendErrorId; nextWindowAt?: string }
  /** Double opt-in: the customer must first answer the opt-in request (sent once). */
  | { outcome: 'ask_opt_in' }
  | { outcome: 'hold'; sendAt: string; warnings: string[] }
  | { outcome: 'send'; warnings: string[] };

export function refusalText(error: SendErrorId): string {
  return SEND_ERRORS[error];
}

/** The settings the rules read, from the location's groups. */
export function ruleSettings(
  service: SettingsOf<'service_settings'>,
  dms: SettingsOf<'dms_settings'>,
  timezone: string,
): RuleSettings {
  return {
    safeMode: service.safe_mode,
    doubleOptIn: service.double_opt_in,
    quietStart: service.quiet_hours_start,
    quietEnd: service.quiet_hours_end,
    timezone,
    opcodeText: dms.opcode_text.trim(),
    requireOpcode: dms.require_opcode_for_text,
  };
}

const sameOpcode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** SPEC §5: with the rule on, the op-code text must be on the order's estimate. */
export function hasOpcode(order: RuleOwner, opcodeText: string): boolean {
  // An owner without an estimate cannot carry the op code: the rule refuses rather than waves it through.
  return opcodeText !== '' && (order.opcodes ?? []).some((code) => sameOpcode(code, opcodeText));
}

/** Why the text may not go at all (SPEC §5 order: the text, the order, the customer, the number), or null. */
function refusal(order: RuleOwner, customer: RuleCustomer, settings: RuleSettings, outgoing: Outgoing, mode: SendMode): SendErrorId | null {
  if (outgoing.text.trim() === '' && outgoing.attachments === 0) return 'blank';
  // Only an agent's own words are measured: a stored text may have grown by the opt-out notice.
  if (mode === 'manual' && outgoing.text.length > MESSAGE_MAX_LENGTH) return 'too_long';
  if (order.closed && !outgoing.afterClose) return 'closed';
  if ((order.needsAdvisor ?? true) && !order.agent) return 'no_advisor';
  if (consentOf(customer) === 'out') return 'opted_out';
  if (customer.blocked_at) return 'blocked';
  if (!customer.cell) return 'no_phone';
  if (customer.line === 'landline') return 'landline';
  if (settings.requireOpcode && order.opcodes !== null && !hasOpcode(order, settings.opcodeText)) return 'opcode_missing';
  return null;
}

export function decideSend(
  order: RuleOwner,
  customer: RuleCustomer,
  settings: RuleSettings,
  outgoing: Outgoing,
  mode: SendMode,
  now: Date,
): SendDecision {
  const refused = refusal(order, customer, settings, outgoing, mode);
  if (refused) return { outcome: 'refuse', error: refused };

  if (consentOf(customer) === 'unknown' && !outgoing.asksConsent) {
    // Double opt-in is how a customer of unknown status becomes one who may be texted, so it
    // comes before safe mode (which would only refuse): the agent's text turns into the request.
    // Only an agent asks; the console does not ask on its own (automated, scheduled).
    const agentAsks = mode === 'manual' || mode === 'action' || mode === 'retry';
    if (settings.doubleOptIn) return agentAsks ? { outcome: 'ask_opt_in' } : { outcome: 'refuse', error: 'awaiting_opt_in' };
    if (settings.safeMode) return { outcome: 'refuse', error: 'unknown_in_safe_mode' };
  }

  const warnings = customer.line === 'voip' ? [SEND_WARNINGS.voip] : [];

  const agentWaits = mode === 'manual' || mode === 'action';
  if (agentWaits && outgoing.sendAt) {
    // A time the agent chose is theirs to choose, quiet hours or not; a past one means now.
    if (Date.parse(outgoing.sendAt) > now.getTime()) return { outcome: 'hold', sendAt: new Date(outgoing.sendAt).toISOString(), warnings };
    return { outcome: 'send', warnings };
  }
  if (mode === 'manual' || mode === 'action' || mode === 'automated') {
    const quiet = quietHoursState(now, settings.timezone, settings.quietStart, settings.quietEnd);
    if (quiet.quiet && quiet.nextWindowAt) {
      if (!agentWaits) return { outcome: 'hold', sendAt: quiet.nextWindowAt, warnings };
      if (!outgoing.confirmQuietHours) return { outcome: 'refuse', error: 'quiet_hours', nextWindowAt: quiet.nextWindowAt };
    }
  }
  return { outcome: 'send', warnings };
}

/** Gatekeeper targets of automated texts (SPEC §3 gatekeeper settings). */
export type GatekeeperTarget = SettingsOf<'gatekeeper_settings'>['vehicle_ready']['target'];

/** The gatekeeper's reasons in English, for the stored note text and the event's message (the console words the id). */
export function gatekeeperReasonText(reason: GatekeeperReason, opcodeText: string): string {
  switch (reason) {
    case 'opcode_missing':
      return `The repair order does not carry the op code ${opcodeText || '(none set)'}`;
    case 'not_opted_in':
      return 'The customer has not opted in';
    case 'opted_out':
      return 'The customer has opted out';
    case 'no_written_consent':
      return 'The customer has not given written consent';
  }
}

/**
 * Whether the gatekeeper lets an automated text reach this customer; null when it does, else the
 * reason (its id goes with the "Notification won't be delivered." note and the gatekeeper_error
 * toast, which the console words in the agent's language).
 * Green (written consent) means the customer opted in themselves or the DMS holds their consent;
 * an opt-in an agent recorded is not written consent.
 */
export function gatekeeperReason(
  target: GatekeeperTarget,
  order: RuleOwner,
  customer: { opt_in: OptStatus; opt_metadata: OptMetadata | null },
  opcodeText: string,
): GatekeeperReason | null {
  switch (target) {
    case 'ro_with_opcode':
      return hasOpcode(order, opcodeText) ? null : 'opcode_missing';
    case 'opted_in':
      return customer.opt_in === 'in' ? null : 'not_opted_in';
    case 'opted_in_and_no_status':
      return customer.opt_in === 'out' ? 'opted_out' : null;
    case 'green_only': {
      const written = customer.opt_metadata?.initiator === 'dms' || customer.opt_metadata?.initiator === 'customer';
      return customer.opt_in === 'in' && written ? null : 'no_written_consent';
    }
  }
}
