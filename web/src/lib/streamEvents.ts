/**
 * The events of the stream every board acts on, read from a frame's name and JSON data with the
 * schemas the server publishes them by (shared/events.ts and each board's shared/<board>/events.ts). Anything
 * malformed is dropped here, so a board reducer never meets half a record. A conversation's message
 * and read events name their owner in its own field (`repair_order_id`, `appointment_id`:
 * shared/conversations.ts); each listener tells its own by `ownerOf`.
 */
import { readStreamEvent, isStreamEventType, type EventSchemas, type StreamEvent } from '../../../shared/events.js';

/** The event of a frame, or null when the frame is not a (well-formed) event of the stream: the core's, or one of `boardSchemas`. */
export function readStreamFrame(type: string, raw: string, boardSchemas: EventSchemas = {}): StreamEvent | null {
  if (!isStreamEventType(type) && !Object.hasOwn(boardSchemas, type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  return readStreamEvent(type, data, boardSchemas);
}
