/** The inventory board's paths (SPEC §7 `{loc}/inventory/orders…`), for its handlers and its screen. */
import { locationPath as loc, type ConversationAt } from '../routes.js';

const enc = encodeURIComponent;

const orderPath = (locationId: string, id: string) => `${loc(locationId)}/inventory/orders/${enc(id)}`;

/** An order's conversation (functions/inventory/board.ts `conversations`): marked read at `…/agents/null/read`. */
export const inventoryOrderConversation = (locationId: string, id: string): ConversationAt => ({
  kind: 'inventory_order',
  id,
  path: orderPath(locationId, id),
  readMarks: 'agents_null',
});

export const inventoryPaths = {
  /** Every open order of the store (access level above 0). */
  all: (locationId: string) => `${loc(locationId)}/inventory/orders`,
  /** The calling agent's own open orders. */
  inbox: (locationId: string) => `${loc(locationId)}/inventory/orders/inbox`,
  order: orderPath,
  add: (locationId: string) => `${loc(locationId)}/inventory/orders`,
  close: (locationId: string, id: string) => `${orderPath(locationId, id)}/close`,
  resend: (locationId: string, id: string) => `${orderPath(locationId, id)}/resend`,
  settings: (locationId: string) => `${loc(locationId)}/inventory/settings`,
};
