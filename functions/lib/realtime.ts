/**
 * Real-time channels (SPEC §6) and the event log behind the SSE stream: each domain change writes
 * an event item to its channel's partition (ULID sort key, one-hour TTL), notes it as the channel's
 * head, and sends a wake-up signal on the channel's topic (signals/) that carries the event and the
 * head it replaced. An open stream delivers a carried event when it has delivered the one before
 * it, reads the log when it has not (or when the event was too large to carry), and checks the
 * heads now and then in case a signal was lost.
 */
import { encodeTime, monotonicFactory } from 'ulid';
import { accessLevel } from '../../shared/access.js';
import type { StreamEvent } from '../../shared/events.js';
import type { AgentRecord } from './agents.js';
import { keys } from './keys.js';
import { sendSignal } from './signals/send.js';
import { channelSignal, channelTopic } from './signals/topics.js';
import { batchGet, batchWrite, nowEpoch, putItem, queryAll, updateItem } from './table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const channelKeys = {
  channelEvents: (companyId: string, channel: string) => ({ pk: `COMPANY#${companyId}#CHANNEL#${channel}` }),
  /** The newest event id of each channel of a group (a location, an agent), one attribute per channel. */
  channelHeads: (companyId: string, group: string) => ({ pk: `COMPANY#${companyId}#HEADS#${group}`, sk: 'HEADS' }),
} as const;

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
};

export const managerRepairOrdersChannel = channels.managerRepairOrders;

/** Writes one event of the stream's union (shared/events.ts) to a channel's log: see publishTo. */
export async function publish(companyId: string, channel: string, event: StreamEvent): Promise<ChannelEvent> {
  return (await publishTo(companyId, [channel], event))[0]!;
}

/**
 * Writes an event to each channel's log, then marks each as its channel's head (one write per
 * group of channels, however many of the group hear it) and signals each channel's listeners with
 * the event and the head it replaced. The signals go only once the events can be read; a signal
 * that does not go out delays its event (the streams' safety-net read finds it through the head,
 * or the next signal on the channel names it as the one before), it never loses it.
 */
export async function publishTo(companyId: string, channelList: readonly string[], event: StreamEvent): Promise<ChannelEvent[]> {
  const expiresAt = nowEpoch() + EVENT_TTL_SECONDS;
  const logged = [...new Set(channelList)].map(
    (channel): ChannelEvent => ({ id: nextId(), channel, type: event.type, data: event.data, created_at: new Date().toISOString() }),
  );
  const items = logged.map((e) => ({ ...channelKeys.channelEvents(companyId, e.channel), sk: e.id, ...e, expires_at: expiresAt }));
  // One call for the channels' copies: an event is heard on three or four channels, and each call costs more than its item.
  await (items.length === 1 ? putItem(items[0]!) : batchWrite(items));
  const groups = new Map<string, ChannelEvent[]>();
  for (const e of logged) groups.set(headGroupOf(e.channel), [...(groups.get(headGroupOf(e.channel)) ?? []), e]);
  await Promise.all(
    [...groups].map(async ([group, events]) => {
      const previous = await markHeads(companyId, group, events, expiresAt);
      await Promise.all(events.map((e) => sendSignal(channelTopic(companyId, e.channel), channelSignal(carried(e), previous.get(e.channel)))));
    }),
  );
  return logged;
}

/** The event as a signal carries it: its data is always an object (shared/events.ts). */
function carried(event: ChannelEvent) {
  const data = typeof event.data === 'object' && event.data !== null && !Array.isArray(event.data) ? (event.data as Record<string, unknown>) : {};
  return { id: event.id, channel: event.channel, type: event.type, data, created_at: event.created_at };
}

/**
 * Channels are grouped for their heads by their first two parts (`location:<id>`, `agent:<id>`):
 * a stream's safety-net check then reads two items, whatever its number of channels.
 */
export function headGroupOf(channel: string): string {
  return channel.split(':').slice(0, 2).join(':');
}

/**
 * The head is the last event written, not the highest id: when two writers race, the later one's
 * id may sort lower, and the stream must still notice it has not delivered that one. The heads
 * replaced are answered (UPDATED_OLD, in the same write): they chain a channel's events in the
 * order their heads were written, each event's own write landing before its head's, so a stream
 * that has delivered an event's predecessor has missed nothing before it that a read would find.
 */
async function markHeads(companyId: string, group: string, events: readonly ChannelEvent[], expiresAt: number): Promise<Map<string, string>> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':expires': expiresAt };
  const sets = events.map((e, i) => {
    names[`#c${i}`] = e.channel;
    values[`:id${i}`] = e.id;
    return `#c${i} = :id${i}`;
  });
  const old = await updateItem<Record<string, unknown>>({
    Key: channelKeys.channelHeads(companyId, group),
    UpdateExpression: `SET ${sets.join(', ')}, expires_at = :expires`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'UPDATED_OLD',
  });
  const previous = new Map<string, string>();
  for (const e of events) {
    const head = old?.[e.channel];
    if (typeof head === 'string') previous.set(e.channel, head);
  }
  return previous;
}

/** The head (last written event id) of each channel that has had an event within the TTL. */
export async function channelHeads(companyId: string, channelList: readonly string[]): Promise<Map<string, string>> {
  const groups = [...new Set(channelList.map(headGroupOf))];
  const items = await batchGet<Record<string, unknown>>(groups.map((group) => channelKeys.channelHeads(companyId, group)));
  const heads = new Map<string, string>();
  for (const item of items) {
    for (const channel of channelList) {
      const head = item[channel];
      if (typeof head === 'string') heads.set(channel, head);
    }
  }
  return heads;
}

/** The lowest event id at or after a moment: where a fresh stream starts reading. */
export function cursorAt(ms: number): string {
  return `${encodeTime(ms, 10)}0000000000000000`;
}

/**
 * A channel's events after a cursor, oldest first. `consistent` when a signal announced an event
 * written a moment ago: an eventually consistent read could still miss it.
 */
export async function eventsAfter(companyId: string, channel: string, cursor: string, consistent = false): Promise<ChannelEvent[]> {
  return queryAll<ChannelEvent>({
    KeyConditionExpression: 'pk = :pk AND sk > :cursor',
    ExpressionAttributeValues: { ':pk': channelKeys.channelEvents(companyId, channel).pk, ':cursor': cursor },
    ConsistentRead: consistent,
  });
}
