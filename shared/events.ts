/**
 * The events of the real-time stream, one list for both sides (DESIGN.md "One contract for both
 * sides"): each event type with the schema of its data. The server's `publish` takes only events
 * of this union; the console parses every frame with the same schema and drops what does not fit,
 * so a board never meets half a record. zod/mini keeps the console's share of it small.
 */
import * as z from 'zod/mini';
import type { MassMessage } from './massTexts.js';
import type { Message } from './messages.js';
import { ownerOf, type OwnerField, type OwnerRef } from './conversations.js';
import { isPresenceMode, type Presence } from './presence.js';

/** A non-empty id; a count that is a finite number (the boards' event schemas use them too). */
export const id = z.string().check(z.minLength(1));
export const count = z.number().check(z.refine(Number.isFinite));
const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message as the stream carries it: the fields the conversation reads must be there. */
const message = z.custom<Message>(
  (value) =>
    record(value) &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.text === 'string' &&
    typeof value.created_at === 'string' &&
    Array.isArray(value.attachments) &&
    record(value.metadata) &&
    typeof value.metadata.direction === 'string',
);

/** A mass text's progress: the counts its progress bar and summary read. */
const massMessage = z.custom<MassMessage>(
  (value) =>
    record(value) &&
    typeof value.id === 'string' &&
    typeof value.location_id === 'string' &&
    (value.state === 'running' || value.state === 'finished') &&
    [value.total, value.sent, value.failed].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    record(value.skipped) &&
    Object.values(value.skipped).every((n) => typeof n === 'number'),
);

/**
 * A conversation's event names its owner in the owner's own field (`repair_order_id`,
 * `appointment_id`, … shared/conversations.ts) and, from the conversation core, as `owner`: any
 * board's owner passes, and the console tells its own by `ownerOf`.
 */
function aboutOwner<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.pipe(
    z.looseObject(shape).check(z.refine((data) => ownerOf(data) !== null, 'names no owner')),
    // The stream adds the channel it came on; the event itself is the rest.
    z.transform(({ channel: _channel, ...data }) => data as z.output<z.ZodMiniObject<S>> & OwnerField & { owner?: OwnerRef }),
  );
}
const messageEvent = aboutOwner({ location_id: id, message });

const agentRef = z.object({ id, first_name: z.string(), last_name: z.string() });
const ownerRef = z.object({ kind: id, id });

/** An agent's chosen presence (shared/presence.ts), as their own channel carries it to their other tabs. */
const presence = z.custom<Presence>(
  (value) =>
    record(value) &&
    isPresenceMode(value.mode) &&
    typeof value.auto_reply_text === 'string' &&
    (value.routed_to === null || record(value.routed_to)) &&
    (value.away_since === null || typeof value.away_since === 'string'),
);

const gatekeeperError = { kind: z._default(z.string(), ''), message: z.string(), reason: z.optional(z.string()), opcode: z.optional(z.string()) };

export const EVENT_SCHEMAS = {
  'message.created': messageEvent,
  'message.updated': messageEvent,
  'read.changed': aboutOwner({ is_unread: z.boolean() }),
  'customer.changed': z.object({ customer_id: id, location_id: id }),
  /**
   * An automated text was not sent: `reason` is its id (a gatekeeper reason or a send refusal,
   * shared/systemNotes.ts), `opcode` the op code looked for; `message` is the reason in English.
   */
  gatekeeper_error: aboutOwner(gatekeeperError),
  /** A settings group of the location was saved (e.g. safe mode switched): the board reads it again. */
  settings_updated: z.object({ location_id: id, key: id }),
  location_updated: z.object({ location_id: id }),
  'mass_message.progress': z.object({ mass_message: massMessage }),
  /** The agent chose a presence (on their own channel: every tab of theirs follows). */
  'presence.changed': z.object({ agent_id: id, presence }),
  /**
   * A customer texted a conversation whose agent is away with routing: on the chosen colleague's own
   * channel, with the text, so their board shows the conversation unread and tells them.
   */
  'conversation.routed': aboutOwner({ location_id: id, from_agent: agentRef, message }),
  /**
   * A colleague mentioned the agent in a message (on the agent's own channel only): the
   * conversation (`owner`, and `link`, where the console opens it under /app, or null), who wrote
   * it, how it starts, and whether it is a note to colleagues.
   */
  'mention.created': aboutOwner({
    location_id: id,
    message_id: id,
    author: agentRef,
    excerpt: z.string(),
    staff_note: z.boolean(),
    link: z.nullable(z.string()),
  }),
  /** The away agent is back (or routes elsewhere now): these conversations are no longer the colleague's. */
  'routing.ended': z.object({ location_id: id, from_agent_id: id, owners: z.array(ownerRef) }),
} as const;

/**
 * The events each board adds: its shared/<board>/events.ts declares their schemas and adds them
 * to this interface (TypeScript's declaration merging), so the one union below types every event of
 * the stream while no core file lists a board. At run time the server writes whatever a board
 * publishes, and a board's screen hands its schemas to the console's stream reader.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface BoardEventSchemas {}

/** The schemas of a set of events, by type. */
export type EventSchemas = Record<string, z.ZodMiniType>;
type AllEventSchemas = typeof EVENT_SCHEMAS & BoardEventSchemas;

export type StreamEventType = keyof AllEventSchemas & string;
/** The core's event types (a board's are in its own schemas). */
export const STREAM_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as (keyof typeof EVENT_SCHEMAS)[];

/** Events of a set of schemas: their type and their data as the schema gives it. */
export type EventsOf<S> = { [T in keyof S & string]: { type: T; data: S[T] extends z.ZodMiniType ? z.output<S[T]> : never } }[keyof S & string];

/** Every event of the stream: the core's and every board's. */
export type StreamEvent = EventsOf<AllEventSchemas>;
export type EventData<T extends StreamEventType> = Extract<StreamEvent, { type: T }>['data'];

export function isStreamEventType(type: string): type is keyof typeof EVENT_SCHEMAS {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/**
 * The event of a frame (its name and JSON data), or null when it is not a well-formed event of the
 * stream: the core's, or one of `boardSchemas` (the boards whose screens listen).
 */
export function readStreamEvent(type: string, data: unknown, boardSchemas: EventSchemas = {}): StreamEvent | null {
  const schema = isStreamEventType(type) ? EVENT_SCHEMAS[type] : Object.hasOwn(boardSchemas, type) ? boardSchemas[type] : undefined;
  if (!schema) return null;
  const parsed = schema.safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as StreamEvent) : null;
}
