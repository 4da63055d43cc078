/**
 * The stripe SDK (stripeClient.ts) is built into a file of its own beside each bundle whose code
 * calls the gateway, and loaded on first use (functions/lib/lazyChunk.ts). Nothing else is imported
 * here, so infra can read it.
 */
export const STRIPE_CHUNK = { entry: 'functions/payments/stripeClient.ts', file: 'stripeClient.js', loadedBy: 'functions/payments/stripeGateway.ts' } as const;
