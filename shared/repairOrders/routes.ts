/** The service board's paths (SPEC §7), for its screen. */
import type { ConversationAt } from '../routes.js';

const enc = encodeURIComponent;

/** A repair order's conversation (functions/repairOrders/board.ts `conversations`). */
export const repairOrderConversation = (id: string): ConversationAt => ({ kind: 'repair_order', id, path: `/api/repair_orders/${enc(id)}`, readMarks: 'own' });
