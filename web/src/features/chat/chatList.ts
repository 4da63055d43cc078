/** What the chat screen shows of its rooms: their order, their unread total, the read receipt. */
import { hasRead, type Chatroom } from '../../../../shared/chat/chatrooms.js';

/** Unread rooms on the pages loaded (the title's count). */
export const unreadRooms = (rooms: readonly Chatroom[]): number => rooms.filter((r) => r.is_unread).length;

/**
 * A direct chat's read receipt for the acting agent: 'seen' when the colleague has read the agent's
 * own newest message, 'sent' while not yet, null when the newest message is not the agent's.
 */
export function readReceipt(room: Chatroom, me: string): 'seen' | 'sent' | null {
  if (!room.direct || !room.last_message || room.last_message.agent_id !== me) return null;
  const companion = room.participants.find((p) => p.id !== me);
  return hasRead(companion, room.last_message.id) ? 'seen' : 'sent';
}

/** Rooms of every page loaded, each once (a room that moved up between pages shows where it is now). */
export function roomsOfPages(pages: readonly { chatrooms: Chatroom[] }[] | undefined): Chatroom[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.chatrooms).filter((room) => (seen.has(room.id) ? false : (seen.add(room.id), true)));
}
