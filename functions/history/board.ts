/**
 * The history search (issue 24; SPEC §2 "search history (tabs repair, appointment, chat,
 * inventory history)"): no conversations of its own. It keeps search items from the table's stream
 * (every board's `searchable` says what its records are found by) and answers one route. What it
 * declares to the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import type { BoardModule } from '../lib/boardModule.js';
import { boards } from '../lib/boardList.js';
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { searchListener } from './listener.js';

export const board = {
  name: 'history',
  // Whoever works a board whose records are searchable (the search shows each agent only their boards' records).
  opens: (flags) => boards().some((b) => b.searchable !== undefined && b.opens(flags)),
  areas: {
    history: {
      entry: 'functions/history/handler.ts',
      // It reads records through the boards' stores (their owner ports come with the registry).
      lazyChunks: CONVERSATION_CHUNKS,
      routes: ['GET /api/locations/{id}/history/{tab}'],
    },
  },
  listeners: [searchListener],
  routeParams: [{ param: 'tab', after: /\/history\/$/, kind: 'history_tab', tenant: false, vocabulary: 'repair' }],
  local: { bench: 'functions/history/bench.ts' },
} as const satisfies BoardModule;
