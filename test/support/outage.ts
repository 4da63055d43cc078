/**
 * A burst of texts with DynamoDB Local killed in the middle of it, the carrier's receipts for the
 * texts it has published while the store is down, the retries a client makes afterwards (the same
 * Idempotency-Key until it answers 201), the message sweep, and an account of what happened: what
 * the senders were told and when, what the conversations hold, what the customers' phones got and
 * what the carrier says of them. The store-outage test asserts on it; bench/faults.ts reports it at
 * a larger size.
 */
import { randomUUID } from 'node:crypto';
import type { Message } from '../../shared/messages.js';
import type { RepairOrder } from '../../shared/repairOrders/repairOrders.js';
import type { LocalStack } from '../../infra/local/stack.js';
import type { SmsRecord } from '../../infra/local/carrier.js';
import { api, textsTo, type ApiClient } from './api.js';
import { FAULT_GRACE_SECONDS, storeBackUp } from './fault-stack.js';

export const NORTH = 'loc_demo_north';

/** An open order whose customer the console texts (a probe text answered 201). */
export interface TextableOrder {
  roId: string;
  phone: string;
}

/**
 * Up to `count` open demo orders of the north store whose customers can be texted: each gets a
 * probe text first, and only those answered 201 are kept, so the burst meets no texting rule.
 */
export async function textableOrders(sender: ApiClient, count: number): Promise<TextableOrder[]> {
  const board = await sender.get(`/api/locations/${NORTH}/repair_orders?offset=0&limit=100`);
  if (board.status !== 200) throw new Error(`The board answered ${board.status}: ${board.text}`);
  const found: TextableOrder[] = [];
  for (const ro of board.body.repair_orders as RepairOrder[]) {
    if (found.length >= count) break;
    const phone = ro.customer?.phones.cell;
    if (ro.closed || !phone || ro.customer.opt_in === 'out' || ro.customer.carrier.type !== 'mobile') continue;
    const probe = await sender.post(`/api/repair_orders/${ro.id}/messages`, { message: { text: `Probe before the outage ${randomUUID()}` } }, { 'Idempotency-Key': randomUUID() });
    if (probe.status === 201) found.push({ roId: ro.id, phone });
  }
  return found;
}

export interface PlannedSend {
  key: string;
  order: TextableOrder;
  /** Unique in the whole run: what the conversation and the phone are searched for. */
  text: string;
  /** Every answer, in order, with when it came (ms): the first is the burst's, the rest are retries. */
  answers: { status: number; errorId: string | null; at: number }[];
  /** The message id of each 201 answer. */
  toldIds: string[];
}

export interface OutageBurstOptions {
  stack: LocalStack;
  sender: ApiClient;
  orders: TextableOrder[];
  sends: number;
  /** The store is killed just before this send (0-based) goes out. */
  crashBefore: number;
  concurrency: number;
  /** How long the retries may go on (a claim left `running` with no text written frees its key after its lease). */
  retryForMs: number;
}

/** Receipts the carrier published while the store was down: how many, and how many the console could not take. */
export interface OutageReceipts {
  published: number;
  lost: number;
}

export interface OutageBurst {
  sends: PlannedSend[];
  crashedPid: number | null;
  /** From the kill to DynamoDB Local answering again (the supervisor's own measure). */
  restartMs: number | null;
  /** When the store was seen back (ms). */
  storeBackAt: number;
  receipts: OutageReceipts;
  /** The sweep job's answer. */
  sweep: { status: number; body: unknown };
}


