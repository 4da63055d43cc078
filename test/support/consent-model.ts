/**
 * The consent invariant, property-based: whatever an agent sends (now, later, in quiet hours),
 * whatever the customer answers (STOP, START, YES, HELP, anything), whatever the DMS feeds and
 * whichever jobs run, no text reaches the carrier for a number that is opted out or that the
 * carrier's lookup calls a landline. The one exception is the carrier rules' own: the answer the
 * console sends to a keyword (the opt-out, opt-in and help confirmations), once per keyword.
 *
 * Each generated sequence gets its own phone number and customer (made through the DMS feed), so
 * sequences are independent and run several at a time against one local stack. Consent belongs to
 * the number, so sequences also make more records of it: the DMS sends another record with the
 * same cell, the console books an appointment for a new customer with it, a record of another
 * number is renumbered onto it (each then texted like the first); a small model
 * tracks what the number's consent and line are, and after every command the carrier's record of
 * that number is read and judged. Location-wide switches (double opt-in, quiet hours) are shared
 * by the sequences running together; the invariant does not depend on them, so that is harmless
 * and exercises more mixtures. A failing sequence is shrunk by fast-check, one run at a time.
 *
 * The integration test (test/integration/consent-property.test.ts) and the bench
 * (bench/consent.ts) run this same code. It talks to the stack over HTTP, and to its table only
 * to read settings and to age a stored line-type check (see `lineChange`), so the caller must
 * have pointed the domain modules at the stack (useStackEnv(), or startLocalStack in process).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { SmsRecord } from '../../infra/local/carrier.js';
import { DEMO_PASSWORD } from '../../infra/local/demo.js';
import { customerText } from '../../functions/lib/customerTexts.js';
import { keys } from '../../functions/lib/keys.js';
import { getLocation } from '../../functions/lib/locations.js';
import { normalizePhone } from '../../functions/lib/phones.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { isConditionFailure, updateItem } from '../../functions/lib/table.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { api, signIn, type ApiClient, type ApiResponse } from './api.js';
import { customerKeys } from '../../functions/customers/records.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';

// ---------------------------------------------------------------------------------------------
// Commands

/** What the customer texts back, and what it means for consent in the model. */
export const REPLIES = {
  STOP: 'opt_out',
  'Stop please': 'opt_out',
  UNSUBSCRIBE: 'opt_out',
  'please stop texting me': 'opt_out',
  START: 'opt_in',
  YES: 'yes',
  HELP: 'help',
  'When will it be ready?': 'none',
  "don't stop the work, go ahead with the brakes": 'none',
  'Thanks!': 'none',
} as const;
export type ReplyWords = keyof typeof REPLIES;

export type LineKind = 'mobile' | 'voip' | 'landline';
export type JobRun = 'scheduled_messages' | 'work_declined_notices' | 'repair_order_housekeeping';

export type ConsentCommand =
  /** The composer of a conversation of the number (an order's, or a booked appointment's): now, in a moment (send_at), or days ahead. */
  | { kind: 'send'; order: number; when: 'now' | 'soon' | 'far' }
  | { kind: 'reply'; words: ReplyWords }
  | { kind: 'double_opt_in'; on: boolean }
  /**
   * Quiet hours around now for a moment: the advisor texts (confirming, or not and refused), the
   * vehicle-ready button is pressed (held for the window), then the hours are lifted again, so the
   * sequences running beside this one are not kept quiet for long.
   */
  | { kind: 'quiet_hours'; order: number; confirm: boolean }
  /** The DMS feeds the customer again with its written opt-in. */
  | { kind: 'dms_opt_in' }
  /** The DMS reports an order invoiced: the automated vehicle-ready text. */
  | { kind: 'dms_invoiced'; order: number }
  /** The DMS opens another order for the customer. */
  | { kind: 'dms_new_order' }
  /** The DMS sends another customer record (another DMS id) with the same cell number, and an order of it. */
  | { kind: 'dms_same_phone'; optIn: boolean }
  /** The coordinator books an appointment for a new customer with the number (POST /api/locations/{id}/appointments). */
  | { kind: 'book_new' }
  /** A record of another number (with an order, opted in by the DMS or not) gets this number in the DMS feed. */
  | { kind: 'renumber'; optIn: boolean }
  | { kind: 'vehicle_ready'; order: number }
  | { kind: 'agent_opt_out' }
  /** The carrier reports the newest text to the number undelivered. */
  | { kind: 'fail_newest' }
  /** The advisor retries the newest text that was not sent or not delivered. */
  | { kind: 'retry' }
  | { kind: 'job'; name: JobRun }
  /** The carrier's lookup now calls the number this kind of line. */
  | { kind: 'line'; to: LineKind };

