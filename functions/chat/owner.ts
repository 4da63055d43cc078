/**
 * Chat rooms as owners of conversations (functions/messages/owners.ts): a conversation among agents
 * (`internal`: no customer, no carrier, no texting rules), heard by its participants on their own
 * channels. A message moves the room up every participant's list and counts it unread for everyone
 * but its author in its own transaction (records.ts roomBumpWrites). No text from outside ever
 * threads into a room.
 */
import { registerOwner, type ConversationOwner, type OwnerPort } from '../messages/owners.js';
import { visibleRoom, worksChat } from './access.js';
import { channelsOfRoom, roomChanged } from './events.js';
import { getRoom, roomBumpWrites, threadOfRoom, type ChatroomRecord } from './records.js';

export function roomOwner(room: ChatroomRecord): ConversationOwner<ChatroomRecord> {
  return {
    kind: 'chatroom',
    id: room.id,
    company_id: room.company_id,
    location_id: room.location_id,
    customer_id: '',
    agent: null,
    thread_id: threadOfRoom(room.id),
    archived: false,
    message_count: room.message_count,
    rules: { closed: false, agent: null, opcodes: null, needsAdvisor: false },
    internal: true,
    record: room,
  };
}

export const chatroomPort: OwnerPort<ChatroomRecord> = {
  kind: 'chatroom',
  owner: roomOwner,
  load: (companyId, id, consistent) => getRoom(companyId, id, consistent),
  visible: visibleRoom,
  worksBoard: worksChat,
  bumpWrite: (room, at, _inbound, message) => roomBumpWrites(room, at, message),
  // Who may be mentioned is who reads the room: its participants, whatever their store.
  mentionable: async (room) => room.participants,
  channels: (room) => channelsOfRoom(room),
  changed: (room, reason) => roomChanged(room, reason),
  // Every list of the room is a participant's, and each hears message.created on its own channel.
  listsFollowMessages: true,
  reopen: async (room) => room,
  threadCandidates: async () => [],
  conversationsOfCustomer: async () => [],
};

registerOwner(chatroomPort);
