/**
 * Customer satisfaction (CSI) surveys (issue 21 part 3): no menu screen of its own; it follows the
 * service board's repair orders (listener.ts), answers an order's survey and the customer's survey
 * page, reminds once, and owns the `csi_settings` group. What it declares to the rest of the system
 * (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { CSI_EVENTS } from '../../shared/csi/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import './listener.js';
import { sendSurveyReminders } from './reminders.js';
import { csiTallies } from './tallies.js';

export const board = {
  name: 'csi',
  opens: (flags) => flags.admin || flags.manager || flags.service,
  areas: {
    csi: {
      entry: 'functions/csi/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: ['GET /api/repair_orders/{id}/survey', 'POST /api/repair_orders/{id}/survey', 'GET /api/public/surveys/{token}', 'POST /api/public/surveys/{token}', 'GET /api/public/surveys/{token}/visit'],
    },
  },
  jobs: {
    /** One reminder, 24 hours after a survey nobody answered. */
    csi_reminders: { rateMinutes: 15, run: () => sendSurveyReminders() },
  },
  settings: [{ key: 'csi_settings', readBy: (flags) => flags.service }],
  /** Responses and their scores, for the CSI report. */
  tallies: csiTallies,
  events: CSI_EVENTS,
  routeParams: [{ param: 'token', after: /^\/api\/public\/surveys\/$/, kind: 'survey_token', tenant: true }],
  local: { demo: 'functions/csi/demo.ts', demoAfter: ['service'], bench: 'functions/csi/bench.ts' },
} as const satisfies BoardModule;
