/**
 * Chat rooms and their participations: the only code that knows their keys. A room is one item; each
 * participant has a participation item in the room's partition (`MEMBER#{agent}`), which is also the
 * room's line on the participant's own list: gsi1 by last activity (`CHATS` or `CHATS_ARCHIVED`),
 * and, while something is unread, gsi2 (`CHATS_UNREAD`, the chat inbox). The participation keeps the
 * ids of the messages the participant has not read (`pending`) and of those among them that mention
 * them (`mentioned`): a message ADDs its id in its own transaction, a read mark DELETEs the ids up to
 * the message read, so a message arriving between reading and marking stays counted (the counts are
 * the sets' sizes, never a counter that a race could skew). A direct room's id is derived from the
 * sorted pair and written on condition, so a pair has one room however many create it at once.
 */
import { createHash } from 'node:crypto';
import type { AgentRef } from '../../shared/people.js';
import { chatThreadOf } from '../../shared/chat/chatrooms.js';
import { newId } from '../lib/ids.js';
import { updateVersioned, type VersionedUpdate } from '../lib/versioned.js';
import { batchGet, fields, getItem, isConditionFailure, queryAll, queryPage, readPage, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const chatKeys = {
  room: (companyId: string, roomId: string) => ({ pk: `COMPANY#${companyId}#CHATROOM#${roomId}`, sk: 'CHATROOM' }),
  participation: (companyId: string, roomId: string, agentId: string) => ({ pk: `COMPANY#${companyId}#CHATROOM#${roomId}`, sk: `MEMBER#${agentId}` }),
  participationsOfRoom: (companyId: string, roomId: string) => ({ pk: `COMPANY#${companyId}#CHATROOM#${roomId}`, skPrefix: 'MEMBER#' }),
  /** gsi1: an agent's rooms by last activity, the current ones or the archived ones. */
  roomsOfAgent: (companyId: string, agentId: string, archived: boolean) => ({ gsi1pk: `COMPANY#${companyId}#AGENT#${agentId}#CHATS${archived ? '_ARCHIVED' : ''}` }),
  /** gsi2 (sparse): an agent's rooms with something unread, by last activity (the chat inbox). */
  unreadRoomsOfAgent: (companyId: string, agentId: string) => ({ gsi2pk: `COMPANY#${companyId}#AGENT#${agentId}#CHATS_UNREAD` }),
} as const;

export interface ChatroomRecord {
  id: string;
  company_id: string;
  /** The creator's store: the conversation core's `location_id` (participants may be of any store of the company). */
  location_id: string;
  direct: boolean;
  name: string;
  description: string;
  owner_id: string | null;
  /** Current participants, in the order they joined. */
  participants: AgentRef[];
  bumped_at: string | null;
  /** The newest message and its author (a direct chat's read receipt). */
  last_message?: { id: string; agent_id: string | null } | null;
  message_count: number;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ParticipationRecord {
  room_id: string;
  agent_id: string;
  archived: boolean;
  last_activity_at: string;
  read_through: string | null;
  /** Unread message ids (absent when none: DynamoDB keeps no empty set). */
  pending?: Set<string>;
  mentioned?: Set<string>;
  joined_at: string;
}

/** A chat room from a raw item of the table (a change the table's stream tells); undefined for any other item. */
export function roomOfItem(item: Record<string, unknown> | undefined): ChatroomRecord | undefined {
  if (!item || item.sk !== 'CHATROOM' || typeof item.pk !== 'string' || !item.pk.startsWith('COMPANY#')) return undefined;
  return fields(item as unknown as Item<ChatroomRecord>);
}

/** A direct room's id: the same for the pair whoever asks first. */
export const directRoomId = (a: string, b: string): string => `chr_d${createHash('sha256').update([a, b].sort().join('|')).digest('hex').slice(0, 24)}`;
export const newGroupId = (): string => newId('chr');

function roomItem(record: ChatroomRecord): Item<ChatroomRecord> {
  return { ...chatKeys.room(record.company_id, record.id), ...record };
}

const listSort = (at: string, roomId: string) => `${at}#${roomId}`;

function participationItem(companyId: string, p: ParticipationRecord) {
  return {
    ...chatKeys.participation(companyId, p.room_id, p.agent_id),
    gsi1pk: chatKeys.roomsOfAgent(companyId, p.agent_id, p.archived).gsi1pk,
    gsi1sk: listSort(p.last_activity_at, p.room_id),
    // The same list's keys on the keys-only index: the total is counted there, a few bytes a room.
    gsi3pk: chatKeys.roomsOfAgent(companyId, p.agent_id, p.archived).gsi1pk,
    gsi3sk: listSort(p.last_activity_at, p.room_id),
    ...p,
  };
}

export const newParticipation = (roomId: string, agentId: string, at: string): ParticipationRecord => ({
  room_id: roomId,
  agent_id: agentId,
  archived: false,
  last_activity_at: at,
  read_through: null,
  joined_at: at,
});

export class ChatroomChanged extends Error {
  override readonly name = 'ChatroomChanged';
}

/** Creates a room with its participations; false when a room with its id is there already (a pair's direct room). */
export async function createRoom(record: ChatroomRecord): Promise<boolean> {
  try {
    await transactWrite([
      { Put: { Item: roomItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...record.participants.map((p) => ({ Put: { Item: participationItem(record.company_id, newParticipation(record.id, p.id, record.created_at)) } })),
    ]);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function getRoom(companyId: string, roomId: string, consistent = false): Promise<ChatroomRecord | undefined> {
  const item = await getItem<ChatroomRecord>(chatKeys.room(companyId, roomId), consistent);
  return item && fields(item);
}

export async function getRooms(companyId: string, roomIds: string[]): Promise<Map<string, ChatroomRecord>> {
  const items = await batchGet<ChatroomRecord>(roomIds.map((id) => chatKeys.room(companyId, id)));
  return new Map(items.map((item) => [item.id, fields(item)]));
}

/**
 * Changes the room's name, description, owner or participants, read again and retried on a
 * conflict; joining members get a participation (on the room's current activity), leaving ones lose it.
 */
export async function updateRoom(companyId: string, roomId: string, change: (room: ChatroomRecord) => Partial<ChatroomRecord> | null): Promise<VersionedUpdate<ChatroomRecord>> {
  return updateVersioned(
    {
      read: async () => {
        const room = await getRoom(companyId, roomId, true);
        if (!room) throw new ChatroomChanged(`Chat room ${roomId} is gone`);
        return room;
      },
      save: async (after, before) => {
        const had = new Set(before.participants.map((p) => p.id));
        const has = new Set(after.participants.map((p) => p.id));
        const at = after.bumped_at ?? after.created_at;
        try {
          await transactWrite([
            { Put: { Item: roomItem(after), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } } },
            ...after.participants.filter((p) => !had.has(p.id)).map((p) => ({ Put: { Item: participationItem(companyId, newParticipation(roomId, p.id, at)) } })),
            ...before.participants.filter((p) => !has.has(p.id)).map((p) => ({ Delete: { Key: chatKeys.participation(companyId, roomId, p.id) } })),
            ...(await lastMemberLine(before, after)),
          ]);
        } catch (err) {
          if (isConditionFailure(err)) throw new ChatroomChanged(`Chat room ${roomId} changed meanwhile`);
          throw err;
        }
      },
      isConflict: (err) => err instanceof ChatroomChanged && err.message.endsWith('meanwhile'),
    },
    change,
  );
}

/** A group whose other members have all gone: nobody to talk to (SPEC §3: such rooms are dropped from the lists). */
const alone = (room: Pick<ChatroomRecord, 'direct' | 'participants'>): boolean => !room.direct && room.participants.length === 1;

/**
 * The last member's line leaves their lists when the others go, and comes back (by its activity,
 * in the inbox if something is unread) when someone joins: the lists' totals count only rooms shown.
 */
async function lastMemberLine(before: ChatroomRecord, after: ChatroomRecord): Promise<TransactWrite[]> {
  const key = (agentId: string) => chatKeys.participation(after.company_id, after.id, agentId);
  const stayer = before.participants[0];
  if (alone(after) && !alone(before)) {
    return [{ Update: { Key: key(after.participants[0]!.id), UpdateExpression: 'REMOVE gsi1pk, gsi1sk, gsi3pk, gsi3sk, gsi2pk, gsi2sk', ConditionExpression: 'attribute_exists(pk)' } }];
  }
  if (!alone(before) || alone(after) || !stayer || !after.participants.some((p) => p.id === stayer.id)) return [];
  const line = await getParticipation(after.company_id, after.id, stayer.id, true);
  if (!line) return [];
  const sort = listSort(line.last_activity_at, after.id);
  const list = chatKeys.roomsOfAgent(after.company_id, stayer.id, line.archived).gsi1pk;
  const unread = (line.pending?.size ?? 0) > 0;
  return [
    {
      Update: {
        Key: key(stayer.id),
        UpdateExpression: 'SET gsi1pk = :list, gsi1sk = :sort, gsi3pk = :list, gsi3sk = :sort' + (unread ? ', gsi2pk = :unread, gsi2sk = :sort' : ''),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':list': list, ':sort': sort, ...(unread ? { ':unread': chatKeys.unreadRoomsOfAgent(after.company_id, stayer.id).gsi2pk } : {}) },
      },
    },
  ];
}

/** What the bump needs to know of the message (the conversation core passes it: BumpedMessage). */
export interface CountedMessage {
  id: string;
  author_agent_id: string | null;
  mentions: readonly string[];
}

/**
 * The message's writes, in its transaction: the room moves (activity, count) and every participant's
 * line moves up and comes back from the archive (a new message brings an archived chat back, for
 * everyone, as chat apps do); every participant but the author counts it unread (and mentioned).
 */
export function roomBumpWrites(room: ChatroomRecord, at: string, message: CountedMessage): TransactWrite[] {
  const lines: TransactWrite[] = room.participants.map((p) => {
    // The last member of a group writing to nobody: the room stays out of their lists.
    if (alone(room)) {
      return { Update: { Key: chatKeys.participation(room.company_id, room.id, p.id), UpdateExpression: 'SET last_activity_at = :at', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':at': at } } };
    }
    const counts = p.id !== message.author_agent_id;
    const mentioned = counts && message.mentions.includes(p.id);
    return {
      Update: {
        Key: chatKeys.participation(room.company_id, room.id, p.id),
        UpdateExpression:
          'SET gsi1pk = :list, gsi1sk = :sort, gsi3pk = :list, gsi3sk = :sort, last_activity_at = :at, archived = :no' +
          (counts ? ', gsi2pk = :unread, gsi2sk = :sort ADD pending :mid' + (mentioned ? ', mentioned :mid' : '') : ''),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':list': chatKeys.roomsOfAgent(room.company_id, p.id, false).gsi1pk,
          ':sort': listSort(at, room.id),
          ':at': at,
          ':no': false,
          ...(counts ? { ':unread': chatKeys.unreadRoomsOfAgent(room.company_id, p.id).gsi2pk, ':mid': new Set([message.id]) } : {}),
        },
      },
    };
  });
  return [
    {
      Update: {
        Key: chatKeys.room(room.company_id, room.id),
        UpdateExpression: 'SET bumped_at = :at, last_message = :last ADD message_count :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':one': 1, ':last': { id: message.id, agent_id: message.author_agent_id } },
      },
    },
    ...lines,
  ];
}

export async function getParticipation(companyId: string, roomId: string, agentId: string, consistent = false): Promise<ParticipationRecord | undefined> {
  const item = await getItem<ParticipationRecord>(chatKeys.participation(companyId, roomId, agentId), consistent);
  return item && fields(item);
}

export async function participationsOfRoom(companyId: string, roomId: string): Promise<ParticipationRecord[]> {
  const { pk, skPrefix } = chatKeys.participationsOfRoom(companyId, roomId);
  const items = await queryAll<ParticipationRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix }, ConsistentRead: true });
  return items.map(fields);
}

