/**
 * A customer writes while the conversation's agent is away (shared/presence.ts), on any board:
 * - with autoresponder, the customer gets the agent's own words, once per conversation per absence
 *   (the mark is claimed before the text goes), as an automated text: naming the dealership,
 *   through every texting rule (quiet hours hold it; an opted-out or blocked customer gets
 *   nothing), answering no gatekeeper rule. A text that was a consent keyword (STOP, START,
 *   HELP…) got its own answer and gets no auto-reply.
 * - with routing, the text also reaches the colleague the agent chose: the conversation is recorded
 *   as routed to them (functions/messages/absences.ts) and `conversation.routed` goes on their own
 *   channel; a board lists what is routed to an agent with `routedTo` beside its own records
 *   (`pageWithRouted` merges them into a page), until the agent is back (`endAbsence`).
 */
import { ownerFieldOf, type OwnerRef } from '../../shared/conversations.js';
import { repliesWhileAway, routesWhileAway } from '../../shared/presence.js';
import { agentRef, getAgent, getAgents, type AgentRecord } from '../lib/agents.js';
import { boardOfKind } from '../lib/boardList.js';
import { presenceOf } from '../lib/presence.js';
import { channels, publish } from '../lib/realtime.js';
import { claimAutoReply, endRouting, recordRouting, routedRecordsOf, type RoutedConversation } from './absences.js';
import { sendAutomated } from './automated.js';
import type { ConversationOwner } from './owners.js';
import { messageView, type MessageRecord } from './records.js';

export type { RoutedConversation };

/**
 * After a customer's text is in its conversation (functions/inbound/texts.ts): what the agent's
 * absence asks for. `autoReply` false when the text was a consent keyword the console answered.
 */
export async function whileAway(owner: ConversationOwner, message: MessageRecord, options: { autoReply: boolean }): Promise<void> {
  if (!owner.agent) return;
  const agent = await getAgent(owner.company_id, owner.agent.id);
  if (!agent) return;
  const presence = presenceOf(agent);
  if (!presence.absence_id) return;
  if (routesWhileAway(presence.mode) && presence.routed_to) await routeText(owner, message, agent, presence.absence_id, presence.routed_to.id);
  if (repliesWhileAway(presence.mode) && options.autoReply && presence.auto_reply_text.trim() !== '') {
    if (await claimAutoReply(owner.company_id, presence.absence_id, owner, message.created_at)) {
      await sendAutomated(owner, 'auto_reply', { agent: null, manual: false, words: { written: presence.auto_reply_text }, gatekeeperRule: null });
    }
  }
}

/**
 * Whether a colleague can hold this conversation: active, of the conversation's store, and working
 * its board (`opens`, the same rule that lets them open it).
 */
export function mayHold(colleague: AgentRecord, owner: Pick<ConversationOwner, 'kind' | 'location_id'>): boolean {
  const board = boardOfKind(owner.kind);
  return colleague.active && colleague.location_id === owner.location_id && board !== undefined && board.opens(colleague.access_level);
}

async function routeText(owner: ConversationOwner, message: MessageRecord, agent: AgentRecord, absenceId: string, colleagueId: string): Promise<void> {
  if (colleagueId === agent.id) return;
  const colleague = await getAgent(owner.company_id, colleagueId);
  if (!colleague || !mayHold(colleague, owner)) return;
  const from = agentRef(agent);
  const ref: OwnerRef = { kind: owner.kind, id: owner.id };
  const routed = await recordRouting(owner.company_id, colleague.id, { owner: ref, location_id: owner.location_id, from, absence_id: absenceId, routed_at: message.created_at });
  if (!routed) return;
  await publish(owner.company_id, channels.agent(colleague.id), {
    type: 'conversation.routed',
    data: { ...ownerFieldOf(owner), owner: ref, location_id: owner.location_id, from_agent: from, message: await messageView(message) },
  });
}

/**
 * The conversations of one owner kind routed to the agent now: each still its away colleague's
 * routing (that colleague is still away in the same absence and still routes to this agent), so a
 * record left behind by an interrupted "I'm back" never shows.
 */
export async function routedTo(companyId: string, agentId: string, kind: string): Promise<RoutedConversation[]> {
  const records = await routedRecordsOf(companyId, agentId, kind);
  if (records.length === 0) return [];
  const away = await getAgents(companyId, [...new Set(records.map((r) => r.from.id))]);
  return records.filter((record) => {
    const from = away.get(record.from.id);
    if (!from) return false;
    const presence = presenceOf(from);
    return presence.absence_id === record.absence_id && routesWhileAway(presence.mode) && presence.routed_to?.id === agentId;
  });
}

/**
 * The routing of an absence ends (the agent is back, or routes to someone else now: `keepColleagueId`
 * keeps theirs): the records go, and each colleague's console hears `routing.ended`.
 */
export async function endAbsenceRouting(agent: Pick<AgentRecord, 'company_id' | 'id'>, absenceId: string, keepColleagueId: string | null = null): Promise<void> {
  const ended = await endRouting(agent.company_id, absenceId, keepColleagueId);
  for (const { colleague_id: colleagueId, location_id: locationId, owners } of ended) {
    await publish(agent.company_id, channels.agent(colleagueId), { type: 'routing.ended', data: { location_id: locationId, from_agent_id: agent.id, owners } });
  }
}

/** Why a held auto-reply may no longer go: its agent is back (or no longer replies), or the conversation has no agent now. */
export async function heldAutoReplyRefusal(owner: ConversationOwner): Promise<string | null> {
  const agent = owner.agent ? await getAgent(owner.company_id, owner.agent.id) : undefined;
  const presence = agent ? presenceOf(agent) : null;
  return presence?.absence_id && repliesWhileAway(presence.mode) ? null : 'agent_back';
}

/**
 * One page of a board's list (SPEC §7 offset/limit) with the conversations routed to the agent
 * merged in by the list's own order (`sortKey`, newest first: a larger key comes first). `routed`
 * are records not on the agent's own list; `readOwn(offset, limit)` reads the own list and its size. Only the
 * own records up to `offset + limit` are read, beginning `routed.length` before the offset: the
 * routed ones newer than the first of those tell where it stands.
 */
export async function pageWithRouted<T>(options: {
  offset: number;
  limit: number;
  routed: readonly T[];
  sortKey: (record: T) => string;
  readOwn: (offset: number, limit: number) => Promise<{ records: T[]; total: number }>;
}): Promise<{ records: T[]; total: number }> {
  const { offset, limit, sortKey, readOwn } = options;
  const routed = [...options.routed].sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));
  if (routed.length === 0) return readOwn(offset, limit);
  const from = Math.max(0, offset - routed.length);
  const { records: own, total: ownTotal } = await readOwn(from, offset + limit - from);
  const total = ownTotal + routed.length;
  const first = own[0];
  // The own list ends before `from`: the whole merged list is shorter than the offset.
  if (from > 0 && !first) return { records: [], total };
  const newerThanFirst = first ? routed.filter((r) => sortKey(r) > sortKey(first)) : routed;
  const start = from === 0 ? 0 : from + newerThanFirst.length;
  const rest = from === 0 ? routed : routed.filter((r) => !newerThanFirst.includes(r));
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < own.length || j < rest.length) {
    if (j >= rest.length || (i < own.length && sortKey(own[i]!) > sortKey(rest[j]!))) merged.push(own[i++]!);
    else merged.push(rest[j++]!);
  }
  return { records: merged.slice(offset - start, offset - start + limit), total };
}
