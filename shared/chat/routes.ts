/** The internal chat's paths (SPEC §7), for its handlers and its screen. */
import type { ConversationAt } from '../routes.js';
import { chatThreadOf } from './chatrooms.js';

const enc = encodeURIComponent;

/** A room's conversation (functions/chat/board.ts `conversations`); its read mark is the thread's (SPEC §7 "chat message_threads/{id}/read"). */
export const chatroomConversation = (id: string): ConversationAt => ({ kind: 'chatroom', id, path: `/api/chatrooms/${enc(id)}`, readMarks: 'own' });

export const chatPaths = {
  rooms: (archived = false) => `/api/chatrooms${archived ? '?archived=true' : ''}`,
  inbox: () => '/api/chatrooms/inbox',
  colleagues: () => '/api/chatrooms/colleagues',
  room: (id: string) => `/api/chatrooms/${enc(id)}`,
  create: () => '/api/chatrooms',
  members: (id: string) => `/api/chatrooms/${enc(id)}/members`,
  removeMembers: (id: string) => `/api/chatrooms/${enc(id)}/members/remove`,
  leave: (id: string) => `/api/chatrooms/${enc(id)}/leave`,
  archive: (id: string, archived: boolean) => `/api/chatrooms/${enc(id)}/${archived ? 'archive' : 'unarchive'}`,
  read: (roomId: string) => `/api/message_threads/${enc(chatThreadOf(roomId))}/read`,
  settings: (locationId: string) => `/api/chatrooms/locations/${enc(locationId)}/settings`,
};
