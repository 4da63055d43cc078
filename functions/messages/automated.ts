/**
 * Texts the console sends in a conversation on its own or at an agent's button, whatever board owns
 * it: "vehicle ready" (repairOrders/vehicleReady.ts), the inspection link (the advisor's "send to
 * customer"), the work-declined notice and the appointment and service reminders (the jobs). An automated text first
 * passes the location's gatekeeper target for its message type (SPEC §3), then the sending rules;
 * when either refuses, the advisor reads "Notification won't be delivered." in the conversation
 * (with the reason) and gets a gatekeeper_error toast. Automated texts never go out in quiet
 * hours: they are held until the window opens.
 *
 * Every such text names the dealership (carrier rules expect a text to identify the business):
 * while a store keeps a setting's default wording, the customer reads the catalogue's wording in
 * their own language, naming the store; a store's own wording goes as written, with
 * "<Dealership>: " before it when it does not name the store.
 */
import { SEND_ERRORS } from '../../shared/schemas/messages.js';
import type { AutomatedKind, BoardAutomatedKinds, Message } from '../../shared/messages.js';
import type { GatekeeperReason } from '../../shared/systemNotes.js';
import type { SettingsKey } from '../../shared/access.js';
import { completeSettings, type SettingsOf } from '../../shared/schemas/settings.js';
import { agentRefOrNull, type AgentRecord } from '../lib/agents.js';
import { customerText, namingDealership } from '../lib/customerTexts.js';
import { ownerFieldOf } from '../../shared/conversations.js';
import { announceTo, type ConversationOwner } from './owners.js';
import { outboundRecord, queueAndDeliver } from './delivery.js';
import { goesAfterClose } from './afterClose.js';
import { addSystemNote } from './notes.js';
import { messageView } from './records.js';
import { gatekeeperReason, gatekeeperReasonText } from './rules.js';
import { answersToGatekeeper, gatekeeperRuleOfKind } from './gatekeeperRules.js';
import {
  NO_TEXTING_NUMBER,
  askOptIn,
  consentOfContext,
  dealershipOf,
  decide,
  localeOf,
  sendContext,
  serviceNumber,
  withCurrentLine,
  withOptOutNotice,
  type SendContext,
} from './send.js';
import { SendRefused } from '../lib/errors.js';

type CoreTextKind = Extract<AutomatedKind, 'vehicle_ready' | 'mpi_notification' | 'work_declined' | 'appointment_reminder' | 'service_reminder' | 'service_welcome' | 'prewelcome'>;
/** The core's texts that answer to no gatekeeper rule: the away agent's auto-reply (functions/messages/away.ts) answers a customer who just wrote. */
type UngatedCoreTextKind = Extract<AutomatedKind, 'auto_reply'>;
/** The texts sendAutomated sends: the core's, and those a board adds (shared/messages.ts BoardAutomatedKinds). */
export type AutomatedTextKind = CoreTextKind | UngatedCoreTextKind | keyof BoardAutomatedKinds;

/**
 * The gatekeeper rule (SPEC §3 gatekeeper settings) each of the core's texts answers to; a board
 * names its own kinds' (gatekeeperRules.ts). The work-declined notice is the inspection's: the
 * customer (or the advisor for them) declined recommended work on the order's inspection sheet
 * (recommendations/workDeclined.ts), so it answers to `mpi_work_declined`. `service_work_declined`
 * is the DMS's own declined-work notice; the DMS feed (shared/schemas/dms.ts) carries no declined
 * work today, so no text of the product answers to it yet: its rule is stored and shown, and a text
 * of that kind would pass through automatedGatekeeperRefusal like every other.
 */
const GATEKEEPER_RULES = {
  vehicle_ready: 'vehicle_ready',
  mpi_notification: 'mpi_notification',
  work_declined: 'mpi_work_declined',
  appointment_reminder: 'appointment_reminder',
  service_reminder: 'service_reminder',
  service_welcome: 'service_welcome',
  prewelcome: 'prewelcome',
} as const satisfies Record<CoreTextKind, GatekeeperRule>;
answersToGatekeeper(GATEKEEPER_RULES);

/** A gatekeeper message type (SPEC §3 "Gatekeeper settings"). */
export type GatekeeperRule = keyof SendContext['gatekeeper'];

/** The rule a kind of text answers to: the caller's, else the one its kind is registered with, else none. */
export function gatekeeperRuleFor(kind: string, ruleOf: GatekeeperRule | null = null): GatekeeperRule | null {
  return ruleOf ?? gatekeeperRuleOfKind(kind);
}

/**
 * Why the location's gatekeeper keeps this text from this customer, or null: the one decision every
 * automated text passes (sendAutomated, and the scheduled-send job again for a held one). The op-code target
 * reads the order's op codes as for every text; for the work-declined notice the op codes of
 * service_settings.work_declined_opcodes, when any are set, are the ones that count (any one of
 * them on the order lets it through).
 */
