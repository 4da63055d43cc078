/** The album's events (shared/events.ts `BoardEventSchemas`). */
import * as z from 'zod/mini';
import { id, type EventsOf } from '../events.js';

export const GALLERY_EVENTS = {
  /** An attachment was added, confirmed or changed, or the album was shared: agents with the order open read the album again. */
  'album.changed': z.object({ repair_order_id: id, location_id: id, attachment_id: z.nullable(id) }),
} as const;

declare module '../events.js' {
  interface BoardEventSchemas {
    'album.changed': (typeof GALLERY_EVENTS)['album.changed'];
  }
}

export type GalleryEvent = EventsOf<typeof GALLERY_EVENTS>;

/** The album's text (shared/messages.ts BoardAutomatedKinds). */
declare module '../messages.js' {
  interface BoardAutomatedKinds {
    share_album: true;
  }
}
