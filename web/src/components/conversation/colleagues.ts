/**
 * The colleagues who may see a conversation (GET {conversation}/mentionable): whom @ suggests, and
 * whose names the reactions show. One SWR entry per conversation, fetched when first needed.
 */
import useSWR from 'swr';
import type { Paging } from '../../../../shared/api.js';
import { paths, type ConversationAt } from '../../../../shared/routes.js';
import type { MentionedAgent } from './mentionText.js';

interface ColleaguePage {
  agents: MentionedAgent[];
  meta: { paging: Paging };
}

export function useColleagues(owner: ConversationAt, wanted = true): MentionedAgent[] | undefined {
  const { data } = useSWR<ColleaguePage>(wanted && owner.id ? paths.mentionable(owner) : null, { revalidateOnFocus: false });
  return data?.agents;
}
