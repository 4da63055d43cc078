/**
 * Which conversation a customer's text belongs to, for every board at once. A person may have
 * several customer records (two DMS ids, a spouse's car) and several orders and appointments; across
 * all records sharing the phone, at the location whose number was texted, the text goes to the
 * conversation the store last texted that number in, whatever board and state it is in (they answer
 * what they were told); else to the newest open repair order; else to the customer's next
 * appointment; else to the newest finished conversation of any board (a closed order, a past or
 * cancelled appointment); else to the newest archived one, which the caller brings back
 * (THREAD_TIERS). Each board offers its candidates through its owner port; the choice is made here, once.
 * With none at all, the caller opens a texted-in order (functions/repairOrders/textedIn.ts).
 */
import type { CustomerRecord } from '../customers/records.js';
import { lastTextTo, type LastText } from '../messages/records.js';
import { loadOwner, portFor, registeredKinds, THREAD_TIERS, type ConversationOwner, type ThreadCandidate } from '../messages/owners.js';

export interface Thread {
  owner: ConversationOwner;
  customer: CustomerRecord;
}

type Candidate = Pick<ThreadCandidate, 'tier' | 'at'> & { owner: Pick<ConversationOwner, 'kind' | 'id' | 'customer_id' | 'location_id'> };

/**
 * The rule (pure): only the location's conversations of these customer records count; the one last
 * texted in wins, then the lowest tier, then the newest.
 */
export function preferredCandidate<T extends Candidate>(candidates: T[], where: { locationId: string; customerIds: ReadonlySet<string> }, lastText?: LastText | null): T | null {
  let best: T | null = null;
  let bestTier = Infinity;
  for (const candidate of candidates) {
    if (candidate.owner.location_id !== where.locationId || !where.customerIds.has(candidate.owner.customer_id)) continue;
    const texted = lastText && lastText.owner.kind === candidate.owner.kind && lastText.owner.id === candidate.owner.id;
    const tier = texted ? THREAD_TIERS.last_texted : candidate.tier;
    if (!best || tier < bestTier || (tier === bestTier && candidate.at > best.at)) {
      best = candidate;
      bestTier = tier;
    }
  }
  return best;
}

/** The conversation for a text from `phone` at the location, or null when the customer has none there. */
export async function threadFor(companyId: string, locationId: string, customers: CustomerRecord[], phone: string, now = new Date()): Promise<Thread | null> {
  const byId = new Map(customers.map((c) => [c.id, c]));
  const [lists, lastText] = await Promise.all([
    Promise.all(registeredKinds().map((kind) => portFor({ kind }).threadCandidates(companyId, locationId, customers, now))),
    lastTextTo(companyId, locationId, phone),
  ]);
  const candidates: ThreadCandidate[] = lists.flat();
  // Boards offer what their own rules find; the conversation last texted in may be none of those (an appointment long past).
  if (lastText && !candidates.some((c) => c.owner.kind === lastText.owner.kind && c.owner.id === lastText.owner.id)) {
    const owner = await loadOwner(companyId, lastText.owner, true);
    if (owner) candidates.push({ owner, tier: THREAD_TIERS.last_texted, at: lastText.at });
  }
  const chosen = preferredCandidate(candidates, { locationId, customerIds: new Set(byId.keys()) }, lastText);
  return chosen ? { owner: chosen.owner, customer: byId.get(chosen.owner.customer_id)! } : null;
}
