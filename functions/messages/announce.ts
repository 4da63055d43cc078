/**
 * Telling a conversation's listeners about a message (created or updated), on its owner's channels;
 * the owner's port also hears of a message that moved (an appointment follows its reminder's delivery).
 */
import type { Message } from '../../shared/messages.js';
import { ownerFieldOf } from '../../shared/conversations.js';
import { announceTo, portFor, type ConversationOwner } from './owners.js';
import { messageView, type MessageRecord } from './records.js';

export async function announceMessage(owner: ConversationOwner, message: MessageRecord, type: 'message.created' | 'message.updated'): Promise<Message> {
  const view = await messageView(message);
  await announceTo(owner, { type, data: { ...ownerFieldOf(owner), location_id: owner.location_id, message: view } });
  if (type === 'message.updated') await portFor(owner).messageUpdated?.(owner.record, message);
  return view;
}
