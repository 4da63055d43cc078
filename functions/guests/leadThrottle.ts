/**
 * The lead form is open to the internet: each client (its address; an IPv6 /64, functions/lib/
 * clientIp.ts `clientKey`) may post so many times in a fixed window, counted with one atomic ADD on
 * a TTL'd item per client and window, as the password-reset requests are (functions/sessions/
 * links.ts). Every post counts, good or bad, before anything else is read: a script that floods or
 * guesses tokens is stopped as early and cheaply as one that posts real leads. A showroom kiosk on
 * one address still posts a lead a minute.
 */
import { nowEpoch, updateItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const throttleKeys = {
  /** Posts of one client in one window (its start, epoch seconds). */
  leadPosts: (client: string, window: number) => ({ pk: `THROTTLE#LEAD#${client}#${window}`, sk: 'THROTTLE' }),
} as const;

export const LEAD_WINDOW_SECONDS = 10 * 60;
export const LEAD_POSTS_PER_CLIENT = 10;

/** Counts one post; answers whether it may go on, and otherwise in how many seconds the client may post again. */
export async function countLeadPost(client: string, now = nowEpoch()): Promise<{ allowed: boolean; retryAfter: number }> {
  const window = now - (now % LEAD_WINDOW_SECONDS);
  const item = await updateItem<{ posts: number }>({
    Key: throttleKeys.leadPosts(client, window),
    UpdateExpression: 'ADD posts :one SET expires_at = if_not_exists(expires_at, :expires)',
    ExpressionAttributeValues: { ':one': 1, ':expires': window + LEAD_WINDOW_SECONDS },
    ReturnValues: 'UPDATED_NEW',
  });
  return { allowed: Number(item?.posts ?? 0) <= LEAD_POSTS_PER_CLIENT, retryAfter: Math.max(1, window + LEAD_WINDOW_SECONDS - now) };
}
