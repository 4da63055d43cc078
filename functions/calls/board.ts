/**
 * Calls through the store's own numbers (issue 25): a customer's call rings the board's ring-to
 * numbers, goes to voicemail, lands in the conversation and is answered by text when missed; an
 * advisor's "call customer" rings their phone first. No menu screen of its own: the boards whose
 * numbers take calls (service, appointments, inventory) show them. What it declares to the rest of
 * the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CALL_EVENTS } from '../../shared/calls/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { CONVERSATION_CHUNKS, TELEPHONY_CHUNK } from '../lib/lazyChunk.js';
import { callStepsJob } from './stepsJob.js';

export const board = {
  name: 'calls',
  opens: (flags) => flags.admin || flags.manager || flags.service || flags.appointments || flags.inventory,
  areas: {
    calls: {
      entry: 'functions/calls/handler.ts',
      // A call's steps write into every board's conversations (their owner ports come with the registry);
      // placing and ending calls loads the Chime client (functions/lib/chimeTelephony.ts).
      lazyChunks: [...CONVERSATION_CHUNKS, TELEPHONY_CHUNK],
      routes: ['POST /api/customers/{id}/{board}/calls', 'PUT /api/calls/{id}/hangup'],
    },
  },
  jobs: { call_steps: callStepsJob },
  events: CALL_EVENTS,
  routeParams: [{ param: 'id', after: /^\/api\/calls\/$/, kind: 'call', tenant: true }],
  local: { demo: 'functions/calls/demo.ts', demoAfter: ['service'], bench: 'functions/calls/bench.ts' },
} as const satisfies BoardModule;
