/**
 * The reports' numbers (issue 24): the listener that counts facts from the table's stream into
 * daily, monthly and yearly counters, the figures and drill-down routes, and the store's reports_settings.
 * What it declares to the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { settingsRouteKeys, type BoardModule } from '../lib/boardModule.js';
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { tallyListener } from './listener.js';
import { REPORTS_SETTINGS, reportsSettingsSchema } from './settings.js';

export const board = {
  name: 'tallies',
  // Reports are for managers and admins (SPEC §6); the console's Reports page opens them.
  opens: (flags) => flags.admin || flags.manager,
  areas: {
    tallies: {
      entry: 'functions/tallies/handler.ts',
      routes: ['GET /api/locations/{id}/reports/figures', 'GET /api/locations/{id}/reports/records', ...settingsRouteKeys(REPORTS_SETTINGS)],
      // It reads a conversation's advisor through the boards' owner ports, so it carries their code.
      lazyChunks: CONVERSATION_CHUNKS,
    },
  },
  settings: [{ key: REPORTS_SETTINGS, readBy: () => false, schema: reportsSettingsSchema }],
  listeners: [tallyListener],
  // A company's YTD report at 10,000 and 100,000 messages (issue 24's check).
  local: { bench: 'functions/tallies/bench.ts' },
} as const satisfies BoardModule;
