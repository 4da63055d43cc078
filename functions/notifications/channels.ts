/**
 * The real-time channels a ticket opens (SPEC §6): the core's, and each board's
 * (functions/lib/boardModule.ts `channels`).
 */
import { accessLevel } from '../../shared/access.js';
import type { AgentRecord } from '../lib/agents.js';
import { boardChannels } from '../lib/boardList.js';
import { channels } from '../lib/realtime.js';

/**
 * The channels an agent listens to at a location: managers get the manager-level call and
 * repair-order channels; a technician without service gets the technician channel; others get
 * their team's channel. Everyone gets their own channel, which carries their calls, the repair
 * orders assigned to them and their own read marks (other tabs). Every agent hears location-wide news,
 * and the channels each board gives them (functions/lib/boardModule.ts `channels`).
 */
export function channelsFor(agent: AgentRecord, locationId: string): string[] {
  const list = new Set<string>([channels.location(locationId)]);
  if (accessLevel(agent.access_level) >= 1) {
    list.add(channels.managerCalls(locationId));
    list.add(channels.managerRepairOrders(locationId));
  } else {
    if (agent.access_level.technician && !agent.access_level.service) list.add(channels.technicians(locationId));
    else if (agent.team) list.add(channels.team(locationId, agent.team));
  }
  for (const channel of boardChannels(agent, locationId)) list.add(channel);
  list.add(channels.agent(agent.id));
  return [...list];
}
