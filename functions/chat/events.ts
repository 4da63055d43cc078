/** Who hears a room: its participants, each on their own channel (SPEC §6), so only they hear it. */
import type { ChatEvent } from '../../shared/chat/events.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { ChatroomRecord } from './records.js';

export const channelsOfRoom = (room: Pick<ChatroomRecord, 'participants'>, alsoAgentIds: readonly string[] = []): string[] => [
  ...new Set([...room.participants.map((p) => p.id), ...alsoAgentIds].map(channels.agent)),
];

export const roomChanged = (room: Pick<ChatroomRecord, 'id'>, reason: string): ChatEvent => ({ type: 'chatroom.changed', data: { chatroom_id: room.id, reason } });

/** Tells every participant (and those who just left it) that the room changed. */
export async function announceRoom(room: ChatroomRecord, reason: string, alsoAgentIds: readonly string[] = []): Promise<void> {
  await publishTo(room.company_id, channelsOfRoom(room, alsoAgentIds), roomChanged(room, reason));
}