/** The agent's lines of some rooms, by room id. */
export async function participationsOf(companyId: string, agentId: string, roomIds: string[]): Promise<Map<string, ParticipationRecord>> {
  const items = await batchGet<ParticipationRecord>(roomIds.map((id) => chatKeys.participation(companyId, id, agentId)));
  return new Map(items.map((item) => [item.room_id, fields(item)]));
}

/**
 * One page of the agent's rooms, newest activity first: current, archived, or (inbox) those with
 * something unread. The current and archived lists count their total on the keys-only mirror.
 */
export async function roomLinesOfAgent(companyId: string, agentId: string, list: 'current' | 'archived' | 'unread', offset: number, limit: number) {
  if (list === 'unread') {
    const input = { IndexName: 'gsi2' as const, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': chatKeys.unreadRoomsOfAgent(companyId, agentId).gsi2pk }, ScanIndexForward: false };
    const page = await queryPage<ParticipationRecord>(input, offset, limit);
    return { lines: page.items.map(fields), total: page.total };
  }
  const pk = chatKeys.roomsOfAgent(companyId, agentId, list === 'archived').gsi1pk;
  const [keysOnly, items] = await Promise.all([
    queryPage({ IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'pk, sk' }, 0, 0),
    readPage<ParticipationRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false }, offset, limit),
  ]);
  return { lines: items.map(fields), total: keysOnly.total };
}