/** Runs the burst, the outage, the retries and the sweep. */
export async function burstWithOutage(options: OutageBurstOptions): Promise<OutageBurst> {
  const run = randomUUID().slice(0, 8);
  const sends: PlannedSend[] = Array.from({ length: options.sends }, (_, i) => ({
    key: randomUUID(),
    order: options.orders[i % options.orders.length]!,
    text: `Your car is being looked at [outage ${run} ${i}]`,
    answers: [],
    toldIds: [],
  }));
  const send = async (planned: PlannedSend) => {
    const res = await options.sender.post(`/api/repair_orders/${planned.order.roId}/messages`, { message: { text: planned.text } }, { 'Idempotency-Key': planned.key });
    planned.answers.push({ status: res.status, errorId: (res.body?.error?.id as string | undefined) ?? null, at: Date.now() });
    if (res.status === 201) planned.toldIds.push(res.body.message.id as string);
  };
  const receipts: OutageReceipts = { published: 0, lost: 0 };
  // The carrier goes on: every burst text it has by now is reported `sent` while the store is down.
  const receiptsWhileDown = async () => {
    const carrier = api(options.stack.carrierUrl);
    for (const phone of new Set(options.orders.map((o) => o.phone))) {
      for (const text of await textsTo(options.stack.carrierUrl, phone)) {
        if (!text.text.includes(`[outage ${run} `)) continue;
        const res = await carrier.post('/sms/receipt', { message_id: text.message_id, status: 'sent' });
        receipts.published += 1;
        if (res.status !== 202) receipts.lost += 1;
      }
    }
  };

  const restartsBefore = (await options.stack.faults.storeStatus()).restarts;
  let crashedPid: number | null = null;
  let next = 0;
  let crashing: Promise<void> | undefined;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= sends.length) return;
      if (index === options.crashBefore) {
        crashing = options.stack.faults.crashStore().then(async (pid) => {
          crashedPid = pid;
          await receiptsWhileDown();
        });
      }
      // Every send from the kill on leaves only once java is dead.
      if (index >= options.crashBefore) await crashing;
      await send(sends[index]!);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const lastBurstAnswerAt = Date.now();

  const back = await storeBackUp(options.stack, restartsBefore);
  const storeBackAt = Date.now();

  // The client's side of the contract: the same key again until the answer is 201, each send on
  // its own (as each console does), `concurrency` at a time, a second apart.
  const deadline = Date.now() + options.retryForMs;
  for (;;) {
    const pending = sends.filter(retryable);
    if (pending.length === 0 || Date.now() > deadline) break;
    let taken = 0;
    const retrier = async () => {
      while (taken < pending.length) await send(pending[taken++]!);
    };
    await Promise.all(Array.from({ length: options.concurrency }, retrier));
    if (sends.some(retryable)) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const lastAnswerAt = Math.max(lastBurstAnswerAt, ...sends.flatMap((s) => s.answers.map((a) => a.at)));

  // The sweep looks only at texts queued (or accepted without a receipt) longer than its grace:
  // give every burst text that long.
  const sweepAt = lastAnswerAt + FAULT_GRACE_SECONDS * 1000 + 2000;
  if (Date.now() < sweepAt) await new Promise((resolve) => setTimeout(resolve, sweepAt - Date.now()));
  const sweepRes = await api(options.stack.url).post('/dev/jobs/message_sweep', {});

  return { sends, crashedPid, restartMs: back.lastOutageMs, storeBackAt, receipts, sweep: { status: sweepRes.status, body: sweepRes.body } };
}

/** Still down (503) or a claim the outage left running with no text written (409 request_in_progress): worth asking again. */
function retryable(planned: PlannedSend): boolean {
  const last = planned.answers.at(-1);
  return last?.status === 503 || (last?.status === 409 && last.errorId === 'request_in_progress');
}

export interface OutageAccount {
  sends: number;
  /** First answers by status and error id ("201": 31, "503 service_unavailable": 9). */
  firstAnswers: Record<string, number>;
  /** Retry answers, named the same way. */
  retryAnswers: Record<string, number>;
  /** Sends whose first answer was 201. */
  toldOkAtOnce: number;
  /** Sends answered 201 in the end. */
  toldOkInTheEnd: number;
  /** Sends stored exactly once / not at all / more than once (by their text). */
  storedOnce: number;
  storedMissing: number;
  storedDuplicated: number;
  /** Sends that reached the customer's phone exactly once / never / more than once. */
  carrierOnce: number;
  carrierMissing: number;
  carrierDuplicated: number;
  /** 201 answers whose message id is not in the conversation. */
  toldButNotStored: number;
  /** The same key answered with two different message ids. */
  keyAnsweredTwoIds: number;
  /** Burst texts still `queued` after the sweep. */
  stuckQueued: number;
  /** Delivery states of the stored burst texts. */
  storedStates: Record<string, number>;
  /** Stored burst texts whose state is behind the carrier's last receipt for them (a receipt lost in the outage, not caught up). */
  behindCarrier: number;
  /** Sends whose text the carrier had before the store was back while their client had no 201 yet (the customer had it; the console did not say so). */
  reachedCarrierUntold: number;
  /** …the longest any of them waited, from the store's return, for its 201 (null: none); undefined-free so it serialises. */
  reachedCarrierConfirmedAfterMs: number | null;
  /** …and how many of them never got a 201. */
  reachedCarrierNeverConfirmed: number;
  /** From the store's return to the last 201 of any send. */
  allConfirmedAfterMs: number | null;
}

