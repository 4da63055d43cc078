/**
 * The public setup wizard (issue 23; SPEC §2 "/public/location/:token/wizard"): no board of its own
 * and no conversations; the staff of a new store answer its pages through a link a manager makes,
 * and the answers land in the location's settings. Listed in functions/boards.ts.
 */
import { PDF_BUNDLE_FILES } from '../lib/pdfFonts.js';
import type { BoardModule } from '../lib/boardModule.js';
import { WIZARD_PDF_CHUNK } from './pdfChunk.js';

export const board = {
  name: 'wizard',
  // Nobody works it as a board: managers reach its links from Settings.
  opens: () => false,
  areas: {
    wizard: {
      entry: 'functions/wizard/handler.ts',
      routes: [
        'GET /api/wizard/locations/{token}',
        'PUT /api/wizard/locations/{token}',
        'PUT /api/wizard/locations/{token}/finish',
        'GET /api/wizard/locations/{token}/pdf',
        'GET /api/locations/{id}/wizard_links',
        'POST /api/locations/{id}/wizard_links',
        'DELETE /api/locations/{id}/wizard_links/{link_id}',
      ],
      lazyChunks: [WIZARD_PDF_CHUNK],
      // SPEC §7 puts the wizard's token routes outside /api/public/; they are held as those are.
      publicPathPrefixes: ['/api/wizard/'],
      bundleFiles: [...PDF_BUNDLE_FILES],
    },
  },
  routeParams: [
    // The token is a bearer key of its own, not a record id: the wizard's tests hold its walls.
    { param: 'token', after: /^\/api\/wizard\/locations\/$/, kind: 'wizard_token', tenant: false, vocabulary: 'x' },
    { param: 'link_id', after: /^\/api\/locations\/\{id\}\/wizard_links\/$/, kind: 'wizard_link', tenant: true, sample: { list: '/api/locations/{location}/wizard_links', field: 'wizard_links' } },
  ],
} as const satisfies BoardModule;
