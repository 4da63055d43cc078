/**
 * Repair orders as owners of conversations (functions/messages/owners.ts): the first board on the
 * conversation core. Only an order with an assigned advisor can be texted, and the op-code rule
 * reads its estimate (SPEC §5); an inbound text goes to the newest open order, else a closed one
 * still on the board, else an archived one, which comes back to the board.
 */
import { isTextedIn } from '../../shared/repairOrders/repairOrders.js';
import { registerOwner, THREAD_TIERS, type ConversationOwner, type OwnerPort, type ThreadCandidate } from '../messages/owners.js';
import type { AccessFlags } from '../../shared/access.js';
import { reachesLocation, seesWholeBoard } from '../lib/access.js';
import { agentsOfLocation, byName } from '../lib/agents.js';
import { forbidden, notFound } from '../lib/errors.js';
import type { Auth } from '../lib/session.js';
import { visibleRepairOrder, worksServiceBoard } from './access.js';
import { boardOrdersOfCustomer } from './customerOrders.js';
import { channelsOfRepairOrder, changed } from './events.js';
import { channels, managerRepairOrdersChannel } from '../lib/realtime.js';
import { openTextedIn } from './textedIn.js';
import { tellRepairOrderListeners } from './moments.js';
import { applyToOrders } from './calls.js';
import {
  bumpWrite,
  getRepairOrder,
  getRepairOrders,
  repairOrderLinksOfCustomer,
  repairOrdersOfAgent,
  repairOrdersOfLocation,
  requireRepairOrder,
  threadOf,
  updateRepairOrder,
  type RepairOrderRecord,
} from './records.js';

/** The most a board's "all" reaches in one mass text. */
const MASS_ALL_LIMIT = 5000;

export function repairOrderOwner(ro: RepairOrderRecord): ConversationOwner<RepairOrderRecord> {
  return {
    kind: 'repair_order',
    id: ro.id,
    company_id: ro.company_id,
    location_id: ro.location_id,
    customer_id: ro.customer_id,
    agent: ro.agent,
    thread_id: threadOf(ro.id),
    archived: ro.archived,
    message_count: ro.metadata.message_count,
    // A texted-in order has no estimate: the op-code rule has nothing to read.
    rules: { closed: ro.closed, agent: ro.agent, opcodes: isTextedIn(ro) ? null : ro.metadata.opcodes, needsAdvisor: true },
    record: ro,
  };
}

function tierOf(ro: Pick<RepairOrderRecord, 'closed' | 'archived'>): number {
  if (ro.archived) return THREAD_TIERS.archived;
  return ro.closed ? THREAD_TIERS.closed : THREAD_TIERS.open_order;
}

/**
 * Technicians are asked about the car ("@Luis can you check the brake lines?") without working the
 * service board: they read and answer an order's notes for colleagues from its inspection sheet,
 * never its texts with the customer (technicians do not text customers).
 */
const isTechnician = (flags: AccessFlags): boolean => flags.technician;

/** The order, for a technician of its location; 403 for anyone else, 404 for another company's or location's order. */
async function orderForTechnician(auth: Auth, roId: string, consistent = false): Promise<RepairOrderRecord> {
  if (!isTechnician(auth.actingAs.access_level)) throw forbidden('You do not have access to this board');
  const ro = await requireRepairOrder(auth.companyId, roId, consistent);
  if (!reachesLocation(auth.actingAs, ro.location_id)) throw notFound('Repair order not found');
  return ro;
}

export const repairOrderPort: OwnerPort<RepairOrderRecord> = {
  kind: 'repair_order',
  owner: repairOrderOwner,
  load: (companyId, id, consistent) => getRepairOrder(companyId, id, consistent),
  visible: visibleRepairOrder,
  worksBoard: (auth) => worksServiceBoard(auth.actingAs.access_level),
  conversationsOfCustomer: (companyId, customerId) => boardOrdersOfCustomer(companyId, customerId),
  async massRecipients(auth, locationId, pick) {
    if (pick !== 'all') {
      const picked = await getRepairOrders(auth.companyId, pick, true);
      return [...picked.values()].filter((ro) => ro.location_id === locationId && !ro.archived);
    }
    // "All" is the list the agent sees: the store's board for managers, their inbox for advisors.
    const records: RepairOrderRecord[] = [];
    for (let offset = 0; records.length < MASS_ALL_LIMIT; offset += 100) {
      const page = seesWholeBoard(auth.actingAs.access_level)
        ? await repairOrdersOfLocation(auth.companyId, locationId, 'board', offset, 100)
        : await repairOrdersOfAgent(auth.companyId, auth.actingAs.id, locationId, offset, 100);
      records.push(...page.records);
      if (page.records.length < 100) break;
    }
    return records;
  },
  bumpWrite,
  // The service board's agents at the order's location, and its technicians (who answer in the notes).
  async mentionable(ro) {
    const agents = await agentsOfLocation(ro.company_id, ro.location_id);
    return agents
      .filter((agent) => agent.active && (worksServiceBoard(agent.access_level) || isTechnician(agent.access_level)))
      .sort(byName)
      .map(({ id, first_name, last_name }) => ({ id, first_name, last_name }));
  },
  noteReaders: {
    includes: isTechnician,
    visible: orderForTechnician,
    // The technician's place for an order: its inspection sheet, where the notes are shown.
    link: '/mpi/repair_orders/{id}',
    channels: (ro) => [channels.technicians(ro.location_id)],
  },
  channels: (ro, previousAgentId) => channelsOfRepairOrder(ro, previousAgentId),
  changed: (ro, reason) => changed(ro, reason),
  async reopen(ro) {
    if (!ro.archived) return ro;
    const result = await updateRepairOrder(ro.company_id, ro.id, (now) => (now.archived ? { archived: false, archived_at: null } : null));
    return result.after;
  },
  // The board shows the customer on each order's row: its managers and each order's advisor hear a change.
  customerListeners: (customer, orders) => [managerRepairOrdersChannel(customer.location_id), ...orders.flatMap((ro) => channelsOfRepairOrder(ro))],
  announcesCustomerChanges: true,
  callRecorded: applyToOrders,
  // What else listens to the order (a survey awaiting its answer) hears the customer's words.
  customerReplied: (ro, text, at) => tellRepairOrderListeners('customerReplied', ro, text, at),
  async openConversation(number, customers, carrierMessageId) {
    const { order, customer } = await openTextedIn(number.company_id, number.location_id, customers, carrierMessageId);
    return { owner: repairOrderOwner(order), contact: customer };
  },
  async threadCandidates(companyId, locationId, customers): Promise<ThreadCandidate[]> {
    const ids = new Set(customers.map((c) => c.id));
    const links = (await Promise.all(customers.map((c) => repairOrderLinksOfCustomer(companyId, c.id)))).flat();
    const here = links.filter((link) => link.location_id === locationId);
    if (here.length === 0) return [];
    // The links say where to look; the orders themselves say what state they are in now.
    const orders = await getRepairOrders(companyId, here.map((link) => link.repair_order_id), true);
    return [...orders.values()]
      .filter((ro) => ro.location_id === locationId && ids.has(ro.customer_id))
      .map((ro) => ({ owner: repairOrderOwner(ro), tier: tierOf(ro), at: ro.opened_at }));
  },
};

registerOwner(repairOrderPort);
