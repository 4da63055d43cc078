/**
 * Tickets for the event stream (SPEC §7, §9): asked for with POST /api/notifications/tickets,
 * retried every 5 s until one comes, kept in the browser and reused while more than 10 s remain and
 * it was issued for the same location (and the same acting agent: the ticket fixes the channels).
 */
import { ApiError } from './request.js';
import { STORED, readStored, writeStored } from './storage.js';

export const TICKET_RETRY_MS = 5_000;
export const TICKET_MIN_REMAINING_MS = 10_000;

export interface Ticket {
  id: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  locationId: string;
  /** Whose channels the ticket opens (the acting agent when viewing as someone). */
  agentId: string;
}

/** Who is asking: the ticket must have been issued for the same place and person. */
export interface TicketHolder {
  locationId: string;
  agentId: string;
}

export function isReusable(ticket: Ticket | null, holder: TicketHolder, nowMs: number): ticket is Ticket {
  return (
    ticket !== null &&
    ticket.locationId === holder.locationId &&
    ticket.agentId === holder.agentId &&
    ticket.expiresAt - nowMs > TICKET_MIN_REMAINING_MS
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The ticket in the server's answer. Two shapes are read: `{ ticket: { id, expires_at, location_id } }`
 * (the contract) and `{ ticket: "<id>", expires_at, location_id }` (the notifications handler of
 * issue 2). Null when neither fits.
 */
export function ticketFrom(body: unknown, holder: TicketHolder): Ticket | null {
  if (!isRecord(body)) return null;
  const nested = isRecord(body.ticket) ? body.ticket : null;
  const source = nested ?? body;
  const id = nested ? nested.id : body.ticket;
  const expires = Date.parse(typeof source.expires_at === 'string' ? source.expires_at : '');
  if (typeof id !== 'string' || !id || Number.isNaN(expires)) return null;
  const locationId = typeof source.location_id === 'string' ? source.location_id : holder.locationId;
  return { id, expiresAt: expires, locationId, agentId: holder.agentId };
}

export function storedTicket(): Ticket | null {
  const raw = readStored(STORED.ticket);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return null;
    const { id, expiresAt, locationId, agentId } = parsed;
    if (typeof id !== 'string' || typeof expiresAt !== 'number' || typeof locationId !== 'string' || typeof agentId !== 'string') return null;
    return { id, expiresAt, locationId, agentId };
  } catch {
    return null;
  }
}

export function storeTicket(ticket: Ticket | null): void {
  writeStored(STORED.ticket, ticket ? JSON.stringify(ticket) : null);
}

export interface TicketDeps {
  /** POSTs the ticket request and answers the parsed body. */
  request: (body: { location_id?: string }) => Promise<unknown>;
  /** Admins name the location they listen to; everyone else hears their own (SPEC §6). */
  namesLocation: boolean;
  holder: TicketHolder;
  signal: AbortSignal;
  now?: () => number;
  retryMs?: number;
  /** Told about each failed try (the caller decides whether the agent should hear of it). */
  onFailure?: (error: unknown) => void;
}

/** A session that has ended will not get a ticket by asking again: stop and let the sign-out happen. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && (error.action.kind === 'session_expired' || error.action.kind === 'inactive');
}

/** The stored ticket if it is still good here, else a new one, asked for every 5 s until it comes. */
export async function obtainTicket(deps: TicketDeps): Promise<Ticket> {
  const now = deps.now ?? Date.now;
  const kept = storedTicket();
  if (isReusable(kept, deps.holder, now())) return kept;
  for (;;) {
    deps.signal.throwIfAborted();
    try {
      const body = await deps.request(deps.namesLocation ? { location_id: deps.holder.locationId } : {});
      const ticket = ticketFrom(body, deps.holder);
      if (!ticket) throw new Error('The ticket answer carries no ticket');
      storeTicket(ticket);
      return ticket;
    } catch (error) {
      deps.onFailure?.(error);
      if (isFinal(error) || deps.signal.aborted) throw error;
    }
    await wait(deps.retryMs ?? TICKET_RETRY_MS, deps.signal);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
