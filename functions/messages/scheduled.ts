/**
 * The scheduled_messages job: texts held for quiet hours or for a time an agent chose go out when
 * due. The rules are asked again first (the customer may have opted out or been blocked since);
 * a text they now refuse ends `not sent` with "Notification won't be delivered.".
 */
import { customerText } from '../lib/customerTexts.js';
import { logger } from '../lib/log.js';
import { loadOwner, portFor, type ConversationOwner } from './owners.js';
import { dueScheduledMessages, getThreadMessage, heldForOptIn, ownerRefOf, setDeliveryState, type MessageRecord } from './records.js';
import { automatedGatekeeperRefusal, gatekeeperRuleFor, type AutomatedTextKind } from './automated.js';
import { announceMessage } from './announce.js';
import { heldAutoReplyRefusal } from './away.js';
import { deliver } from './delivery.js';
import { goesAfterClose } from './afterClose.js';
import { decide, sendContext, withCurrentLine, type SendContext } from './send.js';

export interface ScheduledRun {
  due: number;
  sent: number;
  refused: number;
  failed: number;
}

/** Why a held (or long-queued) text may no longer go, or null. */
export function refusalNow(context: SendContext, message: MessageRecord, now: Date): string | null {
  const decision = decide(
    context,
    { text: message.text, attachments: message.attachments.length, asksConsent: message.metadata.automated === 'opt_in_request', afterClose: goesAfterClose(message.metadata.automated) },
    'scheduled',
    now,
  );
  if (decision.outcome === 'refuse') return decision.error;
  if (decision.outcome === 'ask_opt_in') return 'awaiting_opt_in';
  // An automated text held for quiet hours answers to its gatekeeper again when it finally goes.
  // Its reason (an id the console words) is what the conversation shows; a board's kind answers to the rule it registered.
  const kind = message.metadata.automated;
  if (kind && gatekeeperRuleFor(kind)) return automatedGatekeeperRefusal(context, kind as AutomatedTextKind)?.reason ?? null;
  return null;
}

/**
 * A text that waited (held, or left queued) asks the rules again before it goes: answers its owner
 * when it may go, or null after ending it `not sent` ("Notification won't be delivered.").
 */
export async function ownerIfStillAllowed(message: MessageRecord, now: Date): Promise<ConversationOwner | null> {
  const ref = ownerRefOf(message);
  const owner = await loadOwner(message.company_id, ref, true);
  const context = owner ? await withCurrentLine(await sendContext(owner), now) : null;
  const refusal =
    owner && context
      ? (refusalNow(context, message, now) ??
        portFor(owner).heldTextRefusal?.(owner.record, message.metadata.automated) ??
        // "I'm away" must not reach the customer once the agent is back.
        (message.metadata.automated === 'auto_reply' ? await heldAutoReplyRefusal(owner) : null))
      : `${ref.kind}_gone`;
  if (!refusal && owner) return owner;
  const failed = await setDeliveryState(message, { status: 'not sent', errorCode: refusal, errorText: customerText('notificationNotDeliveredNote', 'en-us') });
  if (failed && owner) await announceMessage(owner, failed, 'message.updated');
  return null;
}

async function sendHeld(ref: { company_id: string; thread_id: string; id: string }, now: Date): Promise<'sent' | 'refused' | 'skipped'> {
  const message = await getThreadMessage(ref.company_id, ref.thread_id, ref.id);
  if (message?.metadata.status !== 'scheduled') return 'skipped';
  // Listed as due, then moved later by an agent's edit before this read: it waits for its new time.
  if (message.metadata.send_at && Date.parse(message.metadata.send_at) > now.getTime()) return 'skipped';
  const owner = await ownerIfStillAllowed(message, now);
  if (!owner) return 'refused';
  // Leaving `scheduled` is conditional on still being there as it was read: of two runs, one
  // sends; a text an agent cancelled or edited meanwhile is not claimed (an edited one next run).
  const claimed = await setDeliveryState(message, { status: 'queued', ifStatusAt: message.metadata.status_at });
  if (!claimed) return 'skipped';
  await announceMessage(owner, claimed, 'message.updated');
  await deliver(owner, claimed);
  return 'sent';
}

/** Sends every held text whose time has come; answers what it did. */
export async function sendDueMessages(now = new Date()): Promise<ScheduledRun> {
  const due = await dueScheduledMessages(now.toISOString());
  const run: ScheduledRun = { due: due.length, sent: 0, refused: 0, failed: 0 };
  for (const ref of due) {
    try {
      const outcome = await sendHeld(ref, now);
      if (outcome === 'sent') run.sent += 1;
      if (outcome === 'refused') run.refused += 1;
    } catch (err) {
      // One bad text must not hold up the others; it stays scheduled and is tried next run.
      run.failed += 1;
      logger.error('scheduled text failed', { message_id: ref.id, error: (err as Error).message });
    }
  }
  return run;
}

/**
 * The customer answered the double opt-in request: the agents' texts held for it go now (the
 * customer has just written, so quiet hours do not hold them back), or, after a STOP, end
 * `not sent` like any held text the rules now refuse.
 */
export async function releaseHeldForOptIn(companyId: string, customerIds: string[], now = new Date()): Promise<number> {
  let sent = 0;
  for (const customerId of customerIds) {
    for (const ref of await heldForOptIn(companyId, customerId)) {
      if ((await sendHeld(ref, now)) === 'sent') sent += 1;
    }
  }
  return sent;
}
