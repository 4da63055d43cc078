/**
 * A held text (status `scheduled`: a time an agent chose, quiet hours, the customer's YES) can be
 * cancelled or edited from the conversation until it goes. Both are conditional writes racing the
 * scheduled_messages job: whichever writes first wins, and the loser learns it (the job skips a
 * text no longer held as it read it; the agent gets 409 `already_sent` or `not_scheduled`).
 *
 * Who may: any agent who may work the conversation (its board's access rules, as for a retry). A
 * service team covers each other's customers; an advisor off shift must not leave a wrong text
 * going out at 8 in the morning. The message keeps its sender; the update event tells every open
 * console.
 */
import { CANCELLED_CODE, HELD_TEXT_REFUSALS, type HeldTextRefusalId } from '../../shared/sendingTexts.js';
import { MESSAGE_MAX_LENGTH } from '../../shared/messages.js';
import type { AgentRecord } from '../lib/agents.js';
import { customerText, namingDealership, withOptOutLine } from '../lib/customerTexts.js';
import { conflict, ValidationError } from '../lib/errors.js';
import { announceMessage } from './announce.js';
import type { ConversationOwner } from './owners.js';
import { editHeldMessage, getThreadMessage, setDeliveryState, type MessageRecord } from './records.js';
import { dealershipOf, localeOf, sendContext } from './send.js';

/** The furthest ahead a text can be scheduled (the send route's limit too). */
export const MAX_SCHEDULE_DAYS = 90;

/** Why a text is no longer held: it went (or is going), or it already ended without going. */
function notHeld(message: MessageRecord | undefined): Error {
  const id: HeldTextRefusalId = message?.metadata.status === 'not sent' ? 'not_scheduled' : 'already_sent';
  return conflict(id, HELD_TEXT_REFUSALS[id]);
}

function assertHeld(message: MessageRecord): void {
  if (message.metadata.direction !== 'outbound' || message.metadata.status !== 'scheduled') throw notHeld(message);
}

/** After a lost race, the reason as the text stands now. */
async function refusalNow(message: MessageRecord): Promise<Error> {
  return notHeld(await getThreadMessage(message.company_id, message.message_thread_id, message.id));
}

/** Cancels a held text: it ends `not sent` (code `cancelled`, who cancelled it in the stored text) and never goes. */
export async function cancelHeld(owner: ConversationOwner, message: MessageRecord, agent: AgentRecord, now = new Date()): Promise<MessageRecord> {
  assertHeld(message);
  const cancelled = await setDeliveryState(message, {
    status: 'not sent',
    at: now.toISOString(),
    errorCode: CANCELLED_CODE,
    errorText: `Cancelled by ${agent.first_name} ${agent.last_name}`.trim(),
  });
  if (!cancelled) throw await refusalNow(message);
  await announceMessage(owner, cancelled, 'message.updated');
  return cancelled;
}

/**
 * The text as it will go after an edit: a text that carried the number's opt-out notice (it was
 * the first text to the number, which is now marked as told) keeps it, whatever the agent left of it.
 */
async function withKeptNotice(owner: ConversationOwner, before: string, after: string): Promise<string> {
  const context = await sendContext(owner);
  const notice = customerText('optOutNotice', localeOf(context));
  const lines = [notice, namingDealership(notice, dealershipOf(context).dealership, localeOf(context))];
  const carries = (text: string) => lines.some((line) => text === line || text.endsWith(`\n${line}`));
  if (!carries(before) || carries(after)) return after;
  return withOptOutLine(after, localeOf(context), dealershipOf(context).dealership);
}

export interface HeldTextEdit {
  text: string;
  /** A new moment for a text held for a time (ISO); unchanged when left out. */
  sendAt?: string;
}

/**
 * Edits a held text: its words (validated as the composer's: not blank unless it has attachments,
 * at most 1600 characters; its attachments stay) and, for a text held for a time, the time.
 */
export async function editHeld(owner: ConversationOwner, message: MessageRecord, edit: HeldTextEdit, now = new Date()): Promise<MessageRecord> {
  assertHeld(message);
  if (edit.text.trim() === '' && message.attachments.length === 0) throw new ValidationError([{ message: 'Text cannot be blank', path: 'message.text' }]);
  if (edit.text.length > MESSAGE_MAX_LENGTH) throw new ValidationError([{ message: 'Message length limit is 1600 characters', path: 'message.text' }]);
  let sendAt = message.metadata.send_at;
  if (edit.sendAt !== undefined) {
    // A text waiting for the customer's YES has no time: it goes when they answer.
    if (message.metadata.held_for_opt_in || !message.metadata.send_at) {
      throw new ValidationError([{ message: 'This text goes when the customer replies YES; its time cannot be changed', path: 'message.send_at' }]);
    }
    const at = Date.parse(edit.sendAt);
    if (at <= now.getTime()) throw new ValidationError([{ message: 'Choose a time later than now', path: 'message.send_at' }]);
    if (at > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
      throw new ValidationError([{ message: `A text can be scheduled up to ${MAX_SCHEDULE_DAYS} days ahead`, path: 'message.send_at' }]);
    }
    sendAt = new Date(at).toISOString();
  }
  const text = await withKeptNotice(owner, message.text, edit.text);
  const edited = await editHeldMessage(message, { text, sendAt, at: now.toISOString() });
  if (!edited) throw await refusalNow(message);
  await announceMessage(owner, edited, 'message.updated');
  return edited;
}
