/**
 * A card gateway on this machine that behaves like Stripe for the parts the console uses (DESIGN.md
 * "Adapters for the outside world"): the `stripe` SDK of functions/payments/stripeGateway.ts talks to
 * it unchanged (its `host`, `port` and `protocol` point here), so the same adapter and the same
 * webhook verification run locally and in AWS.
 *
 * - Connect: `/oauth/authorize` (a page where the store "connects", which returns to the console with
 *   `?code=`), `POST /oauth/token` (the code for a connected account id), `POST /oauth/deauthorize`.
 * - Checkout: `POST /v1/checkout/sessions` (per connected account, `Stripe-Account`; idempotent on
 *   `Idempotency-Key`, whose replay with other parameters is refused as Stripe does), `GET …/{id}`,
 *   `POST …/{id}/expire`, and the checkout page itself with its test cards:
 *   4242 4242 4242 4242 paid, 4000 0000 0000 0002 declined, 4000 0027 6000 3184 3-D Secure
 *   (then approve or fail). No card number leaves this page for the console.
 * - Webhooks: every change is an event (`evt_…`), signed as Stripe signs (`Stripe-Signature:
 *   t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>`), POSTed to the
 *   console and retried on failure. Tests hold deliveries (`POST /dev/gateway/hold`) and then deliver
 *   chosen events themselves (`POST /dev/gateway/events/{id}/deliver`), twice, out of order, or never,
 *   as Stripe may; `signedAt` makes a stale signature.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export const TEST_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  challenged: '4000002760003184',
} as const;

interface Session {
  id: string;
  object: 'checkout.session';
  account: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  description: string;
  expires_at: number;
  created: number;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string;
  url: string | null;
  /** The page's own state: a card waiting for its 3-D Secure answer. */
  challenge: boolean;
}

interface GatewayEvent {
  id: string;
  /** The checkout it is about (a PaymentIntent's events too, though their bodies do not name it). */
  session: string;
  type: string;
  created: number;
  account: string | null;
  body: string;
  deliveries: number;
  delivered: boolean;
}

export interface LocalPaymentGateway {
  /** Origin of the gateway (the SDK's host and port). */
  url: string;
  close: () => Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) read back into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const dig = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);

