/**
 * What an agent does to a repair order from its detail panel (SPEC §2, §4): assign the advisor,
 * archive and unarchive, mark read or unread for themselves, send "vehicle ready". Each change is
 * written with the order's version and told to the order's listeners.
 */
import { holdsOrders } from '../../shared/access.js';
import { MISSING_AGENT, OPTED_OUT_ACTION, type QuietHoursAnswer } from '../../shared/schemas/messages.js';
import type { AgentRef } from '../../shared/people.js';
import type { Message } from '../../shared/messages.js';
import type { ServiceEvent } from '../../shared/repairOrders/events.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { channels, publish } from '../lib/realtime.js';
import { getCustomer } from '../customers/records.js';
import { refusedAnswer, sendAutomated } from '../messages/automated.js';
import { vehicleReadyPreview, vehicleReadyWords } from './vehicleReady.js';
import { announce, changed } from './events.js';
import { writeReadMark } from '../messages/readMarks.js';
import { updateRepairOrder, type RepairOrderRecord } from './records.js';
import { repairOrderOwner } from './owner.js';
import { tellRepairOrderListeners } from './moments.js';
import { refused } from '../lib/errors.js';

const unprocessable = (id: string, message: string) => refused(id, message);

export const NOT_AN_ADVISOR = 'Choose an active service advisor of this location';

/** Only an active agent of the order's location who holds orders (shared/access.ts) can be its advisor. */
async function advisorFor(ro: RepairOrderRecord, agentId: string): Promise<AgentRef> {
  const agent = await getAgent(ro.company_id, agentId);
  if (!agent || !agent.active || !holdsOrders(agent.access_level) || agent.location_id !== ro.location_id) {
    throw unprocessable('invalid_advisor', NOT_AN_ADVISOR);
  }
  return { id: agent.id, first_name: agent.first_name, last_name: agent.last_name };
}

/**
 * Assigns (or, with null, unassigns) the advisor. The new advisor hears `repair_order.assigned`
 * (their "assigned to you" toast) with the managers; the previous one hears `changed`, so the
 * order leaves their inbox.
 */
export async function assignAdvisor(ro: RepairOrderRecord, agentId: string | null): Promise<RepairOrderRecord> {
  const advisor = agentId === null ? null : await advisorFor(ro, agentId);
  const { before, after, changed: didChange } = await updateRepairOrder(ro.company_id, ro.id, (current) =>
    (current.agent?.id ?? null) === (advisor?.id ?? null) ? null : { agent: advisor },
  );
  if (!didChange) return after;
  const previousId = before.agent?.id ?? null;
  if (after.agent) {
    const assigned: ServiceEvent = { type: 'repair_order.assigned', data: { id: after.id, location_id: after.location_id, agent_id: after.agent.id } };
    await announce(after, assigned);
    if (previousId) {
      const event = changed(after, 'reassigned');
      await publish(after.company_id, channels.agent(previousId), event);
    }
  } else {
    await announce(after, changed(after, 'unassigned'), previousId);
  }
  return after;
}

/** Archived orders leave the board and the inbox (and their counts); unarchiving brings them back. */
export async function setArchived(ro: RepairOrderRecord, archived: boolean): Promise<RepairOrderRecord> {
  const { after, changed: didChange } = await updateRepairOrder(ro.company_id, ro.id, (current) =>
    current.archived === archived ? null : { archived, archived_at: archived ? new Date().toISOString() : null },
  );
  if (didChange) await announce(after, changed(after, archived ? 'archived' : 'unarchived'));
  return after;
}

/** Read marks are the agent's own: other tabs of the same agent hear it on their channel. */
export async function markRead(ro: RepairOrderRecord, agentId: string, unread: boolean): Promise<void> {
  await writeReadMark(ro.company_id, { kind: 'repair_order', id: ro.id }, agentId, unread);
  const event: ServiceEvent = { type: 'read.changed', data: { repair_order_id: ro.id, is_unread: unread } };
  await publish(ro.company_id, channels.agent(agentId), event);
}

/** The words the vehicle-ready button would send now: the console shows them for the agent to confirm. */
export async function previewVehicleReady(ro: RepairOrderRecord): Promise<{ text: string }> {
  return { text: await vehicleReadyPreview(ro) };
}

/**
 * The manual "vehicle ready" text (SPEC §2 detail actions): refused without an advisor and for an
 * opted-out customer, with SPEC §8's texts; otherwise the automated-text rules decide (gatekeeper,
 * carrier; inside quiet hours the agent's answer: refused with quiet_hours until they send anyway
 * or schedule), and the order remembers that the customer was told (or will be, at the held text's time).
 */
export async function sendVehicleReady(ro: RepairOrderRecord, agent: AgentRecord, answer: QuietHoursAnswer = {}): Promise<{ ro: RepairOrderRecord; message: Message | null }> {
  if (!ro.agent) throw unprocessable('missing_agent', MISSING_AGENT);
  const customer = await getCustomer(ro.company_id, ro.customer_id, true);
  if (customer?.opt_in === 'out') throw unprocessable('opted_out_action', OPTED_OUT_ACTION);
  const { message, refused } = await sendAutomated(repairOrderOwner(ro), 'vehicle_ready', {
    agent,
    manual: true,
    // The advisor's button answers to the vehicle_ready rule as the DMS's automatic text does.
    gatekeeper: true,
    words: vehicleReadyWords,
    quiet: { confirmQuietHours: answer.confirm_quiet_hours, sendAt: answer.send_at },
  });
  if (refused) throw refusedAnswer(refused);
  const at = message?.created_at ?? new Date().toISOString();
  const { after } = await updateRepairOrder(ro.company_id, ro.id, () => ({ vehicle_ready: true, vehicle_ready_at: at }));
  await announce(after, changed(after, 'vehicle_ready'));
  await tellRepairOrderListeners('vehicleReady', after);
  return { ro: after, message };
}