export function automatedGatekeeperRefusal(context: SendContext, kind: AutomatedTextKind, ruleOf: GatekeeperRule | null = null): GatekeeperRefusal | null {
  const named = gatekeeperRuleFor(kind, ruleOf);
  // A text that answers to no gatekeeper rule passes on the sending rules alone.
  if (!named) return null;
  const rule = context.gatekeeper[named];
  const declinedCodes = context.service.work_declined_opcodes.map((code) => code.trim()).filter((code) => code !== '');
  const codes = kind === 'work_declined' && declinedCodes.length > 0 ? declinedCodes : [context.dms.opcode_text.trim()];
  let refusal: GatekeeperRefusal | null = null;
  for (const code of codes) {
    const reason = gatekeeperReason(rule.target, context.owner.rules, consentOfContext(context), code);
    if (!reason) return null;
    refusal = { reason, opcode: reason === 'opcode_missing' ? code : '', message: gatekeeperReasonText(reason, code) };
  }
  return refusal;
}

/** The gatekeeper's reason (an id the console words), the op code it looked for, and the reason in English. */
export interface GatekeeperRefusal {
  reason: GatekeeperReason;
  opcode: string;
  message: string;
}

export interface AutomatedResult {
  message: Message | null;
  /** `reason` and `opcode` when the gatekeeper refused (id 'gatekeeper'); `nextWindowAt` with quiet_hours. */
  refused: { id: string; message: string; reason?: GatekeeperReason; opcode?: string; nextWindowAt?: string } | null;
}

/**
 * The words of an automated text: the store's own (from its settings, sent as written) or the
 * catalogue's wording of a setting the store left at its default (in the customer's language).
 */
export type AutomatedWords =
  | { written: string }
  | { catalogue: 'vehicleReady' }
  | { catalogue: 'inspectionLink'; link: string }
  | { catalogue: 'appointmentReminder'; date: string; time: string }
  | { catalogue: 'serviceReminder' }
  | { catalogue: 'serviceWelcome' }
  | { catalogue: 'prewelcome'; date: string; time: string };

/** Whether a wording setting still holds its default (the catalogue has that wording in every language). */
export function keepsDefaultWording<K extends SettingsKey>(group: K, field: keyof SettingsOf<K>, value: string): boolean {
  return value.trim() === String(completeSettings(group, {})[field]).trim();
}

/**
 * The words of a text whose only wording is its gatekeeper rule's `text` (the welcome, the
 * prewelcome): the store's own, `{{date}}` and `{{time}}` filled in, when it wrote one; else the catalogue's.
 */
export function ruleWords(context: SendContext, rule: GatekeeperRule, catalogue: AutomatedWords & { catalogue: string }, vars: Record<string, string> = {}): AutomatedWords {
  const written = context.gatekeeper[rule].text.trim();
  if (written === '') return catalogue;
  return { written: written.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => vars[name] ?? placeholder) };
}

/** The text as the customer reads it, naming the dealership. */
export function automatedText(context: SendContext, words: AutomatedWords): string {
  const { dealership } = dealershipOf(context);
  // A store writes its texts in its own language: the prefix follows that language's punctuation.
  if ('written' in words) return namingDealership(words.written, dealership, context.location.locale);
  const locale = localeOf(context);
  if (words.catalogue === 'vehicleReady') return customerText('vehicleReady', locale, { dealership });
  if (words.catalogue === 'serviceReminder') return customerText('serviceReminder', locale, { dealership });
  if (words.catalogue === 'appointmentReminder') return customerText('appointmentReminder', locale, { dealership, date: words.date, time: words.time });
  if (words.catalogue === 'serviceWelcome') return customerText('serviceWelcome', locale, { dealership });
  if (words.catalogue === 'prewelcome') return customerText('prewelcome', locale, { dealership, date: words.date, time: words.time });
  return customerText('inspectionLink', locale, { dealership, link: words.link });
}

/** The answer to an agent whose button's text was refused: its id and text, and the gatekeeper's reason (an id the console translates) when it was the gatekeeper. */
export function refusedAnswer(refused: NonNullable<AutomatedResult['refused']>): SendRefused {
  if (refused.nextWindowAt) return new SendRefused(refused.id, refused.message, { next_window_at: refused.nextWindowAt });
  return new SendRefused(refused.id, refused.message, refused.reason ? { reason: refused.reason, opcode: refused.opcode ?? '' } : {});
}

/**
 * The advisor learns that the console did not send a text, and why: the note and the toast carry the
 * reason's id (a gatekeeper reason or a send refusal), worded by the console; `message` is the English.
 */