/**
 * A read mark through `through`: the unread ids up to it leave the sets (ids sort by time); ids of
 * later messages stay. The line leaves the inbox only if nothing is pending once the ids are gone
 * (a condition, so a message landing in between keeps it there). `read_through` only moves forward.
 */
export async function markRead(companyId: string, roomId: string, agentId: string, through: string | null): Promise<ParticipationRecord | undefined> {
  const line = await getParticipation(companyId, roomId, agentId, true);
  if (!line) return undefined;
  const pending = [...(line.pending ?? [])];
  const upTo = through ?? pending.sort().at(-1) ?? line.read_through;
  if (!upTo) return line;
  const read = pending.filter((id) => id <= upTo);
  const key = chatKeys.participation(companyId, roomId, agentId);
  if (read.length > 0) {
    const readSet = new Set(read);
    await updateItem({ Key: key, UpdateExpression: 'DELETE pending :ids, mentioned :ids', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':ids': readSet } }).catch(ignoreGone);
  }
  await updateItem({
    Key: key,
    UpdateExpression: 'SET read_through = :t',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(read_through) OR read_through = :null OR read_through < :t)',
    ExpressionAttributeValues: { ':t': upTo, ':null': null },
  }).catch(ignoreGone);
  await updateItem({ Key: key, UpdateExpression: 'REMOVE gsi2pk, gsi2sk', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(pending)' }).catch(ignoreGone);
  return getParticipation(companyId, roomId, agentId, true);
}

function ignoreGone(err: unknown): undefined {
  if (isConditionFailure(err)) return undefined;
  throw err;
}

/** Archives or brings back one participant's line (its list moves; its place by activity stays). */
export async function setArchived(companyId: string, roomId: string, agentId: string, archived: boolean): Promise<boolean> {
  const line = await getParticipation(companyId, roomId, agentId, true);
  if (!line) return false;
  try {
    await updateItem({
      Key: chatKeys.participation(companyId, roomId, agentId),
      UpdateExpression: 'SET archived = :a, gsi1pk = :list, gsi3pk = :list',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':a': archived, ':list': chatKeys.roomsOfAgent(companyId, agentId, archived).gsi1pk },
    });
    return true;
  } catch (err) {
    return ignoreGone(err) ?? false;
  }
}

export const threadOfRoom = chatThreadOf;
