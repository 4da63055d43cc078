/** The internal chat's calls (SPEC §7 chatrooms), with the paths of shared/chat/routes.ts and answers typed. */
import type { Colleague } from '../../../../shared/api.js';
import { CHATROOM_PAGE_SIZE, type Chatroom } from '../../../../shared/chat/chatrooms.js';
import { chatPaths } from '../../../../shared/chat/routes.js';
import type { Paging } from '../../../../shared/api.js';
import { api } from '../../lib/api.js';
import { requestWithKey } from '../../lib/keyedRequest.js';

export interface ChatroomPage {
  chatrooms: Chatroom[];
  meta: { paging: Paging };
}

export const roomsPagePath = (archived: boolean, pageIndex: number): string =>
  `${chatPaths.rooms(archived)}${archived ? '&' : '?'}offset=${pageIndex * CHATROOM_PAGE_SIZE}&limit=${CHATROOM_PAGE_SIZE}`;

export const fetchRoomsPage = (path: string) => api.request<ChatroomPage>(path);
export const fetchRoom = (path: string) => api.request<{ chatroom: Chatroom }>(path).then((b) => b.chatroom);
export const fetchColleagues = (path: string) => api.request<{ colleagues: Colleague[] }>(path).then((b) => b.colleagues);

/** A direct chat with a colleague, or a group; a pair's room answers the one already there. */
export function startRoom(body: { chatroom: { agent_id: string } | { name: string; description: string; agent_ids: string[] } }, key: string): Promise<Chatroom> {
  return requestWithKey<{ chatroom: Chatroom }>(chatPaths.create(), key, { method: 'POST', body, expected: { statuses: [422] } }).then((b) => b.chatroom);
}

export function archiveRoom(id: string, archived: boolean, everyone: boolean): Promise<Chatroom> {
  return api.request<{ chatroom: Chatroom }>(chatPaths.archive(id, archived), { method: 'PUT', body: { everyone } }).then((b) => b.chatroom);
}

export const leaveRoom = (id: string): Promise<void> => api.request<void>(chatPaths.leave(id), { method: 'PUT' });

/** Read through the newest message the reader has seen, or (none named) through the newest. */
export function readRoom(id: string, messageId: string | null): Promise<Chatroom> {
  return api.request<{ chatroom: Chatroom }>(chatPaths.read(id), { method: 'PUT', body: messageId ? { message_id: messageId } : {} }).then((b) => b.chatroom);
}
