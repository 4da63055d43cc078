/**
 * The stripe SDK, kept in a chunk of its own beside the payments Lambda's bundle (functions/lib/
 * lazyChunk.ts): only the routes that talk to the gateway load it. The secret key comes from
 * stripeKeys.ts; on the local stack STRIPE_API_BASE is the local gateway's origin (the SDK's host,
 * port and protocol). The SDK retries network failures with the request's idempotency key.
 */
import Stripe from 'stripe';

let client: { key: string; stripe: Stripe } | undefined;

export function stripeClient(key: string): Stripe {
  if (client?.key === key) return client.stripe;
  const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : null;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  client = { key, stripe };
  return stripe;
}

export type { Stripe };
