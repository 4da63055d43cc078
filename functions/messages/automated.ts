/**
 * Texts the console sends for an order on its own or at an agent's button: "vehicle ready" (SPEC
 * §2 detail actions, §4: automated when the order becomes invoiced), the inspection link (the
 * advisor's "send to customer") and the work-declined notice (the jobs handler). An automated text first
 * passes the location's gatekeeper target for its message type (SPEC §3), then the sending rules;
 * when either refuses, the advisor reads "Notification won't be delivered." in the conversation
 * (with the reason) and gets a gatekeeper_error toast. Automated texts never go out in quiet
 * hours: they are held until the window opens.
 */
import { SEND_ERRORS } from '../../shared/schemas/messages.js';
import type { AutomatedKind, Message } from '../../shared/serviceBoard.js';
import { agentRefOrNull, type AgentRecord } from '../lib/agents.js';
import { customerText } from '../lib/customerTexts.js';
import { readSettings } from '../lib/settings.js';
import { announce, changed } from '../repairOrders/events.js';
import { updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { outboundRecord, queueAndDeliver } from './delivery.js';
import { addSystemNote } from './notes.js';
import { messageView } from './records.js';
import { gatekeeperRefusal } from './rules.js';
import {
  NO_TEXTING_NUMBER,
  askOptIn,
  decide,
  ruleOrder,
  sendContext,
  serviceNumber,
  withCurrentLine,
  withOptOutNotice,
  type SendContext,
} from './send.js';

export type AutomatedTextKind = Extract<AutomatedKind, 'vehicle_ready' | 'mpi_notification' | 'work_declined'>;
export const AUTOMATED_TEXT_KINDS: readonly AutomatedTextKind[] = ['vehicle_ready', 'mpi_notification', 'work_declined'];

/** The gatekeeper rule (SPEC §3 gatekeeper settings) each kind of text answers to. */
const GATEKEEPER_RULES = {
  vehicle_ready: 'vehicle_ready',
  mpi_notification: 'mpi_notification',
  work_declined: 'mpi_work_declined',
} as const satisfies Record<AutomatedTextKind, keyof SendContext['gatekeeper']>;

/**
 * Why the location's gatekeeper keeps this text from this customer, or null. The op-code target
 * reads the order's op codes as for every text; for the work-declined notice the op codes of
 * service_settings.work_declined_opcodes, when any are set, are the ones that count (any one of
 * them on the order lets it through).
 */
export function automatedGatekeeperRefusal(context: SendContext, kind: AutomatedTextKind): string | null {
  const rule = context.gatekeeper[GATEKEEPER_RULES[kind]];
  const declinedCodes = context.service.work_declined_opcodes.map((code) => code.trim()).filter((code) => code !== '');
  const codes = kind === 'work_declined' && declinedCodes.length > 0 ? declinedCodes : [context.dms.opcode_text.trim()];
  let reason: string | null = null;
  for (const code of codes) {
    reason = gatekeeperRefusal(rule.target, ruleOrder(context.ro), context.customer, code);
    if (!reason) return null;
  }
  return reason;
}

export interface AutomatedResult {
  message: Message | null;
  refused: { id: string; message: string } | null;
}

/** The vehicle-ready text: the gatekeeper's own text for it when set, else the service settings'. */
function vehicleReadyText(context: SendContext): string {
  return context.gatekeeper.vehicle_ready.text.trim() || context.service.vehicle_ready_message;
}

/** The advisor learns that the console did not send a text, and why. */
async function notDelivered(ro: RepairOrderRecord, kind: AutomatedTextKind, reason: string): Promise<void> {
  await addSystemNote(ro, { behaviour: 'GENERIC_SYSTEM', text: customerText('notificationNotDeliveredNote', 'en-us'), note: { kind, reason } });
  await announce(ro, { type: 'gatekeeper_error', data: { repair_order_id: ro.id, kind, message: reason } });
}

/**
 * Sends (or holds for quiet hours) an automated text of `kind` on the order. `manual`: an agent
 * pressed the button: the sending rules apply as to the composer (refusals come back for the
 * route to answer; no note), except that quiet hours hold the text. Otherwise the gatekeeper
 * decides first and refusals leave the note and the toast. `gatekeeper` asks the gatekeeper for
 * an agent's button too (the inspection link answers to its mpi_notification rule). `text`: the
 * words of kinds whose text the caller composes (the link, the declined work); vehicle-ready
 * reads its own.
 */
export async function sendAutomated(
  ro: RepairOrderRecord,
  kind: AutomatedTextKind,
  options: { agent: AgentRecord | null; manual: boolean; gatekeeper?: boolean; text?: string },
): Promise<AutomatedResult> {
  const now = new Date();
  const context = await withCurrentLine(await sendContext(ro), now);
  const text = options.text ?? vehicleReadyText(context);

  const refuse = async (id: string, message: string): Promise<AutomatedResult> => {
    if (!options.manual) await notDelivered(ro, kind, message);
    return { message: null, refused: { id, message } };
  };

  if (options.gatekeeper ?? !options.manual) {
    const reason = automatedGatekeeperRefusal(context, kind);
    if (reason) return refuse('gatekeeper', reason);
  }

  const decision = decide(context, { text, attachments: 0 }, options.manual ? 'action' : 'automated', now);
  if (decision.outcome === 'refuse') return refuse(decision.error, SEND_ERRORS[decision.error]);
  const from = serviceNumber(context);
  if (!from) return refuse('no_texting_number', NO_TEXTING_NUMBER);
  if (decision.outcome === 'ask_opt_in') {
    await askOptIn(context, now);
    return refuse('awaiting_opt_in', SEND_ERRORS.awaiting_opt_in);
  }

  const at = now.toISOString();
  const record = outboundRecord(ro, {
    text: await withOptOutNotice(context, text, at),
    attachments: [],
    agent: options.manual ? agentRefOrNull(options.agent) : null,
    automated: kind,
    sendAt: decision.outcome === 'hold' ? decision.sendAt : null,
    from,
    to: context.customer.phones.cell ?? '',
    at,
  });
  const sent = await queueAndDeliver(ro, record);
  return { message: await messageView(sent), refused: null };
}

/**
 * The DMS reports the order invoiced (SPEC §4): with vehicle_ready_automated on, the customer is
 * told their vehicle is ready, once. The order is marked vehicle ready before the text goes, so a
 * repeated or concurrent feed finds it done and sends nothing; a refused text leaves the note.
 */
export async function onInvoiced(ro: RepairOrderRecord): Promise<AutomatedResult | null> {
  if (ro.metadata.dms_status !== 'invoiced' || ro.vehicle_ready || ro.closed || ro.archived) return null;
  const service = await readSettings(ro.company_id, ro.location_id, 'service_settings');
  if (!service.vehicle_ready_automated) return null;
  const at = new Date().toISOString();
  const { after, changed: claimed } = await updateRepairOrder(ro.company_id, ro.id, (current) =>
    current.vehicle_ready || current.metadata.dms_status !== 'invoiced' || current.closed || current.archived
      ? null
      : { vehicle_ready: true, vehicle_ready_at: at },
  );
  if (!claimed) return null;
  await announce(after, changed(after, 'vehicle_ready'));
  return sendAutomated(after, 'vehicle_ready', { agent: null, manual: false });
}
