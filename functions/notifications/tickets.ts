/** Short-lived tickets that open the SSE stream (EventSource-style clients cannot send a bearer). */
import { randomBytes } from 'node:crypto';
import type { AgentRecord } from '../lib/agents.js';
import { keys } from '../lib/keys.js';
import { channelsFor } from '../lib/realtime.js';
import { fields, getItem, nowEpoch, putItem } from '../lib/table.js';

export const TICKET_SECONDS = 5 * 60;

export interface TicketRecord {
  id: string;
  company_id: string;
  agent_id: string;
  location_id: string;
  channels: string[];
  expires_at: number;
}

export async function issueTicket(actingAs: AgentRecord, locationId: string): Promise<TicketRecord> {
  const ticket: TicketRecord = {
    id: randomBytes(24).toString('base64url'),
    company_id: actingAs.company_id,
    agent_id: actingAs.id,
    location_id: locationId,
    channels: channelsFor(actingAs, locationId),
    expires_at: nowEpoch() + TICKET_SECONDS,
  };
  await putItem({ ...keys.ticket(ticket.id), ...ticket });
  return ticket;
}

export async function findTicket(id: string): Promise<TicketRecord | undefined> {
  const item = await getItem<TicketRecord>(keys.ticket(id), true);
  return item && { ...fields(item), expires_at: item.expires_at ?? 0 };
}
