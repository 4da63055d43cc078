/**
 * An agent chooses their presence (shared/presence.ts): online, or away with autoresponder,
 * routing, or both. Choosing away begins an absence (an id) unless one is running, which a change
 * of mode, words or colleague continues; choosing online ends it, and with it whatever it routed.
 * The colleague they route to must be someone else, active, at their store, and work a board with
 * conversations that they work too (the boards' own `opens`); a remembered colleague who no longer
 * qualifies is dropped quietly when the mode does not route, so "I'm back" never fails on them.
 */
import { isAway, PRESENCE_ERRORS, resolvePresence, routesWhileAway, type Presence, type PresenceAnswer, type PresenceChoice } from '../../shared/presence.js';
import { agentRef, agentsOfLocation, byName, getAgent, type AgentRecord } from '../lib/agents.js';
import { boards } from '../lib/boardList.js';
import { conflict, notFound, ValidationError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { presenceOf, writePresence, type StoredPresence } from '../lib/presence.js';
import { channels, publish } from '../lib/realtime.js';
import { endAbsenceRouting } from '../messages/away.js';

/** Whether `colleague` works a board with conversations that `agent` works too. */
export function sharesConversationBoard(agent: Pick<AgentRecord, 'access_level'>, colleague: Pick<AgentRecord, 'access_level'>): boolean {
  return boards().some((board) => board.conversations !== undefined && board.opens(agent.access_level) && board.opens(colleague.access_level));
}

/** Whether the agent may route their conversations to `colleague`. */
export function mayRouteTo(agent: AgentRecord, colleague: AgentRecord | undefined): colleague is AgentRecord {
  return colleague !== undefined && colleague.id !== agent.id && colleague.active && colleague.company_id === agent.company_id && colleague.location_id === agent.location_id && sharesConversationBoard(agent, colleague);
}

export function presenceView(agent: AgentRecord): Presence {
  const stored = presenceOf(agent);
  return { mode: stored.mode, auto_reply_text: stored.auto_reply_text, routed_to: stored.routed_to, away_since: stored.away_since };
}

/** The agent's presence and the colleagues they may route to. */
export async function presenceAnswer(agent: AgentRecord): Promise<PresenceAnswer> {
  const colleagues = (await agentsOfLocation(agent.company_id, agent.location_id)).filter((colleague) => mayRouteTo(agent, colleague)).sort(byName);
  return {
    presence: presenceView(agent),
    colleagues: colleagues.map((colleague) => ({ ...agentRef(colleague), online_status: colleague.online_status, presence: presenceOf(colleague).mode })),
  };
}

const refusal = (error: keyof typeof PRESENCE_ERRORS, path: string) => new ValidationError([{ message: PRESENCE_ERRORS[error], path: `presence.${path}` }]);

/** Re-read and decide again at most this often when another choice lands in between. */
const ATTEMPTS = 4;

/** The agent's choice, written, with what it ends; answers as GET does. */
export async function choosePresence(agent: AgentRecord, choice: PresenceChoice): Promise<PresenceAnswer> {
  let current = agent;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) {
      const fresh = await getAgent(agent.company_id, agent.id);
      if (!fresh) throw notFound('Agent not found');
      current = fresh;
    }
    const stored = presenceOf(current);
    const resolved = resolvePresence(choice, { auto_reply_text: stored.auto_reply_text, routed_to_id: stored.routed_to?.id ?? null });
    if (!resolved.ok) throw refusal(resolved.error, resolved.path);
    const routes = routesWhileAway(resolved.mode);
    let colleague: AgentRecord | null = null;
    if (resolved.routed_to_id) {
      const found = resolved.routed_to_id === current.id ? current : await getAgent(current.company_id, resolved.routed_to_id);
      if (mayRouteTo(current, found)) colleague = found;
      else if (routes) throw refusal(resolved.routed_to_id === current.id ? 'routed_to_self' : 'routed_to_colleague', 'routed_to_agent_id');
    }

    const now = new Date().toISOString();
    const away = isAway(resolved.mode);
    const absenceId = away ? (stored.absence_id ?? newId('abs')) : null;
    const next: StoredPresence = {
      mode: resolved.mode,
      auto_reply_text: resolved.auto_reply_text,
      routed_to: colleague ? agentRef(colleague) : null,
      changed_at: now,
      ...(absenceId ? { absence_id: absenceId, away_since: stored.away_since ?? now } : {}),
    };
    if (!(await writePresence(current, next, stored.absence_id))) continue;

    const chosen: AgentRecord = { ...current, presence: next, online_status: away ? 'away' : 'online' };
    if (stored.absence_id) {
      const routedBefore = routesWhileAway(stored.mode) ? (stored.routed_to?.id ?? null) : null;
      const routesNow = routes ? (next.routed_to?.id ?? null) : null;
      // Back: everything the absence routed ends. Still away but routing elsewhere (or not at all): the previous colleague's part ends.
      if (!away) await endAbsenceRouting(current, stored.absence_id);
      else if (routedBefore !== routesNow) await endAbsenceRouting(current, stored.absence_id, routesNow);
    }
    await publish(current.company_id, channels.agent(current.id), { type: 'presence.changed', data: { agent_id: current.id, presence: presenceView(chosen) } });
    return presenceAnswer(chosen);
  }
  throw conflict('presence_changed', 'Your presence changed meanwhile; try again');
}
