/**
 * The customer's visit page (issue 21 part 5): one page per repair order that every text about the
 * visit links to (links.ts), showing the parts listed in parts.ts (functions/visits/part.ts), on
 * the store's landing branding (landing_settings, whose images the managers upload here). No menu
 * screen: the customer's link is the key. Listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS, S3_CHUNK } from '../lib/lazyChunk.js';
import type { BoardModule } from '../lib/boardModule.js';

export const board = {
  name: 'visits',
  // Nobody opens it in the console: the customer's link is the key.
  opens: () => false,
  areas: {
    visits: {
      entry: 'functions/visits/handler.ts',
      routes: ['GET /api/public/visits/{token}', 'POST /api/public/visits/{token}/{kind}/{action}'],
      // The survey's answer may alert managers (a conversation note, an e-mail).
      lazyChunks: CONVERSATION_CHUNKS,
    },
    /** The landing pages tab's images (header image, logo), uploaded straight to storage. */
    landing: {
      entry: 'functions/visits/landingHandler.ts',
      routes: ['GET /api/locations/{id}/landing_images', 'POST /api/locations/{id}/landing_images', 'PUT /api/locations/{id}/landing_images', 'POST /vcard_settings'],
      lazyChunks: [S3_CHUNK],
    },
  },
  routeParams: [
    // The token is a bearer key of its own, not a record id: the page's tests hold its tenant walls.
    { param: 'token', after: /^\/api\/public\/visits\/$/, kind: 'visit_token', tenant: false, vocabulary: 'x' },
    { param: 'kind', after: /^\/api\/public\/visits\/\{token\}\/$/, kind: 'visit_part', tenant: false, vocabulary: 'inspection' },
    { param: 'action', after: /^\/api\/public\/visits\/\{token\}\/\{kind\}\/$/, kind: 'visit_action', tenant: false, vocabulary: 'decide' },
  ],
} as const satisfies BoardModule;