async function notDelivered(owner: ConversationOwner, kind: AutomatedTextKind, refused: NonNullable<AutomatedResult['refused']>): Promise<void> {
  const reasonId = refused.reason ?? refused.id;
  const opcode = refused.opcode ?? '';
  await addSystemNote(owner, {
    behaviour: 'GENERIC_SYSTEM',
    text: customerText('notificationNotDeliveredNote', 'en-us'),
    note: { key: 'not_delivered', params: { kind, reason_id: reasonId, opcode } },
    // `reason` stays the English words, as notes written before reason ids have it.
    extra: { reason: refused.message },
  });
  await announceTo(owner, { type: 'gatekeeper_error', data: { ...ownerFieldOf(owner), kind, message: refused.message, reason: reasonId, opcode } });
}

/**
 * Sends (or holds for quiet hours) an automated text of `kind` on the order. `manual`: an agent
 * pressed the button: the sending rules apply as to the composer (refusals come back for the
 * route to answer; no note), quiet hours too: `quiet` carries the agent's answer (send anyway, or
 * hold until a moment), without which inside quiet hours it is refused with the window's start. Otherwise the gatekeeper
 * decides first and refusals leave the note and the toast. `gatekeeper` asks the gatekeeper for
 * an agent's button too (the inspection link answers to its mpi_notification rule). `words`: the
 * words of kinds whose text the caller composes (the link, the declined work); vehicle-ready
 * passes `vehicleReadyWords`.
 */
export async function sendAutomated(
  owner: ConversationOwner,
  kind: AutomatedTextKind,
  options: {
    agent: AgentRecord | null;
    manual: boolean;
    gatekeeper?: boolean;
    words: AutomatedWords | ((context: SendContext) => AutomatedWords);
    quiet?: { confirmQuietHours?: boolean; sendAt?: string };
    /** The gatekeeper rule a board's own kind of text answers to (the core's kinds know theirs); none: the sending rules alone. */
    gatekeeperRule?: GatekeeperRule | null;
    /**
     * When the text no longer means anything (an appointment's time): one that quiet hours would
     * hold until then or later is not queued at all, and the conversation says why.
     */
    notAfter?: { at: string; reason: string; message: string };
    /** Sent at once even inside quiet hours, when the store says so (the missed-call text-back answers a call that just happened). */
    sendInQuietHours?: boolean;
    /** The store's number it goes from when not the board's own (the text-back comes from the number the customer called). */
    from?: string;
  },
): Promise<AutomatedResult> {
  const now = new Date();
  const context = await withCurrentLine(await sendContext(owner), now);
  const text = automatedText(context, typeof options.words === 'function' ? options.words(context) : options.words);

  const refuse = async (refused: NonNullable<AutomatedResult['refused']>): Promise<AutomatedResult> => {
    if (!options.manual) await notDelivered(owner, kind, refused);
    return { message: null, refused };
  };

  if (options.gatekeeper ?? !options.manual) {
    const gate = automatedGatekeeperRefusal(context, kind, options.gatekeeperRule ?? null);
    if (gate) return refuse({ id: 'gatekeeper', ...gate });
  }

  const quiet = options.manual ? (options.quiet ?? {}) : {};
  const decision = decide(context, { text, attachments: 0, afterClose: goesAfterClose(kind), ...quiet }, options.manual ? 'action' : 'automated', now);
  if (decision.outcome === 'refuse') {
    return refuse({ id: decision.error, message: SEND_ERRORS[decision.error], ...(decision.nextWindowAt ? { nextWindowAt: decision.nextWindowAt } : {}) });
  }
  const from = options.from ?? serviceNumber(context);
  if (!from) return refuse({ id: 'no_texting_number', message: NO_TEXTING_NUMBER });
  if (decision.outcome === 'ask_opt_in') {
    await askOptIn(context, now);
    return refuse({ id: 'awaiting_opt_in', message: SEND_ERRORS.awaiting_opt_in });
  }
  // An automated text is held only by quiet hours.
  const holds = decision.outcome === 'hold' && !options.sendInQuietHours;
  const goesAt = holds ? decision.sendAt : now.toISOString();
  if (options.notAfter && Date.parse(goesAt) >= Date.parse(options.notAfter.at)) return refuse({ id: options.notAfter.reason, message: options.notAfter.message });

  const at = now.toISOString();
  const record = outboundRecord(owner, {
    text: await withOptOutNotice(context, text, at),
    attachments: [],
    agent: options.manual ? agentRefOrNull(options.agent) : null,
    automated: kind,
    sendAt: holds ? decision.sendAt : null,
    from,
    to: context.customer.phones.cell ?? '',
    at,
  });
  const sent = await queueAndDeliver(owner, record);
  return { message: await messageView(sent), refused: null };
}