/** The signature header Stripe sends (stripe-node's `generateTestHeaderString` builds the same). */
export function signPayload(body: string, secret: string, at = now()): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`, 'utf8').digest('hex');
  return `t=${at},v1=${v1}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local card gateway</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label,input,button{display:block;width:100%;box-sizing:border-box;font:inherit}input{padding:.6rem;margin:.3rem 0 1rem}button{padding:.7rem;margin:.4rem 0;background:#1d4ed8;color:#fff;border:0;border-radius:4px}button.secondary{background:#4b5563}.note{color:#374151}</style>
</head><body><main>${body}</main></body></html>`);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPaymentGateway(options: { webhookUrl: string; webhookSecret: string; host?: string }): Promise<LocalPaymentGateway> {
  const sessions = new Map<string, Session>();
  const events: GatewayEvent[] = [];
  const codes = new Map<string, string>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  let hold = false;
  let base = '';
  const timers = new Set<NodeJS.Timeout>();

  async function deliver(event: GatewayEvent, signedAt = now()): Promise<number> {
    event.deliveries += 1;
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(event.body, options.webhookSecret, signedAt) },
        body: event.body,
      });
      if (res.ok) event.delivered = true;
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Stripe retries a failed delivery with a growing wait (hours there; seconds here). */
  function deliverWithRetries(event: GatewayEvent, attempt = 0): void {
    void deliver(event).then((status) => {
      if (status >= 200 && status < 300) return;
      if (attempt >= 5) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliverWithRetries(event, attempt + 1);
      }, 500 * 2 ** attempt);
      timers.add(timer);
    });
  }

  function emit(type: string, session: Session, extra: Record<string, unknown> = {}): void {
    const { challenge: _challenge, account: _account, ...object } = session;
    const data = type.startsWith('payment_intent.')
      ? { object: { id: session.payment_intent, object: 'payment_intent', amount: session.amount_total, currency: session.currency, metadata: session.metadata, ...extra } }
      : { object: { ...object, ...extra } };
    const event = { id: newId('evt'), object: 'event', type, created: now(), livemode: false, account: session.account ?? undefined, api_version: '2025-01-01', data };
    const record: GatewayEvent = { id: event.id, session: session.id, type, created: event.created, account: session.account, body: JSON.stringify(event), deliveries: 0, delivered: false };
    events.push(record);
    if (!hold) deliverWithRetries(record);
  }

  function sessionView(session: Session) {
    const { challenge: _challenge, account: _account, ...view } = session;
    return view;
  }

  function complete(session: Session): void {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.challenge = false;
    emit('payment_intent.succeeded', session, { status: 'succeeded' });
    emit('checkout.session.completed', session);
  }

  function checkoutPage(session: Session, note = ''): string {
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
    if (session.status === 'complete') return `<h1>Paid</h1><p>${escape(amount)} was paid. You can close this page.</p>`;
    if (session.status === 'expired') return `<h1>This payment link has expired</h1>`;
    if (session.challenge) {
      return `<h1>3-D Secure</h1><p class="note">Your bank asks you to confirm the payment of ${escape(amount)}.</p>
<form method="post" action="/checkout/${session.id}/challenge"><button name="answer" value="approve">Approve</button><button class="secondary" name="answer" value="fail">Fail authentication</button></form>`;
    }
    return `<h1>${escape(session.description)}</h1><p>Amount: <strong>${escape(amount)}</strong></p>${note ? `<p role="alert">${escape(note)}</p>` : ''}
<form method="post" action="/checkout/${session.id}/pay"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">Pay</button></form>
<p class="note">Test cards: 4242 4242 4242 4242 paid · 4000 0000 0000 0002 declined · 4000 0027 6000 3184 3-D Secure</p>`;
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const account = (req.headers['stripe-account'] as string | undefined) ?? null;
    const key = req.headers['idempotency-key'] as string | undefined;
    const answer = (status: number, body: unknown) => {
      if (key && method === 'POST') idempotent.set(`${account}:${key}`, { params: `${path}?${raw}`, status, body });
      json(res, status, body);
    };
    if (key && method === 'POST') {
      const seen = idempotent.get(`${account}:${key}`);
      if (seen) {
        if (seen.params !== `${path}?${raw}`) {
          return json(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
        }
        return json(res, seen.status, seen.body);
      }
    }
    const params = parseForm(raw);

    if (method === 'POST' && path === '/oauth/token') {
      const connected = codes.get(String(params.code ?? ''));
      if (!connected) return json(res, 400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${String(params.code ?? '')}` });
      codes.delete(String(params.code));
      return json(res, 200, { access_token: newId('sk_test'), livemode: false, refresh_token: newId('rt'), scope: 'read_write', stripe_publishable_key: newId('pk_test'), stripe_user_id: connected, token_type: 'bearer' });
    }
    if (method === 'POST' && path === '/oauth/deauthorize') return json(res, 200, { stripe_user_id: String(params.stripe_user_id ?? '') });

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(dig(params, 'line_items', '0', 'price_data', 'unit_amount'));
      if (!Number.isInteger(amount) || amount < 50) return answer(400, { error: { type: 'invalid_request_error', message: 'The Checkout Session total amount due must add up to at least $0.50 usd' } });
      const expiresAt = params.expires_at ? Number(params.expires_at) : now() + 86_400;
      if (expiresAt < now() + 1800 - 5 || expiresAt > now() + 86_400 + 5) {
        return answer(400, { error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.' } });
      }
      const id = newId('cs_test');
      const session: Session = {
        id,
        object: 'checkout.session',
        account,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: String(dig(params, 'line_items', '0', 'price_data', 'currency') ?? 'usd'),
        description: String(dig(params, 'line_items', '0', 'price_data', 'product_data', 'name') ?? 'Payment'),
        expires_at: expiresAt,
        created: now(),
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        client_reference_id: (params.client_reference_id as string | undefined) ?? null,
        success_url: (params.success_url as string | undefined) ?? null,
        cancel_url: (params.cancel_url as string | undefined) ?? null,
        payment_intent: newId('pi'),
        url: `${base}/checkout/${id}`,
        challenge: false,
      };
      sessions.set(id, session);
      return answer(200, sessionView(session));
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (match && (!session || session.account !== account)) return answer(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${match[1]}'` } });
    if (session && method === 'GET' && !match![2]) {
      if (session.status === 'open' && session.expires_at <= now()) expire(session);
      return json(res, 200, sessionView(session));
    }
    if (session && method === 'POST' && match![2]) {
      if (session.status !== 'open') return answer(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` } });
      expire(session);
      return answer(200, sessionView(session));
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  function expire(session: Session): void {
    session.status = 'expired';
    session.challenge = false;
    emit('checkout.session.expired', session);
  }

  async function page(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (path === '/oauth/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      if (req.method === 'POST') {
        const code = newId('ac');
        codes.set(code, newId('acct'));
        res.writeHead(303, { location: `${redirect}${redirect.includes('?') ? '&' : '?'}code=${code}&state=${encodeURIComponent(state)}` });
        return void res.end();
      }
      return html(res, 200, `<h1>Connect your store</h1><p class="note">The local card gateway connects the store's account to the console.</p><form method="post"><button type="submit">Connect account</button></form>`);
    }
    const match = /^\/checkout\/([^/]+)(?:\/(pay|challenge))?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (!match || !session) return html(res, 404, '<h1>Not found</h1>');
    if (session.status === 'open' && session.expires_at <= now()) expire(session);
    if (req.method !== 'POST') return html(res, 200, checkoutPage(session));
    const form = new URLSearchParams(await readBody(req));
    if (session.status !== 'open') return html(res, 409, checkoutPage(session));
    if (match[2] === 'pay') {
      const card = (form.get('card') ?? '').replace(/\D/g, '');
      if (card === TEST_CARDS.paid) complete(session);
      else if (card === TEST_CARDS.challenged) {
        session.challenge = true;
        emit('payment_intent.requires_action', session, { status: 'requires_action' });
      } else {
        const code = card === TEST_CARDS.declined ? 'card_declined' : 'incorrect_number';
        emit('payment_intent.payment_failed', session, { status: 'requires_payment_method', last_payment_error: { code, decline_code: code === 'card_declined' ? 'generic_decline' : undefined } });
        return html(res, 402, checkoutPage(session, code === 'card_declined' ? 'Your card was declined.' : 'Your card number is incorrect.'));
      }
    } else if (match[2] === 'challenge' && session.challenge) {
      if (form.get('answer') === 'approve') complete(session);
      else {
        session.challenge = false;
        emit('payment_intent.payment_failed', session, { status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
        return html(res, 402, checkoutPage(session, 'The 3-D Secure authentication failed.'));
      }
    }
    if ((session.status as Session['status']) === 'complete' && session.success_url) {
      res.writeHead(303, { location: session.success_url });
      return void res.end();
    }
    return html(res, 200, checkoutPage(session));
  }

  /** What the tests steer: hold deliveries, list events, deliver one (again), expire a session now. */
  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const params = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (path === '/dev/gateway/hold') {
      hold = params.hold === true;
      return json(res, 200, { hold });
    }
    if (path === '/dev/gateway/events') {
      const url = new URL(req.url ?? '/', 'http://local');
      const sessionId = url.searchParams.get('session');
      const list = events.filter((e) => !sessionId || e.session === sessionId).map(({ body: _body, ...e }) => e);
      return json(res, 200, { events: list });
    }
    const deliverMatch = /^\/dev\/gateway\/events\/([^/]+)\/deliver$/.exec(path);
    if (deliverMatch) {
      const event = events.find((e) => e.id === deliverMatch[1]);
      if (!event) return json(res, 404, { error: 'no such event' });
      const signedAt = typeof params.signed_at === 'number' ? params.signed_at : now();
      return json(res, 200, { status: await deliver(event, signedAt) });
    }
    const expireMatch = /^\/dev\/gateway\/sessions\/([^/]+)\/expire_now$/.exec(path);
    if (expireMatch) {
      const session = sessions.get(expireMatch[1]!);
      if (!session) return json(res, 404, { error: 'no such session' });
      session.expires_at = now() - 1;
      return json(res, 200, sessionView(session));
    }
    return json(res, 404, { error: 'unknown' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const work = path.startsWith('/dev/gateway/')
      ? control(req, res, path)
      : path.startsWith('/v1/') || (req.method === 'POST' && path.startsWith('/oauth/') && path !== '/oauth/authorize')
        ? api(req, res, path)
        : page(req, res, url);
    work.catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  server.listen(0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((done) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
