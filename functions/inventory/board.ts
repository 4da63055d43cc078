/**
 * The inventory board (SPEC §2 menu "inventory (inbox vs all; add inventory order)"): customers'
 * orders of vehicles and parts from the store's stock and their conversations. What it declares to
 * the rest of the system (functions/lib/boardModule.ts), listed in functions/boards.ts.
 */
import { accessLevel } from '../../shared/access.js';
import { INVENTORY_EVENTS } from '../../shared/inventory/events.js';
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import type { BoardModule } from '../lib/boardModule.js';
import { closeIdleOrders } from './autoclose.js';
import { holderChannel, inventoryChannel } from './channels.js';
import './owner.js';
import { inventoryOrderSearch } from './searchEntries.js';

export const board = {
  // The calls route's board name too (GET /api/customers/{id}/inventory/calls).
  name: 'inventory',
  opens: (flags) => flags.admin || flags.manager || flags.inventory,
  areas: {
    inventory: {
      entry: 'functions/inventory/handler.ts',
      lazyChunks: CONVERSATION_CHUNKS,
      routes: [
        'GET /api/locations/{id}/inventory/orders',
        'GET /api/locations/{id}/inventory/orders/inbox',
        'GET /api/locations/{id}/inventory/orders/{order_id}',
        'POST /api/locations/{id}/inventory/orders',
        'PUT /api/locations/{id}/inventory/orders/{order_id}/close',
        'PUT /api/locations/{id}/inventory/orders/{order_id}/resend',
        'PUT /api/locations/{id}/inventory/orders/{order_id}/agents/null/read',
        'PUT /api/locations/{id}/inventory/orders/{order_id}/agents/null/unread',
        'GET /api/locations/{id}/inventory/settings',
        'GET /inventory/settings',
        'POST /inventory/settings',
      ],
    },
  },
  // Adding an order finds the store's customers (the core's customer search).
  findsCustomers: true,
  conversations: { kind: 'inventory_order', path: '/api/locations/{id}/inventory/orders/{order_id}', idParam: 'order_id', contact: 'customer', consoleLink: '/inventory?order={id}' },
  jobs: {
    /** Open orders idle for inventory_settings.close_after_days are closed. */
    inventory_autoclose: { rateMinutes: 60, run: () => closeIdleOrders() },
  },
  // The core's settings route serves the group (nothing is done on a save: the board reads it when it lists and the job when it runs).
  settings: [{ key: 'inventory_settings', readBy: (flags) => flags.inventory }],
  // Its orders text from the store's inventory number (business_information.texting_numbers.inventory), else the service number.
  textingNumbers: ['inventory'],
  // Managers and admins hear the store's every order; an inventory agent hears the orders they hold.
  channels: (agent, locationId) => {
    if (accessLevel(agent.access_level) >= 1) return [inventoryChannel(locationId)];
    return agent.access_level.inventory ? [holderChannel(locationId, agent.id)] : [];
  },
  events: INVENTORY_EVENTS,
  routeParams: [
    {
      param: 'order_id',
      after: /\/inventory\/orders\/$/,
      kind: 'inventory_order',
      tenant: true,
      sample: { list: '/api/locations/{location}/inventory/orders?limit=100', field: 'orders' },
    },
  ],
  local: { demo: 'functions/inventory/demo.ts', bench: 'functions/inventory/bench.ts' },
  // Its records' part in the history search (searchEntries.ts).
  searchable: inventoryOrderSearch,
} as const satisfies BoardModule;
