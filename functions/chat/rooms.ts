/**
 * What agents do with chat rooms: start a direct chat (one room per pair) or a group, rename a
 * group, add and remove members, leave, archive for oneself or (the group's owner) for everyone,
 * mark read; and the rooms as the acting agent sees them. Participants may be of any store of the
 * company (a service advisor in Boston asks the Dallas parts desk): the company is the wall.
 */
import { MAX_GROUP_MEMBERS, NO_GROUP_USERS, chatThreadOf, type Chatroom, type ChatParticipant } from '../../shared/chat/chatrooms.js';
import type { NewChatroom } from '../../shared/chat/schemas.js';
import { agentRef, getAgent, getAgents, type AgentRecord } from '../lib/agents.js';
import { ValidationError, conflict, forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { isParticipant, opensChat } from './access.js';
import { announceRoom } from './events.js';
import {
  createRoom,
  directRoomId,
  getRoom,
  markRead,
  newGroupId,
  participationsOf,
  participationsOfRoom,
  setArchived,
  updateRoom,
  type ChatroomRecord,
  type ParticipationRecord,
} from './records.js';

/** A colleague who can be in a room: active, of the company, working the chat. */
const canChat = (agent: AgentRecord | undefined): agent is AgentRecord => Boolean(agent?.active && opensChat(agent.access_level));

async function colleagues(auth: Auth, ids: readonly string[]): Promise<AgentRecord[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== auth.actingAs.id);
  const found = await getAgents(auth.companyId, wanted);
  const missing = wanted.filter((id) => !canChat(found.get(id)));
  if (missing.length > 0) throw new ValidationError([{ message: 'Only active colleagues who use the internal chat can be added', path: 'chatroom.agent_ids' }]);
  return wanted.map((id) => found.get(id) as AgentRecord);
}

function blankRoom(auth: Auth, id: string, direct: boolean, participants: AgentRecord[], at: string): ChatroomRecord {
  return {
    id,
    company_id: auth.companyId,
    location_id: auth.actingAs.location_id,
    direct,
    name: '',
    description: '',
    owner_id: direct ? null : auth.actingAs.id,
    participants: participants.map(agentRef),
    bumped_at: null,
    message_count: 0,
    created_at: at,
    updated_at: at,
    version: 1,
  };
}

/** Starts a direct chat or a group; answers the room and whether it is new (a pair's room may be there already). */
export async function startRoom(auth: Auth, input: NewChatroom): Promise<{ room: ChatroomRecord; created: boolean }> {
  const at = new Date().toISOString();
  const me = auth.actingAs;
  if ('agent_id' in input) {
    if (input.agent_id === me.id) throw new ValidationError([{ message: 'A direct chat needs a colleague other than you', path: 'chatroom.agent_id' }]);
    const colleague = await getAgent(auth.companyId, input.agent_id);
    if (!canChat(colleague)) throw notFound('Colleague not found');
    const id = directRoomId(me.id, colleague.id);
    const created = await createRoom(blankRoom(auth, id, true, [me, colleague], at));
    const room = await getRoom(auth.companyId, id, true);
    if (!room) throw notFound('Chat room not found');
    // Starting a chat one had archived brings it back.
    if (!created) await setArchived(auth.companyId, id, me.id, false);
    await announceRoom(room, created ? 'created' : 'opened');
    return { room, created };
  }
  const members = await colleagues(auth, input.agent_ids);
  if (members.length === 0) throw new ValidationError([{ message: NO_GROUP_USERS, path: 'chatroom.agent_ids' }]);
  const room = { ...blankRoom(auth, newGroupId(), false, [me, ...members], at), name: input.name.trim(), description: input.description.trim() };
  await createRoom(room);
  await announceRoom(room, 'created');
  return { room, created: true };
}

function groupOnly(room: ChatroomRecord): void {
  if (room.direct) throw conflict('direct_chat', 'A direct chat has no name, members or owner to change');
}

export async function renameRoom(room: ChatroomRecord, change: { name?: string; description?: string }): Promise<ChatroomRecord> {
  groupOnly(room);
  const { after, changed } = await updateRoom(room.company_id, room.id, (now) => ({ ...(change.name ? { name: change.name.trim() } : {}), ...(change.description ? { description: change.description.trim() } : {}), updated_at: new Date().toISOString() }));
  if (changed) await announceRoom(after, 'renamed');
  return after;
}

/** Any member adds colleagues to a group. */
export async function addMembers(auth: Auth, room: ChatroomRecord, ids: readonly string[]): Promise<ChatroomRecord> {
  groupOnly(room);
  const joining = await colleagues(auth, ids);
  const { after, changed } = await updateRoom(room.company_id, room.id, (now) => {
    const fresh = joining.filter((a) => !isParticipant(now, a.id));
    if (fresh.length === 0) return null;
    if (now.participants.length + fresh.length > MAX_GROUP_MEMBERS) throw new ValidationError([{ message: `A group has at most ${MAX_GROUP_MEMBERS} members`, path: 'agent_ids' }]);
    return { participants: [...now.participants, ...fresh.map(agentRef)], updated_at: new Date().toISOString() };
  });
  if (changed) await announceRoom(after, 'members');
  return after;
}

