/**
 * The telephony simulator's dev page (/dev/calls, issue 25): call a store's number as a customer,
 * see it ring, answer / decline / let ring out as the ring-to phone (or as the advisor, for "call
 * customer"), hear what the caller heard, leave a voicemail and hang up. The list re-renders from
 * `?fragment=1` every two seconds; the buttons post to the /dev/telephony API.
 */
import { escapeHtml } from './http-util.js';
import { page, refreshScript, when } from './dev-pages.js';
import type { SimulatedCall, SimulatedLeg } from './telephony.js';

/** The demo's store numbers and a customer of the demo (Maria Gonzalez's cell), prefilled on the page. */
export const DEMO_CALL_NUMBERS = { stores: ['+16175550123', '+12145550123'], customer: '+16175551001' };

const STATE_WORDS: Record<SimulatedLeg['state'], string> = { ringing: 'ringing', connected: 'connected', disconnected: 'hung up' };

function legLine(call: SimulatedCall, leg: SimulatedLeg): string {
  const who = leg.tag === 'LEG-A' ? (call.kind === 'inbound' ? `Caller ${leg.from}` : `Advisor's phone ${leg.to}`) : `${call.kind === 'inbound' ? 'Ring-to phone' : 'Customer'} ${leg.to}`;
  const outcome = leg.outcome && leg.outcome !== 'hung_up' ? ` (${leg.outcome.replace('_', ' ')})` : '';
  const phone = escapeHtml(leg.phone);
  const buttons =
    leg.state === 'ringing'
      ? `<button type="button" data-post="/dev/telephony/phones/${encodeURIComponent(leg.phone)}/answer">Answer ${phone}</button>
         <button type="button" data-post="/dev/telephony/phones/${encodeURIComponent(leg.phone)}/decline">Decline (busy)</button>
         <button type="button" data-post="/dev/telephony/phones/${encodeURIComponent(leg.phone)}/ring_out">Let it ring out</button>`
      : leg.state === 'connected' && leg.tag === 'LEG-B'
        ? `<button type="button" data-post="/dev/telephony/calls/${encodeURIComponent(call.transaction_id)}/hangup" data-body='${escapeHtml(JSON.stringify({ number: leg.phone }))}'>Hang up ${phone}</button>`
        : '';
  return `<li>${escapeHtml(who)}: <strong>${STATE_WORDS[leg.state]}${escapeHtml(outcome)}</strong> ${buttons}</li>`;
}

function callItem(call: SimulatedCall): string {
  const id = encodeURIComponent(call.transaction_id);
  const title = call.kind === 'inbound' ? `${call.from} calls ${call.to}` : `Call customer from ${call.from} (advisor ${call.to})`;
  const heard = call.heard.length
    ? `<p class="meta">Heard:</p><ul>${call.heard.map((h) => `<li>${escapeHtml(h.text)}</li>`).join('')}</ul>`
    : '';
  const recordings = call.recordings.map((r) => `<li>Voicemail, ${r.seconds} s: <code>${escapeHtml(r.bucket)}/${escapeHtml(r.key)}</code></li>`).join('');
  const voicemailForm =
    call.waiting === 'recording'
      ? `<form class="reply" data-voicemail="/dev/telephony/calls/${id}/voicemail">
           <p>The caller hears the tone: leave a message.</p>
           <label for="words-${id}">What the caller says</label>
           <input id="words-${id}" name="words" value="Hi, this is Maria Gonzalez. Please call me back about my car.">
           <label for="seconds-${id}">Or a tone of this many seconds</label>
           <input id="seconds-${id}" name="seconds" type="number" min="1" max="120" value="6">
           <button type="submit">Leave the voicemail</button>
         </form>`
      : '';
  const callerHangsUp =
    call.state === 'active' && call.kind === 'inbound' ? `<button type="button" data-post="/dev/telephony/calls/${id}/hangup">Caller hangs up</button>` : '';
  return `<article class="mail">
  <h2>${escapeHtml(title)}</h2>
  <p class="meta">${when(call.started_at)} · ${call.state === 'over' ? 'over' : call.waiting === 'recording' ? 'recording a voicemail' : 'in progress'}</p>
  <ul>${call.legs.map((leg) => legLine(call, leg)).join('')}</ul>
  ${heard}${recordings ? `<ul>${recordings}</ul>` : ''}${voicemailForm}${callerHangsUp}
</article>`;
}

export function callList(calls: SimulatedCall[]): string {
  if (calls.length === 0) return '<p class="empty">No calls yet.</p>';
  return calls.slice(0, 20).map(callItem).join('');
}

export function callsPage(calls: SimulatedCall[], numbers: typeof DEMO_CALL_NUMBERS): string {
  const body = `
<form class="filter" id="call-store">
  <label for="from">Customer's phone</label>
  <input id="from" name="from" value="${escapeHtml(numbers.customer)}">
  <label for="to">Store's number</label>
  <input id="to" name="to" list="store-numbers" value="${escapeHtml(numbers.stores[0] ?? '')}">
  <datalist id="store-numbers">${numbers.stores.map((n) => `<option value="${escapeHtml(n)}"></option>`).join('')}</datalist>
  <button type="submit">Call the store</button>
</form>
<p class="note">The store rings its ring-to numbers (Settings → Voice calls) one after another; answer as one of them here.
When nobody answers, the caller hears the greeting and can leave a voicemail. An advisor's "call customer" rings their phone here first.</p>
<p class="error" id="error" role="status"></p>
<section id="calls" aria-live="polite">${callList(calls)}</section>`;
  const script = `${refreshScript('calls', false)}
(() => {
  const error = document.getElementById('error');
  async function post(url, body) {
    error.textContent = '';
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
    if (!res.ok) error.textContent = (await res.json().catch(() => null))?.error?.message || ('HTTP ' + res.status);
    window.refreshList();
  }
  document.getElementById('call-store').addEventListener('submit', (e) => {
    e.preventDefault();
    post('/dev/telephony/calls', { from: e.target.from.value, to: e.target.to.value });
  });
  document.getElementById('calls').addEventListener('click', (e) => {
    const button = e.target.closest('button[data-post]');
    if (button) post(button.dataset.post, button.dataset.body ? JSON.parse(button.dataset.body) : {});
  });
  document.getElementById('calls').addEventListener('submit', (e) => {
    const form = e.target.closest('form[data-voicemail]');
    if (!form) return;
    e.preventDefault();
    const words = form.words.value.trim();
    post(form.dataset.voicemail, words ? { words, seconds: Number(form.seconds.value) || undefined } : { seconds: Number(form.seconds.value) || 5 });
  });
})();`;
  return page('Calls', body, script);
}
