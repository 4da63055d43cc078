/**
 * Internal chat (SPEC §3 "Chat room", §7): rooms among the company's agents, direct (two agents,
 * one room per pair) or groups (name, description, members). A room's conversation is the
 * conversation core's, among agents: no customer, no carrier (functions/messages/amongAgents.ts).
 */
import type { AgentRef } from '../people.js';

/** SPEC §9: chatrooms page 50. */
export const CHATROOM_PAGE_SIZE = 50;
/**
 * Members of a group, the owner included: a message updates every member's list in its own
 * transaction, which DynamoDB caps at 100 writes (the message takes a few of them).
 */
export const MAX_GROUP_MEMBERS = 90;
export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 500;

/** SPEC §8. */
export const NO_GROUP_USERS = "Can't create a group without users";
export const GROUP_DESCRIPTION_REQUIRED = 'Group description is required';
export const GROUP_NAME_REQUIRED = 'Group name is required';

export interface ChatParticipant extends AgentRef {
  /** The newest message this participant has marked read (message ids sort by time), else null. */
  read_through: string | null;
}

/** A chat room as the acting agent sees it. */
export interface Chatroom {
  id: string;
  direct: boolean;
  /** SPEC §3 companyGroups: true for a group of the company's agents, false for a direct chat. */
  companyGroups: boolean;
  /** A group's name; a direct chat is named by its companion. */
  name: string;
  description: string;
  /** The group's owner (who may remove members and archive it for everyone); null for a direct chat. */
  owner_id: string | null;
  participants: ChatParticipant[];
  /** On a direct chat, the colleague; on a group, null. */
  companion: AgentRef | null;
  message_thread: { id: string; bumped_at: string | null };
  /** The newest message and its author, else null (with `participants`' read marks: the read receipt). */
  last_message: { id: string; agent_id: string | null } | null;
  /** For the acting agent (SPEC §3 is_unread per user). */
  is_unread: boolean;
  unread_count: number;
  mention_count: number;
  /** Archived for the acting agent (by them, or by the group's owner for everyone). */
  archived: boolean;
  created_at: string;
}

/** Thread id of a room's conversation: `PUT /api/message_threads/{id}/read` names it. */
export const chatThreadOf = (roomId: string): string => `thr_${roomId}`;
export const roomOfThread = (threadId: string): string | null => (threadId.startsWith('thr_chr_') ? threadId.slice('thr_'.length) : null);

/** Whether the agent has read `messageId` (a direct chat's read receipt). */
export const hasRead = (participant: Pick<ChatParticipant, 'read_through'> | undefined, messageId: string): boolean =>
  Boolean(participant?.read_through && participant.read_through >= messageId);
