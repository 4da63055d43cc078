/**
 * The stripe SDK, kept in a chunk of its own beside the payments Lambda's bundle (functions/lib/
 * lazyChunk.ts): only the routes that talk to the gateway load it. Configured by environment:
 * STRIPE_SECRET_KEY, and on the local stack STRIPE_API_BASE (the local gateway's origin: the SDK's
 * host, port and protocol); the SDK retries network failures with the request's idempotency key.
 */
import Stripe from 'stripe';

let client: Stripe | undefined;

export function stripeClient(): Stripe {
  if (client) return client;
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : null;
  client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  return client;
}

export type { Stripe };
