/**
 * Which conversation a customer's text belongs to, for every board at once. A person may have
 * several customer records (two DMS ids, a spouse's car) and several orders and appointments; across
 * all records sharing the phone, at the location whose number was texted, the text goes to the
 * newest open repair order; else to the customer's next appointment; else to the newest closed order
 * still on the board; else to the newest archived one, which the caller brings back (THREAD_TIERS).
 * Each board offers its candidates through its owner port; the choice is made here, once.
 */
import type { CustomerRecord } from '../customers/records.js';
import { portFor, registeredKinds, type ConversationOwner, type ThreadCandidate } from '../messages/owners.js';

export interface Thread {
  owner: ConversationOwner;
  customer: CustomerRecord;
}

/** The preferred candidate (pure): the lowest tier, then the newest. */
export function preferredCandidate<T extends Pick<ThreadCandidate, 'tier' | 'at'>>(candidates: T[]): T | null {
  let best: T | null = null;
  for (const candidate of candidates) {
    if (!best || candidate.tier < best.tier || (candidate.tier === best.tier && candidate.at > best.at)) best = candidate;
  }
  return best;
}

export async function threadFor(companyId: string, locationId: string, customers: CustomerRecord[], now = new Date()): Promise<Thread | null> {
  const byId = new Map(customers.map((c) => [c.id, c]));
  const candidates = (
    await Promise.all(registeredKinds().map((kind) => portFor({ kind }).threadCandidates(companyId, locationId, customers, now)))
  ).flat();
  const chosen = preferredCandidate(candidates.filter((c) => byId.has(c.owner.customer_id)));
  return chosen ? { owner: chosen.owner, customer: byId.get(chosen.owner.customer_id)! } : null;
}
