/**
 * Who works the internal chat (SPEC §6): agents with the chat flag, managers and admins. A room is
 * read and written only by its participants: anyone else, of the same store or another company,
 * gets 404, as an id that does not exist does.
 */
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import type { AccessFlags } from '../../shared/access.js';
import { getRoom, type ChatroomRecord } from './records.js';

export const opensChat = (flags: AccessFlags): boolean => flags.admin || flags.manager || flags.chat;
export const worksChat = (auth: Auth): boolean => opensChat(auth.actingAs.access_level);

export function assertWorksChat(auth: Auth): void {
  if (!worksChat(auth)) throw forbidden('You do not have access to the internal chat');
}

export const isParticipant = (room: Pick<ChatroomRecord, 'participants'>, agentId: string): boolean => room.participants.some((p) => p.id === agentId);

export async function visibleRoom(auth: Auth, id: string, consistent = false): Promise<ChatroomRecord> {
  assertWorksChat(auth);
  const room = id.startsWith('chr_') ? await getRoom(auth.companyId, id, consistent) : undefined;
  if (!room || !isParticipant(room, auth.actingAs.id)) throw notFound('Chat room not found');
  return room;
}