const RANK: Record<string, number> = { scheduled: 0, queued: 1, accepted: 2, sent: 3, delivered: 4, undelivered: 4, 'not sent': 4 };

async function conversation(reader: ApiClient, roId: string): Promise<Message[]> {
  const messages: Message[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await reader.get(`/api/repair_orders/${roId}/messages?offset=${offset}&limit=100`);
    if (page.status !== 200) throw new Error(`Messages of ${roId}: ${page.status} ${page.text}`);
    messages.push(...(page.body.messages as Message[]));
    if ((page.body.messages as Message[]).length < 100) return messages;
  }
}

const tally = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

/** "201", "503 service_unavailable", "409 request_in_progress". */
export function answerName(answer: { status: number; errorId: string | null }): string {
  return answer.errorId ? `${answer.status} ${answer.errorId}` : String(answer.status);
}

/** Reads the conversations and the phones, and counts. */
export async function accountFor(burst: OutageBurst, reader: ApiClient, carrierUrl: string): Promise<OutageAccount> {
  const orders = [...new Map(burst.sends.map((s) => [s.order.roId, s.order])).values()];
  const stored = new Map<string, Message[]>();
  const atCarrier = new Map<string, SmsRecord[]>();
  for (const order of orders) {
    stored.set(order.roId, await conversation(reader, order.roId));
    if (!atCarrier.has(order.phone)) atCarrier.set(order.phone, await textsTo(carrierUrl, order.phone));
  }
  const account: OutageAccount = {
    sends: burst.sends.length,
    firstAnswers: {},
    retryAnswers: {},
    toldOkAtOnce: 0,
    toldOkInTheEnd: 0,
    storedOnce: 0,
    storedMissing: 0,
    storedDuplicated: 0,
    carrierOnce: 0,
    carrierMissing: 0,
    carrierDuplicated: 0,
    toldButNotStored: 0,
    keyAnsweredTwoIds: 0,
    stuckQueued: 0,
    storedStates: {},
    behindCarrier: 0,
    reachedCarrierUntold: 0,
    reachedCarrierConfirmedAfterMs: null,
    reachedCarrierNeverConfirmed: 0,
    allConfirmedAfterMs: null,
  };
  const later = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));
  for (const planned of burst.sends) {
    const [first, ...retries] = planned.answers.map(answerName);
    tally(account.firstAnswers, first ?? 'none');
    for (const answer of retries) tally(account.retryAnswers, answer);
    if (planned.answers[0]?.status === 201) account.toldOkAtOnce += 1;
    if (planned.answers.at(-1)?.status === 201) account.toldOkInTheEnd += 1;
    if (new Set(planned.toldIds).size > 1) account.keyAnsweredTwoIds += 1;

    const mine = stored.get(planned.order.roId)!.filter((m) => m.text.includes(planned.text));
    if (mine.length === 1) account.storedOnce += 1;
    else if (mine.length === 0) account.storedMissing += 1;
    else account.storedDuplicated += 1;
    for (const m of mine) {
      tally(account.storedStates, m.metadata.status ?? 'none');
      if (m.metadata.status === 'queued') account.stuckQueued += 1;
    }
    const ids = new Set(stored.get(planned.order.roId)!.map((m) => m.id));
    if (planned.toldIds.some((id) => !ids.has(id))) account.toldButNotStored += 1;

    const texts = atCarrier.get(planned.order.phone)!.filter((text) => text.text.includes(planned.text));
    if (texts.length === 1) account.carrierOnce += 1;
    else if (texts.length === 0) account.carrierMissing += 1;
    else account.carrierDuplicated += 1;

    const carrierSays = texts[0]?.status;
    if (carrierSays && mine.some((m) => (RANK[m.metadata.status ?? 'queued'] ?? 0) < (RANK[carrierSays] ?? 0))) account.behindCarrier += 1;

    const firstOk = planned.answers.find((a) => a.status === 201);
    if (firstOk) account.allConfirmedAfterMs = later(account.allConfirmedAfterMs, Math.max(0, firstOk.at - burst.storeBackAt));
    const reachedBeforeBack = texts.some((t) => Date.parse(t.at) < burst.storeBackAt);
    if (reachedBeforeBack && planned.answers[0]?.status !== 201) {
      account.reachedCarrierUntold += 1;
      if (firstOk) account.reachedCarrierConfirmedAfterMs = later(account.reachedCarrierConfirmedAfterMs, Math.max(0, firstOk.at - burst.storeBackAt));
      else account.reachedCarrierNeverConfirmed += 1;
    }
  }
  return account;
}
