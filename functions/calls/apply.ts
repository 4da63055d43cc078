/**
 * What each step of a call does to the console (issue 25; functions/calls/progress.ts): the call
 * record in the customer's history (SPEC §3, which hands it to its board: the missed-call flag, an
 * archived order brought back), the notice to the call's agent and the managers, the voicemail in
 * the customer's conversation, the call's note there when it ends, and for a missed call the
 * text-back. A step may be applied again after a crash: every write here is idempotent (the call's
 * pointer holds the ids of what it wrote, the text-back's claim).
 *
 * The call belongs to the conversation a text to the same store number would go to (functions/
 * inbound/threading.ts). Ringing alone opens none: a voicemail or a missed call's text-back opens
 * one the way a text would (a texted-in order for a known customer, a guest for an unknown number).
 */
import type { CallOutcome } from '../../shared/calls/calls.js';
import type { SystemNote } from '../../shared/systemNotes.js';
import { getAgent } from '../lib/agents.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { MODULE_OF_BOARD } from './storeNumbers.js';
import { recordCall, isMissed } from '../customers/calls.js';
import { customersWithPhone, getCustomer, type CustomerRecord } from '../customers/records.js';
import { newThread, strangerThread } from '../inbound/texts.js';
import { threadFor } from '../inbound/threading.js';
import { announceMessage } from '../messages/announce.js';
import { systemMessage } from '../messages/notes.js';
import { loadOwner, type ConversationOwner } from '../messages/owners.js';
import { appendOnce } from '../messages/records.js';
import { announceCall, callNotice } from './notices.js';
import type { CallStep } from './progress.js';
import { callRecordOf, claimMessageId, claimTextBack, getCallPointer, inboundCallId, openCallPointer, updateCallPointer, type CallPointer } from './records.js';
import { sendTextBack } from './textBack.js';
import { callNoteText } from './texts.js';
import { postVoicemail, storeRecording } from './voicemails.js';


/** A recording shorter than this is a caller who hung up at the tone. */
export const MIN_VOICEMAIL_SECONDS = 2;

/** The console's id of the step's call: the one the API made for an advisor's call, else from the transaction. */
export const callIdOf = (step: CallStep): string => step.call_id ?? inboundCallId(step.company_id, step.transaction_id);

/** The customer's records at the store the call reached (their number may be on records elsewhere in the company). */
async function customersAt(step: CallStep): Promise<CustomerRecord[]> {
  return (await customersWithPhone(step.company_id, step.customer_number, true)).filter((c) => c.location_id === step.location_id);
}

/** The call as first known: its customer and conversation as threading finds them now (none opened). */
async function newPointer(step: CallStep, callId: string): Promise<CallPointer> {
  const customers = step.direction === 'inbound' ? await customersAt(step) : [];
  const thread = customers.length > 0 ? await threadFor(step.company_id, step.location_id, customers, step.customer_number) : null;
  const customer = thread?.customer ?? customers[0] ?? null;
  return {
    call_id: callId,
    company_id: step.company_id,
    location_id: step.location_id,
    board: step.board,
    direction: step.direction,
    transaction_id: step.transaction_id,
    store_number: step.store_number,
    customer_number: step.customer_number,
    customer_id: customer?.id ?? null,
    owner: thread ? { kind: thread.owner.kind, id: thread.owner.id } : null,
    // An inbound call is the agent's whose customer's conversation it is; an advisor's, theirs.
    agent_id: step.direction === 'outbound' ? (step.agent_id ?? null) : (thread?.owner.agent?.id ?? null),
    status: 'ringing',
    dial_status: null,
    duration_seconds: null,
    voicemail: false,
    created_at: step.at,
  };
}

/**
 * The call's conversation, opened (`open`) the way a text from the caller would open one when it
 * has none; the pointer follows it. Null when there is none (and none is opened).
 */
async function conversationOf(pointer: CallPointer, open: boolean): Promise<{ pointer: CallPointer; owner: ConversationOwner | null }> {
  if (pointer.owner) {
    const owner = await loadOwner(pointer.company_id, pointer.owner, true);
    if (owner) return { pointer, owner };
  }
  const customers = (await customersWithPhone(pointer.company_id, pointer.customer_number, true)).filter((c) => c.location_id === pointer.location_id);
  const known = customers.length > 0 ? await threadFor(pointer.company_id, pointer.location_id, customers, pointer.customer_number) : null;
  const number = { company_id: pointer.company_id, location_id: pointer.location_id, module: MODULE_OF_BOARD[pointer.board] };
  // The call's id stands for the carrier's message id: the same call opens one conversation, however often it is asked.
  const thread = known ?? (open ? (customers.length > 0 ? await newThread(number, customers, pointer.call_id) : await strangerThread(number, pointer.customer_number, pointer.call_id)) : null);
  if (!thread) return { pointer, owner: null };
  const moved = await updateCallPointer(pointer.company_id, pointer.call_id, {
    owner: { kind: thread.owner.kind, id: thread.owner.id },
    customer_id: pointer.customer_id ?? thread.customer.id,
    agent_id: pointer.agent_id ?? thread.owner.agent?.id ?? null,
  });
  return { pointer: moved, owner: thread.owner };
}

