/** Marks agents offline who have shown no activity for AWAY_AFTER_MS (a Query on the sparse index). */
import { AWAY_AFTER_MS, ONLINE_INDEX_PK, markOffline } from '../lib/presence.js';
import { queryAll } from '../lib/table.js';

interface OnlineAgent {
  id: string;
  company_id: string;
  last_seen_at: string;
}

export async function presenceSweep(now = Date.now()): Promise<{ marked_offline: number }> {
  const cutoff = new Date(now - AWAY_AFTER_MS).toISOString();
  const quiet = await queryAll<OnlineAgent>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :cutoff',
    ExpressionAttributeValues: { ':pk': ONLINE_INDEX_PK, ':cutoff': cutoff },
  });
  let marked = 0;
  for (const agent of quiet) {
    // Conditional on last_seen_at, so an agent active since the query stays online.
    if (await markOffline(agent, agent.last_seen_at)) marked += 1;
  }
  return { marked_offline: marked };
}
