/**
 * Mentions (@name) in a message of any conversation: who matches what an agent typed after @, the
 * same on the server (GET {conversation}/mentionable?q=) and in the composer's suggestions.
 */

export interface MentionName {
  first_name: string;
  last_name: string;
}

/** Lower case without accents, so "@jose" finds José. */
export const foldedName = (text: string): string => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();

/** The agents whose first name, last name or full name starts with what was typed after @. */
export function matchingName<A extends MentionName>(agents: readonly A[], typed: string): A[] {
  const wanted = foldedName(typed.trim());
  if (!wanted) return [...agents];
  return agents.filter((agent) => [agent.first_name, agent.last_name, `${agent.first_name} ${agent.last_name}`].some((name) => foldedName(name).startsWith(wanted)));
}
