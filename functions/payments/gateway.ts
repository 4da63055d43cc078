/**
 * The card gateways behind one adapter (DESIGN.md "Adapters for the outside world"): the console
 * asks for a checkout on the store's connected account, asks where one stands, closes one, connects
 * and disconnects an account, and reads the gateway's signed callbacks. No card number reaches the
 * console: the customer types it on the gateway's own checkout page.
 *
 * Stripe (stripeGateway.ts) does all of it, against Stripe or, on the local stack, against the
 * local gateway that behaves like it (infra/local/paymentGateway.ts), chosen by configuration only.
 * CenPOS (cenposGateway.ts) records the store's account and says plainly that it takes no
 * payments from the console yet.
 */
import type { PaymentProvider } from '../../shared/payments/payments.js';

export interface CheckoutRequest {
  /** The store's connected account. */
  account: string;
  amountCents: number;
  /** ISO 4217, lower case (`usd`). */
  currency: string;
  description: string;
  /** Where the gateway sends the customer after paying. */
  returnUrl: string;
  expiresAt: Date;
  /** Carried on every callback about this checkout: how the console finds its request again. */
  metadata: { company_id: string; repair_order_id: string; request_id: string };
  /** The same key makes the same checkout, however often the call is repeated. */
  idempotencyKey: string;
}

export interface Checkout {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** Where a checkout stands by the gateway's own account of it. */
export type CheckoutStanding = 'open' | 'paid' | 'expired';

/** A callback of the gateway, read and verified: what it says happened to which request. */
export interface GatewayReport {
  eventId: string;
  /** Unix seconds of the event (an older report changes nothing). */
  created: number;
  account: string | null;
  outcome: 'paid' | 'declined' | 'failed' | 'challenged' | 'expired';
  reason: string | null;
  metadata: Partial<CheckoutRequest['metadata']>;
}

export interface CardGateway {
  provider: PaymentProvider;
  /** Where the manager goes to connect the store's account (returns to /app/stripe_callback?code=). */
  connectUrl(state: string, returnUrl: string): Promise<string | null>;
  /** The connected account for the code the connection flow returned. */
  connect(code: string): Promise<{ account: string }>;
  disconnect(account: string): Promise<void>;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  checkoutStanding(account: string, sessionId: string): Promise<CheckoutStanding>;
  /** Closes an open checkout (the advisor cancelled); one already closed is left as it is. */
  expireCheckout(account: string, sessionId: string, idempotencyKey: string): Promise<void>;
  /** Verifies a callback on its raw body and signature; throws WebhookRefused when it is not the gateway's. Null: an event about nothing the console follows. */
  readWebhook(rawBody: string, signature: string): Promise<GatewayReport | null>;
}

export class WebhookRefused extends Error {}
/** The gateway answered that it will not do this (a bad code, an account it does not know). */
export class GatewayRefused extends Error {}