/** Takes agents out of a group (the owner removing members, or a member leaving); the owner's role passes on when they leave. */
async function withoutMembers(room: ChatroomRecord, ids: readonly string[], reason: string): Promise<ChatroomRecord> {
  const leaving = new Set(ids);
  const { after, changed } = await updateRoom(room.company_id, room.id, (now) => {
    const staying = now.participants.filter((p) => !leaving.has(p.id));
    if (staying.length === now.participants.length) return null;
    const owner = now.owner_id && !leaving.has(now.owner_id) ? now.owner_id : (staying[0]?.id ?? null);
    return { participants: staying, owner_id: owner, updated_at: new Date().toISOString() };
  });
  if (changed) await announceRoom(after, reason, ids);
  return after;
}

export async function removeMembers(auth: Auth, room: ChatroomRecord, ids: readonly string[]): Promise<ChatroomRecord> {
  groupOnly(room);
  if (room.owner_id !== auth.actingAs.id) throw forbidden("Only the group's owner can remove members");
  return withoutMembers(room, ids, 'members');
}

export async function leaveRoom(auth: Auth, room: ChatroomRecord): Promise<void> {
  groupOnly(room);
  await withoutMembers(room, [auth.actingAs.id], 'left');
}

/** Archives (or brings back) the room for the acting agent, or for everyone (a group's owner). */
export async function archiveRoom(auth: Auth, room: ChatroomRecord, archived: boolean, everyone: boolean): Promise<void> {
  if (everyone) {
    groupOnly(room);
    if (room.owner_id !== auth.actingAs.id) throw forbidden("Only the group's owner can archive it for everyone");
  }
  const who = everyone ? room.participants.map((p) => p.id) : [auth.actingAs.id];
  await Promise.all(who.map((id) => setArchived(room.company_id, room.id, id, archived)));
  await announceRoom(room, archived ? 'archived' : 'unarchived');
}

/** The acting agent's read mark, through a message they saw (else the newest); the other participants see it (read receipts). */
export async function readRoom(auth: Auth, room: ChatroomRecord, through: string | null): Promise<void> {
  await markRead(room.company_id, room.id, auth.actingAs.id, through);
  await announceRoom(room, 'read');
}

/**
 * Whether the room still has someone to talk to: a direct chat's colleague must still be an active
 * agent; a group needs another member. Rooms without one are left out of the lists (SPEC §3).
 */
function hasCompanion(room: ChatroomRecord, me: string, agents: Map<string, AgentRecord>): boolean {
  const others = room.participants.filter((p) => p.id !== me);
  if (!room.direct) return others.length > 0;
  return others.some((p) => agents.get(p.id)?.active === true);
}

function view(room: ChatroomRecord, me: string, line: ParticipationRecord | undefined, lines: ParticipationRecord[]): Chatroom {
  const readThrough = new Map(lines.map((l) => [l.agent_id, l.read_through]));
  const participants: ChatParticipant[] = room.participants.map((p) => ({ ...p, read_through: readThrough.get(p.id) ?? null }));
  const companion = room.direct ? (room.participants.find((p) => p.id !== me) ?? null) : null;
  const unread = line?.pending?.size ?? 0;
  return {
    id: room.id,
    direct: room.direct,
    companyGroups: !room.direct,
    name: room.direct ? (companion ? `${companion.first_name} ${companion.last_name}` : '') : room.name,
    description: room.description,
    owner_id: room.owner_id,
    participants,
    companion,
    message_thread: { id: chatThreadOf(room.id), bumped_at: room.bumped_at },
    last_message: room.last_message ?? null,
    is_unread: unread > 0,
    unread_count: unread,
    mention_count: line?.mentioned?.size ?? 0,
    archived: line?.archived ?? false,
    created_at: room.created_at,
  };
}

/** One room with every participant's read mark (the read receipt). */
export async function roomView(auth: Auth, room: ChatroomRecord): Promise<Chatroom> {
  const lines = await participationsOfRoom(room.company_id, room.id);
  return view(room, auth.actingAs.id, lines.find((l) => l.agent_id === auth.actingAs.id), lines);
}

/** The rooms of a page of the agent's lines, in the lines' order, those without a companion left out. */
export async function roomsOfLines(auth: Auth, lines: ParticipationRecord[], rooms: Map<string, ChatroomRecord>): Promise<Chatroom[]> {
  const me = auth.actingAs.id;
  const colleagueIds = [...rooms.values()].filter((r) => r.direct).flatMap((r) => r.participants.filter((p) => p.id !== me).map((p) => p.id));
  const agents = await getAgents(auth.companyId, [...new Set(colleagueIds)]);
  return lines.flatMap((line) => {
    const room = rooms.get(line.room_id);
    return room && isParticipant(room, me) && hasCompanion(room, me, agents) ? [view(room, me, line, [line])] : [];
  });
}

export { participationsOf };
