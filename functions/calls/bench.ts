/**
 * Calls on the local stack (`npm run bench`, functions/lib/boardModule.ts `local.bench`): customers
 * with an open order at Demo Motors North call the service number through the telephony simulator;
 * nobody answers, they leave a message of 3 s and the call ends. Two figures, from the end of the call:
 * - until the voicemail is in the order's open conversation (the messages API shows it), p95;
 * - until the missed call's text-back reaches the carrier (goal p95 ≤ 10 s).
 * Both go the whole way: the SIP media application's handler keeps each step, the calls' job is
 * started in the background for the call and applies the steps (functions/calls/steps.ts, apply.ts).
 */
import { saveCustomer, type CustomerRecord } from '../customers/records.js';
import { newId } from '../lib/ids.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { newRepairOrder, saveRepairOrder } from '../repairOrders/records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const STORE_NUMBER = '+16175550123';
const ROUNDS = Number(process.env.BENCH_CALL_ROUNDS ?? 20);
const TEXT_BACK_GOAL_MS = 10_000;
const WAIT_MS = 30_000;

export interface CallFigures {
  calls: number;
  hang_up_to_voicemail_in_conversation: { median_ms: number; p95_ms: number; max_ms: number };
  hang_up_to_text_back_at_carrier: { median_ms: number; p95_ms: number; max_ms: number; goal_p95_ms: number };
}

/** Mobile numbers of their own: the 6xx exchanges of 617 from 640 up keep clear of the other benches'. */
const benchCell = (n: number) => `+1617${640 + (n % 50)}${4000 + n}`;

async function customerWithOrder(n: number): Promise<{ phone: string; roId: string }> {
  const now = new Date().toISOString();
  const phone = benchCell(n);
  const customer: CustomerRecord = {
    id: newId('cus'),
    location_id: LOCATION,
    dms_customer_id: null,
    first_name: 'Caller',
    middle_name: '',
    last_name: `Bench${n}`,
    opt_in: 'in',
    opt_metadata: null,
    blocked_at: null,
    carrier: { type: 'mobile' },
    phones: { cell: phone, work: null, alternate: null },
    email: null,
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    company_id: COMPANY,
    opt_notice_sent_at: null,
    opt_in_requested_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await saveCustomer(customer);
  const ro = newRepairOrder(
    { id: newId('ro'), ro_id: `C${700000 + n}`, company_id: COMPANY, location_id: LOCATION, customer, opened_at: now },
    { agent: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' } },
    now,
  );
  await saveRepairOrder(ro, null);
  return { phone, roId: ro.id };
}

async function telephony<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/dev/telephony${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`calls bench: ${path} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls until `found` answers true; answers when (performance.now()). */
async function until(what: string, found: () => Promise<boolean>): Promise<number> {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    if (await found()) return performance.now();
    if (performance.now() > deadline) throw new Error(`calls bench: ${what} did not come within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function figures(values: number[]): { median_ms: number; p95_ms: number; max_ms: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(0);
  return { median_ms: at(50), p95_ms: at(95), max_ms: at(100) };
}

export async function benchBoard(url: string, signIn: (email: string) => Promise<string>): Promise<CallFigures> {
  const calls = await readSettings(COMPANY, LOCATION, 'service_calls_settings');
  // Whatever the hour the bench runs at: the text-back is measured, not the quiet hours.
  await writeSettings(COMPANY, LOCATION, 'service_calls_settings', { ...calls, enabled: true, voicemail_enabled: true, text_back_enabled: true, text_back_in_quiet_hours: true }, 'bench');
  const ringTo = (await readSettings(COMPANY, LOCATION, 'service_calls_settings')).ring_to_numbers;
  const headers = { authorization: `Bearer ${await signIn('advisor@demo.example')}` };

  const toVoicemail: number[] = [];
  const toTextBack: number[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    const { phone, roId } = await customerWithOrder(n);
    const call = await telephony<{ transaction_id: string }>(url, '/calls', { from: phone, to: STORE_NUMBER });
    for (const number of ringTo) await telephony(url, `/phones/${encodeURIComponent(number)}/ring_out`, {});
    // The caller's message ends (# or silence): the recording is kept and the call hung up. A
    // message of 3 s, as one shorter than 2 s is a caller who hung up at the tone (no voicemail).
    const hungUp = performance.now();
    await telephony(url, `/calls/${call.transaction_id}/voicemail`, { seconds: 3 });
    const [voicemailAt, textBackAt] = await Promise.all([
      until('the voicemail in the conversation', async () => {
        const res = await fetch(`${url}/api/repair_orders/${roId}/messages?offset=0&limit=10`, { headers });
        const body = (await res.json()) as { messages?: { metadata?: { voicemail?: unknown } }[] };
        return (body.messages ?? []).some((m) => m.metadata?.voicemail);
      }),
      until('the text-back at the carrier', async () => {
        const res = await fetch(`${url}/dev/carrier/sms?phone=${encodeURIComponent(phone)}`);
        return ((await res.json()) as { direction: string }[]).some((sms) => sms.direction === 'outbound');
      }),
    ]);
    toVoicemail.push(voicemailAt - hungUp);
    toTextBack.push(textBackAt - hungUp);
  }
  return {
    calls: ROUNDS,
    hang_up_to_voicemail_in_conversation: figures(toVoicemail),
    hang_up_to_text_back_at_carrier: { ...figures(toTextBack), goal_p95_ms: TEXT_BACK_GOAL_MS },
  };
}
