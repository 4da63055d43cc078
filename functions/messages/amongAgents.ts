/**
 * A conversation among agents (an owner whose port says `internal`): there is no customer, so no
 * carrier, no consent, no quiet hours and no texting number. The message is written to the
 * conversation already `delivered` (every participant reads it from the table at once), in the same
 * transaction as the owner's bump, so the owner counts it exactly once.
 */
import { agentRef, type AgentRecord } from '../lib/agents.js';
import { ValidationError } from '../lib/errors.js';
import { addToConversation } from './delivery.js';
import type { ConversationOwner } from './owners.js';
import { newMessage, type MessageRecord, type SendRequestRef, type StoredAttachment } from './records.js';

export const NOT_SCHEDULABLE = 'A message to colleagues goes at once: it cannot be scheduled';

export async function sendAmongAgents(
  owner: ConversationOwner,
  agent: AgentRecord,
  input: { text: string; attachments: StoredAttachment[]; sendAt?: string; mentions?: string[] },
  request: SendRequestRef | undefined,
  now: Date,
): Promise<MessageRecord> {
  if (input.sendAt) throw new ValidationError([{ message: NOT_SCHEDULABLE, path: 'message.send_at' }]);
  const at = now.toISOString();
  const message = newMessage(owner, { direction: 'outbound', text: input.text, at, agent: agentRef(agent), attachments: input.attachments, mentions: input.mentions, status: 'delivered', statusAt: at });
  await addToConversation(owner, message, request);
  return message;
}
