/**
 * The dev pages of the local carrier: the mail outbox (/dev/mail) and the "customer phone"
 * (/dev/phone?phone=+1617…), plain server-rendered HTML. Each page re-fetches its own list
 * (`&fragment=1`) every two seconds, so new mail and texts show up without reloading.
 */
import type { LineType } from '../../shared/customers.js';
import { LINE_TYPES, type MailRecord, type SmsRecord } from './carrier.js';
import { escapeHtml } from './http-util.js';

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1d2330; background: #f3f5f8; }
  body { margin: 0; }
  header { background: #1d2330; color: #fff; padding: 12px 20px; display: flex; gap: 20px; align-items: baseline; }
  header h1 { font-size: 18px; margin: 0; }
  header a { color: #9cc3ff; }
  main { max-width: 860px; margin: 0 auto; padding: 16px 20px 40px; }
  form.filter { display: flex; gap: 8px; margin-bottom: 16px; }
  input, textarea, button { font: inherit; padding: 6px 8px; border: 1px solid #b8c0cc; border-radius: 6px; }
  button { background: #2160c4; color: #fff; border-color: #2160c4; cursor: pointer; }
  .empty { color: #545c69; font-style: italic; }
  article.mail { background: #fff; border: 1px solid #dde2ea; border-radius: 8px; padding: 12px 16px; margin-bottom: 12px; }
  article.mail h2 { font-size: 16px; margin: 0 0 4px; }
  .meta { color: #545c69; font-size: 13px; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 8px 0 0; }
  .thread { display: flex; flex-direction: column; gap: 8px; background: #fff; border: 1px solid #dde2ea; border-radius: 12px;
            padding: 16px; min-height: 200px; max-height: 60vh; overflow-y: auto; }
  .bubble { max-width: 75%; padding: 8px 12px; border-radius: 16px; }
  .bubble.received { align-self: flex-start; background: #e7eaf0; border-bottom-left-radius: 4px; }
  .bubble.sent { align-self: flex-end; background: #2160c4; color: #fff; border-bottom-right-radius: 4px; }
  .bubble.sent .meta, .bubble.sent a { color: #dbe7ff; }
  .bubble pre { margin: 0; }
  .bubble img { max-width: 220px; border-radius: 8px; display: block; margin-top: 6px; }
  form.reply { display: flex; flex-direction: column; gap: 6px; margin-top: 12px; }
  form.reply label { font-size: 13px; color: #545c69; }
  form.reply input { max-width: 240px; }
  .compose { display: flex; gap: 8px; align-items: stretch; }
  .compose textarea { flex: 1; min-height: 60px; resize: vertical; }
  .error { color: #b3261e; min-height: 1.2em; }
  ul.phones { line-height: 1.8; }
  form.line { display: flex; gap: 8px; align-items: center; margin-bottom: 12px; font-size: 14px; }
  select { font: inherit; padding: 4px 6px; border: 1px solid #b8c0cc; border-radius: 6px; }
  .note { color: #545c69; font-size: 13px; }
  .failed { color: #b3261e; font-weight: 600; }
`;

/** The local carrier's line-type convention, as the pages explain it. */
const LINE_CONVENTION = `The local carrier decides what kind of line a number is (<code>GET /dev/carrier/lookup?phone=</code>)
by its last four digits: 0100–0199 landline (e.g. +16175550142), 0200–0299 VoIP (e.g. +16175550250), anything
else mobile; a type set here (or with <code>PUT /dev/carrier/lookup</code> <code>{phone, type}</code>) overrides it.
Texts to a landline get a <em>not sent</em> receipt (LANDLINE). With automatic receipts on (<code>npm start</code>),
other texts turn <em>sent</em>, then <em>delivered</em>, within a second.`;

export function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><a href="/dev/mail">Mail</a><a href="/dev/phone">Customer phone</a><a href="/dev/calls">Calls</a><a href="/app/">Console</a></header>
<main>${body}</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

/** Escapes the text and makes its http(s) links clickable. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (match) => {
    const url = match.replace(/[.,;:!?)]+$/, '');
    const rest = match.slice(url.length);
    return `<a href="${url}" target="_blank" rel="noopener">${url}</a>${rest}`;
  });
}

export function when(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;
}

/** Polls the page's fragment and swaps the list when it changed. */
export function refreshScript(containerId: string, stickToBottom: boolean): string {
  return `
(() => {
  const box = document.getElementById(${JSON.stringify(containerId)});
  const url = new URL(location.href); url.searchParams.set('fragment', '1');
  ${stickToBottom ? 'box.scrollTop = box.scrollHeight;' : ''}
  async function refresh() {
    try {
      const res = await fetch(url, { cache: 'no-store' });
      if (!res.ok) return;
      const html = await res.text();
      if (html === box.innerHTML) return;
      const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
      box.innerHTML = html;
      ${stickToBottom ? 'if (atBottom) box.scrollTop = box.scrollHeight;' : ''}
    } catch { /* the stack may be restarting; try again on the next tick */ }
  }
  window.refreshList = refresh;
  setInterval(refresh, 2000);
})();`;
}

export function mailList(mails: MailRecord[]): string {
  if (mails.length === 0) return '<p class="empty">No mail yet.</p>';
  return mails
    .map(
      (mail) => `<article class="mail">
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<div class="meta">To <strong>${escapeHtml(mail.to)}</strong> · from ${escapeHtml(mail.from)} · ${when(mail.received_at)}</div>
<pre>${linkify(mail.text)}</pre>${(mail.attachments ?? []).map((a) => `<div class="meta">Attachment: ${escapeHtml(a.file_name)} (${Math.ceil((a.content_base64.length * 3) / 4 / 1024)} KB)</div>`).join('')}
</article>`,
    )
    .join('\n');
}

export function mailPage(mails: MailRecord[], to: string | undefined): string {
  const body = `
<form class="filter" method="get" action="/dev/mail">
  <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
  <button type="submit">Filter</button>
</form>
<section id="mails" aria-live="polite">${mailList(mails)}</section>`;
  return page('Local mail outbox', body, refreshScript('mails', false));
}

export function conversationList(phone: string, texts: SmsRecord[]): string {
  if (texts.length === 0) return `<p class="empty">${escapeHtml(phone)} has no texts yet.</p>`;
  return texts
    .map((sms) => {
      const received = sms.direction === 'outbound';
      const media = sms.media
        .map((url) =>
          /\.(png|jpe?g|gif|webp)(\?|$)/i.test(url)
            ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener"><img src="${escapeHtml(url)}" alt="attachment"></a>`
            : `<div><a href="${escapeHtml(url)}" target="_blank" rel="noopener">attachment</a></div>`,
        )
        .join('');
      const party = received ? `from ${escapeHtml(sms.from)}` : `to ${escapeHtml(sms.to)}`;
      const reason = sms.error_code ? ` (${escapeHtml(sms.error_code)})` : '';
      const failed = sms.status === 'not sent' || sms.status === 'undelivered';
      const status = received && sms.status ? ` · <span class="status${failed ? ' failed' : ''}">${escapeHtml(sms.status)}${reason}</span>` : '';
      return `<div class="bubble ${received ? 'received' : 'sent'}" data-from="${escapeHtml(sms.from)}">
<pre>${linkify(sms.text)}</pre>${media}
<div class="meta">${party} · ${when(sms.at)}${status}</div>
</div>`;
    })
    .join('\n');
}

/** A form that sets the phone's line type through the carrier's lookup API. */
function lineForm(line: LineType): string {
  const options = LINE_TYPES.map((type) => `<option value="${type}"${type === line ? ' selected' : ''}>${type}</option>`).join('');
  return `<form class="line" id="line">
  <label for="line-type">Line type</label>
  <select id="line-type" name="type">${options}</select>
  <button type="submit">Set</button>
  <span class="note" id="line-saved" role="status"></span>
</form>`;
}

export function phonePage(phone: string, texts: SmsRecord[], phones: string[], line: LineType | null = null): string {
  if (!phone) {
    const known = phones.length
      ? `<ul class="phones">${phones.map((p) => `<li><a href="/dev/phone?phone=${encodeURIComponent(p)}">${escapeHtml(p)}</a></li>`).join('')}</ul>`
      : '<p class="empty">No phone has received a text yet.</p>';
    const body = `
<form class="filter" method="get" action="/dev/phone">
  <input name="phone" placeholder="+16175550342" aria-label="Phone number" required>
  <button type="submit">Open phone</button>
</form>
<h2>Phones that received texts</h2>${known}
<p class="note">${LINE_CONVENTION}</p>`;
    return page('Customer phone', body);
  }
  // The customer answers the number that texted them last.
  const dealerNumbers = [...new Set(texts.filter((t) => t.direction === 'outbound').map((t) => t.from).reverse())];
  const body = `
${lineForm(line ?? 'mobile')}
<section id="thread" class="thread" aria-live="polite">${conversationList(phone, texts)}</section>
<form class="reply" id="reply">
  <label for="to">Reply to dealership number</label>
  <input id="to" name="to" list="dealer-numbers" value="${escapeHtml(dealerNumbers[0] ?? '')}" placeholder="+15555550100" required>
  <datalist id="dealer-numbers">${dealerNumbers.map((n) => `<option value="${escapeHtml(n)}">`).join('')}</datalist>
  <div class="compose">
    <textarea id="text" name="text" placeholder="Text message (Enter sends, Shift+Enter for a new line)" aria-label="Text message" required></textarea>
    <button type="submit">Send</button>
  </div>
  <div class="error" id="error" role="alert"></div>
</form>
<p class="note">${LINE_CONVENTION}</p>`;
  const script = `${refreshScript('thread', true)}
(() => {
  const form = document.getElementById('line');
  const type = document.getElementById('line-type');
  const saved = document.getElementById('line-saved');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    saved.textContent = '';
    const body = { phone: ${JSON.stringify(phone)}, type: type.value };
    const res = await fetch('/dev/carrier/lookup', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    saved.textContent = res.ok ? 'Saved: the console sees ' + type.value + ' on its next lookup.' : 'The carrier answered ' + res.status;
  });
})();
(() => {
  const form = document.getElementById('reply');
  const error = document.getElementById('error');
  const text = document.getElementById('text');
  text.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); form.requestSubmit(); } });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    const body = { from: ${JSON.stringify(phone)}, to: form.to.value.trim(), text: text.value };
    try {
      const res = await fetch('/dev/carrier/sms/inbound', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) {
        const answer = await res.json().catch(() => ({}));
        error.textContent = (answer.error && answer.error.message) || ('The carrier answered ' + res.status);
      }
      // 502: the text was received but the console's handler failed; it shows in the thread.
      if (res.ok || res.status === 502) text.value = '';
      await window.refreshList();
    } catch (err) {
      error.textContent = String(err);
    }
  });
})();`;
  return page(`Customer phone ${phone}`, body, script);
}

export function devIndexPage(jobs: string[]): string {
  const body = `
<ul class="phones">
  <li><a href="/dev/mail">Mail outbox</a> — every e-mail the console sent</li>
  <li><a href="/dev/phone">Customer phone</a><a href="/dev/calls">Calls</a> — texts a number received; reply as the customer</li>
  <li>Carrier API: <code>/dev/carrier/mail</code>, <code>/dev/carrier/sms</code>, <code>/dev/carrier/sms/inbound</code>, <code>/dev/carrier/sms/receipt</code>, <code>/dev/carrier/lookup</code></li>
  <li>Jobs (POST to run now): ${jobs.map((j) => `<code>/dev/jobs/${escapeHtml(j)}</code>`).join(', ')}</li>
</ul>`;
  return page('Local stack', body);
}