export interface ConsentSequence {
  start: { optIn: boolean; line: LineKind };
  commands: ConsentCommand[];
}

const order = fc.nat({ max: 3 });
const command: fc.Arbitrary<ConsentCommand> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), order, when: fc.constantFrom('now' as const, 'now' as const, 'soon' as const, 'far' as const) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('reply' as const), words: fc.constantFrom(...(Object.keys(REPLIES) as ReplyWords[])) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('double_opt_in' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quiet_hours' as const), order, confirm: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'dms_opt_in' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dms_invoiced' as const), order }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dms_new_order' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dms_same_phone' as const), optIn: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'book_new' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('renumber' as const), optIn: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('vehicle_ready' as const), order }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'agent_opt_out' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'fail_newest' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'retry' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('job' as const),
      name: fc.constantFrom('scheduled_messages' as const, 'scheduled_messages' as const, 'work_declined_notices' as const, 'repair_order_housekeeping' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('line' as const), to: fc.constantFrom('mobile' as const, 'voip' as const, 'landline' as const) }) },
);

export const consentSequence = (maxCommands = 10): fc.Arbitrary<ConsentSequence> =>
  fc.record({
    start: fc.record({ optIn: fc.boolean(), line: fc.constantFrom('mobile' as const, 'mobile' as const, 'voip' as const, 'landline' as const) }),
    commands: fc.array(command, { minLength: 1, maxLength: maxCommands }),
  });

