/**
 * The gallery (issue 21 part 4): no menu screen of its own. A repair order's album of photos and a
 * video walk-around, uploaded straight to storage, captioned, public or hidden, archived, shared
 * by text; its part of the customer's visit page. What it declares to the rest of the system
 * (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { GALLERY_EVENTS } from '../../shared/gallery/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { worksAlbums } from './album.js';
import { answersToGatekeeper } from '../messages/gatekeeperRules.js';

answersToGatekeeper({ share_album: 'share_album' });

const ATTACHMENT = '/api/repair_orders/{id}/album/attachments/{attachment_id}';

export const board = {
  name: 'gallery',
  opens: worksAlbums,
  areas: {
    gallery: {
      entry: 'functions/gallery/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/repair_orders/{id}/album',
        'POST /api/repair_orders/{id}/album/attachments',
        `PUT ${ATTACHMENT}/confirm`,
        `PUT ${ATTACHMENT}/archive`,
        `PUT ${ATTACHMENT}/public`,
        `PUT ${ATTACHMENT}/notes`,
        'POST /api/repair_orders/{id}/album/share',
      ],
    },
  },
  events: GALLERY_EVENTS,
  routeParams: [{ param: 'attachment_id', after: /\/album\/attachments\/$/, kind: 'album_attachment', tenant: true }],
  local: { demo: 'functions/gallery/demo.ts', demoAfter: ['service'], bench: 'functions/gallery/bench.ts' },
} as const satisfies BoardModule;
