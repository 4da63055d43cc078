/**
 * An agent's chosen presence (SPEC §3 Employee "presence (online, away, away with autoresponder,
 * away with routing, both)"): their own choice, beside the activity-derived `online_status` that
 * sign-in, activity and the presence sweep keep. Activity never changes the choice: an agent who
 * chose away stays away until they choose online again ("I'm back").
 *
 * - away: colleagues see it; nothing else changes.
 * - with autoresponder: a customer who texts one of the agent's conversations gets the agent's
 *   auto-reply, once per conversation per absence (an absence runs from choosing away to choosing
 *   online), naming the dealership, through every texting rule.
 * - with routing: new texts in the agent's conversations also reach the colleague they chose (an
 *   agent of the same store who works the conversation's board), unread, until the agent is back.
 */
import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from './schemas/auth.js';
import type { AgentRef } from './people.js';

export const PRESENCE_MODES = ['online', 'away', 'away_autoresponder', 'away_routing', 'away_both'] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];

export const isPresenceMode = (value: unknown): value is PresenceMode => (PRESENCE_MODES as readonly unknown[]).includes(value);

/** Whether the mode is an absence at all. */
export const isAway = (mode: PresenceMode): boolean => mode !== 'online';
/** Whether customers get the agent's auto-reply in this mode. */
export const repliesWhileAway = (mode: PresenceMode): boolean => mode === 'away_autoresponder' || mode === 'away_both';
/** Whether new texts also reach the chosen colleague in this mode. */
export const routesWhileAway = (mode: PresenceMode): boolean => mode === 'away_routing' || mode === 'away_both';

/** An auto-reply is a short text: about three text messages, with room for the dealership's name before it. */
export const AUTO_REPLY_MAX_LENGTH = 480;

/** The refusals of `PUT /api/agents/me/presence`, answered as `{ errors: [{ message, path }] }` (422). */
export const PRESENCE_ERRORS = {
  mode: 'Choose online, away, away with auto-reply, away with routing, or both',
  auto_reply_text: 'Write the auto-reply your customers get while you are away',
  auto_reply_too_long: `The auto-reply can be at most ${AUTO_REPLY_MAX_LENGTH} characters`,
  routed_to: 'Choose the colleague who gets your new texts while you are away',
  routed_to_self: 'You cannot route your conversations to yourself',
  routed_to_colleague: 'Choose an active colleague of your store who works your boards',
} as const;
export type PresenceErrorId = keyof typeof PRESENCE_ERRORS;

/** The agent's presence as the API answers it. */
export interface Presence {
  mode: PresenceMode;
  /** The words of the auto-reply (kept while online, for the next absence). */
  auto_reply_text: string;
  /** The colleague new texts go to while routing (kept while online, for the next absence). */
  routed_to: AgentRef | null;
  /** When the current absence began; null while online. */
  away_since: string | null;
}

/** A colleague the agent may route to, with how they are doing right now. */
export interface RoutingColleague extends AgentRef {
  online_status: 'online' | 'away' | 'offline';
  presence: PresenceMode;
}

/** `GET /api/agents/me/presence` and the answer of its PUT. */
export interface PresenceAnswer {
  presence: Presence;
  colleagues: RoutingColleague[];
}

/**
 * `PUT /api/agents/me/presence`: the mode, and the auto-reply and colleague when the mode uses
 * them; a field left out keeps what is stored (so "I'm back" sends the mode alone). The server also
 * checks the colleague (not oneself, an active agent of the same store who works the agent's boards).
 */
export const presenceBody = z.object({
  presence: z
    .object({
      mode: z.enum(PRESENCE_MODES, { error: PRESENCE_ERRORS.mode }),
      auto_reply_text: z.optional(
        z.string({ error: PRESENCE_ERRORS.auto_reply_text }).check(z.trim(), z.maxLength(AUTO_REPLY_MAX_LENGTH, PRESENCE_ERRORS.auto_reply_too_long)),
      ),
      routed_to_agent_id: z.optional(z.nullable(z.string({ error: PRESENCE_ERRORS.routed_to }).check(z.trim(), z.maxLength(MAX_ID_LENGTH, PRESENCE_ERRORS.routed_to_colleague)))),
    })
    .check(
      z.refine((p) => !repliesWhileAway(p.mode) || p.auto_reply_text === undefined || p.auto_reply_text !== '', {
        message: PRESENCE_ERRORS.auto_reply_text,
        path: ['auto_reply_text'],
      }),
      z.refine((p) => !routesWhileAway(p.mode) || p.routed_to_agent_id === undefined || (p.routed_to_agent_id ?? '') !== '', {
        message: PRESENCE_ERRORS.routed_to,
        path: ['routed_to_agent_id'],
      }),
    ),
});
export type PresenceBody = z.infer<typeof presenceBody>;
export type PresenceChoice = PresenceBody['presence'];

/**
 * The presence an agent ends up with: the choice, with the stored auto-reply and colleague where the
 * request left them out. Answers the refusal's id when the result cannot be: an auto-reply mode
 * with no words, a routing mode with no colleague. (Who the colleague may be is the server's to check.)
 */
export function resolvePresence(
  choice: PresenceChoice,
  stored: Pick<Presence, 'auto_reply_text'> & { routed_to_id: string | null },
): { ok: true; mode: PresenceMode; auto_reply_text: string; routed_to_id: string | null } | { ok: false; error: PresenceErrorId; path: string } {
  const text = choice.auto_reply_text ?? stored.auto_reply_text;
  const routedTo = choice.routed_to_agent_id === undefined ? stored.routed_to_id : choice.routed_to_agent_id || null;
  if (repliesWhileAway(choice.mode) && text.trim() === '') return { ok: false, error: 'auto_reply_text', path: 'auto_reply_text' };
  if (routesWhileAway(choice.mode) && !routedTo) return { ok: false, error: 'routed_to', path: 'routed_to_agent_id' };
  return { ok: true, mode: choice.mode, auto_reply_text: text.trim(), routed_to_id: routedTo };
}
