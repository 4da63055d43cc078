/**
 * Mentions: an agent names colleagues with @ in a message of any board's conversation. Only
 * colleagues who may see the conversation can be mentioned (a name they could not open would
 * lead them to a 404): the owner's port says who they are, or the core's default does.
 */
import { agentsOfLocation, byName, getAgents } from '../lib/agents.js';
import { boardOfKind } from '../lib/boardList.js';
import { channels, publishTo } from '../lib/realtime.js';
import { portFor, type ConversationOwner, type MentionableAgent } from './owners.js';
import type { MessageRecord } from './records.js';

/**
 * Who may be mentioned in the conversation, by name: the port's answer, else the active agents of
 * the owner's location whose flags open its board (managers and admins open every board).
 */
export async function mentionableAgents(owner: ConversationOwner): Promise<MentionableAgent[]> {
  const port = portFor(owner);
  if (port.mentionable) return port.mentionable(owner.record);
  const board = boardOfKind(owner.kind);
  const agents = await agentsOfLocation(owner.company_id, owner.location_id);
  return agents
    .filter((agent) => agent.active && (board?.opens(agent.access_level) ?? false))
    .sort(byName)
    .map(({ id, first_name, last_name }) => ({ id, first_name, last_name }));
}

/**
 * The requested mentions that may stand, in the order asked; others (and the author, who needs no
 * telling) are dropped without a word: the text keeps its @name, nobody is notified of it.
 */
export async function keepMentionable(owner: ConversationOwner, requested: readonly string[], authorId: string): Promise<string[]> {
  const wanted = [...new Set(requested)].filter((id) => id !== authorId);
  if (wanted.length === 0) return [];
  const allowed = new Set((await mentionableAgents(owner)).map((agent) => agent.id));
  return wanted.filter((id) => allowed.has(id));
}

/** The @ suggestions' page: more than a store's staff usually holds, fewer than a list to scroll. */
export const MENTIONABLE_PAGE = 20;

/** How much of the message a mention's notice carries: a line of a desktop notification. */
export const MENTION_EXCERPT_LENGTH = 140;

/** The start of the text, on one line, cut at a word where it can be. */
export function excerptOf(text: string, max = MENTION_EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Tells each colleague the message mentions, on their own channel only (SPEC §6 `agent:<id>`):
 * where it is (the owner, and where the console opens it), who wrote it, and how it starts
 * (`written`: the author's words, without what the console added for the customer, the opt-out line).
 */
export async function announceMentions(owner: ConversationOwner, message: MessageRecord, written: string = message.text): Promise<void> {
  const mentioned = message.mentions ?? [];
  const author = message.agent;
  if (mentioned.length === 0 || !author) return;
  const groups = await linkGroups(owner, mentioned);
  await Promise.all(
    [...groups].map(([link, ids]) =>
      publishTo(
        owner.company_id,
        ids.map(channels.agent),
        {
          type: 'mention.created',
          data: {
            owner: { kind: owner.kind, id: owner.id },
            location_id: owner.location_id,
            message_id: message.id,
            author,
            excerpt: excerptOf(written),
            staff_note: message.metadata.direction === 'staff',
            link,
          },
        },
      ),
    ),
  );
}

/**
 * Where each mentioned colleague opens the conversation, mentioned agents grouped by it: the
 * board's console link, but the notes' own place for a colleague who reads only the notes (the
 * technician's sheet of a repair order), who could not open the board.
 */
async function linkGroups(owner: ConversationOwner, mentioned: readonly string[]): Promise<Map<string | null, string[]>> {
  const fill = (template: string | undefined) => template?.replace('{id}', encodeURIComponent(owner.id)) ?? null;
  const board = boardOfKind(owner.kind);
  const boardLink = fill(board?.conversations?.consoleLink);
  const readers = portFor(owner).noteReaders;
  if (!readers) return new Map([[boardLink, [...mentioned]]]);
  const agents = await getAgents(owner.company_id, mentioned);
  const groups = new Map<string | null, string[]>();
  for (const id of mentioned) {
    const flags = agents.get(id)?.access_level;
    const readsOnlyNotes = flags !== undefined && !(board?.opens(flags) ?? false) && readers.includes(flags);
    const link = readsOnlyNotes ? fill(readers.link) : boardLink;
    groups.set(link, [...(groups.get(link) ?? []), id]);
  }
  return groups;
}