/** One command per line, as a failure message shows them. */
export function describeSequence(sequence: ConsentSequence): string {
  const lines = [`start: ${sequence.start.optIn ? 'DMS opt-in' : 'consent unknown'}, ${sequence.start.line} line`];
  sequence.commands.forEach((c, i) => {
    const { kind, ...rest } = c;
    const args = Object.entries(rest).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ');
    lines.push(`${String(i + 1).padStart(2)}. ${kind}${args ? ` ${args}` : ''}`);
  });
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The model

/** What the number may receive, as the carrier rules and the law see it. */
export interface ConsentModel {
  /** After STOP (any wording) or an agent's opt-out, until the customer texts START. */
  optedOut: boolean;
  /** What the carrier's lookup says the number is. */
  line: LineKind;
}

export const forbidden = (model: ConsentModel): boolean => model.optedOut || model.line === 'landline';

/**
 * The model after a command. Only the customer undoes an opt-out, and only with START: a YES
 * answers a double opt-in request, which is only ever asked of a customer of unknown status, and
 * nothing makes an opted-out number unknown again; the DMS and agents never opt a number back in.
 */
export function nextModel(model: ConsentModel, c: ConsentCommand): ConsentModel {
  switch (c.kind) {
    case 'reply': {
      const meaning = REPLIES[c.words];
      if (meaning === 'opt_out') return { ...model, optedOut: true };
      if (meaning === 'opt_in') return { ...model, optedOut: false };
      return model;
    }
    case 'agent_opt_out':
      return { ...model, optedOut: true };
    case 'line':
      return { ...model, line: c.to };
    default:
      return model;
  }
}

/** The console's answers to keywords, which the carrier rules allow even to an opted-out number. */
export interface KeywordAnswers {
  optOut: string;
  optIn: string;
  help: string;
}

/** The answer a reply may draw (once), if any. */
export function answerTo(c: ConsentCommand, answers: KeywordAnswers): string | null {
  if (c.kind !== 'reply') return null;
  const meaning = REPLIES[c.words];
  if (meaning === 'opt_out') return answers.optOut;
  if (meaning === 'opt_in' || meaning === 'yes') return answers.optIn;
  if (meaning === 'help') return answers.help;
  return null;
}

/**
 * Judges the texts that reached the carrier for the number while one command ran (oldest first):
 * null when all were allowed, else why not. The keyword's answer is exempt once; texts before it
 * are judged by the model before the command, texts after it by the model after (a STOP's
 * confirmation is the last text the number gets). Without an answer, texts are a violation when
 * the number was forbidden both before and after; a command that changes consent or the line
 * itself leaves its own interval to the next check (and a START's texts before its confirmation are
 * judged as after it), because a job another sequence runs may
 * legitimately hand over a text of this number just before the change.
 */
export function judge(
  before: ConsentModel,
  after: ConsentModel,
  fresh: Pick<SmsRecord, 'text'>[],
  answer: string | null,
  /**
   * False for the command right after a line change. The model plays a number changing its kind of
   * line as a month passing (the stored lookup aged, the carrier answering anew), which real time
   * cannot do inside one job run: a job of another sequence that read the fresh lookup just before
   * may hand the text over during the next command. Only the line is left unjudged then (a landline
   * cannot receive the text; no consent is at stake): opt-outs are judged as always.
   */
  lineSettled = true,
): string | null {
  if (!lineSettled) {
    const consentOnly = (m: ConsentModel): ConsentModel => ({ ...m, line: 'mobile' });
    return judge(consentOnly(before), consentOnly(after), fresh, answer);
  }
  const exempt = answer === null ? -1 : fresh.findIndex((t) => t.text === answer);
  // A START (or YES) lifts the opt-out before its confirmation goes: a text a job of another
  // sequence hands over in between is sent to an opted-in number, and the carrier's order alone
  // cannot tell it from one sent before. That interval is left to the hand-over's own check (the
  // intent write's condition on the customer); after the confirmation the model applies again.
  const beforeAnswer = forbidden(before) && !forbidden(after) ? after : before;
  for (const [index, text] of fresh.entries()) {
    if (index === exempt) continue;
    const state = exempt >= 0 ? (index < exempt ? beforeAnswer : after) : forbidden(before) && forbidden(after) ? before : null;
    if (state && forbidden(state)) {
      const why = state.optedOut ? 'opted out' : 'a landline';
      return `the carrier received ${JSON.stringify(text.text)} while the number was ${why}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Running sequences against a local stack

export interface ConsentStack {
  baseUrl: string;
  carrierUrl: string;
  advisor: ApiClient;
  manager: ApiClient;
  /** The appointments coordinator, who books and texts appointments. */
  coordinator: ApiClient;
  carrier: ApiClient;
  /** The north store's DMS key for the feed. */
  dmsKey: string;
  /** The store's service texting number: where customers reply. */
  dealer: string;
  answers: KeywordAnswers;
  timezone: string;
  /** Settings as they were, put back by `restore`. */
  saved: { service: SettingsOf<'service_settings'>; dms: SettingsOf<'dms_settings'> };
  /** A tag of this run for DMS ids and phone numbers. */
  run: string;
}

/** Signs in, makes a DMS key, and sets the north store to a known start (put back by `restoreConsentStack`). */
export async function prepareConsentStack(baseUrl: string, carrierUrl: string): Promise<ConsentStack> {
  const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example', DEMO_PASSWORD));
  const manager = api(baseUrl, await signIn(baseUrl, 'manager@demo.example', DEMO_PASSWORD));
  const coordinator = api(baseUrl, await signIn(baseUrl, 'appointments@demo.example', DEMO_PASSWORD));
  const key = await manager.post(`/api/locations/${LOCATION}/dms_keys`, { label: 'Consent property' });
  if (key.status !== 201) throw new Error(`Could not make a DMS key: ${key.status} ${key.text}`);
  const [service, dms, business, location] = await Promise.all([
    readSettings(COMPANY, LOCATION, 'service_settings'),
    readSettings(COMPANY, LOCATION, 'dms_settings'),
    readSettings(COMPANY, LOCATION, 'business_information'),
    getLocation(COMPANY, LOCATION),
  ]);
  if (!location) throw new Error(`No location ${LOCATION}`);
  let dealer = business.texting_numbers.service ? normalizePhone(business.texting_numbers.service) : null;
  if (!dealer) {
    dealer = '+16175550123';
    await writeSettings(COMPANY, LOCATION, 'business_information', { ...business, texting_numbers: { ...business.texting_numbers, service: dealer } }, 'agt_admin');
  }
  await writeSettings(COMPANY, LOCATION, 'service_settings', { ...service, quiet_hours_start: '00:00', quiet_hours_end: '00:00', double_opt_in: false, safe_mode: false, vehicle_ready_automated: true }, 'agt_manager');
  await writeSettings(COMPANY, LOCATION, 'dms_settings', { ...dms, require_opcode_for_text: false }, 'agt_manager');
  // The console's answers come in the location's language unless the customer has one (these have none).
  const dealership = business.dealership_name.trim() || location.name;
  const phone = business.phone.trim() || location.phone;
  const locale = location.locale;
  return {
    baseUrl,
    carrierUrl,
    advisor,
    manager,
    coordinator,
    carrier: api(carrierUrl),
    dmsKey: key.body.key as string,
    dealer,
    answers: {
      optOut: customerText('optOutConfirmation', locale, { dealership }),
      optIn: customerText('optInConfirmation', locale, { dealership }),
      help: customerText('helpReply', locale, { dealership, phone }),
    },
    timezone: location.timezone,
    saved: { service, dms },
    run: randomUUID().slice(0, 8),
  };
}

export async function restoreConsentStack(stack: ConsentStack): Promise<void> {
  await writeSettings(COMPANY, LOCATION, 'service_settings', stack.saved.service, 'agt_manager');
  await writeSettings(COMPANY, LOCATION, 'dms_settings', stack.saved.dms, 'agt_manager');
}

let phoneCounter = 0;
const phoneBase = Math.floor(Math.random() * 700);
/**
 * A number no other sequence or test of this run uses: area code 508 (the other tests use 617),
 * subscriber 3000–9999 (the local carrier's convention makes these mobile), exchanges walked in turn.
 */
function freshPhone(): string {
  const n = phoneCounter++;
  let exchange = 201 + ((phoneBase + Math.floor(n / 7000)) % 798);
  if (exchange % 100 === 11) exchange += 1;
  return `+1508${exchange}${3000 + (n % 7000)}`;
}

/** The location's wall clock `minutes` from now, HH:MM. */
function wallClock(timezone: string, minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));
}

export class ConsentViolation extends Error {
  override readonly name = 'ConsentViolation';
}

interface Order {
  dmsRoId: string;
  dmsCustomerId: string;
  roId: string;
  invoiced: boolean;
}

/** A conversation with a record of the number: its messages' path and who texts in it. */
interface Conversation {
  messages: string;
  client: ApiClient;
}

/** What one sequence counted, for the run's figures and its check that it tested something. */
export interface SequenceTally {
  commands: number;
  /** Texts that reached the carrier while the number could be texted (not keyword answers). */
  textsAllowed: number;
  keywordAnswers: number;
  /** Milliseconds spent per kind of command (acting and checking), and how many ran. */
  ms: Record<string, number>;
  count: Record<string, number>;
}

/** Job runs any sequence started and that have not answered yet (they text every sequence's numbers). */
const jobsInFlight = new Set<Promise<ApiResponse>>();

/** One sequence on its own phone. Throws ConsentViolation (or an Error for a failed call). */
export async function runSequence(stack: ConsentStack, sequence: ConsentSequence): Promise<SequenceTally> {
  const phone = freshPhone();
  const tag = `${stack.run}-${phone.slice(-7)}`;
  const dmsCustomerId = `consent-${tag}`;
  const orders: Order[] = [];
  /** The orders' conversations and the booked appointments', in the order they were made. */
  const conversations: Conversation[] = [];
  const customerIds = new Set<string>();
  const seen = new Set<string>();
  const tally: SequenceTally = { commands: 0, textsAllowed: 0, keywordAnswers: 0, ms: {}, count: {} };
  let soonestDue = 0;

  const expect = (res: ApiResponse, what: string): ApiResponse => {
    if (res.status >= 500) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res;
  };
  const feed = async (kind: 'customers' | 'repair_orders', records: unknown[]): Promise<ApiResponse> =>
    expect(await api(stack.baseUrl).post(`/dms/v1/locations/${LOCATION}/${kind}`, { records }, { 'x-api-key': stack.dmsKey }), `DMS feed ${kind}`);

  const openOrder = async (customerId: string, customer?: Record<string, unknown>): Promise<void> => {
    const record = {
      dms_ro_id: `${customerId}-ro${orders.length + 1}`,
      dms_customer_id: customerId,
      ...(customer ? { customer } : {}),
      advisor_email: 'advisor@demo.example',
      vehicle: { make: 'Subaru', model: 'Outback', year: 2019, vin: null, mileage: 52000 },
      status: 'open',
      work_order_status_code: 'I',
    };
    const res = await feed('repair_orders', [record]);
    const result = res.body?.results?.[0];
    if (res.status !== 200 || result?.status === 'error') throw new Error(`DMS order not taken: ${res.status} ${res.text.slice(0, 300)}`);
    const ro = expect(await stack.advisor.get(`/api/repair_orders/${result.id}`), 'GET repair order');
    customerIds.add(ro.body.repair_order.customer.id);
    orders.push({ dmsRoId: record.dms_ro_id, dmsCustomerId: customerId, roId: result.id, invoiced: false });
    conversations.push({ messages: `/api/repair_orders/${result.id}/messages`, client: stack.advisor });
  };
  const orderAt = (index: number): Order => orders[index % orders.length]!;
  const conversationAt = (index: number): Conversation => conversations[index % conversations.length]!;

  /** Texts that reached the carrier for the number since the last look, oldest first. */
  const freshTexts = async (): Promise<SmsRecord[]> => {
    const res = await fetch(`${stack.carrierUrl}/sms?phone=${encodeURIComponent(phone)}`);
    if (!res.ok) throw new Error(`carrier texts: ${res.status}`);
    const texts = ((await res.json()) as SmsRecord[]).toReversed().filter((t) => !seen.has(t.message_id));
    for (const t of texts) seen.add(t.message_id);
    return texts;
  };

  /**
   * The console trusts a line-type lookup for 30 days (functions/messages/send.ts LINE_TYPE_DAYS).
   * A number changing its kind of line is modelled as seen after that: the stored checks are aged
   * so the console's next text asks the carrier again.
   */
  const ageLineChecks = async (): Promise<void> => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    for (const id of customerIds) {
      try {
        await updateItem({
          Key: customerKeys.customer(COMPANY, id),
          UpdateExpression: 'SET carrier.checked_at = :old ADD version :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':old': old, ':one': 1 },
        });
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
  };

  const setLine = async (to: LineKind) => {
    const res = await stack.carrier.put('/lookup', { phone, type: to });
    if (res.status !== 200) throw new Error(`carrier lookup: ${res.status} ${res.text}`);
  };

  const retryNewestFailed = async (): Promise<void> => {
    for (const o of conversations.toReversed()) {
      const list = expect(await o.client.get(`${o.messages}?offset=0&limit=50`), 'GET messages');
      const failed = (list.body?.messages ?? []).find(
        (m: { metadata: { direction: string; status: string } }) => m.metadata.direction === 'outbound' && (m.metadata.status === 'not sent' || m.metadata.status === 'undelivered'),
      );
      if (failed) {
        expect(await o.client.put(`/api/messages/${failed.id}/retry`), 'retry');
        return;
      }
    }
  };

  const act = async (c: ConsentCommand): Promise<void> => {
    switch (c.kind) {
      case 'send': {
        const o = conversationAt(c.order);
        const message: Record<string, unknown> = { text: `Update on your Subaru (${c.when})` };
        if (c.when === 'soon') {
          const at = Date.now() + 300 + Math.floor(Math.random() * 900);
          soonestDue = Math.max(soonestDue, at);
          message.send_at = new Date(at).toISOString();
        }
        if (c.when === 'far') message.send_at = new Date(Date.now() + 3 * 86_400_000).toISOString();
        expect(await o.client.post(o.messages, { message }, { 'idempotency-key': randomUUID() }), 'send');
        return;
      }
      case 'reply':
        expect(await stack.carrier.post('/sms/inbound', { from: phone, to: stack.dealer, text: c.words }), 'reply');
        return;
      case 'double_opt_in':
        expect(await stack.manager.post(`/api/locations/${LOCATION}/service_settings`, { service_settings: { double_opt_in: c.on } }), 'double opt-in');
        return;
      case 'quiet_hours': {
        const o = orderAt(c.order);
        const quiet = { quiet_hours_start: wallClock(stack.timezone, -60), quiet_hours_end: wallClock(stack.timezone, 60) };
        expect(await stack.manager.post(`/api/locations/${LOCATION}/service_settings`, { service_settings: quiet }), 'quiet hours');
        try {
          const message = { text: 'Sorry for the late text', confirm_quiet_hours: c.confirm };
          expect(await stack.advisor.post(`/api/repair_orders/${o.roId}/messages`, { message }, { 'idempotency-key': randomUUID() }), 'send in quiet hours');
          expect(await stack.advisor.post(`/api/repair_orders/${o.roId}/vehicle_ready`), 'vehicle ready in quiet hours');
        } finally {
          expect(await stack.manager.post(`/api/locations/${LOCATION}/service_settings`, { service_settings: { quiet_hours_start: '00:00', quiet_hours_end: '00:00' } }), 'quiet hours');
        }
        return;
      }
      case 'dms_opt_in':
        await feed('customers', [{ dms_customer_id: dmsCustomerId, dms_opt_in: 'in' }]);
        return;
      case 'dms_invoiced': {
        const o = orderAt(c.order);
        await feed('repair_orders', [{ dms_ro_id: o.dmsRoId, dms_customer_id: o.dmsCustomerId, advisor_email: 'advisor@demo.example', status: 'invoiced', work_order_status_code: 'C' }]);
        o.invoiced = true;
        return;
      }
      case 'dms_new_order':
        await openOrder(dmsCustomerId);
        return;
      case 'dms_same_phone':
        await openOrder(`${dmsCustomerId}-b${orders.length}`, { first_name: 'Robin', last_name: 'Consent', phones: { cell: phone }, ...(c.optIn ? { dms_opt_in: 'in' } : {}) });
        return;
      case 'book_new': {
        const n = conversations.length;
        const res = expect(
          await stack.coordinator.post(`/api/locations/${LOCATION}/appointments`, {
            appointment: { scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
            customer: { first_name: 'Glory', last_name: `Consent${n}`, email: `glory.${tag}.${n}@example.com`, phone },
          }),
          'book a new customer',
        );
        if (res.status !== 201) throw new Error(`Booking not taken: ${res.status} ${res.text.slice(0, 300)}`);
        customerIds.add(res.body.appointment.customer.id);
        conversations.push({ messages: `/api/appointments/${res.body.appointment.id}/messages`, client: stack.coordinator });
        return;
      }
      case 'renumber': {
        // A record of a number of its own first (with an order: a conversation to text), then the DMS gives it this one.
        const mover = `${dmsCustomerId}-m${orders.length}`;
        await openOrder(mover, { first_name: 'Morgan', last_name: 'Consent', phones: { cell: freshPhone() }, ...(c.optIn ? { dms_opt_in: 'in' } : {}) });
        const res = await feed('customers', [{ dms_customer_id: mover, phones: { cell: phone } }]);
        if (res.status !== 200 || res.body?.results?.[0]?.status === 'error') throw new Error(`Renumbering not taken: ${res.status} ${res.text.slice(0, 300)}`);
        return;
      }
      case 'vehicle_ready':
        expect(await stack.advisor.post(`/api/repair_orders/${orderAt(c.order).roId}/vehicle_ready`), 'vehicle ready');
        return;
      case 'agent_opt_out':
        expect(await stack.advisor.put(`/api/customers/${[...customerIds][0]}/opt_out`), 'opt out');
        return;
      case 'fail_newest': {
        const newest = ((await (await fetch(`${stack.carrierUrl}/sms?phone=${encodeURIComponent(phone)}`)).json()) as SmsRecord[])[0];
        if (newest) expect(await stack.carrier.post('/sms/receipt', { message_id: newest.message_id, status: 'undelivered', error_code: 30003 }), 'receipt');
        return;
      }
      case 'retry':
        await retryNewestFailed();
        return;
      case 'job': {
        // Texts sent for "in a moment" fall due first, so the job has something to do.
        if (c.name === 'scheduled_messages' && soonestDue > Date.now()) await new Promise((r) => setTimeout(r, Math.min(1500, soonestDue - Date.now() + 50)));
        const run = api(stack.baseUrl).post(`/dev/jobs/${c.name}`);
        jobsInFlight.add(run);
        try {
          expect(await run, `job ${c.name}`);
        } finally {
          jobsInFlight.delete(run);
        }
        return;
      }
      case 'line':
        await ageLineChecks();
        await setLine(c.to);
        // A month passing also ends every job run begun before the change: one that asked the
        // carrier just before may still be writing what it heard (older than this change, but
        // newer than the aged check), and real time gives that write no month to land in.
        await Promise.allSettled([...jobsInFlight]);
        await ageLineChecks();
        return;
    }
  };

  // The customer and a first order, through the DMS feed as a store's would come.
  if (sequence.start.line !== 'mobile') await setLine(sequence.start.line);
  await openOrder(dmsCustomerId, { first_name: 'Casey', last_name: 'Consent', phones: { cell: phone }, ...(sequence.start.optIn ? { dms_opt_in: 'in' } : {}) });
  let model: ConsentModel = { optedOut: false, line: sequence.start.line };
  const history: string[] = [];
  let lineSettled = true;
  const check = (before: ConsentModel, after: ConsentModel, fresh: SmsRecord[], answer: string | null, step: string) => {
    const why = judge(before, after, fresh, answer, lineSettled);
    history.push(`${step}: ${fresh.length ? fresh.map((t) => JSON.stringify(t.text)).join(', ') : 'no text'}`);
    if (why) throw new ConsentViolation(`${why} (${phone}, after ${step})\nWhat reached the carrier, command by command:\n${history.join('\n')}`);
    for (const t of fresh) {
      if (answer !== null && t.text === answer) tally.keywordAnswers += 1;
      else tally.textsAllowed += 1;
    }
  };
  check(model, model, await freshTexts(), null, 'start');
  for (const [index, c] of sequence.commands.entries()) {
    const before = model;
    const began = performance.now();
    await act(c);
    model = nextModel(model, c);
    tally.commands += 1;
    check(before, model, await freshTexts(), answerTo(c, stack.answers), `${index + 1}. ${c.kind}`);
    lineSettled = c.kind !== 'line';
    const name = c.kind === 'job' ? c.name : c.kind;
    tally.ms[name] = (tally.ms[name] ?? 0) + performance.now() - began;
    tally.count[name] = (tally.count[name] ?? 0) + 1;
  }
  return tally;
}

// ---------------------------------------------------------------------------------------------
// The property

export interface ConsentRunOptions {
  runs: number;
  seed: number;
  /** Sequences running at once (each on its own phone). */
  concurrency: number;
  maxCommands?: number;
  /** Bound on shrinking a counterexample, in ms. */
  shrinkMs?: number;
}

export interface ConsentRunResult {
  runs: number;
  seed: number;
  concurrency: number;
  seconds: number;
  commands: number;
  texts_allowed: number;
  keyword_answers: number;
  /** Mean time of each kind of command within a sequence (acting and checking), ms. */
  mean_ms_by_command: Record<string, number>;
  /** Set when the property failed: the shrunk sequence and why. */
  failure: { message: string; commands: string } | null;
}

/** Sequences generated for a seed, the same ones on every run with that seed. */
export function sequencesFor(seed: number, runs: number, maxCommands = 10): ConsentSequence[] {
  return fc.sample(consentSequence(maxCommands), { seed, numRuns: runs });
}

/**
 * Runs `runs` generated sequences, `concurrency` at a time. On the first violation the rest are
 * let finish, then fast-check shrinks the failing sequence (one run at a time) and the smallest
 * one that still fails is answered with the reason.
 */
export async function checkConsentProperty(stack: ConsentStack, options: ConsentRunOptions): Promise<ConsentRunResult> {
  const started = performance.now();
  const maxCommands = options.maxCommands ?? 10;
  const sequences = sequencesFor(options.seed, options.runs, maxCommands);
  const totals = { commands: 0, texts_allowed: 0, keyword_answers: 0 };
  const ms: Record<string, number> = {};
  const counts: Record<string, number> = {};
  // A holder, not a variable: TypeScript does not see the workers assign it.
  const first: { failed: { sequence: ConsentSequence; error: Error } | null } = { failed: null };
  let next = 0;
  const worker = async () => {
    while (!first.failed && next < sequences.length) {
      const sequence = sequences[next++]!;
      try {
        const tally = await runSequence(stack, sequence);
        totals.commands += tally.commands;
        totals.texts_allowed += tally.textsAllowed;
        totals.keyword_answers += tally.keywordAnswers;
        for (const [kind, spent] of Object.entries(tally.ms)) {
          ms[kind] = (ms[kind] ?? 0) + spent;
          counts[kind] = (counts[kind] ?? 0) + tally.count[kind]!;
        }
      } catch (err) {
        first.failed ??= { sequence, error: err as Error };
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));

  let failure: ConsentRunResult['failure'] = null;
  if (first.failed) {
    // Shrink on its own, one run at a time: the smallest list of commands that still breaks it.
    const found = first.failed;
    const errors = new Map<ConsentSequence, Error>([[found.sequence, found.error]]);
    const shrink = await fc.check(
      fc.asyncProperty(consentSequence(maxCommands), async (sequence) => {
        try {
          await runSequence(stack, sequence);
          return true;
        } catch (err) {
          errors.set(sequence, err as Error);
          return false;
        }
      }),
      // numRuns 1: the failing sequence is the one run (examples count as runs), then its shrinks.
      { seed: options.seed, numRuns: 1, examples: [[found.sequence]], interruptAfterTimeLimit: options.shrinkMs ?? 120_000 },
    );
    const sequence = shrink.counterexample?.[0] ?? found.sequence;
    const error = errors.get(sequence) ?? found.error;
    const alone = shrink.failed ? '' : ' (it did not fail again when run alone: a race with the sequences running beside it)';
    failure = { message: `${error.message}${alone}`, commands: describeSequence(sequence) };
  }
  return {
    runs: options.runs,
    seed: options.seed,
    concurrency: options.concurrency,
    seconds: +((performance.now() - started) / 1000).toFixed(1),
    ...totals,
    mean_ms_by_command: Object.fromEntries(Object.entries(ms).map(([kind, spent]) => [kind, Math.round(spent / counts[kind]!)])),
    failure,
  };
}

/** The message a failed run fails with: the seed to replay it and the commands that broke it. */
export function failureReport(result: ConsentRunResult): string {
  if (!result.failure) return '';
  return [
    `Consent invariant broken (seed ${result.seed}; replay with CONSENT_SEED=${result.seed} CONSENT_RUNS=${result.runs}):`,
    result.failure.message,
    'Smallest failing sequence:',
    result.failure.commands,
  ].join('\n');
}
