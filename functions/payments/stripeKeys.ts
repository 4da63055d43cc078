/**
 * The platform's Stripe keys: its secret API key, the webhook signing secret and the Connect client
 * id. In AWS they are one Secrets Manager secret the stack creates empty and the operator fills
 * (README "Deploying"): JSON `{ "secret_key", "webhook_secret", "client_id" }`, named by
 * STRIPE_SECRET_ARN, read on first use and kept for the container's life (functions/lib/secrets.ts).
 * On the local stack and in tests they come inline: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
 * STRIPE_CLIENT_ID. A key left empty is a gateway not configured: connecting, checkouts and
 * webhooks say so rather than call Stripe without it.
 */
import * as z from 'zod/mini';
import { secret } from '../lib/secrets.js';

const stored = z.object({
  secret_key: z._default(z.string(), ''),
  webhook_secret: z._default(z.string(), ''),
  client_id: z._default(z.string(), ''),
});
export type StripeKeys = z.infer<typeof stored>;

const NONE: StripeKeys = { secret_key: '', webhook_secret: '', client_id: '' };

export async function stripeKeys(): Promise<StripeKeys> {
  const env = process.env;
  if (env.STRIPE_SECRET_KEY) return { secret_key: env.STRIPE_SECRET_KEY, webhook_secret: env.STRIPE_WEBHOOK_SECRET ?? '', client_id: env.STRIPE_CLIENT_ID ?? '' };
  const text = await secret('STRIPE_SECRET');
  if (!text) return NONE;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON yet (the operator has not filled it as README "Deploying" says): not configured.
    return NONE;
  }
  const parsed = stored.safeParse(json);
  return parsed.success ? parsed.data : NONE;
}
