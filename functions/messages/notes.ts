/**
 * System notes in a conversation (SPEC §3 behaviours: OPT_OUT, DMS_OPT_IN, RO_CLOSED, …): a message
 * nobody sent, telling the advisor what happened, shown in the thread between the texts.
 */
import type { AgentRef, Message, SystemBehaviour } from '../../shared/serviceBoard.js';
import { announce } from '../repairOrders/events.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { appendMessage, messageView, newMessage, type MessageRecord } from './records.js';

export interface NoteInput {
  behaviour: SystemBehaviour;
  /** The note as stored (English); the SPA shows its own translation of the behaviour with `note` details. */
  text: string;
  agent?: AgentRef | null;
  note?: Record<string, string>;
}

export function systemMessage(ro: RepairOrderRecord, input: NoteInput, at = new Date().toISOString()): MessageRecord {
  return newMessage(ro, { direction: 'system', text: input.text, behaviour: input.behaviour, at, agent: input.agent ?? null, note: input.note ?? null });
}

/** Adds the note to the order's conversation and tells the order's listeners. */
export async function addSystemNote(ro: RepairOrderRecord, input: NoteInput): Promise<Message> {
  const record = systemMessage(ro, input);
  await appendMessage(ro, record);
  const message = await messageView(record);
  await announce(ro, { type: 'message.created', data: { repair_order_id: ro.id, location_id: ro.location_id, message } });
  return message;
}
