/**
 * A repair order as the owner of its conversation: what the shared texting rules need to know about
 * it. Its own rule (SPEC §4, §8): an order with no advisor is not texted.
 */
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { composerState as textingState, type ComposerState, type TextingSubject } from '../../components/conversation/composerRules.js';

export function orderTexting(order: RepairOrder): TextingSubject {
  return { customer: order.customer, closed: order.closed, ownerRefusal: order.agent ? null : 'no_advisor' };
}

/** What the composer of this order's conversation lets an agent do. */
export function composerState(order: RepairOrder, options: { safeMode: boolean }): ComposerState {
  return textingState(orderTexting(order), options);
}
