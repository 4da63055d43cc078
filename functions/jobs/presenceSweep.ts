/** Marks agents offline who have shown no activity for AWAY_AFTER_MS (a Query on the sparse index). */
import { AWAY_AFTER_MS, agentsQuietSince, markOffline } from '../lib/presence.js';

export async function presenceSweep(now = Date.now()): Promise<{ marked_offline: number }> {
  const quiet = await agentsQuietSince(new Date(now - AWAY_AFTER_MS).toISOString());
  let marked = 0;
  for (const agent of quiet) {
    // Conditional on last_seen_at, so an agent active since the query stays online.
    if (await markOffline(agent, agent.last_seen_at)) marked += 1;
  }
  return { marked_offline: marked };
}
