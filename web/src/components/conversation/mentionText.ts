/**
 * The @ mentions of a draft, pure: what is being typed after an @ at the caret, writing a chosen
 * colleague's name in its place, and which chosen colleagues the text still names when it is sent
 * (a name the agent deleted again mentions nobody).
 */
import type { MentionName } from '../../../../shared/mentions.js';

export interface MentionedAgent extends MentionName {
  id: string;
}

/** An @ being typed: where it starts in the text and what follows it up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** Up to two words after an @ that starts the text or follows a space ("@Luis", "@Luis Or"). */
const TYPING = /(?:^|\s)@([\p{L}\p{M}'’.-]*(?: [\p{L}\p{M}'’.-]*)?)$/u;

/** The @ being typed at the caret, or null when the caret is not in one. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const found = TYPING.exec(before);
  if (!found) return null;
  const query = found[1] ?? '';
  // A second space after the name ends it: the agent is writing on.
  if (query.endsWith(' ') && query.trim().includes(' ')) return null;
  return { start: caret - query.length - 1, query };
}

export const mentionName = (agent: MentionName): string => `@${agent.first_name} ${agent.last_name}`.trim();

/** The text with the @ being typed replaced by the colleague's name and a space; the caret after it. */
export function insertMention(text: string, at: MentionQuery, caret: number, agent: MentionName): { text: string; caret: number } {
  const name = `${mentionName(agent)} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, at.start) + name + after, caret: at.start + name.length };
}

/** The chosen colleagues whose @name is still in the text, each once, in the order chosen. */
export function mentionsInText(text: string, chosen: readonly MentionedAgent[]): string[] {
  const ids: string[] = [];
  for (const agent of chosen) {
    if (!ids.includes(agent.id) && text.includes(mentionName(agent))) ids.push(agent.id);
  }
  return ids;
}
