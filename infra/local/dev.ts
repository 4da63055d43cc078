/**
 * Everything under /dev: the carrier's endpoints (/dev/carrier/…), the dev pages and running a
 * scheduled job now (POST /dev/jobs/{name}). None of it exists in AWS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z, type ZodType } from 'zod';
import { JOBS } from '../../functions/areas.js';
import { Carrier, CarrierError, inboundInput, lineTypeInput, mailInput, outageInput, receiptInput, smsInput } from './carrier.js';
import { devIndexPage, conversationList, mailList, mailPage, phonePage } from './dev-pages.js';
import { BodyTooLarge, notFoundJson, readBody, sendJson, sendText } from './http-util.js';
import { isJobName, runJob } from './scheduler.js';
import type { TableStreamReader } from './tableStream.js';
import { TelephonyError, type TelephonySimulator } from './telephony.js';
import { callList, callsPage, DEMO_CALL_NUMBERS } from './dev-calls.js';

const MAX_DEV_BODY = 1024 * 1024;
/** An e-mail may carry a report file (functions/reports: attached up to 7 MB, base64 on the way). */
const MAX_DEV_MAIL_BODY = 12 * 1024 * 1024;

class BadRequest extends Error {}

/**
 * The number a /dev/phone link means, in E.164 as the carrier keeps texts: `?phone=+16175551001`
 * arrives as " 16175551001" (a `+` in a query string is a space), and people type numbers with
 * spaces, dashes or no `+`. A number that had its `+` is read as international; one without is
 * read as a US number first (the demo stores are), else as international. Anything that is no
 * number at all stays as typed, so the page can say it has no texts.
 */
export function phoneOfQuery(raw: string): string {
  const typed = raw.trim();
  if (typed === '') return '';
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+') || /^\s/.test(raw) || typed.startsWith('00');
  const asInternational = () => parsePhoneNumberFromString(`+${digits.replace(/^00/, '')}`);
  const asDomestic = () => {
    const parsed = parsePhoneNumberFromString(typed, 'US');
    return parsed?.isPossible() ? parsed : undefined;
  };
  const parsed = international ? asInternational() : (asDomestic() ?? asInternational());
  return parsed?.number ?? typed;
}

