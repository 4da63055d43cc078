/**
 * The service board (SPEC §2 `/`, "vehicles in service"): repair orders and their conversations.
 * What it declares to the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { REPAIR_ORDER_EVENTS } from '../../shared/repairOrders/events.js';
import type { BoardModule } from '../lib/boardModule.js';
import { repairOrderHousekeeping } from './housekeeping.js';
import './owner.js';
import { repairOrderSearch } from './searchEntries.js';
import './welcome.js';
import './statusReply.js';
import { sendServiceReminders } from './serviceReminders.js';

export const board = {
  name: 'service',
  opens: (flags) => flags.admin || flags.manager || flags.service,
  areas: {
    repairOrders: {
      entry: 'functions/repairOrders/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/repair_orders',
        'GET /api/locations/{id}/repair_orders/inbox',
        'GET /api/repair_orders/{id}',
        'PUT /api/repair_orders/{id}/agent',
        'PUT /api/repair_orders/{id}/archive',
        'PUT /api/repair_orders/{id}/unarchive',
        'PUT /api/repair_orders/{id}/read',
        'PUT /api/repair_orders/{id}/unread',
        'GET /api/repair_orders/{id}/vehicle_ready',
        'POST /api/repair_orders/{id}/vehicle_ready',
      ],
    },
  },
  conversations: { kind: 'repair_order', path: '/api/repair_orders/{id}', idParam: 'id', contact: 'customer', consoleLink: '/?ro={id}' },
  jobs: {
    /** Auto-close idle repair orders and auto-archive closed or idle ones (service_settings days). */
    repair_order_housekeeping: { rateMinutes: 60, run: () => repairOrderHousekeeping() },
    /** Service reminders, months after a customer's last visit (reminder_settings). */
    service_reminders: { rateMinutes: 60, run: () => sendServiceReminders() },
  },
  textingNumbers: ['service'],
  events: REPAIR_ORDER_EVENTS,
  routeParams: [{ param: 'id', after: /(^|\/)repair_orders\/$/, kind: 'repair_order', tenant: true }],
  local: { demo: 'infra/local/demo-service.ts' },
  // Its records' part in the history search (searchEntries.ts).
  searchable: repairOrderSearch,
} as const satisfies BoardModule;
