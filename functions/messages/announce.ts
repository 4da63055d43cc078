/**
 * Telling a conversation's listeners about a message (created or updated), on its owner's channels;
 * the owner's port also hears of a message that moved (an appointment follows its reminder's delivery).
 */
import type { Message } from '../../shared/messages.js';
import { ownerFieldOf } from '../../shared/conversations.js';
import { announceTo, portFor, type ConversationOwner } from './owners.js';
import { messageView, type MessageRecord } from './records.js';
import { publishTo } from '../lib/realtime.js';

/** `alsoTo`: channels beyond the owner's that hear this message (a note's readers who do not work the board). */
export async function announceMessage(
  owner: ConversationOwner,
  message: MessageRecord,
  type: 'message.created' | 'message.updated',
  alsoTo: readonly string[] = [],
): Promise<Message> {
  const view = await messageView(message);
  const event = { type, data: { ...ownerFieldOf(owner), location_id: owner.location_id, message: view } } as const;
  if (alsoTo.length === 0) await announceTo(owner, event);
  else await publishTo(owner.company_id, [...new Set([...portFor(owner).channels(owner.record), ...alsoTo])], event);
  if (type === 'message.updated') await portFor(owner).messageUpdated?.(owner.record, message);
  return view;
}
