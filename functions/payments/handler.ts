/**
 * Text-to-pay's area (SPEC §7): a repair order's payment request (ask, read, resend, cancel), a
 * customer's payments, the store's payment settings and gateway connection, the gateway's webhook
 * (public, signature-checked on the raw body) and the old pay link (public, by token), which opens
 * the customer's visit page.
 */
import { PAYMENT_PAGE_SIZE } from '../../shared/payments/payments.js';
import { PAYMENT_PART } from '../../shared/payments/visit.js';
import { PAYMENT_ERRORS, cenposConnectBody, disconnectBody, oauthCallbackBody, paymentRequestBody } from '../../shared/payments/schemas.js';
import { getCustomer } from '../customers/records.js';
import { reachesLocation } from '../lib/access.js';
import { forbidden, notFound, refused } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, publicRoute, rawBodyOf, type Routes } from '../lib/http.js';
import { logger } from '../lib/log.js';
import { readSettings, saveSettingsAs } from '../lib/settings.js';
import { config } from '../lib/config.js';
import { settingsRoutes } from '../lib/settingsRoutes.js';
import '../messages/boards.js';
import { visibleRepairOrder } from '../repairOrders/access.js';
import { visitUrl } from '../visits/links.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { isLocale } from '../../shared/locales.js';
import { invoicePdfUrl } from './storedInvoice.js';
import { customerLocaleOf, invoiceReady } from './visitPart.js';
import { requestsPayments, managedLocation } from './access.js';
import { board } from './board.js';
import { customerPaymentPage } from './customerPayments.js';
import { GatewayRefused, WebhookRefused } from './gateway.js';
import { gatewayOf } from './gateways.js';
import { requestByToken, startConnection, takeConnection } from './records.js';
import { applyReport, cancelPayment, currentRequest, reconcile, requestPayment, requestView, resendPayment } from './requests.js';
import { PAYABLE } from './states.js';
import type { Auth } from '../lib/session.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';

/** Writes the store's payments_settings and answers them as saved. */
async function savePayments(auth: Auth, locationId: string, next: SettingsOf<'payments_settings'>) {
  await saveSettingsAs(auth.companyId, locationId, 'payments_settings', next, auth.agent.id);
  return next;
}

function assertRequestsPayments(auth: Auth): void {
  if (!requestsPayments(auth.actingAs.access_level)) throw forbidden('You cannot request payments');
}

type Toggle = { enabled?: boolean; paid_notifications_enabled?: boolean };

function settingsToggle(change: Toggle) {
  return agentRoute(async ({ auth, query }) => {
    const locationId = await managedLocation(auth, query, true);
    const current = await readSettings(auth.companyId, locationId, 'payments_settings');
    if (change.enabled && (current.provider === 'none' || (!current.provider_account && !current.cenpos_account))) {
      throw refused('not_connected', 'Connect a card gateway before enabling payments');
    }
    return ok({ payments_settings: await savePayments(auth, locationId, { ...current, ...change }) });
  });
}