/** Keeps the call in the customer's history (their board reacts) and tells the console, when there is a customer. */
async function recordAndAnnounce(pointer: CallPointer, owner: ConversationOwner | null, announce: boolean): Promise<void> {
  if (!pointer.customer_id) return;
  const customer = await getCustomer(pointer.company_id, pointer.customer_id, true);
  if (!customer) return;
  const call = callRecordOf(pointer, customer.id);
  await recordCall(pointer.company_id, customer, call);
  if (announce) await announceCall(pointer.company_id, callNotice(call, pointer.location_id, customer, owner));
}

async function ownerOf(pointer: CallPointer): Promise<ConversationOwner | null> {
  return pointer.owner ? ((await loadOwner(pointer.company_id, pointer.owner, true)) ?? null) : null;
}

function outcomeOf(pointer: CallPointer): CallOutcome {
  if (pointer.voicemail) return 'voicemail';
  if (pointer.status === 'failed') return 'failed';
  return pointer.dial_status ?? 'no-answer';
}

/** The call's note in its conversation, once. */
async function noteCall(pointer: CallPointer, owner: ConversationOwner): Promise<void> {
  const agent = pointer.agent_id ? await getAgent(pointer.company_id, pointer.agent_id) : undefined;
  const note: Extract<SystemNote, { key: 'call' }> = {
    key: 'call',
    params: {
      direction: pointer.direction,
      outcome: outcomeOf(pointer),
      // Who took an inbound call is not known (a ring-to number answered): the call's agent made an outbound one.
      agent_name: pointer.direction === 'outbound' && agent ? `${agent.first_name} ${agent.last_name}`.trim() : '',
      duration_seconds: pointer.duration_seconds ?? 0,
    },
  };
  const message = systemMessage(owner, { behaviour: 'GENERIC_SYSTEM', text: callNoteText(note.params), note });
  message.id = await claimMessageId(pointer.company_id, pointer.call_id, 'note_message_id');
  if (await appendOnce(owner, message)) await announceMessage(owner, message, 'message.created');
}

/** A missed inbound call: the text-back, once per call, in the conversation it opens if need be. */
async function textBack(pointer: CallPointer): Promise<CallPointer> {
  const settings = await readSettings(pointer.company_id, pointer.location_id, `${pointer.board}_calls_settings`);
  if (!settings.text_back_enabled) return pointer;
  const { pointer: current, owner } = await conversationOf(pointer, true);
  if (!owner) {
    logger.warn('missed call with no conversation to text back in', { call_id: pointer.call_id, location_id: pointer.location_id });
    return current;
  }
  if (!(await claimTextBack(current.company_id, current.call_id, new Date().toISOString()))) return current;
  const result = await sendTextBack(owner, settings, current.store_number);
  if (result?.refused) logger.info('missed-call text-back not sent', { call_id: current.call_id, reason: result.refused.id });
  return current;
}

export async function applyCallStep(step: CallStep): Promise<void> {
  const callId = callIdOf(step);
  const known = await getCallPointer(step.company_id, callId);
  let pointer = known ?? (await openCallPointer(await newPointer(step, callId)));
  // An advisor's call kept before the provider answered its id.
  if (!pointer.transaction_id) pointer = await updateCallPointer(step.company_id, callId, { transaction_id: step.transaction_id });
  const { company_id: companyId } = step;
  const update = async (changes: Parameters<typeof updateCallPointer>[2]) => (pointer = await updateCallPointer(companyId, callId, changes));
  // A step arriving again after the call ended changes nothing of its state.
  const ended = pointer.status === 'completed' || pointer.status === 'failed';

  switch (step.step) {
    case 'ringing':
      if (!ended) await update({ status: 'ringing' });
      await recordAndAnnounce(pointer, await ownerOf(pointer), true);
      return;
    case 'agent_answered':
      if (!ended) await update({ status: 'in-progress' });
      await recordAndAnnounce(pointer, await ownerOf(pointer), true);
      return;
    case 'answered':
      if (!ended) await update({ status: 'in-progress', dial_status: 'answered' });
      await recordAndAnnounce(pointer, await ownerOf(pointer), true);
      return;
    case 'voicemail':
      if (!ended) await update({ status: 'in-progress', dial_status: step.dial_status });
      await recordAndAnnounce(pointer, null, false);
      return;
    case 'recorded': {
      // A caller who hung up at the tone left nothing to listen to: the call stays a missed one.
      if (step.duration_seconds < MIN_VOICEMAIL_SECONDS) return;
      const opened = await conversationOf(pointer, true);
      pointer = opened.pointer;
      if (!opened.owner) {
        logger.warn('voicemail with no conversation to land in', { call_id: callId, location_id: step.location_id });
        return;
      }
      const attachment = await storeRecording(companyId, callId, step.recording);
      const messageId = await claimMessageId(companyId, callId, 'voicemail_message_id');
      await postVoicemail(opened.owner, { messageId, callId, durationSeconds: step.duration_seconds, at: step.at, from: step.customer_number, to: step.store_number, attachment });
      await update({ voicemail: true });
      await recordAndAnnounce(pointer, null, false);
      return;
    }
    case 'ended': {
      if (!ended) {
        await update({
          status: 'completed',
          dial_status: step.dial_status ?? pointer.dial_status,
          duration_seconds: step.talk_seconds,
          // Only a voicemail kept in the conversation counts (the provider also reports the ones cut at the tone).
          voicemail: pointer.voicemail,
        });
      }
      if (isMissed(pointer)) pointer = await textBack(pointer);
      const { pointer: current, owner } = await conversationOf(pointer, false);
      pointer = current;
      if (owner) await noteCall(pointer, owner);
      await recordAndAnnounce(pointer, owner, true);
      return;
    }
  }
}