async function jsonBody<T>(req: IncomingMessage, schema: ZodType<T>, max = MAX_DEV_BODY): Promise<T> {
  const raw = await readBody(req, max);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8') || '{}');
  } catch {
    throw new BadRequest('Body is not JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

const jobInput = z.record(z.string(), z.string()).default({});

export async function handleDev(
  req: IncomingMessage,
  res: ServerResponse,
  carrier: Carrier,
  runJobNow = runJob,
  tableStream?: TableStreamReader,
  telephony?: TelephonySimulator,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  const query = (name: string) => url.searchParams.get(name) ?? undefined;

  try {
    // Carrier API.
    if (path === '/dev/carrier/mail' && method === 'POST') {
      const mail = await carrier.recordMail(await jsonBody(req, mailInput, MAX_DEV_MAIL_BODY));
      return sendJson(res, 202, { id: mail.id });
    }
    if (path === '/dev/carrier/mail' && method === 'GET') return sendJson(res, 200, carrier.mailbox(query('to')));
    if (path === '/dev/carrier/sms' && method === 'POST') {
      const sms = await carrier.recordText(await jsonBody(req, smsInput));
      return sendJson(res, 202, { message_id: sms.message_id });
    }
    if (path === '/dev/carrier/sms' && method === 'GET') {
      const phone = query('phone');
      if (!phone) throw new BadRequest('phone is required');
      return sendJson(res, 200, carrier.textsTo(phone));
    }
    if (path === '/dev/carrier/sms/conversation' && method === 'GET') {
      const phone = query('phone');
      if (!phone) throw new BadRequest('phone is required');
      return sendJson(res, 200, carrier.conversation(phone));
    }
    if (path === '/dev/carrier/sms/inbound' && method === 'POST') {
      const input = await jsonBody(req, inboundInput);
      return await delivered(res, () => carrier.receiveText(input));
    }
    // Where a text stands at the carrier: the last receipt published for it (null: none yet).
    if (path === '/dev/carrier/sms/receipt' && method === 'GET') {
      const messageId = query('message_id');
      if (!messageId) throw new BadRequest('message_id is required');
      return sendJson(res, 200, { receipt: carrier.latestReceipt(messageId) });
    }
    if (path === '/dev/carrier/sms/receipt' && method === 'POST') {
      const input = await jsonBody(req, receiptInput);
      return await delivered(res, () => carrier.deliveryReceipt(input));
    }
    if (path === '/dev/carrier/lookup' && method === 'GET') {
      const phone = query('phone');
      if (!phone) throw new BadRequest('phone is required');
      return sendJson(res, 200, { type: carrier.lineType(phone) });
    }
    if (path === '/dev/carrier/lookup' && method === 'PUT') {
      return sendJson(res, 200, await carrier.setLineType(await jsonBody(req, lineTypeInput)));
    }
    // The fault switch: while on, the carrier answers every outbound text 503 (tests of a carrier outage).
    if (path === '/dev/carrier/outage' && method === 'PUT') {
      return sendJson(res, 200, carrier.setOutage(await jsonBody(req, outageInput)));
    }
    if (path === '/dev/carrier/outage' && method === 'GET') return sendJson(res, 200, carrier.outage());

    // The telephony simulator (issue 25).
    if (path.startsWith('/dev/telephony/') || path === '/dev/calls') {
      if (!telephony) return sendJson(res, 404, { error: { id: 'not_found', message: 'No telephony simulator in this stack' } });
      if (path === '/dev/calls' && method === 'GET') {
        const html = query('fragment') ? callList(telephony.list()) : callsPage(telephony.list(), DEMO_CALL_NUMBERS);
        return sendText(res, 200, html, 'text/html; charset=utf-8');
      }
      return await telephonyApi(req, res, telephony, path, method, query);
    }

    // The table's stream: answers once every change made before it was asked has reached the listeners.
    if (path === '/dev/table_stream/caught_up' && method === 'POST') {
      if (!tableStream) return sendJson(res, 404, { error: { id: 'not_found', message: 'No table stream reader in this stack' } });
      await tableStream.caughtUp();
      return sendJson(res, 200, { caught_up: true });
    }

    // Jobs.
    const job = /^\/dev\/jobs\/([^/]+)$/.exec(path)?.[1];
    if (job !== undefined && method === 'POST') {
      const name = decodeURIComponent(job);
      if (!isJobName(name)) return sendJson(res, 404, { error: { id: 'not_found', message: `No job ${name}` } });
      // What the job is started with beyond its name (a mass text's id), as an asynchronous Lambda invocation carries it.
      const input = await jsonBody(req, jobInput);
      if (query('background')) {
        // Answered at once, run after, as AWS answers an asynchronous invocation (functions/lib/background.ts).
        sendJson(res, 202, { job: name });
        runJobNow(name, input).catch((err: unknown) => console.error(`[jobs] ${name} failed:`, err));
        return;
      }
      try {
        return sendJson(res, 200, { job: name, result: (await runJobNow(name, input)) ?? null });
      } catch (err) {
        console.error(`[jobs] ${name} failed:`, err);
        return sendJson(res, 500, { error: { id: 'job_failed', message: (err as Error).message } });
      }
    }

    // Pages.
    if (method === 'GET' && path === '/dev') return sendText(res, 200, devIndexPage(Object.keys(JOBS)), 'text/html; charset=utf-8');
    if (method === 'GET' && path === '/dev/mail') {
      const to = query('to');
      const html = query('fragment') ? mailList(carrier.mailbox(to)) : mailPage(carrier.mailbox(to), to);
      return sendText(res, 200, html, 'text/html; charset=utf-8');
    }
    if (method === 'GET' && path === '/dev/phone') {
      const phone = phoneOfQuery(query('phone') ?? '');
      const texts = phone ? carrier.conversation(phone) : [];
      const html = query('fragment') ? conversationList(phone, texts) : phonePage(phone, texts, carrier.phones(), phone ? carrier.lineType(phone) : null);
      return sendText(res, 200, html, 'text/html; charset=utf-8');
    }
    return notFoundJson(res);
  } catch (err) {
    if (err instanceof BadRequest) return sendJson(res, 400, { error: { id: 'bad_request', message: err.message } });
    if (err instanceof BodyTooLarge) return sendJson(res, 413, { error: { id: 'payload_too_large', message: err.message } });
    if (err instanceof CarrierError || err instanceof TelephonyError) return sendJson(res, err.status, { error: { id: err.id, message: err.message } });
    throw err;
  }
}

/**
 * Runs a publish to a topic. The subscriber's failure answers 502 (with what was published), so
 * whoever sent the text or receipt sees that the console did not take it.
 */
async function delivered(res: ServerResponse, publish: () => Promise<{ message: object; result: unknown }>): Promise<void> {
  try {
    const { message, result } = await publish();
    sendJson(res, 202, { message, result: result ?? null });
  } catch (err) {
    if (err instanceof CarrierError) throw err;
    console.error('[carrier] topic subscriber failed:', err);
    sendJson(res, 502, { error: { id: 'subscriber_failed', message: (err as Error).message } });
  }
}

const callInput = z.object({ from: z.string().min(1), to: z.string().min(1) });
const placeInput = z.object({ from: z.string().min(1), to: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) });
const updateInput = z.object({ arguments: z.record(z.string(), z.string()).default({}) });
const voicemailInput = z.object({ seconds: z.number().positive().max(600).optional(), words: z.string().max(500).optional() });
const hangUpInput = z.object({ number: z.string().min(1).optional() });

/**
 * /dev/telephony: the simulator's JSON API (test/support/calls.ts wraps it).
 * - POST /calls {from, to}: a customer calls a store's number; GET /calls, GET /calls/{id}
 * - POST /calls/{id}/voicemail {seconds | words}, POST /calls/{id}/hangup {number?}: what the caller does
 * - POST /calls/{id}/over?timeout_ms=: answers when the call is over
 * - GET /phones/{number}: what rings there; POST /phones/{number}/answer | decline | ring_out
 * - POST /outbound {from, to, arguments}, POST /calls/{id}/update {arguments}: the console's adapter
 */
async function telephonyApi(
  req: IncomingMessage,
  res: ServerResponse,
  telephony: TelephonySimulator,
  path: string,
  method: string,
  query: (name: string) => string | undefined,
): Promise<void> {
  const parts = path.replace(/^\/dev\/telephony\//, '').split('/').map(decodeURIComponent);
  const [first, id, verb] = parts;
  if (first === 'calls' && parts.length === 1) {
    if (method === 'GET') return sendJson(res, 200, telephony.list());
    if (method === 'POST') return sendJson(res, 201, await telephony.callStore(await jsonBody(req, callInput)));
  }
  if (first === 'outbound' && parts.length === 1 && method === 'POST') return sendJson(res, 202, telephony.placeCall(await jsonBody(req, placeInput)));
  if (first === 'calls' && id && parts.length === 2 && method === 'GET') return sendJson(res, 200, telephony.get(id));
  if (first === 'calls' && id && parts.length === 3 && method === 'POST') {
    if (verb === 'update') {
      telephony.updateCall(id, (await jsonBody(req, updateInput)).arguments);
      return sendJson(res, 202, { transaction_id: id });
    }
    if (verb === 'voicemail') return sendJson(res, 200, await telephony.leaveVoicemail(id, await jsonBody(req, voicemailInput)));
    if (verb === 'hangup') return sendJson(res, 200, await telephony.hangUp(id, (await jsonBody(req, hangUpInput)).number));
    if (verb === 'over') return sendJson(res, 200, await telephony.callOver(id, Math.min(60_000, Number(query('timeout_ms') ?? 10_000))));
  }
  if (first === 'phones' && id) {
    const number = phoneOfQuery(id);
    if (parts.length === 2 && method === 'GET') return sendJson(res, 200, telephony.ringing(number));
    if (parts.length === 3 && method === 'POST') {
      if (verb === 'answer') return sendJson(res, 200, await telephony.answer(number));
      if (verb === 'decline') return sendJson(res, 200, await telephony.decline(number));
      if (verb === 'ring_out') return sendJson(res, 200, await telephony.ringOut(number));
    }
  }
  return notFoundJson(res);
}
