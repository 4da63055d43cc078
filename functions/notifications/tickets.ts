/**
 * Short-lived tickets that open the SSE stream. A ticket belongs to the session that asked for it:
 * the stream opens only while that session exists, and closes soon after it ends (sign-out,
 * password reset, a reused refresh token).
 */
import { randomBytes } from 'node:crypto';
import type { AgentRecord } from '../lib/agents.js';
import { keys } from '../lib/keys.js';
import { fields, getItem, nowEpoch, putItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const ticketKeys = {
  ticket: (ticketId: string) => ({ pk: `TICKET#${ticketId}`, sk: 'TICKET' }),
} as const;

export const TICKET_SECONDS = 5 * 60;

/** What issueTicket makes (24 random bytes, base64url: 32 characters); anything else is refused unread. */
const TICKET_ID = /^[A-Za-z0-9_-]{32}$/;

export interface TicketRecord {
  id: string;
  company_id: string;
  agent_id: string;
  location_id: string;
  channels: string[];
  /** The session that asked for it. */
  session_id: string;
  /** Epoch seconds. */
  issued_at: number;
  expires_at: number;
}

/** A ticket for these channels (./channels.ts `channelsFor`: the stream that reads tickets needs no board). */
export async function issueTicket(actingAs: AgentRecord, locationId: string, sessionId: string, channels: string[]): Promise<TicketRecord> {
  const now = nowEpoch();
  const ticket: TicketRecord = {
    id: randomBytes(24).toString('base64url'),
    company_id: actingAs.company_id,
    agent_id: actingAs.id,
    location_id: locationId,
    channels,
    session_id: sessionId,
    issued_at: now,
    expires_at: now + TICKET_SECONDS,
  };
  await putItem({ ...ticketKeys.ticket(ticket.id), ...ticket });
  return ticket;
}

export function isTicketId(value: string): boolean {
  return TICKET_ID.test(value);
}

/** The ticket, if the id is well-formed, known and not expired (a malformed id is never looked up). */
export async function findTicket(id: string): Promise<TicketRecord | undefined> {
  if (!isTicketId(id)) return undefined;
  const item = await getItem<TicketRecord>(ticketKeys.ticket(id), true);
  // Tickets from before they named their session open nothing.
  if (!item || typeof item.session_id !== 'string') return undefined;
  return { ...fields(item), expires_at: item.expires_at ?? 0 };
}

/**
 * Whether the ticket's session still exists. Read here rather than through lib/session.ts so the
 * stream function does not load the sign-in code (tokens, agents, allow-lists) it never uses.
 */
export async function sessionIsOpen(sessionId: string, consistent = false): Promise<boolean> {
  return (await getItem(keys.session(sessionId), consistent)) !== undefined;
}
