/**
 * The events of the stream the boards act on, read from a frame's name and JSON data with the
 * schemas the server publishes them by (shared/events.ts: one list for both sides). Anything
 * malformed is dropped here, so a board reducer never meets half a record. A conversation's message
 * and read events name their owner in its own field (`repair_order_id`, `appointment_id`:
 * shared/conversations.ts); each listener tells its own by `ownerOf`.
 */
import { readStreamEvent, STREAM_EVENT_TYPES, isStreamEventType, type EventData, type StreamEvent, type StreamEventType } from '../../../shared/events.js';

export type { StreamEvent };
export type ServiceEventType = StreamEventType;
export type ServiceEventData<T extends ServiceEventType> = EventData<T>;

export const SERVICE_EVENT_TYPES: readonly ServiceEventType[] = STREAM_EVENT_TYPES;

export const isServiceEventType = (type: string): type is ServiceEventType => isStreamEventType(type);

/** The event of a frame, or null when the frame is not a (well-formed) event of the stream. */
export function readServiceEvent(type: string, raw: string): StreamEvent | null {
  if (!isServiceEventType(type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  return readStreamEvent(type, data);
}
