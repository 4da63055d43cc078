/**
 * Calls in tests (issue 25), over the telephony simulator's API (/dev/telephony, infra/local/telephony.ts)
 * of the stack at `baseUrl`. Each helper answers once the events it caused were handled by the SIP
 * media application's handler, so what it changed (a step handed over, the next phone ringing) is
 * there when it returns; the steps' application in the background may still be under way.
 *
 * - `callStore(baseUrl, { from, to })`: a customer calls a store's number → the call as it stands.
 * - `ringingPhone(baseUrl, number)`: the call and leg ringing at that number, or null.
 * - `answer` / `decline` (busy) / `ringOut` (no answer, as after its ring time): what the ringing phone at a number does.
 * - `leaveVoicemail(baseUrl, call, { seconds | words })`: the caller speaks after the tone (a tone of `seconds`, or words with espeak-ng).
 * - `hangUp(baseUrl, call, number?)`: the caller hangs up (or the phone `number` on the call).
 * - `callOver(baseUrl, call, timeoutMs?)`: waits until every leg is gone → the call.
 * - `heard(call)`: what the caller (or advisor) heard, in order.
 * - `calls(baseUrl)`, `callOf(baseUrl, id)`: the simulator's calls, newest first / one.
 */
import type { SimulatedCall, SimulatedLeg } from '../../infra/local/telephony.js';

export type { SimulatedCall, SimulatedLeg };

async function send<T>(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/dev/telephony${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /dev/telephony${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const idOf = (call: SimulatedCall | string) => encodeURIComponent(typeof call === 'string' ? call : call.transaction_id);
const phone = (number: string) => encodeURIComponent(number);

export function callStore(baseUrl: string, input: { from: string; to: string }): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', '/calls', input);
}

export function ringingPhone(baseUrl: string, number: string): Promise<{ call: SimulatedCall; leg: SimulatedLeg } | null> {
  return send(baseUrl, 'GET', `/phones/${phone(number)}`);
}

/** Waits (polling) until a phone rings at `number`: an outbound call's first ring follows the console's request by a moment. */
export async function phoneRings(baseUrl: string, number: string, timeoutMs = 5000): Promise<{ call: SimulatedCall; leg: SimulatedLeg }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ringing = await ringingPhone(baseUrl, number);
    if (ringing) return ringing;
    if (Date.now() > until) throw new Error(`no phone rang at ${number} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function answer(baseUrl: string, number: string): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/phones/${phone(number)}/answer`, {});
}

export function decline(baseUrl: string, number: string): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/phones/${phone(number)}/decline`, {});
}

export function ringOut(baseUrl: string, number: string): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/phones/${phone(number)}/ring_out`, {});
}

export function leaveVoicemail(baseUrl: string, call: SimulatedCall | string, message: { seconds?: number; words?: string }): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/calls/${idOf(call)}/voicemail`, message);
}

export function hangUp(baseUrl: string, call: SimulatedCall | string, number?: string): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/calls/${idOf(call)}/hangup`, number ? { number } : {});
}

export function callOver(baseUrl: string, call: SimulatedCall | string, timeoutMs = 10_000): Promise<SimulatedCall> {
  return send(baseUrl, 'POST', `/calls/${idOf(call)}/over?timeout_ms=${timeoutMs}`, {});
}

export function calls(baseUrl: string): Promise<SimulatedCall[]> {
  return send(baseUrl, 'GET', '/calls');
}

export function callOf(baseUrl: string, call: SimulatedCall | string): Promise<SimulatedCall> {
  return send(baseUrl, 'GET', `/calls/${idOf(call)}`);
}

export function heard(call: SimulatedCall): string[] {
  return call.heard.map((h) => h.text);
}
