/** The internal chat's events (shared/events.ts `BoardEventSchemas`), on each participant's own channel. */
import * as z from 'zod/mini';
import { id, type EventsOf } from '../events.js';

export const CHAT_EVENTS = {
  /** A room was created, renamed, joined or left, archived or read: read it (and the list) again. A message in it is `message.created` alone. */
  'chatroom.changed': z.object({ chatroom_id: id, reason: z._default(z.string(), '') }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'chatroom.changed': (typeof CHAT_EVENTS)['chatroom.changed'];
  }
}

export type ChatEvent = EventsOf<typeof CHAT_EVENTS>;
