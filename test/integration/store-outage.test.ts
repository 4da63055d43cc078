/**
 * DynamoDB Local killed in the middle of a burst of texts, on a stack of this file's own (its data
 * in a temporary directory, so the store comes back with it): the supervisor brings it back on the
 * same port, the API answers 503 while it is gone, and a client that retries with the same
 * Idempotency-Key ends with every text stored once and at the customer's phone once; a text the
 * customer got while its request could not say so is confirmed within seconds of the store's
 * return, and receipts the carrier sent meanwhile are caught up by the message sweep.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, type ApiClient } from '../support/api.js';
import { startFaultStack, storeBackUp, type FaultStack } from '../support/fault-stack.js';
import { accountFor, answerName, burstWithOutage, textableOrders, type OutageAccount, type OutageBurst } from '../support/outage.js';

const SENDS = 40;
const CUSTOMERS = 5;

let faults: FaultStack;
let manager: ApiClient;

beforeAll(async () => {
  faults = await startFaultStack();
  manager = api(faults.stack.url, await signIn(faults.stack.url, 'manager@demo.example'));
}, 180_000);

afterAll(async () => {
  await faults?.stop();
}, 60_000);

/** Whether something accepts a TCP connection at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** An IPv4 address of this machine other than loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('The local stack on a machine with a network', () => {
  it.skipIf(!outsideAddress)('answers on 127.0.0.1 only by default: the console, DynamoDB Local and s3rver', async () => {
    const ports = {
      console: Number(new URL(faults.stack.url).port),
      dynamodb: Number(new URL(faults.stack.env.DYNAMODB_ENDPOINT!).port),
      s3: Number(new URL(faults.stack.env.S3_ENDPOINT!).port),
    };
    const reach = async (host: string) => ({
      console: await accepts(host, ports.console),
      dynamodb: await accepts(host, ports.dynamodb),
      s3: await accepts(host, ports.s3),
    });

    const fromLoopback = await reach('127.0.0.1');
    const fromOutside = await reach(outsideAddress!);

    expect(fromLoopback).toEqual({ console: true, dynamodb: true, s3: true });
    expect(fromOutside).toEqual({ console: false, dynamodb: false, s3: false });
  });
});

describe('The local stack when DynamoDB Local dies', () => {
  it('restarts it on the same port with the data kept, and answers 503 service_unavailable meanwhile', async () => {
    const before = await faults.stack.faults.storeStatus();
    const me = await manager.get('/api/agents/me');

    const pid = await faults.stack.faults.crashStore();
    const whileDown = await manager.get('/api/agents/me');
    const back = await storeBackUp(faults.stack, before.restarts);
    const after = await manager.get('/api/agents/me');

    expect(me.status).toBe(200);
    expect(pid).toBe(before.pid);
    // Either the answer came while java was gone, or java was already back (a fast restart).
    expect([503, 200]).toContain(whileDown.status);
    if (whileDown.status === 503) expect(whileDown.body.error.id).toBe('service_unavailable');
    expect(back.pid).not.toBe(before.pid);
    // The same endpoint the handlers were given at start, and the session written before the crash.
    expect(after.status).toBe(200);
    expect(after.body.agent.id).toBe(me.body.agent.id);
  }, 180_000);
});

describe('A burst of texts with the store killed in the middle', () => {
  let burst: OutageBurst;
  let account: OutageAccount;

  beforeAll(async () => {
    const orders = await textableOrders(manager, CUSTOMERS);
    if (orders.length < 2) throw new Error(`Only ${orders.length} demo orders can be texted`);
    burst = await burstWithOutage({ stack: faults.stack, sender: manager, orders, sends: SENDS, crashBefore: SENDS / 4, concurrency: 4, retryForMs: 180_000 });
    account = await accountFor(burst, manager, faults.stack.carrierUrl);
    // What happened, whatever the assertions say: the counts are the report.
    console.info('[store-outage]', JSON.stringify({ ...account, restartMs: burst.restartMs, sweep: burst.sweep }));
  }, 480_000);

  it('answers every send 201 or 503 service_unavailable, never 500, and some were answered during the outage', () => {
    const first = burst.sends.map((s) => answerName(s.answers[0]!));

    expect(first.filter((a) => a !== '201' && a !== '503 service_unavailable')).toEqual([]);
    expect(first.filter((a) => a !== '201').length).toBeGreaterThan(0);
  });

  it('answers every retry with the same key 201, 503 or 409 request_in_progress, and ends with 201 for every send', () => {
    const retries = Object.keys(account.retryAnswers);

    expect(retries.filter((a) => !['201', '503 service_unavailable', '409 request_in_progress'].includes(a))).toEqual([]);
    expect(account.toldOkInTheEnd).toBe(SENDS);
    expect(account.keyAnsweredTwoIds).toBe(0);
  });

  it('tells no 201 for a text it did not keep', () => {
    expect(account.toldButNotStored).toBe(0);
  });

  it('keeps every intended text exactly once in its conversation', () => {
    expect({ once: account.storedOnce, missing: account.storedMissing, duplicated: account.storedDuplicated }).toEqual({ once: SENDS, missing: 0, duplicated: 0 });
  });

  it('hands every intended text to the carrier exactly once', () => {
    expect({ once: account.carrierOnce, missing: account.carrierMissing, duplicated: account.carrierDuplicated }).toEqual({ once: SENDS, missing: 0, duplicated: 0 });
  });

  it('leaves no text queued once the outbox sweep has run', () => {
    expect(burst.sweep.status).toBe(200);
    expect(account.stuckQueued).toBe(0);
  });

  it('confirms every text the customer got during the outage to its client within 10 s of the store coming back', () => {
    expect(account.reachedCarrierNeverConfirmed).toBe(0);
    expect(account.reachedCarrierConfirmedAfterMs ?? 0).toBeLessThanOrEqual(10_000);
  });

  it('catches up, in the message sweep, with the receipts the carrier sent while the store was down: no text stays behind the carrier', () => {
    expect(burst.receipts.lost).toBeGreaterThan(0);
    expect(account.behindCarrier).toBe(0);
  });
});
