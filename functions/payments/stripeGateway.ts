/**
 * Stripe through its SDK: Connect (OAuth) for the store's account, a Checkout Session per request on
 * that account with an expiry, an idempotency key on every call that creates or changes something,
 * and webhooks verified on the raw body (`webhooks.constructEvent`, 5 minutes' tolerance).
 */
import { lazyChunk } from '../lib/lazyChunk.js';
import { GatewayRefused, WebhookRefused, type CardGateway, type GatewayReport } from './gateway.js';
import { stripeKeys } from './stripeKeys.js';

type StripeModule = typeof import('./stripeClient.js');
const loadStripe = lazyChunk<StripeModule>('stripeClient.js', import.meta.url);
async function stripe() {
  const { secret_key: key } = await stripeKeys();
  // The operator has not filled the platform's keys (README "Deploying"): no checkout can be made.
  if (!key) throw new GatewayRefused('The card gateway is not configured');
  return (await loadStripe()).stripeClient(key);
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

function metadataOf(object: unknown): GatewayReport['metadata'] {
  const metadata = (object as { metadata?: Record<string, string> | null }).metadata ?? {};
  return { company_id: metadata.company_id, repair_order_id: metadata.repair_order_id, request_id: metadata.request_id };
}

export const stripeGateway: CardGateway = {
  provider: 'stripe',

  async connectUrl(state, returnUrl) {
    const clientId = (await stripeKeys()).client_id;
    if (!clientId) return null;
    const url = new URL(process.env.STRIPE_CONNECT_URL ?? 'https://connect.stripe.com/oauth/authorize');
    url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, scope: 'read_write', state, redirect_uri: returnUrl }).toString();
    return url.toString();
  },

  async connect(code) {
    try {
      const token = await (await stripe()).oauth.token({ grant_type: 'authorization_code', code });
      if (!token.stripe_user_id) throw new GatewayRefused('no account in the answer');
      return { account: token.stripe_user_id };
    } catch (err) {
      if (err instanceof GatewayRefused || (err as { type?: string }).type === 'StripeInvalidGrantError' || (err as { statusCode?: number }).statusCode === 400) {
        throw new GatewayRefused((err as Error).message);
      }
      throw err;
    }
  },

  async disconnect(account) {
    const clientId = (await stripeKeys()).client_id;
    if (!clientId) return;
    try {
      await (await stripe()).oauth.deauthorize({ client_id: clientId, stripe_user_id: account });
    } catch (err) {
      // An account the platform no longer reaches is as disconnected as it gets.
      if ((err as { statusCode?: number }).statusCode !== 400 && (err as { statusCode?: number }).statusCode !== 401) throw err;
    }
  },

  async createCheckout(request) {
    const session = await (await stripe()).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } } }],
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        client_reference_id: request.metadata.request_id,
        metadata: request.metadata,
        // The PaymentIntent's own events (declined, 3-D Secure) carry the same names.
        payment_intent_data: { metadata: request.metadata },
      },
      { stripeAccount: request.account, idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout without a URL');
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  },

  async checkoutStanding(account, sessionId) {
    const session = await (await stripe()).checkout.sessions.retrieve(sessionId, {}, { stripeAccount: account });
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
    if (session.status === 'expired') return 'expired';
    return 'open';
  },

  async expireCheckout(account, sessionId, idempotencyKey) {
    try {
      await (await stripe()).checkout.sessions.expire(sessionId, {}, { stripeAccount: account, idempotencyKey });
    } catch (err) {
      // Already complete or expired: the caller reads where it stands.
      if ((err as { statusCode?: number }).statusCode !== 400) throw err;
    }
  },

  async readWebhook(rawBody, signature) {
    const secret = (await stripeKeys()).webhook_secret;
    if (!secret) throw new WebhookRefused('no webhook secret configured');
    let event;
    try {
      event = (await stripe()).webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      throw new WebhookRefused((err as Error).message);
    }
    const object = event.data.object as unknown as Record<string, unknown>;
    const base = { eventId: event.id, created: event.created, account: event.account ?? null, metadata: metadataOf(object) };
    switch (event.type) {
      case 'checkout.session.completed':
        return object.payment_status === 'paid' ? { ...base, outcome: 'paid', reason: null } : null;
      case 'checkout.session.async_payment_succeeded':
      case 'payment_intent.succeeded':
        return { ...base, outcome: 'paid', reason: null };
      case 'checkout.session.async_payment_failed':
        return { ...base, outcome: 'failed', reason: 'payment_failed' };
      case 'checkout.session.expired':
        return { ...base, outcome: 'expired', reason: null };
      case 'payment_intent.requires_action':
        return { ...base, outcome: 'challenged', reason: null };
      case 'payment_intent.payment_failed': {
        const code = (object.last_payment_error as { code?: string } | null | undefined)?.code ?? 'payment_failed';
        return { ...base, outcome: code === 'card_declined' ? 'declined' : 'failed', reason: code };
      }
      default:
        return null;
    }
  },
};
