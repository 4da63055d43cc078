/**
 * CenPOS: the store's CenPOS account is recorded (SPEC §3 `cenpos_account`), and that is all this
 * adapter does. CenPOS's hosted payment page and its callbacks are not wired to the console, so it
 * refuses to make a checkout rather than pretend: a store on CenPOS takes the payment at its cashier.
 */
import { GatewayRefused, WebhookRefused, type CardGateway } from './gateway.js';

const unavailable = () => new GatewayRefused('Card payments through CenPOS are not available from the console');

export const cenposGateway: CardGateway = {
  provider: 'cenpos',
  connectUrl: async () => null,
  connect: async () => {
    throw unavailable();
  },
  // Nothing was connected at CenPOS's end: forgetting the account is the whole of it.
  disconnect: async () => undefined,
  createCheckout: async () => {
    throw unavailable();
  },
  checkoutStanding: async () => 'open',
  expireCheckout: async () => undefined,
  readWebhook: async () => {
    throw new WebhookRefused('CenPOS callbacks are not accepted');
  },
};
