/**
 * Wake-up signals beside the event log (DESIGN "Real time"): a publish writes the event to its
 * channel's log, then sends a signal on the channel's topic; an open stream subscribed to that topic
 * delivers the event the signal carries, or reads the log when the signal carries only an id.
 *
 * Topics are `{prefix}/{companyId}/{digest}`: the company stays in the path so an IAM or broker
 * policy can be scoped per tenant, and the prefix keeps two stacks in one account apart (they
 * share the account's IoT endpoint). The topic names no team and no record (a digest of the
 * company and the channel). A session has a topic of its own, signalled when it ends, so a stream
 * closes at once after a sign-out.
 *
 * A channel's signal carries the event itself (tenant data: a customer's text, a name) when it fits
 * under SIGNAL_CARRY_MAX_BYTES, so that a channel with 500 open consoles costs no 500 reads of the
 * log per event. That is safe because of who can hear a topic, not because of what the topic is
 * called: a topic is subscribable only by a stream whose ticket allows the channel (in AWS the
 * listener role, narrowed per stream to exactly its topics by an STS session policy, awsAccess.ts;
 * locally the broker admits each subscription only as the stream's signed grant names it, grant.ts
 * and infra/local/broker.ts), and nothing but the stack's own publishers may publish. So the event
 * on the wire reaches only streams that could read the same event from the log, and in AWS the
 * connection is TLS (wss:// to IoT Core, HTTPS for the publish). The log stays the truth: a stream
 * that doubts a carried event (malformed, the one before it not delivered, older than its read
 * window) reads the log instead.
 */
import { createHash } from 'node:crypto';

export const DEFAULT_TOPIC_PREFIX = 'dealer-console';
/** What a company id and a topic prefix may contain: no MQTT wildcards (`+`, `#`), no `/`. */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

export function topicPrefix(): string {
  const prefix = process.env.SIGNALS_TOPIC_PREFIX || DEFAULT_TOPIC_PREFIX;
  if (!SEGMENT.test(prefix)) throw new Error(`SIGNALS_TOPIC_PREFIX must be letters, digits, - or _: ${prefix}`);
  return prefix;
}

/** 22 base64url characters (132 bits) of SHA-256: unguessable, fixed length, safe in a topic. */
function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22);
}

/** The topic a channel's signals travel on. */
export function channelTopic(companyId: string, channel: string, prefix = topicPrefix()): string {
  if (!SEGMENT.test(companyId)) throw new Error(`Not a company id for a topic: ${companyId}`);
  return `${prefix}/${companyId}/${digest('channel', companyId, channel)}`;
}

/** The topic signalled when a session ends. */
export function sessionTopic(sessionId: string, prefix = topicPrefix()): string {
  return `${prefix}/sessions/${digest('session', sessionId)}`;
}

/** IoT Core refuses a publish over 128 KB; an event is carried only under this, with a margin. */
export const SIGNAL_CARRY_MAX_BYTES = 100 * 1024;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** Event types are dotted or underscored lower-case words (shared/events.ts and the boards'). */
const EVENT_TYPE = /^[a-z][a-z0-9_.]{0,63}$/;

/** An event as its channel's log holds it (functions/lib/realtime.ts `ChannelEvent`). */
export interface CarriedEvent {
  id: string;
  channel: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

/**
 * A signal's body. A session's is `{}`. A channel's names its event (`id`, a cursor) and the event
 * written on the channel just before it (`prev`, when the channel had one), and carries the event
 * itself when it fits: a stream that has delivered `prev` may deliver the carried event without
 * reading the log; one that has not reads the log, which also finds an event whose signal was lost.
 */
export interface SignalPayload {
  id?: string;
  prev?: string;
  event?: CarriedEvent;
}

/** How large a carried signal may be: SIGNALS_CARRY_MAX_BYTES (0 sends ids only, as before), else the default. */
export function carryLimit(): number {
  const raw = process.env.SIGNALS_CARRY_MAX_BYTES;
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? Math.min(value, SIGNAL_CARRY_MAX_BYTES) : SIGNAL_CARRY_MAX_BYTES;
}

export function encodeSignal(payload: SignalPayload): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(payload));
}

/**
 * The encoded signal of a channel's event: with the event when it fits under `limit` bytes, else
 * its id alone (the streams read the log for it, as for any signal without an event).
 */
export function channelSignal(event: CarriedEvent, prev: string | undefined, limit = carryLimit()): Uint8Array {
  const ids: SignalPayload = prev === undefined ? { id: event.id } : { id: event.id, prev };
  if (limit > 0) {
    const carried = encodeSignal({ ...ids, event: { id: event.id, channel: event.channel, type: event.type, data: event.data, created_at: event.created_at } });
    if (carried.byteLength <= limit) return carried;
  }
  return encodeSignal(ids);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The carried event when it has exactly the log's shape and is the event the signal names; else
 * undefined, and the stream reads the log. Its data is not parsed against the event's schema here:
 * the log is not either, and the console parses every frame with shared/events.ts.
 */
function carriedEvent(value: unknown, id: string): CarriedEvent | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 5) return undefined;
  const { id: eventId, channel, type, data, created_at: createdAt } = value;
  if (eventId !== id) return undefined;
  if (typeof channel !== 'string' || channel === '' || channel.length > 256) return undefined;
  if (typeof type !== 'string' || !EVENT_TYPE.test(type)) return undefined;
  if (!isRecord(data)) return undefined;
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return undefined;
  return { id, channel, type, data, created_at: createdAt };
}

/**
 * A signal's body as far as it is well formed: `{}` for anything without a valid event id (a
 * signal then only says "look"); the id alone when `prev` or the event is malformed.
 */
export function decodeSignal(bytes: Uint8Array | string): SignalPayload {
  let value: unknown;
  try {
    value = JSON.parse(typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes));
  } catch {
    return {};
  }
  if (!isRecord(value) || typeof value.id !== 'string' || !ULID.test(value.id)) return {};
  const payload: SignalPayload = { id: value.id };
  if (value.prev !== undefined) {
    // Without a trustworthy `prev` the stream cannot tell whether an event went missing before this one.
    if (typeof value.prev !== 'string' || !ULID.test(value.prev)) return payload;
    payload.prev = value.prev;
  }
  const event = value.event === undefined ? undefined : carriedEvent(value.event, value.id);
  if (event) payload.event = event;
  return payload;
}
