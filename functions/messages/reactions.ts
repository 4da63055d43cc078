/**
 * Reactions on a message of any board's conversation (SPEC §3, §7): an agent who may work the
 * conversation adds or takes back an emoji; every console hears the message again as
 * `message.updated` on the owner's channels.
 */
import { MAX_REACTION_EMOJI, TOO_MANY_REACTIONS } from '../../shared/reactions.js';
import { ValidationError, notFound } from '../lib/errors.js';
import { announceTo, type ConversationOwner } from './owners.js';
import { ownerFieldOf } from '../../shared/conversations.js';
import { addReaction, messageView, removeReaction, type MessageRecord, type ReactionRefusal } from './records.js';
import type { Message } from '../../shared/messages.js';

function written(result: MessageRecord | ReactionRefusal): MessageRecord {
  if (result === 'no_message') throw notFound('Message not found');
  if (result === 'too_many') throw new ValidationError([{ message: TOO_MANY_REACTIONS, path: 'emoji' }]);
  return result;
}

/** The message as it is now, to the conversation's listeners (not the board's delivery follower: nothing was delivered). */
async function announceReactions(owner: ConversationOwner, message: MessageRecord): Promise<Message> {
  const view = await messageView(message);
  await announceTo(owner, { type: 'message.updated', data: { ...ownerFieldOf(owner), location_id: owner.location_id, message: view } });
  return view;
}

/** The agent reacts with the emoji (again: nothing changes, the message is answered as it is). */
export async function react(owner: ConversationOwner, messageId: string, emoji: string, agentId: string): Promise<Message> {
  const message = written(await addReaction(owner.company_id, owner.thread_id, messageId, emoji, agentId, MAX_REACTION_EMOJI));
  return announceReactions(owner, message);
}

/** The agent takes the emoji back (one they never gave: nothing changes). */
export async function unreact(owner: ConversationOwner, messageId: string, emoji: string, agentId: string): Promise<Message> {
  const message = written(await removeReaction(owner.company_id, owner.thread_id, messageId, emoji, agentId));
  return announceReactions(owner, message);
}
