/**
 * Real-time channels (SPEC §6) and the event log behind the SSE stream: each domain change writes
 * an event item to its channel's partition (ULID sort key, one-hour TTL); the stream reads new items.
 */
import { encodeTime, monotonicFactory } from 'ulid';
import { accessLevel } from '../../shared/access.js';
import type { StreamEvent } from '../../shared/events.js';
import type { AgentRecord } from './agents.js';
import { keys } from './keys.js';
import { nowEpoch, putItem, queryAll } from './table.js';

export const EVENT_TTL_SECONDS = 3600;
const nextId = monotonicFactory();

export interface ChannelEvent {
  id: string;
  channel: string;
  type: string;
  data: unknown;
  created_at: string;
}

export const channels = {
  agent: (agentId: string) => `agent:${agentId}`,
  team: (locationId: string, team: string) => `location:${locationId}:team:${team}`,
  location: (locationId: string) => `location:${locationId}`,
  technicians: (locationId: string) => `location:${locationId}:technicians`,
  managerCalls: (locationId: string) => `location:${locationId}:manager:calls`,
  managerRepairOrders: (locationId: string) => `location:${locationId}:manager:repair_orders`,
  /** Everything on the location's appointments board: its agents and the managers hear it. */
  appointments: (locationId: string) => `location:${locationId}:appointments`,
};

/**
 * The channels an agent listens to at a location: managers get the manager-level call and
 * repair-order channels; a technician without service gets the technician channel; others get
 * their team's channel. Everyone gets their own channel, which carries their calls, the repair
 * orders assigned to them and their own read marks (other tabs). Every agent hears location-wide news;
 * those who work the appointments board (and managers) hear its channel.
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
  if (agent.access_level.appointments || accessLevel(agent.access_level) >= 1) list.add(channels.appointments(locationId));
  list.add(channels.agent(agent.id));
  return [...list];
}

/** Writes one event of the stream's union (shared/events.ts) to a channel's log. */
export async function publish(companyId: string, channel: string, event: StreamEvent): Promise<ChannelEvent> {
  const logged: ChannelEvent = { id: nextId(), channel, type: event.type, data: event.data, created_at: new Date().toISOString() };
  await putItem({ ...keys.channelEvents(companyId, channel), sk: logged.id, ...logged, expires_at: nowEpoch() + EVENT_TTL_SECONDS });
  return logged;
}

/** The lowest event id at or after a moment: where a fresh stream starts reading. */
export function cursorAt(ms: number): string {
  return `${encodeTime(ms, 10)}0000000000000000`;
}

export async function eventsAfter(companyId: string, channel: string, cursor: string): Promise<ChannelEvent[]> {
  return queryAll<ChannelEvent>({
    KeyConditionExpression: 'pk = :pk AND sk > :cursor',
    ExpressionAttributeValues: { ':pk': keys.channelEvents(companyId, channel).pk, ':cursor': cursor },
  });
}
