/** The card gateway adapters by provider (functions/payments/gateway.ts); the Stripe SDK itself loads on first use (stripeClient.ts). */
import type { PaymentProvider } from '../../shared/payments/payments.js';
import { cenposGateway } from './cenposGateway.js';
import type { CardGateway } from './gateway.js';
import { stripeGateway } from './stripeGateway.js';

const ADAPTERS: Record<PaymentProvider, CardGateway> = { stripe: stripeGateway, cenpos: cenposGateway };

export const gatewayOf = async (provider: PaymentProvider): Promise<CardGateway> => ADAPTERS[provider];
