/**
 * Text-to-pay (issue 21): what it declares to the rest of the system (functions/lib/boardModule.ts),
 * listed in functions/boards.ts. No menu screen of its own: the advisor asks for payment on the
 * service board's repair order; managers connect the gateway on the settings screen.
 */
import { CONVERSATION_CHUNKS } from '../lib/lazyChunk.js';
import { PAYMENT_EVENTS } from '../../shared/payments/events.js';
import { settingsRouteKeys, type BoardModule } from '../lib/boardModule.js';
import { AUTO_SEND_GROUP, autoSendSchema } from './autoSendSettings.js';
import { requestsPayments } from './access.js';
import { INVOICE_PDF_CHUNK } from './invoiceChunk.js';
import { STRIPE_CHUNK } from './stripeChunk.js';
import { PDF_BUNDLE_FILES } from '../lib/pdfFonts.js';
import './dmsFollow.js';
import { answersToGatekeeper } from '../messages/gatekeeperRules.js';
import { runPaymentsJob } from './requests.js';
import { paymentTallies } from './tallies.js';

// The receipt answers to the payment notification's rule: it is the same conversation about the same payment.
answersToGatekeeper({ payment_notification: 'payment_notification', payment_receipt: 'payment_notification', payment_cancellation: 'payment_cancellation' });

export const board = {
  name: 'payments',
  opens: requestsPayments,
  areas: {
    payments: {
      entry: 'functions/payments/handler.ts',
      lazyChunks: [...CONVERSATION_CHUNKS, STRIPE_CHUNK, INVOICE_PDF_CHUNK],
      // The invoice PDF's fonts (a copy of the list: the inspection PDF's areas are found by its identity).
      bundleFiles: [...PDF_BUNDLE_FILES],
      routes: [
        'GET /api/repair_orders/{id}/payment_request',
        'POST /api/repair_orders/{id}/payment_request',
        'PUT /api/repair_orders/{id}/payment_request/resend',
        'PUT /api/repair_orders/{id}/payment_request/cancel',
        'GET /api/customers/{id}/payments',
        'GET /payments/settings',
        'PUT /payments/settings/enable',
        'PUT /payments/settings/disable',
        'PUT /payments/settings/enable_paid_notifications',
        'PUT /payments/settings/disable_paid_notifications',
        'GET /payments/landing_settings',
        'POST /payments/cenpos/connect',
        'GET /payments/stripe/connect',
        'POST /payments/stripe/oauth_callback',
        'DELETE /payments/{provider}/disconnect',
        'POST /api/payments/stripe/webhook',
        'GET /api/public/payments/{token}',
        'GET /api/public/payments/{token}/invoice',
        ...settingsRouteKeys(AUTO_SEND_GROUP),
      ],
    },
  },
  jobs: {
    /** Auto-sends whose delay ran out, and requests the gateway has not settled (a lost webhook). */
    payments: { rateMinutes: 1, run: () => runPaymentsJob() },
  },
  settings: [{ key: AUTO_SEND_GROUP, readBy: (flags) => flags.service, schema: autoSendSchema }],
  /** Requested, paid (collected) and the time to pay, for the payments report. */
  tallies: paymentTallies,
  events: PAYMENT_EVENTS,
  routeParams: [
    { param: 'provider', after: /^\/payments\/$/, kind: 'payment_provider', tenant: false, vocabulary: 'stripe' },
    { param: 'token', after: /\/public\/payments\/$/, kind: 'payment_token', tenant: false, vocabulary: 'x' },
  ],
  local: { demo: 'functions/payments/demo.ts', demoAfter: ['service'], bench: 'functions/payments/bench.ts' },
} as const satisfies BoardModule;
