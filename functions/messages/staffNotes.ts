/**
 * Notes to colleagues on any board's conversation: a message with direction `staff`, written by an
 * agent who may work the conversation, shown to the staff between the texts and to nobody else. It
 * reaches no customer, so none of the texting rules apply (consent, quiet hours, the board's rules
 * such as the op-code rule, a closed owner): it is never handed to the carrier, never becomes the
 * number's last text (inbound threading), never waits for anything. It may mention colleagues.
 */
import type { AgentRecord } from '../lib/agents.js';
import { agentRef } from '../lib/agents.js';
import { announceMessage } from './announce.js';
import { announceMentions } from './mentions.js';
import { announceTo, changedEvent, portFor, type ConversationOwner } from './owners.js';
import { SendAlreadyRecorded, appendMessage, messageOfSendRequest, newMessage, type MessageRecord, type SendRequestRef, type StoredAttachment } from './records.js';

export interface StaffNoteInput {
  text: string;
  attachments: StoredAttachment[];
  /** Already checked (functions/messages/mentions.ts keepMentionable). */
  mentions: string[];
  /** The send request's hashed Idempotency-Key: a retry answers the note it wrote. */
  keyHash?: string;
}

/** Writes the note in the conversation, tells the conversation's listeners and the colleagues it mentions. */
export async function writeStaffNote(owner: ConversationOwner, agent: AgentRecord, input: StaffNoteInput, now = new Date()): Promise<MessageRecord> {
  const note = newMessage(owner, {
    direction: 'staff',
    text: input.text,
    at: now.toISOString(),
    agent: agentRef(agent),
    attachments: input.attachments,
    mentions: input.mentions,
  });
  const request: SendRequestRef | undefined = input.keyHash ? { agentId: agent.id, keyHash: input.keyHash, warnings: [] } : undefined;
  try {
    await appendMessage(owner, note, request);
  } catch (err) {
    if (!(err instanceof SendAlreadyRecorded) || !input.keyHash) throw err;
    const earlier = await messageOfSendRequest(owner.company_id, agent.id, input.keyHash);
    if (!earlier) throw err;
    return earlier.message;
  }
  // Colleagues who read only the notes (a technician on the order) hear it too, and only the notes.
  await announceMessage(owner, note, 'message.created', portFor(owner).noteReaders?.channels(owner.record) ?? []);
  if (!portFor(owner).listsFollowMessages) await announceTo(owner, changedEvent(owner, 'staff_note'));
  await announceMentions(owner, note);
  return note;
}
