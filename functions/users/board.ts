/**
 * Users and the activity list (issue 22): no board of their own, no conversations; an API area
 * for managers and admins (and every agent's own password). What they declare to the rest of the
 * system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { MAIL_CHUNK } from '../lib/lazyChunk.js';
import type { BoardModule } from '../lib/boardModule.js';

export const board = {
  name: 'users',
  opens: (flags) => flags.admin || flags.manager,
  areas: {
    users: {
      entry: 'functions/users/handler.ts',
      // The invitation e-mail.
      lazyChunks: [MAIL_CHUNK],
      routes: [
        'GET /api/locations/{id}/users',
        'POST /api/locations/{id}/users',
        'PUT /api/agents/{id}',
        'PUT /api/agents/{id}/deactivate',
        'PUT /api/agents/{id}/reactivate',
        'PUT /api/agents/{id}/password',
        'GET /api/activities',
        'GET /api/activities/locations',
      ],
    },
  },
  // `{id}` of /api/agents/ names an agent: the core's rule (test/support/routeTable.ts) covers it.
  local: { demo: 'functions/users/demo.ts', bench: 'functions/users/bench.ts' },
} as const satisfies BoardModule;
