/**
 * Reading a channel's event log in integration tests. The log is shared by every test of the run
 * (one stack, one table), and a test's window (`since`) always reaches back over events other
 * tests wrote a moment before, so "the first event of this type" may be another test's. Every
 * read here names what the test itself touched (its order, its message, its text) and answers only
 * the events about that.
 */
import { eventsAfter, cursorAt, type ChannelEvent } from '../../functions/lib/realtime.js';

/** What an event must be about; at least one of the ids or the text is required. */
export interface EventMatch {
  type?: string;
  /** The order the event is about: `repair_order_id` in its data, or `id` for repair_order.* events. */
  repairOrderId?: string;
  /** The message a message.* event carries. */
  messageId?: string;
  /** The text of the message a message.* event carries. */
  text?: string;
}

interface EventData {
  id?: unknown;
  repair_order_id?: unknown;
  message?: { id?: unknown; text?: unknown };
}

const dataOf = (event: ChannelEvent): EventData => (event.data && typeof event.data === 'object' ? (event.data as EventData) : {});

/** Whether an event is about what `match` names. */
export function isAbout(event: ChannelEvent, match: EventMatch): boolean {
  const data = dataOf(event);
  if (match.type !== undefined && event.type !== match.type) return false;
  if (match.repairOrderId !== undefined && data.repair_order_id !== match.repairOrderId && data.id !== match.repairOrderId) return false;
  if (match.messageId !== undefined && data.message?.id !== match.messageId) return false;
  if (match.text !== undefined && data.message?.text !== match.text) return false;
  return true;
}

/**
 * The events on `channel` since `since` (ms) about what `match` names, oldest first. Throws when
 * the match names nothing of the test's own: a bare type would read other tests' events.
 */
export async function eventsAbout(companyId: string, channel: string, since: number, match: EventMatch): Promise<ChannelEvent[]> {
  if (match.repairOrderId === undefined && match.messageId === undefined && match.text === undefined) {
    throw new Error('eventsAbout needs the order, message or text the test itself made: a bare event type also matches other tests’ events');
  }
  return (await eventsAfter(companyId, channel, cursorAt(since))).filter((event) => isAbout(event, match));
}
