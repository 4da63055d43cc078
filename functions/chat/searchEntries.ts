/**
 * The internal chat's part in the history search (chat tab): a room is found by its participants'
 * names (a colleague's name finds the rooms with them), and only by its participants, whatever
 * their store. It never closes; its closed time is its newest message (none yet: still open). It is
 * kept under the store of the colleague who opened it.
 */
import { searchSource } from '../lib/searchSource.js';
import { roomOfItem } from './records.js';

export const roomSearch = searchSource(roomOfItem, (room) => ({
  tab: 'chat',
  company_id: room.company_id,
  location_id: room.location_id,
  owner: { kind: 'chatroom', id: room.id },
  customer_id: null,
  customer_name: room.participants.map((p) => `${p.first_name} ${p.last_name}`.trim()).join(', ') || null,
  phone: null,
  title: room.name || undefined,
  advisor_id: null,
  closed_at: room.bumped_at,
  archived: false,
  audience: room.participants.map((p) => p.id),
}));
