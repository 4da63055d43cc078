/**
 * Which gatekeeper rule (SPEC §3 gatekeeper settings) each kind of automated text answers to. The
 * core's kinds are named in automated.ts; a board names its own when its module loads (the survey,
 * the album, text-to-pay), so a text held for quiet hours asks the same rule again when it finally
 * goes (messages/scheduled.ts), not only when it was written. Kept free of imports that run code,
 * as the boards' registry loads it while other modules still load.
 */
import type { GATEKEEPER_MESSAGE_TYPES } from '../../shared/schemas/settings.js';

export type GatekeeperMessageType = (typeof GATEKEEPER_MESSAGE_TYPES)[number];

const rules = new Map<string, GatekeeperMessageType>();

/** A board's kinds of text and the rule each answers to. */
export function answersToGatekeeper(kinds: Readonly<Record<string, GatekeeperMessageType>>): void {
  for (const [kind, rule] of Object.entries(kinds)) rules.set(kind, rule);
}

/** The rule a kind of text answers to, or null (an answer to the customer's own text: help, consent, the away reply). */
export const gatekeeperRuleOfKind = (kind: string | null | undefined): GatekeeperMessageType | null => (kind ? (rules.get(kind) ?? null) : null);
