import { describe, expect, it } from 'vitest';
import type { Chatroom } from '../../../../../shared/chat/chatrooms.js';
import { readReceipt, roomsOfPages, unreadRooms } from '../chatList.js';

const room = (over: Partial<Chatroom> = {}): Chatroom => ({
  id: 'chr_1',
  direct: true,
  companyGroups: false,
  name: 'Priya Raman',
  description: '',
  owner_id: null,
  participants: [
    { id: 'agt_me', first_name: 'Nina', last_name: 'Patel', read_through: null },
    { id: 'agt_you', first_name: 'Priya', last_name: 'Raman', read_through: null },
  ],
  companion: { id: 'agt_you', first_name: 'Priya', last_name: 'Raman' },
  message_thread: { id: 'thr_chr_1', bumped_at: null },
  last_message: { id: 'msg_01b', agent_id: 'agt_me' },
  is_unread: false,
  unread_count: 0,
  mention_count: 0,
  archived: false,
  created_at: '2026-11-26T00:00:00.000Z',
  ...over,
});

describe('the read receipt of a direct chat', () => {
  it('says sent until the colleague has read the agent’s newest message, then seen', () => {
    expect(readReceipt(room(), 'agt_me')).toBe('sent');
    const older = room({ participants: [room().participants[0]!, { ...room().participants[1]!, read_through: 'msg_01a' }] });
    expect(readReceipt(older, 'agt_me')).toBe('sent');
    const read = room({ participants: [room().participants[0]!, { ...room().participants[1]!, read_through: 'msg_01b' }] });
    expect(readReceipt(read, 'agt_me')).toBe('seen');
  });

  it('says nothing when the newest message is the colleague’s, on a group, or in an empty chat', () => {
    expect(readReceipt(room(), 'agt_you')).toBeNull();
    expect(readReceipt(room({ direct: false }), 'agt_me')).toBeNull();
    expect(readReceipt(room({ last_message: null }), 'agt_me')).toBeNull();
  });
});

describe('the chat list', () => {
  it('shows each room once across pages (one that moved up between pages where it is now) and counts the unread ones', () => {
    const a = room({ id: 'a', is_unread: true });
    const b = room({ id: 'b' });
    const rooms = roomsOfPages([{ chatrooms: [a, b] }, { chatrooms: [a, room({ id: 'c', is_unread: true })] }]);
    expect(rooms.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(unreadRooms(rooms)).toBe(2);
    expect(roomsOfPages(undefined)).toEqual([]);
  });
});
