/** Small typed helpers for tests that talk to the local stack over HTTP. */
import type { MailRecord, SmsRecord } from '../../infra/local/carrier.js';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';

/**
 * A parsed JSON answer. Tests read deep into answers of many shapes (`res.body.agent.id`), so the
 * body is deliberately loose; assertions pin the shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export interface ApiResponse {
  status: number;
  /** The JSON answer, or null when the body is empty or not JSON (see `text`). */
  body: JsonBody;
  text: string;
  headers: Headers;
}

export interface ApiClient {
  get(path: string, headers?: Record<string, string>): Promise<ApiResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  del(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
}

async function request(baseUrl: string, token: string | undefined, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: JsonBody = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** An API client, signed in when a token is given. */
export function api(baseUrl: string, token?: string): ApiClient {
  return {
    get: (path, headers = {}) => request(baseUrl, token, 'GET', path, undefined, headers),
    post: (path, body = {}, headers = {}) => request(baseUrl, token, 'POST', path, body, headers),
    put: (path, body = {}, headers = {}) => request(baseUrl, token, 'PUT', path, body, headers),
    del: (path, body, headers = {}) => request(baseUrl, token, 'DELETE', path, body, headers),
  };
}

/** Signs in with e-mail and password; answers the access token or throws with the server's answer. */
export async function signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api(baseUrl).post('/agent_sessions/login_jwt', { agent: { email, password } });
  const token: unknown = res.body?.agent?.access_token;
  if (res.status !== 200 || typeof token !== 'string') throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.text}`);
  return token;
}

/** The local outbox of one address, newest first. */
export async function mailbox(carrierUrl: string, to: string): Promise<MailRecord[]> {
  const res = await fetch(`${carrierUrl}/mail?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`Mailbox of ${to}: ${res.status}`);
  return (await res.json()) as MailRecord[];
}

/** Texts a phone received from the console, newest first. */
export async function textsTo(carrierUrl: string, phone: string): Promise<SmsRecord[]> {
  const res = await fetch(`${carrierUrl}/sms?phone=${encodeURIComponent(phone)}`);
  if (!res.ok) throw new Error(`Texts to ${phone}: ${res.status}`);
  return (await res.json()) as SmsRecord[];
}

/** A customer's reply, delivered to the console's inbound topic; answers the carrier's reply. */
export async function replyAsCustomer(carrierUrl: string, from: string, to: string, text: string): Promise<ApiResponse> {
  return api(carrierUrl).post('/sms/inbound', { from, to, text });
}
