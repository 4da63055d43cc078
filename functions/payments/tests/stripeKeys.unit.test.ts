/** The platform's Stripe keys: inline on the local stack, else the operator's Secrets Manager secret (JSON), and "not configured" while it is not filled. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripeKeys } from '../stripeKeys.js';

const NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_CLIENT_ID', 'STRIPE_SECRET', 'STRIPE_SECRET_ARN'] as const;
let saved: Record<string, string | undefined>;

beforeEach(() => {
  saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  for (const name of NAMES) delete process.env[name];
});
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the Stripe keys', () => {
  it('come inline on the local stack', async () => {
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_CLIENT_ID: 'ca_local' });
    expect(await stripeKeys()).toEqual({ secret_key: 'sk_test_local', webhook_secret: 'whsec_x', client_id: 'ca_local' });
  });

  it('come from the secret the operator filled (its JSON)', async () => {
    // lib/secrets.ts reads STRIPE_SECRET inline before STRIPE_SECRET_ARN (Secrets Manager): the same JSON either way.
    process.env.STRIPE_SECRET = JSON.stringify({ secret_key: 'sk_live_1', webhook_secret: 'whsec_2', client_id: 'ca_3' });
    expect(await stripeKeys()).toEqual({ secret_key: 'sk_live_1', webhook_secret: 'whsec_2', client_id: 'ca_3' });
  });

  it.each([
    ['nothing configured', undefined],
    ['the secret as the stack creates it', JSON.stringify({ secret_key: '', webhook_secret: '', client_id: '' })],
    ['a secret that is not JSON', 'sk_live_pasted_alone'],
    ['a secret of the wrong shape', JSON.stringify({ secret_key: 42 })],
  ])('are empty (not configured) with %s', async (_case, value) => {
    if (value !== undefined) process.env.STRIPE_SECRET = value;
    expect(await stripeKeys()).toEqual({ secret_key: '', webhook_secret: '', client_id: '' });
  });
});