export const routes: Routes = {
  'GET /api/repair_orders/{id}/payment_request': agentRoute(async ({ auth, params }) => {
    assertRequestsPayments(auth);
    const ro = await visibleRepairOrder(auth, params.id ?? '');
    const record = await currentRequest(ro);
    return ok({ payment_request: record ? requestView(record) : null, invoice: ro.invoice, dms_status: ro.metadata.dms_status });
  }),

  'POST /api/repair_orders/{id}/payment_request': agentRoute(async ({ auth, params, body }) => {
    assertRequestsPayments(auth);
    const input = parse(paymentRequestBody, body);
    const ro = await visibleRepairOrder(auth, params.id ?? '', true);
    return ok({ payment_request: requestView(await requestPayment(auth.actingAs, ro, input.payment_request)) }, 201);
  }),

  'PUT /api/repair_orders/{id}/payment_request/resend': agentRoute(async ({ auth, params }) => {
    assertRequestsPayments(auth);
    const ro = await visibleRepairOrder(auth, params.id ?? '', true);
    return ok({ payment_request: requestView(await resendPayment(auth.actingAs, ro)) });
  }),

  'PUT /api/repair_orders/{id}/payment_request/cancel': agentRoute(async ({ auth, params }) => {
    assertRequestsPayments(auth);
    const ro = await visibleRepairOrder(auth, params.id ?? '', true);
    return ok({ payment_request: requestView(await cancelPayment(auth.actingAs, ro)) });
  }),

  'GET /api/customers/{id}/payments': agentRoute(async ({ auth, params, query }) => {
    assertRequestsPayments(auth);
    const customer = await getCustomer(auth.companyId, params.id ?? '');
    if (!customer || !reachesLocation(auth.actingAs, customer.location_id)) throw notFound('Customer not found');
    const { offset, limit } = paging(query, PAYMENT_PAGE_SIZE);
    const page = await customerPaymentPage(auth.companyId, customer.id, offset, limit);
    return ok(pagedBody('payment_requests', page.items.map(requestView), page.total, offset, limit));
  }),

  'GET /payments/settings': agentRoute(async ({ auth, query }) => {
    const locationId = await managedLocation(auth, query, false);
    const settings = await readSettings(auth.companyId, locationId, 'payments_settings');
    return ok({ payments_settings: settings });
  }),
  'PUT /payments/settings/enable': settingsToggle({ enabled: true }),
  'PUT /payments/settings/disable': settingsToggle({ enabled: false }),
  'PUT /payments/settings/enable_paid_notifications': settingsToggle({ paid_notifications_enabled: true }),
  'PUT /payments/settings/disable_paid_notifications': settingsToggle({ paid_notifications_enabled: false }),

  'GET /payments/landing_settings': agentRoute(async ({ auth, query }) => {
    const locationId = await managedLocation(auth, query, false);
    return ok({ payments_landing_settings: await readSettings(auth.companyId, locationId, 'payments_landing_settings') });
  }),

  'POST /payments/cenpos/connect': agentRoute(async ({ auth, query, body }) => {
    const locationId = await managedLocation(auth, query, true);
    const { cenpos_account } = parse(cenposConnectBody, body);
    const current = await readSettings(auth.companyId, locationId, 'payments_settings');
    return ok({ payments_settings: await savePayments(auth, locationId, { ...current, provider: 'cenpos', provider_account: cenpos_account, cenpos_account }) });
  }),

  /** Starts the account connection: where the manager goes, with a state the callback must bring back. */
  'GET /payments/stripe/connect': agentRoute(async ({ auth, query }) => {
    const locationId = await managedLocation(auth, query, true);
    const state = await startConnection({ company_id: auth.companyId, location_id: locationId, agent_id: auth.agent.id });
    const url = await (await gatewayOf('stripe')).connectUrl(state, `${config.publicUrl}/app/stripe_callback`);
    if (!url) throw refused('provider_unavailable', PAYMENT_ERRORS.provider_unavailable);
    return ok({ url });
  }),

  /** SPEC §5: without a stored connection (its state) and a code, 'Broken data.'. */
  'POST /payments/stripe/oauth_callback': agentRoute(async ({ auth, body }) => {
    const input = parse(oauthCallbackBody, body);
    const pending = input.state ? await takeConnection(input.state) : undefined;
    if (!pending || pending.company_id !== auth.companyId) throw refused('broken_data', PAYMENT_ERRORS.broken_data);
    await managedLocation(auth, { location_id: pending.location_id }, true);
    let account: string;
    try {
      ({ account } = await (await gatewayOf('stripe')).connect(input.code));
    } catch (err) {
      if (err instanceof GatewayRefused) throw refused('broken_data', PAYMENT_ERRORS.broken_data);
      throw err;
    }
    const current = await readSettings(auth.companyId, pending.location_id, 'payments_settings');
    const settings = await savePayments(auth, pending.location_id, { ...current, provider: 'stripe', provider_account: account });
    return ok({ payments_settings: settings, location_id: pending.location_id, redirect_to: '/app/settings?tab=5&success=1' });
  }),

  /** SPEC §4: clears the account and disables payments; the manager types YES. */
  'DELETE /payments/{provider}/disconnect': agentRoute(async ({ auth, params, query, body }) => {
    const provider = params.provider;
    if (provider !== 'stripe' && provider !== 'cenpos') throw notFound('No such payment provider');
    const locationId = await managedLocation(auth, query, true);
    parse(disconnectBody, body);
    const current = await readSettings(auth.companyId, locationId, 'payments_settings');
    if (current.provider === provider && current.provider_account) await (await gatewayOf(provider)).disconnect(current.provider_account);
    const cleared = {
      ...current,
      enabled: false,
      ...(current.provider === provider ? { provider: 'none' as const, provider_account: '' } : {}),
      ...(provider === 'cenpos' ? { cenpos_account: '' } : {}),
    };
    return ok({ payments_settings: await savePayments(auth, locationId, cleared) });
  }),

  /** The gateway's callbacks: verified on the raw body, idempotent by the request's conditional states. */
  'POST /api/payments/stripe/webhook': publicRoute(async ({ event, headers }) => {
    const gateway = await gatewayOf('stripe');
    let report;
    try {
      report = await gateway.readWebhook(rawBodyOf(event), headers['stripe-signature'] ?? '');
    } catch (err) {
      if (err instanceof WebhookRefused) {
        logger.warn('a webhook without a valid signature', { reason: err.message });
        return { status: 400, body: { error: { id: 'bad_signature', message: 'Webhook signature verification failed' } } };
      }
      throw err;
    }
    if (report) await applyReport(report);
    return ok({ received: true });
  }),

  /**
   * Links of texts sent before the visit page, and where the gateway's checkout returns: the
   * customer's visit page at its payment part. Back from the checkout before the gateway's webhook,
   * the gateway is asked first, so the page reads "paid" at once.
   */
  'GET /api/public/payments/{token}': publicRoute(async ({ params }) => {
    const record = await requestByToken(params.token ?? '');
    if (!record) return { status: 404, text: 'Not found' };
    if (PAYABLE.includes(record.state)) await reconcile(record);
    const url = await visitUrl({ company_id: record.company_id, location_id: record.location_id, repair_order_id: record.repair_order_id }, PAYMENT_PART);
    return { status: 302, headers: { location: url, 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } };
  }),

  /**
   * The invoice PDF the visit page's payment part links: drawn on first ask once the DMS has the
   * order pre-invoiced or invoiced (404 'PDF Invoice is not generated' before), then a signed link.
   * `?lang=` the page's language, else the customer's, else the store's.
   */
  'GET /api/public/payments/{token}/invoice': publicRoute(async ({ params, query }) => {
    const record = await requestByToken(params.token ?? '');
    const ro = record ? await getRepairOrder(record.company_id, record.repair_order_id) : undefined;
    if (!record || !ro) return { status: 404, text: 'Not found' };
    if (!invoiceReady(ro)) return { status: 404, body: { error: { id: 'pdf_not_generated', message: PAYMENT_ERRORS.pdf_not_generated } } };
    const asked = query.lang;
    const locale = asked && isLocale(asked) ? asked : await customerLocaleOf(record);
    return { status: 302, headers: { location: await invoicePdfUrl(record, ro, locale), 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } };
  }),

  ...settingsRoutes(board.settings[0]),
};

export const handler = areaHandler('payments', routes);
