/** Text-to-pay's paths (SPEC §7), for its handlers and its screens. */
const enc = encodeURIComponent;

export const paymentPaths = {
  request: (roId: string) => `/api/repair_orders/${enc(roId)}/payment_request`,
  resend: (roId: string) => `/api/repair_orders/${enc(roId)}/payment_request/resend`,
  cancel: (roId: string) => `/api/repair_orders/${enc(roId)}/payment_request/cancel`,
  ofCustomer: (customerId: string, offset = 0, limit = 10) => `/api/customers/${enc(customerId)}/payments?limit=${limit}&offset=${offset}`,
  settings: (locationId: string) => `/payments/settings?location_id=${enc(locationId)}`,
  settingsAction: (locationId: string, action: 'enable' | 'disable' | 'enable_paid_notifications' | 'disable_paid_notifications') =>
    `/payments/settings/${action}?location_id=${enc(locationId)}`,
  cenposConnect: (locationId: string) => `/payments/cenpos/connect?location_id=${enc(locationId)}`,
  disconnect: (locationId: string, provider: string) => `/payments/${enc(provider)}/disconnect?location_id=${enc(locationId)}`,
  stripeConnect: (locationId: string) => `/payments/stripe/connect?location_id=${enc(locationId)}`,
  oauthCallback: '/payments/stripe/oauth_callback',
  landingSettings: (locationId: string) => `/payments/landing_settings?location_id=${enc(locationId)}`,
  webhook: '/api/payments/stripe/webhook',
  /** The customer's page (public, by token) and its answer. */
  page: (token: string) => `/pay/${enc(token)}`,
  pageData: (token: string) => `/api/pay/${enc(token)}`,
  checkout: (token: string) => `/api/pay/${enc(token)}/checkout`,
};
