/**
 * System notes in a conversation (SPEC §3 behaviours: OPT_OUT, DMS_OPT_IN, RO_CLOSED, …): a message
 * nobody sent, telling the advisor what happened, shown in the thread between the texts.
 *
 * A note is stored as a key with parameters (shared/systemNotes.ts), which each console words in its
 * agent's language, and as English text for old clients, exports and anything that reads `text`.
 */
import type { AgentRef } from '../../shared/people.js';
import type { Message, SystemBehaviour } from '../../shared/messages.js';
import { noteDetails, type SystemNote } from '../../shared/systemNotes.js';
import { announceMessage } from './announce.js';
import type { ConversationOwner } from './owners.js';
import { appendMessage, newMessage, type MessageRecord } from './records.js';

export interface NoteInput {
  behaviour: SystemBehaviour;
  /** The note in English, as stored in `text`. */
  text: string;
  agent?: AgentRef | null;
  /**
   * What happened, as the console words it in the agent's language. Every note the console writes
   * has one; without it (as notes written before keys) the console shows the English text.
   */
  note?: SystemNote;
  /** Further details kept with the note (ids, the phone) for exports and support; the key and parameters win on a clash. */
  extra?: Record<string, string>;
}

export function systemMessage(owner: ConversationOwner, input: NoteInput, at = new Date().toISOString()): MessageRecord {
  const note = input.note || input.extra ? { ...input.extra, ...(input.note ? noteDetails(input.note) : {}) } : null;
  return newMessage(owner, { direction: 'system', text: input.text, behaviour: input.behaviour, at, agent: input.agent ?? null, note });
}

/** Adds the note to the owner's conversation and tells the owner's listeners. */
export async function addSystemNote(owner: ConversationOwner, input: NoteInput): Promise<Message> {
  const record = systemMessage(owner, input);
  await appendMessage(owner, record);
  return announceMessage(owner, record, 'message.created');
}
