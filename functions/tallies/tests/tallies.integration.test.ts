/**
 * The texting and consent figures against the local stack, in a dealership of its own: texts sent
 * through the API and customers' replies through the local carrier, conversations with chosen times
 * written through the message store, consent changes by keyword and by an agent, line types found;
 * each change handed to the listener by the test as the table's stream would (`apply` with changes
 * built from the real items, after the stack's own reader), twice and out of order. The answers are worked
 * out here from what the test did; the figures and the records behind them must match them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bucketBound, responseBucket } from '../../../shared/reports/responseTimes.js';
import { DEFAULT_OPENING_HOURS, REPORT_ERRORS } from '../../../shared/reports/schemas.js';
import { dayAfter, storeDay } from '../../../shared/reports/periods.js';
import type { ReportFigures, ReportSheet } from '../../../shared/reports/types.js';
import { customerKeys, rememberLineType, saveCustomer, type CustomerRecord } from '../../customers/records.js';
import type { TableChange } from '../../lib/boardModule.js';
import { getItem, queryAll } from '../../lib/table.js';
import { loadOwner, type ConversationOwner } from '../../messages/owners.js';
import { appendMessage, everyMessageOf, messageKeys, newMessage, setDeliveryState } from '../../messages/records.js';
import { saveRepairOrder } from '../../repairOrders/records.js';
import { api, replyAsCustomer, signIn, type ApiClient } from '../../../test/support/api.js';
import { streamCaughtUp } from '../../../test/support/tableStream.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { countFact } from '../facts.js';
import { figureRecordPages } from '../records.js';
import { tallyListener } from '../listener.js';
import { forgetStores } from '../stores.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const NY = 'America/New_York';

let store: OwnStore;
let manager: ApiClient;
let admin: ApiClient;
let advisor: ApiClient;
let otherManager: ApiClient;
let sam: { id: string; first_name: string; last_name: string };
let ana: { id: string; first_name: string; last_name: string };
let changeNo = 0;

/** A change as the stream tells it, from the item as it now is in the table. */
const insert = (item: Record<string, unknown>, old?: Record<string, unknown>): TableChange => ({
  id: `chg_${++changeNo}`,
  kind: old ? 'modify' : 'insert',
  keys: { pk: String(item.pk), sk: String(item.sk) },
  ...(old ? { old } : {}),
  new: item,
  at: new Date().toISOString(),
});

/**
 * The test's own hand of changes to the listener, after the stack's reader has handed the same
 * writes: a conversation's waits are kept with a version, and the reader's hand racing the test's
 * (two writers of one conversation's state that the stream in AWS never runs at once: a thread's
 * items share a partition, so a shard) could use up the listener's retries.
 */
async function applyAfterStream(changes: TableChange[]): Promise<void> {
  await streamCaughtUp(baseUrl);
  await tallyListener.apply(changes);
}

async function messageChanges(owner: ConversationOwner): Promise<TableChange[]> {
  const messages = await everyMessageOf(owner.company_id, owner.thread_id);
  const items = await Promise.all(messages.map((m) => getItem<Record<string, unknown>>(messageKeys.message(m.company_id, m.message_thread_id, m.id), true)));
  return items.flatMap((item) => (item ? [insert(item)] : []));
}

async function ledgerChanges(customer: CustomerRecord): Promise<TableChange[]> {
  const { pk } = customerKeys.customer(customer.company_id, customer.id);
  const lines = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': 'CONSENT#' } });
  return lines.map((line) => insert(line));
}

async function newCustomer(over: Partial<CustomerRecord> = {}): Promise<CustomerRecord> {
  const customer = customerRecord({ company_id: store.companyId, location_id: store.locationId, opt_in: 'in', opt_metadata: { initiator: 'customer', opcode: null, timestamp: new Date().toISOString(), agent: null }, ...over });
  await saveCustomer(customer);
  return customer;
}

