/**
 * The internal chat (SPEC §2 /internalchat, §7 chatrooms): the agent's rooms (current, archived,
 * and the inbox of those with something unread), one room, starting a direct chat or a group,
 * renaming, members, leaving, archiving, the thread's read mark, the colleagues one may chat with,
 * and the chat settings. The rooms' conversations are the conversation core's
 * (`/api/chatrooms/{id}/messages`, functions/messages/handler.ts).
 */
import { CHATROOM_PAGE_SIZE, roomOfThread } from '../../shared/chat/chatrooms.js';
import { archiveBody, chatReadBody, membersBody, newChatroomBody, renameChatroomBody } from '../../shared/chat/schemas.js';
import { agentsOfCompany, byName, colleagueView } from '../lib/agents.js';
import { notFound } from '../lib/errors.js';
import { agentRoute, areaHandler, noContent, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import type { Auth } from '../lib/session.js';
import { settingsRoutes } from '../lib/settingsRoutes.js';
import { assertWorksChat, opensChat, visibleRoom } from './access.js';
import { board } from './board.js';
import { getRooms, roomLinesOfAgent } from './records.js';
import { addMembers, archiveRoom, leaveRoom, readRoom, removeMembers, renameRoom, roomView, roomsOfLines, startRoom } from './rooms.js';

function listRoute(list: 'current' | 'archived' | 'unread') {
  return agentRoute(async ({ auth, query }) => {
    assertWorksChat(auth);
    const { offset, limit } = paging(query, CHATROOM_PAGE_SIZE);
    const which = list === 'current' && query.archived === 'true' ? 'archived' : list;
    const { lines, total } = await roomLinesOfAgent(auth.companyId, auth.actingAs.id, which, offset, limit);
    const rooms = await getRooms(auth.companyId, lines.map((l) => l.room_id));
    return ok(pagedBody('chatrooms', await roomsOfLines(auth, lines, rooms), total, offset, limit));
  });
}

const roomReply = async (auth: Auth, id: string) => ok({ chatroom: await roomView(auth, await visibleRoom(auth, id, true)) });

function archiveRoute(archived: boolean) {
  return agentRoute(async ({ auth, params, body }) => {
    const { everyone } = parse(archiveBody, body ?? {});
    const room = await visibleRoom(auth, params.id ?? '', true);
    await archiveRoom(auth, room, archived, everyone);
    return roomReply(auth, room.id);
  });
}

const settings = settingsRoutes(board.settings[0]);

export const routes: Routes = {
  'GET /api/chatrooms': listRoute('current'),
  'GET /api/chatrooms/inbox': listRoute('unread'),

  /** The company's colleagues one may start a chat with (any store: the chat crosses stores). */
  'GET /api/chatrooms/colleagues': agentRoute(async ({ auth }) => {
    assertWorksChat(auth);
    const agents = (await agentsOfCompany(auth.companyId)).filter((a) => a.id !== auth.actingAs.id && a.active && opensChat(a.access_level));
    return ok({ colleagues: agents.sort(byName).map(colleagueView) });
  }),

  'GET /api/chatrooms/{id}': agentRoute(async ({ auth, params }) => roomReply(auth, params.id ?? '')),

  'POST /api/chatrooms': agentRoute(async ({ auth, body }) => {
    assertWorksChat(auth);
    const { chatroom } = parse(newChatroomBody, body);
    const { room, created } = await startRoom(auth, chatroom);
    return ok({ chatroom: await roomView(auth, room) }, created ? 201 : 200);
  }),

  'PUT /api/chatrooms/{id}': agentRoute(async ({ auth, params, body }) => {
    const { chatroom } = parse(renameChatroomBody, body);
    const room = await renameRoom(await visibleRoom(auth, params.id ?? '', true), chatroom);
    return ok({ chatroom: await roomView(auth, room) });
  }),

  'POST /api/chatrooms/{id}/members': agentRoute(async ({ auth, params, body }) => {
    const { agent_ids } = parse(membersBody, body);
    const room = await addMembers(auth, await visibleRoom(auth, params.id ?? '', true), agent_ids);
    return ok({ chatroom: await roomView(auth, room) });
  }),

  'PUT /api/chatrooms/{id}/members/remove': agentRoute(async ({ auth, params, body }) => {
    const { agent_ids } = parse(membersBody, body);
    const room = await removeMembers(auth, await visibleRoom(auth, params.id ?? '', true), agent_ids);
    return ok({ chatroom: await roomView(auth, room) });
  }),

  'PUT /api/chatrooms/{id}/leave': agentRoute(async ({ auth, params }) => {
    await leaveRoom(auth, await visibleRoom(auth, params.id ?? '', true));
    return noContent();
  }),

  'PUT /api/chatrooms/{id}/archive': archiveRoute(true),
  'PUT /api/chatrooms/{id}/unarchive': archiveRoute(false),

  /** SPEC §7 "chat message_threads/{id}/read": through the message the reader saw, else through the newest. */
  'PUT /api/message_threads/{id}/read': agentRoute(async ({ auth, params, body }) => {
    const { message_id } = parse(chatReadBody, body ?? {});
    const roomId = roomOfThread(params.id ?? '');
    if (!roomId) {
      assertWorksChat(auth);
      throw notFound('Message thread not found');
    }
    const room = await visibleRoom(auth, roomId, true);
    await readRoom(auth, room, message_id ?? null);
    return roomReply(auth, room.id);
  }),

  ...settings,
  /** SPEC §7: the chat settings as the chat screen asks for them. */
  'GET /api/chatrooms/locations/{id}/settings': settings['GET /api/locations/{id}/chatrooms_settings']!,
  'POST /api/chatrooms/locations/{id}/settings': settings['POST /api/locations/{id}/chatrooms_settings']!,
};

export const handler = areaHandler('chat', routes);
