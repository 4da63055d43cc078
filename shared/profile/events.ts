/** My profile's event (shared/events.ts `BoardEventSchemas`), on the agent's own channel: their other consoles follow. */
import * as z from 'zod/mini';
import { LOCALES } from '../locales.js';
import { id, type EventsOf } from '../events.js';

export const PROFILE_EVENTS = {
  'profile.changed': z.object({
    agent_id: id,
    profile: z.object({
      first_name: z.string(),
      last_name: z.string(),
      email_notifications_enabled: z.boolean(),
      sms_notifications_enabled: z.boolean(),
      sms_notifications_phone: z.nullable(z.string()),
      call_phone: z._default(z.nullable(z.string()), null),
      locale: z.enum(LOCALES),
    }),
  }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'profile.changed': (typeof PROFILE_EVENTS)['profile.changed'];
  }
}

export type ProfileEvent = EventsOf<typeof PROFILE_EVENTS>;