async function conversationOf(customer: CustomerRecord, advisorRef: typeof sam | null): Promise<ConversationOwner> {
  const ro = repairOrderRecord(customer, { agent: advisorRef });
  await saveRepairOrder(ro, null);
  return (await loadOwner(store.companyId, { kind: 'repair_order', id: ro.id }, true))!;
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const figuresOf = async (client: ApiClient, query: string, locationId = store.locationId) => client.get(`/api/locations/${locationId}/reports/figures?${query}`);
const sheet = (figures: ReportFigures, id: string): ReportSheet => figures.sheets.find((s) => s.id === id)!;
const rowOf = (s: ReportSheet, key: string) => s.rows.find((r) => r.key === key);

/** Minute by minute: is this New York minute within the default hours (Mon–Fri 8–18, Sat 8–13)? */
function openMinutes(startIso: string, endIso: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: NY, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  let n = 0;
  for (let t = Date.parse(startIso); t + 60_000 <= Date.parse(endIso); t += 60_000) {
    const p = Object.fromEntries(fmt.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    const minute = Number(p.hour) * 60 + Number(p.minute);
    if (p.weekday === 'Sun') continue;
    if (minute >= 480 && minute < (p.weekday === 'Sat' ? 780 : 1080)) n++;
  }
  return n;
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  forgetStores();
  store = await createOwnStore('tallies');
  const tag = randomUUID().slice(0, 6);
  const samAgent = await createAgent(store, `agt_tly_sam_${tag}`, 'Sam', 'Ortiz');
  const anaAgent = await createAgent(store, `agt_tly_ana_${tag}`, 'Ana', 'Berg');
  const boss = await createAgent(store, `agt_tly_mgr_${tag}`, 'Maria', 'Keller', { access_level: accessFlags('manager', 'service') });
  const owner = await createAgent(store, `agt_tly_adm_${tag}`, 'Ada', 'Nguyen', { access_level: accessFlags('admin', 'manager') });
  const east = await createAgent(store, `agt_tly_east_${tag}`, 'Eli', 'Stone', { location_id: store.otherLocationId, access_level: accessFlags('manager', 'service') });
  sam = { id: samAgent.id, first_name: 'Sam', last_name: 'Ortiz' };
  ana = { id: anaAgent.id, first_name: 'Ana', last_name: 'Berg' };
  const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
  manager = await as(boss.email);
  admin = await as(owner.email);
  advisor = await as(samAgent.email);
  otherManager = await as(east.email);
});

describe('texting activity per advisor', () => {
  /** Chosen times (New York): what each wait lasted within opening hours is worked out minute by minute. */
  const T = {
    thu1750: '2026-11-19T22:50:00.000Z',
    fri0807: '2026-11-20T13:07:00.000Z',
    fri0900: '2026-11-20T14:00:00.000Z',
    fri0902: '2026-11-20T14:02:00.000Z',
    fri0905: '2026-11-20T14:05:00.000Z',
    fri0910: '2026-11-20T14:10:00.000Z',
    sat1250: '2026-10-31T16:50:00.000Z',
    mon0803: '2026-11-02T13:03:00.000Z',
    sat1255: '2026-11-14T17:55:00.000Z',
  };
  const PERIOD = 'period=custom&from=2026-10-31&to=2026-11-20';
  let samOwner: ConversationOwner;
  let anaOwner: ConversationOwner;
  let idle: ConversationOwner;
  const waitsOfSam: { inboundId: string; minutes: number }[] = [];

  beforeAll(async () => {
    const cus1 = await newCustomer();
    const cus2 = await newCustomer();
    const cus3 = await newCustomer();
    samOwner = await conversationOf(cus1, sam);
    anaOwner = await conversationOf(cus2, ana);
    idle = await conversationOf(cus3, null);
    const inbound = async (owner: ConversationOwner, at: string, text: string) => {
      const m = newMessage(owner, { direction: 'inbound', text, at, from: '+16175550000', to: store.number });
      await appendMessage(owner, m);
      return m;
    };
    const reply = async (owner: ConversationOwner, at: string, who: typeof sam, text: string) => {
      const m = newMessage(owner, { direction: 'outbound', text, at, agent: who, status: 'delivered', statusAt: at });
      await appendMessage(owner, m);
      return m;
    };
    // Sam's conversation: a text Thursday evening answered Friday morning, two texts answered once,
    // a Saturday text answered on Monday across the end of DST; an automated text and a note in between count for nothing.
    const w1 = await inbound(samOwner, T.thu1750, 'Is my car ready?');
    await appendMessage(samOwner, newMessage(samOwner, { direction: 'outbound', text: 'Reminder', at: T.fri0807, automated: 'vehicle_ready', status: 'delivered' }));
    await reply(samOwner, T.fri0807, sam, 'Yes, ready at noon.');
    const w2 = await inbound(samOwner, T.fri0900, 'Can I come at 11?');
    await inbound(samOwner, T.fri0902, 'Or 11:30?');
    await appendMessage(samOwner, newMessage(samOwner, { direction: 'staff', text: 'Ana, can you check?', at: T.fri0902, agent: sam }));
    await reply(samOwner, T.fri0905, sam, '11:30 works.');
    // Ana answers in Sam's conversation: the wait is still Sam's, the text is Ana's.
    await reply(samOwner, T.fri0910, ana, 'See you then.');
    const w3 = await inbound(samOwner, T.sat1250, 'Do you open Sunday?');
    await reply(samOwner, T.mon0803, sam, 'We open Monday at 8.');
    waitsOfSam.push({ inboundId: w1.id, minutes: openMinutes(T.thu1750, T.fri0807) }, { inboundId: w2.id, minutes: openMinutes(T.fri0900, T.fri0905) }, { inboundId: w3.id, minutes: openMinutes(T.sat1250, T.mon0803) });
    // Ana's: one text never answered. No one's: one text never answered.
    await inbound(anaOwner, T.sat1255, 'Any news?');
    await inbound(idle, T.fri0900, 'Hello?');

    const changes = [...(await messageChanges(samOwner)), ...(await messageChanges(anaOwner)), ...(await messageChanges(idle))];
    // Out of order, and every change twice (a retried batch), with a status change of each on top.
    await applyAfterStream([...changes].reverse());
    await applyAfterStream(changes);
    await applyAfterStream(changes.map((c) => ({ ...c, id: `${c.id}_again`, kind: 'modify' as const, old: c.new })));
  });

  it('counts texts, waits and first responses within opening hours, each once', async () => {
    const res = await figuresOf(manager, `type=texting&${PERIOD}`);
    expect(res.status).toBe(200);
    const figures = res.body.figures as ReportFigures;
    expect(figures.range).toEqual({ from: '2026-10-31', to: '2026-11-20' });
    const byAdvisor = sheet(figures, 'by_advisor');
    const minutes = waitsOfSam.map((w) => w.minutes).sort((a, b) => a - b);
    expect(minutes).toEqual([5, 13, 17]);
    expect(rowOf(byAdvisor, `agent:${sam.id}`)).toMatchObject({
      label: 'Sam Ortiz',
      // The median answer (13 minutes) shows as its bucket's bound: at most 15 minutes.
      cells: { sent: 3, received: 4, waits: 3, answered: 3, median_first_response: 15, late_share: minutes.filter((m) => m > 15).length / 3, unanswered: 0 },
    });
    expect(rowOf(byAdvisor, `agent:${ana.id}`)!.cells).toMatchObject({ sent: 1, received: 1, waits: 1, answered: 0, median_first_response: null, unanswered: 1 });
    expect(rowOf(byAdvisor, 'agent:none')).toMatchObject({ label_id: 'no_advisor', cells: { received: 1, waits: 1, answered: 0, unanswered: 1 } });
    expect(byAdvisor.total!.cells).toMatchObject({ sent: 4, received: 6, waits: 5, answered: 3, unanswered: 2 });
  });

  it("a wait counts on the day it started, in the store's calendar: Thursday's text answered on Friday is Thursday's", async () => {
    const thursday = (await figuresOf(manager, 'type=texting&period=date&date=2026-11-19')).body.figures as ReportFigures;
    // 17 minutes: bucket (15, 20].
    expect(rowOf(sheet(thursday, 'by_advisor'), `agent:${sam.id}`)!.cells).toMatchObject({ sent: 0, received: 1, waits: 1, answered: 1, median_first_response: 20 });
    // Saturday 31 October 12:50 in New York; Monday's answer crossed the end of DST.
    const saturday = (await figuresOf(manager, 'type=texting&period=date&date=2026-10-31')).body.figures as ReportFigures;
    expect(rowOf(sheet(saturday, 'by_advisor'), `agent:${sam.id}`)!.cells).toMatchObject({ waits: 1, answered: 1, median_first_response: 15 });
  });

  it('the late share follows the threshold the store sets', async () => {
    const set = await manager.post(`/api/locations/${store.locationId}/reports_settings`, { reports_settings: { late_response_minutes: 10 } });
    expect(set.status).toBe(200);
    expect(set.body.reports_settings).toEqual({ late_response_minutes: 10, opening_hours: DEFAULT_OPENING_HOURS });
    const figures = (await figuresOf(manager, `type=texting&${PERIOD}`)).body.figures as ReportFigures;
    expect(rowOf(sheet(figures, 'by_advisor'), `agent:${sam.id}`)!.cells.late_share).toBe(2 / 3);
    // The threshold is one of the buckets' bounds: 16 minutes could not be told from the buckets.
    for (const minutes of [0, 16]) {
      const bad = await manager.post(`/api/locations/${store.locationId}/reports_settings`, { reports_settings: { late_response_minutes: minutes } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual([REPORT_ERRORS.late_minutes]);
    }
    await manager.post(`/api/locations/${store.locationId}/reports_settings`, { reports_settings: { late_response_minutes: 15 } });
  });

  it('a figure opens exactly the records behind it, with names resolved', async () => {
    const dims = encodeURIComponent(JSON.stringify({ agent_id: sam.id }));
    const res = await manager.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=answered&dims=${dims}&${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.paging.total).toBe(3);
    expect(res.body.records.map((r: { id: string }) => r.id).sort()).toEqual(waitsOfSam.map((w) => `${w.inboundId}:answered`).sort());
    expect(res.body.records.map((r: { value: number }) => r.value).sort((a: number, b: number) => a - b)).toEqual([5, 13, 17]);
    const first = res.body.records[0];
    expect(first.agent).toEqual({ id: sam.id, name: 'Sam Ortiz' });
    expect(first.customer.id).toBe(samOwner.customer_id);
    expect(first.record).toMatchObject({ kind: 'repair_order', id: samOwner.id });
    expect(first.link).toBe(`/?ro=${samOwner.id}`);
    // Newest first (by when each wait started), a page at a time.
    const [w1, w2, w3] = waitsOfSam.map((w) => `${w.inboundId}:answered`);
    expect(res.body.records.map((r: { id: string }) => r.id)).toEqual([w2, w1, w3]);
    const page = await manager.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=answered&dims=${dims}&${PERIOD}&offset=1&limit=1`);
    expect(page.body.records.map((r: { id: string }) => r.id)).toEqual([w1]);
    // An export reads every record once, in pages, in the same order.
    const pages: string[][] = [];
    for await (const page of figureRecordPages({ companyId: store.companyId, locations: [{ id: store.locationId, timezone: NY }], type: 'texting', figure: 'answered', dims: { agent_id: sam.id }, range: { from: '2026-10-31', to: '2026-11-20' }, pageSize: 2 })) {
      pages.push(page.map((r) => r.id));
    }
    expect(pages).toEqual([[w2, w1], [w3]]);
    const unanswered = await manager.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=waits&dims=${encodeURIComponent(JSON.stringify({ agent_id: 'none' }))}&${PERIOD}`);
    expect(unanswered.body.records).toHaveLength(1);
    expect(unanswered.body.records[0].agent).toBeNull();
  });

  it('changes counted as they come, one by one and two at once, find the waits a simple walk of the conversation finds', async () => {
    const owner = await conversationOf(await newCustomer(), ana);
    // New York, December (EST): [time, who].
    const script: [string, 'customer' | 'ana'][] = [
      ['2026-12-07T14:00:00.000Z', 'customer'], // Mon 09:00
      ['2026-12-07T14:01:00.000Z', 'customer'],
      ['2026-12-07T14:20:00.000Z', 'ana'],
      ['2026-12-07T14:30:00.000Z', 'ana'],
      ['2026-12-07T22:55:00.000Z', 'customer'], // Mon 17:55
      ['2026-12-08T13:10:00.000Z', 'ana'], // Tue 08:10
      ['2026-12-08T17:00:00.000Z', 'customer'], // Tue 12:00
      ['2026-12-08T17:03:00.000Z', 'ana'],
      ['2026-12-12T17:58:00.000Z', 'customer'], // Sat 12:58, never answered
    ];
    const write = async ([at, who]: (typeof script)[number]) => {
      const m =
        who === 'customer'
          ? newMessage(owner, { direction: 'inbound', text: `Customer at ${at}`, at, from: '+16175550000', to: store.number })
          : newMessage(owner, { direction: 'outbound', text: `Ana at ${at}`, at, agent: ana, status: 'delivered', statusAt: at });
      await appendMessage(owner, m);
      return insert((await getItem<Record<string, unknown>>(messageKeys.message(store.companyId, owner.thread_id, m.id), true))!);
    };
    for (let i = 0; i < script.length; i++) {
      // The two messages of Monday evening and Tuesday morning are counted at once, by two batches.
      if (i === 4) {
        const [a, b] = [await write(script[4]!), await write(script[5]!)];
        await Promise.all([applyAfterStream([b]), applyAfterStream([a])]);
        i = 5;
        continue;
      }
      await applyAfterStream([await write(script[i]!)]);
    }

    // The same walked here: a wait starts with a customer's text when none is open and ends with Ana's next text.
    const answers: number[] = [];
    let waits = 0;
    let openAt: string | null = null;
    for (const [at, who] of script) {
      if (who === 'customer' && openAt === null) {
        openAt = at;
        waits++;
      } else if (who === 'ana' && openAt !== null) {
        answers.push(openMinutes(openAt, at));
        openAt = null;
      }
    }
    const sorted = [...answers].sort((a, b) => a - b);
    const figures = (await figuresOf(manager, 'type=texting&period=custom&from=2026-12-07&to=2026-12-12')).body.figures as ReportFigures;
    expect(rowOf(sheet(figures, 'by_advisor'), `agent:${ana.id}`)!.cells).toEqual({
      sent: script.filter(([, who]) => who === 'ana').length,
      received: script.filter(([, who]) => who === 'customer').length,
      waits,
      answered: answers.length,
      // 15 minutes is a bucket's bound: exact.
      median_first_response: sorted[Math.floor(sorted.length / 2)],
      late_share: answers.filter((m) => m > 15).length / answers.length,
      unanswered: waits - answers.length,
    });
    expect(sorted).toEqual([3, 15, 20]);
  });

  it('a text held for a chosen time counts as sent when it goes, on the day it was due, and its receipts add nothing', async () => {
    const owner = await conversationOf(await newCustomer(), ana);
    const dueAt = '2026-11-24T15:00:00.000Z';
    const held = newMessage(owner, { direction: 'outbound', text: 'Your tyres arrive tomorrow.', at: '2026-11-23T20:00:00.000Z', agent: ana, status: 'scheduled', sendAt: dueAt });
    await appendMessage(owner, held);
    const key = messageKeys.message(store.companyId, owner.thread_id, held.id);
    const asHeld = (await getItem<Record<string, unknown>>(key, true))!;
    await applyAfterStream([insert(asHeld)]);
    const sentOn = async (day: string) => rowOf(sheet((await figuresOf(manager, `type=texting&period=date&date=${day}`)).body.figures, 'by_advisor'), `agent:${ana.id}`)?.cells.sent ?? 0;
    expect(await sentOn('2026-11-24')).toBe(0);

    const queued = await setDeliveryState(held, { status: 'queued' });
    const asQueued = (await getItem<Record<string, unknown>>(key, true))!;
    await setDeliveryState(queued!, { status: 'delivered' });
    const asDelivered = (await getItem<Record<string, unknown>>(key, true))!;
    await applyAfterStream([insert(asQueued, asHeld), insert(asDelivered, asQueued), insert(asQueued, asHeld)]);
    expect(await sentOn('2026-11-24')).toBe(1);
    expect(await sentOn('2026-11-23')).toBe(0);
  });

  it('texts sent through the API and a reply through the carrier count on today', async () => {
    const customer = await newCustomer();
    const owner = await conversationOf(customer, sam);
    expect((await advisor.post(`/api/repair_orders/${owner.id}/messages`, { message: { text: 'Your car is in the bay.' } })).status).toBe(201);
    expect((await replyAsCustomer(carrierUrl, customer.phones.cell!, store.number, 'Thanks, how long?')).status).toBeLessThan(300);
    await until('the reply', async () => ((await everyMessageOf(store.companyId, owner.thread_id)).some((m) => m.metadata.direction === 'inbound') ? true : undefined));
    expect((await advisor.post(`/api/repair_orders/${owner.id}/messages`, { message: { text: 'About an hour.' } })).status).toBe(201);
    const messages = await everyMessageOf(store.companyId, owner.thread_id);
    const sent = messages.filter((m) => m.metadata.direction === 'outbound' && m.agent?.id === sam.id && !m.metadata.automated);
    const got = messages.filter((m) => m.metadata.direction === 'inbound');
    const reply = got[0]!;
    const answer = sent.find((m) => m.created_at > reply.created_at)!;
    await applyAfterStream(await messageChanges(owner));

    const today = storeDay(new Date(), NY);
    const figures = (await figuresOf(manager, `type=texting&period=date&date=${today}`)).body.figures as ReportFigures;
    expect(rowOf(sheet(figures, 'by_advisor'), `agent:${sam.id}`)!.cells).toMatchObject({
      sent: sent.length,
      received: got.length,
      waits: 1,
      answered: 1,
      median_first_response: bucketBound(responseBucket(openMinutes(reply.created_at, answer.created_at))),
    });
    // Today is inside this month and this year: the relative periods see it too.
    for (const period of ['mtd', 'ytd']) {
      const rel = (await figuresOf(manager, `type=texting&period=${period}`)).body.figures as ReportFigures;
      expect(rowOf(sheet(rel, 'by_advisor'), `agent:${sam.id}`)!.cells.sent, period).toBeGreaterThanOrEqual(sent.length);
    }
  });
});

describe('the year to date from the yearly counters', () => {
  it("counts up to today's facts and none dated later, and a whole year counts them all", async () => {
    // An advisor of its own: one text sent today and one dated tomorrow (a fact in the future).
    const agentId = `agt_future_${randomUUID().slice(0, 6)}`;
    const today = storeDay(new Date(), NY);
    const tomorrowAt = new Date(Date.parse(dayAfter(today, NY)) + 3_600_000).toISOString();
    const fact = (id: string, at: string) => countFact({ id, type: 'texting', figure: 'sent', company_id: store.companyId, location_id: store.locationId, at, dims: { agent_id: agentId }, record: { kind: 'repair_order', id: 'ro_x', label: 'x' } }, NY);
    await fact(`${agentId}:today`, new Date().toISOString());
    await fact(`${agentId}:tomorrow`, tomorrowAt);
    const sentBy = async (query: string) => rowOf(sheet((await figuresOf(manager, `type=texting&${query}`)).body.figures, 'by_advisor'), `agent:${agentId}`)?.cells.sent;
    expect(await sentBy('period=ytd')).toBe(1);
    expect(await sentBy('period=mtd')).toBe(1);
    const tomorrow = storeDay(tomorrowAt, NY);
    expect(await sentBy(`period=custom&from=${today.slice(0, 4)}-01-01&to=${tomorrow.slice(0, 4)}-12-31`)).toBe(2);
    expect(await sentBy(`period=date&date=${tomorrow}`)).toBe(1);
    // An advisor whose only facts lie after the range has no row.
    const onlyLater = `agt_later_${randomUUID().slice(0, 6)}`;
    await countFact({ id: `${onlyLater}:tomorrow`, type: 'texting', figure: 'sent', company_id: store.companyId, location_id: store.locationId, at: tomorrowAt, dims: { agent_id: onlyLater }, record: { kind: 'repair_order', id: 'ro_x', label: 'x' } }, NY);
    const ytd = (await figuresOf(manager, 'type=texting&period=ytd')).body.figures as ReportFigures;
    expect(rowOf(sheet(ytd, 'by_advisor'), `agent:${onlyLater}`)).toBeUndefined();
  });
});

describe('consent', () => {
  let stopper: CustomerRecord;
  let agentOut: CustomerRecord;
  let starter: CustomerRecord;
  let landline: CustomerRecord;
  let voip: CustomerRecord;

  beforeAll(async () => {
    stopper = await newCustomer();
    agentOut = await newCustomer();
    starter = await newCustomer({ opt_in: 'out', opt_metadata: { initiator: 'customer', opcode: null, timestamp: new Date().toISOString(), agent: null } });
    await conversationOf(stopper, sam);
    await conversationOf(starter, sam);
    expect((await replyAsCustomer(carrierUrl, stopper.phones.cell!, store.number, 'Stop')).status).toBeLessThan(300);
    expect((await replyAsCustomer(carrierUrl, starter.phones.cell!, store.number, 'START')).status).toBeLessThan(300);
    expect((await manager.put(`/api/customers/${agentOut.id}/opt_out`, {})).status).toBe(200);
    for (const c of [stopper, starter]) await until(`${c.id}'s ledger`, async () => ((await ledgerChanges(c)).length > 0 ? true : undefined));

    landline = await newCustomer();
    voip = await newCustomer();
    const lineChanges: TableChange[] = [];
    for (const [c, type] of [
      [landline, 'landline'],
      [voip, 'voip'],
    ] as const) {
      const before = await getItem<Record<string, unknown>>(customerKeys.customer(store.companyId, c.id), true);
      await rememberLineType(store.companyId, c.id, { type, checked_at: new Date().toISOString() });
      const after = await getItem<Record<string, unknown>>(customerKeys.customer(store.companyId, c.id), true);
      lineChanges.push(insert(after!, before));
    }
    // A second check that finds the same line again is no new refusal.
    const again = await getItem<Record<string, unknown>>(customerKeys.customer(store.companyId, landline.id), true);
    await rememberLineType(store.companyId, landline.id, { type: 'landline', checked_at: new Date(Date.now() + 1000).toISOString() });
    lineChanges.push(insert((await getItem<Record<string, unknown>>(customerKeys.customer(store.companyId, landline.id), true))!, again));

    const changes = [...(await ledgerChanges(stopper)), ...(await ledgerChanges(starter)), ...(await ledgerChanges(agentOut)), ...lineChanges];
    await applyAfterStream(changes);
    await applyAfterStream(changes);
  });

  it('opt-ins and opt-outs by channel and wording, and landline and VoIP refusals', async () => {
    const today = storeDay(new Date(), NY);
    const res = await figuresOf(manager, `type=consent&period=custom&from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    const figures = res.body.figures as ReportFigures;
    const table = (id: string) => Object.fromEntries(sheet(figures, id).rows.map((r) => [r.label, r.cells]));
    expect(table('by_channel')).toEqual({ console: { opt_in: 0, opt_out: 1 }, sms: { opt_in: 1, opt_out: 1 } });
    expect(table('opt_out_wording')).toEqual({ STOP: { opt_out: 1 }, agent_opt_out: { opt_out: 1 } });
    expect(table('line_refusals')).toEqual({ landline: { line_refusal: 1 }, voip: { line_refusal: 1 } });
  });

  it("the opt-outs by a keyword open that customer's record", async () => {
    const today = storeDay(new Date(), NY);
    const dims = encodeURIComponent(JSON.stringify({ wording: 'STOP' }));
    const res = await manager.get(`/api/locations/${store.locationId}/reports/records?type=consent&figure=opt_out&dims=${dims}&period=date&date=${today}`);
    expect(res.body.meta.paging.total).toBe(1);
    expect(res.body.records.map((r: { customer: { id: string } }) => r.customer.id)).toEqual([stopper.id]);
    expect(res.body.records[0].record).toMatchObject({ kind: 'customer', id: stopper.id });
  });
});

describe('scope and permissions', () => {
  it('advisors may not see reports; managers see their store; only admins the whole company', async () => {
    expect((await figuresOf(advisor, 'type=texting&period=mtd')).status).toBe(403);
    expect((await figuresOf(manager, 'type=texting&period=mtd&scope=company')).status).toBe(403);
    expect((await figuresOf(otherManager, 'type=texting&period=mtd')).status).toBe(404);
    expect((await advisor.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=sent&period=mtd`)).status).toBe(403);
    const company = await figuresOf(admin, 'type=texting&period=custom&from=2026-10-31&to=2026-11-20&scope=company');
    expect(company.status).toBe(200);
    const figures = company.body.figures as ReportFigures;
    expect(figures.locations.map((l) => l.id)).toEqual([store.locationId, store.otherLocationId]);
    const byLocation = sheet(figures, 'by_location');
    expect(byLocation.rows.map((r) => [r.key, r.cells.sent])).toEqual([
      [`location:${store.locationId}`, 4],
      [`location:${store.otherLocationId}`, 0],
    ]);
    const east = encodeURIComponent(JSON.stringify({ location_id: store.otherLocationId }));
    const none = await admin.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=sent&dims=${east}&period=custom&from=2026-10-31&to=2026-11-20&scope=company`);
    expect(none.body.records).toEqual([]);
  });

  it('a company report counts every store, and a location report only its own', async () => {
    // A fact at the other store, late on the last evening of October in New York (1 November in UTC).
    await countFact(
      { id: `east_${randomUUID()}`, type: 'texting', figure: 'sent', company_id: store.companyId, location_id: store.otherLocationId, at: '2026-11-01T03:30:00.000Z', dims: { agent_id: sam.id }, record: { kind: 'repair_order', id: 'ro_x', label: 'x' } },
      NY,
    );
    // An export of a company's figure merges the stores' records, newest first.
    const mainSent = (await admin.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=sent&period=custom&from=2026-10-01&to=2026-11-20`)).body.records as { id: string; at: string }[];
    const eastSent = (await admin.get(`/api/locations/${store.locationId}/reports/records?type=texting&figure=sent&dims=${encodeURIComponent(JSON.stringify({ location_id: store.otherLocationId }))}&period=custom&from=2026-10-01&to=2026-11-20&scope=company`)).body.records as { id: string; at: string }[];
    expect(eastSent).toHaveLength(1);
    const expected = [...mainSent, ...eastSent].sort((a, b) => (a.at < b.at ? 1 : -1)).map((r) => r.id);
    const exported: string[][] = [];
    const both = [store.locationId, store.otherLocationId].map((id) => ({ id, timezone: NY }));
    for await (const page of figureRecordPages({ companyId: store.companyId, locations: both, type: 'texting', figure: 'sent', dims: {}, range: { from: '2026-10-01', to: '2026-11-20' }, pageSize: 3 })) exported.push(page.map((r) => r.id));
    expect(exported.flat()).toEqual(expected);
    expect(exported.map((p) => p.length)).toEqual([3, expected.length - 3]);
    const october = (await figuresOf(admin, 'type=texting&period=custom&from=2026-10-01&to=2026-10-31&scope=company')).body.figures as ReportFigures;
    expect(rowOf(sheet(october, 'by_location'), `location:${store.otherLocationId}`)!.cells.sent).toBe(1);
    const november = (await figuresOf(admin, 'type=texting&period=date&date=2026-11-01&scope=company')).body.figures as ReportFigures;
    expect(rowOf(sheet(november, 'by_location'), `location:${store.otherLocationId}`)!.cells.sent).toBe(0);
    const local = (await figuresOf(admin, 'type=texting&period=custom&from=2026-10-01&to=2026-10-31')).body.figures as ReportFigures;
    expect(local.sheets.map((s) => s.id)).toEqual(['by_advisor']);
    expect(sheet(local, 'by_advisor').total!.cells.sent).toBe(0);
  });

  it('refuses a bad period with a text that says what is wrong', async () => {
    const bad = await figuresOf(manager, 'type=texting&period=custom&from=2026-03-02&to=2026-03-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { message: string }) => e.message)).toEqual(['The From date must not be after the To date']);
    expect((await figuresOf(manager, 'type=texting&period=date&date=2026-02-30')).body.errors[0].message).toBe('Enter a valid date (YYYY-MM-DD)');
    expect((await figuresOf(manager, 'type=texting&period=fortnight')).status).toBe(422);
  });
});
