/**
 * The registered boards (functions/boards.ts) as one list, and what the core asks of them: which
 * board takes a texting number, owns a settings group or a kind of conversation, and which of its
 * channels an agent hears.
 */
import * as registry from '../boards.js';
import type { AccessFlags } from '../../shared/access.js';
import type { AgentRecord } from './agents.js';
import type { BoardModule, BoardSettingsGroup } from './boardModule.js';
import type { TextingModule } from './textingNumbers.js';

let list: readonly BoardModule[] | undefined;

/**
 * Every board, in the registry's order. Read when asked, not when this module loads: a board's own
 * code imports this module while the registry is still loading its declaration.
 */
export function boards(): readonly BoardModule[] {
  list ??= Object.values(registry);
  return list;
}

/** The board whose records are conversations of this owner kind. */
export const boardOfKind = (kind: string): BoardModule | undefined => boards().find((board) => board.conversations?.kind === kind);

/** The board of this name (`service`, `appointments`, …). */
export const boardOfName = (name: string): BoardModule | undefined => boards().find((board) => board.name === name);

/** The board a texting number of this module belongs to (business information), if any. */
export const boardOfNumber = (module: TextingModule): BoardModule | undefined => boards().find((board) => board.textingNumbers?.includes(module));

/** The board that owns a settings group, with what it says of the group. */
export function boardSettings(key: string): BoardSettingsGroup | undefined {
  for (const board of boards()) {
    const group = board.settings?.find((g) => g.key === key);
    if (group) return group;
  }
  return undefined;
}

/** Every board's channels an agent hears at a location. */
export const boardChannels = (agent: AgentRecord, locationId: string): string[] => boards().flatMap((board) => board.channels?.(agent, locationId) ?? []);

/** The boards these flags open. */
export const boardsOpenedBy = (flags: AccessFlags): BoardModule[] => boards().filter((board) => board.opens(flags));
