/**
 * The events of the real-time stream, one list for both sides (DESIGN.md "One contract for both
 * sides"): each event type with the schema of its data. The server's `publish` takes only events
 * of this union; the console parses every frame with the same schema and drops what does not fit,
 * so a board never meets half a record. zod/mini keeps the console's share of it small.
 */
import * as z from 'zod/mini';
import type { MassMessage } from './appointments.js';
import { SHEET_STATES, type ApproverInitiator, type MpiChangeReason } from './inspections.js';
import type { Message } from './messages.js';
import { ownerOf, type OwnerField, type OwnerRef } from './conversations.js';

const id = z.string().check(z.minLength(1));
const count = z.number().check(z.refine(Number.isFinite));
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

const gatekeeperError = { kind: z._default(z.string(), ''), message: z.string(), reason: z.optional(z.string()), opcode: z.optional(z.string()) };

export const EVENT_SCHEMAS = {
  'repair_order.changed': z.object({ id, location_id: id, agent_id: z._default(z.nullable(z.string()), null), reason: z._default(z.string(), '') }),
  'repair_order.assigned': z.object({ id, location_id: id, agent_id: id }),
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
  /** Inspections: a sheet moved (claimed, saved, completed…) or a recommendation was decided. */
  'mpi.changed': z.object({
    location_id: id,
    repair_order_id: id,
    sheet_id: id,
    state: z.enum(SHEET_STATES),
    holder_id: z._default(z.nullable(z.string()), null),
    version: count,
    reason: z._default(z.custom<MpiChangeReason>((v) => typeof v === 'string'), 'saved'),
  }),
  'mpi.decision': z.object({
    location_id: id,
    repair_order_id: id,
    sheet_id: id,
    recommendation_id: id,
    approved: z._default(z.nullable(z.boolean()), null),
    initiator: z.catch(z.enum(['customer', 'agent']) as z.ZodMiniType<ApproverInitiator>, 'agent'),
    version: count,
  }),
  /** Booked, confirmed, cancelled, archived, reminded, moved by the DMS, or its thread bumped: read it again. */
  'appointment.changed': z.object({ id, location_id: id, reason: z._default(z.string(), '') }),
  'mass_message.progress': z.object({ mass_message: massMessage }),
} as const;

export type StreamEventType = keyof typeof EVENT_SCHEMAS;
export const STREAM_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as StreamEventType[];

/** Every event of the stream: its type and its data as the schema gives it. */
export type StreamEvent = { [T in StreamEventType]: { type: T; data: z.output<(typeof EVENT_SCHEMAS)[T]> } }[StreamEventType];
export type EventData<T extends StreamEventType> = Extract<StreamEvent, { type: T }>['data'];

export function isStreamEventType(type: string): type is StreamEventType {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/** The event of a frame (its name and JSON data), or null when it is not a well-formed event of the stream. */
export function readStreamEvent(type: string, data: unknown): StreamEvent | null {
  if (!isStreamEventType(type)) return null;
  const parsed = EVENT_SCHEMAS[type].safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as StreamEvent) : null;
}

/** The events the service board reacts to. */
export type ServiceEvent = Extract<
  StreamEvent,
  { type: 'repair_order.changed' | 'repair_order.assigned' | 'message.created' | 'message.updated' | 'read.changed' | 'customer.changed' | 'gatekeeper_error' | 'settings_updated' | 'mpi.changed' | 'mpi.decision' }
>;
/** Inspections: a sheet moved or a recommendation was decided. */
export type MpiEvent = Extract<StreamEvent, { type: 'mpi.changed' | 'mpi.decision' }>;
/** The events the appointments board reacts to (the location's appointments channel, and the agent's own). */
export type AppointmentEvent = Extract<
  StreamEvent,
  { type: 'appointment.changed' | 'message.created' | 'message.updated' | 'read.changed' | 'mass_message.progress' | 'customer.changed' | 'gatekeeper_error' }
>;
