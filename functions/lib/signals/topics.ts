/**
 * Wake-up signals beside the event log (DESIGN "Real time"): a publish writes the event to its
 * channel's log, then sends a signal on the channel's topic; an open stream subscribed to that topic
 * reads the log at once. A signal carries no tenant data: the topic is a digest of the company and
 * the channel (no team names, no ids of records), the payload at most the event's id (a cursor).
 *
 * Topics are `{prefix}/{companyId}/{digest}`: the company stays in the path so an IAM or broker
 * policy can be scoped per tenant, and the prefix keeps two stacks in one account apart (they
 * share the account's IoT endpoint). A session has a topic of its own, signalled when it ends, so a
 * stream closes at once after a sign-out.
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

/** A signal's body: the id of the event it announces (a cursor), nothing else; `{}` for a session. */
export interface SignalPayload {
  id?: string;
}

export function encodeSignal(payload: SignalPayload): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(payload));
}

/** A signal's body, or `{}` for anything that is not one (a signal only says "look"). */
export function decodeSignal(bytes: Uint8Array | string): SignalPayload {
  try {
    const value: unknown = JSON.parse(typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes));
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
    return typeof id === 'string' && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? { id } : {};
  } catch {
    return {};
  }
}
