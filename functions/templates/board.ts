/**
 * Message templates (issue 22; SPEC §3 "templates at company, location and agent level"): no board
 * of their own, no conversations; an API area for every agent, the settings tab and the composer's
 * picker (web/src/features/templates/). What they declare to the rest of the system
 * (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import type { BoardModule } from '../lib/boardModule.js';
import { TEMPLATE_EVENTS } from '../../shared/templates/events.js';

export const board = {
  name: 'templates',
  // Every agent who texts uses templates; the routes say who manages which.
  opens: () => true,
  areas: {
    templates: {
      entry: 'functions/templates/handler.ts',
      // Filling a template reads the conversation's owner through the core, which brings every board.
      lazyChunks: CONVERSATION_CHUNKS,
      routes: ['GET /api/templates/me', 'GET /api/templates', 'POST /api/templates', 'PUT /api/templates/{id}', 'DELETE /api/templates/{id}'],
    },
  },
  events: TEMPLATE_EVENTS,
  routeParams: [
    {
      param: 'id',
      after: /^\/api\/templates\/$/,
      kind: 'message_template',
      tenant: true,
      // The probing manager's (or admin's) own: every string of a sampled record counts as a secret,
      // and a location template's level ('location') or board ('service') is a word other answers use.
      sample: { list: '/api/templates?level=agent', field: 'templates' },
    },
  ],
  local: { demo: 'functions/templates/demo.ts', bench: 'functions/templates/bench.ts' },
} as const satisfies BoardModule;
