/**
 * The console hears of a call as it rings, is answered and ends (`call.changed`, SPEC §6): on the
 * call's agent's own channel and the store's manager calls channel, nowhere else. The agent's
 * console shows the incoming call's notice while it rings (with the customer's open order), and a
 * desktop notification only to the call's agent.
 */
import type { CallNotice } from '../../shared/calls/calls.js';
import '../../shared/calls/events.js';
import type { Call } from '../../shared/customers.js';
import { boardOfKind } from '../lib/boardList.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { CustomerRecord } from '../customers/records.js';
import type { ConversationOwner } from '../messages/owners.js';

/** What the board calls the conversation, as its list shows it (a repair order by its number). */
function ownerLabel(owner: ConversationOwner): string | null {
  const record = owner.record as { ro_id?: unknown };
  return owner.kind === 'repair_order' && typeof record.ro_id === 'string' ? `RO ${record.ro_id}` : null;
}

export function callNotice(call: Call, locationId: string, customer: CustomerRecord, owner: ConversationOwner | null): CallNotice {
  const link = owner ? (boardOfKind(owner.kind)?.conversations?.consoleLink?.replace('{id}', encodeURIComponent(owner.id)) ?? null) : null;
  return {
    call,
    location_id: locationId,
    customer: { id: customer.id, name: [customer.first_name, customer.last_name].map((p) => p.trim()).filter(Boolean).join(' '), phone: customer.phones.cell ?? '' },
    owner: owner ? { kind: owner.kind, id: owner.id } : null,
    owner_label: owner ? ownerLabel(owner) : null,
    link,
  };
}

/** Tells the call's agent (if it has one) and the store's managers. */
export async function announceCall(companyId: string, notice: CallNotice): Promise<void> {
  const heard = [channels.managerCalls(notice.location_id), ...(notice.call.agent ? [channels.agent(notice.call.agent.id)] : [])];
  await publishTo(companyId, heard, { type: 'call.changed', data: notice });
}
