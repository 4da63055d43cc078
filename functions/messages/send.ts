/**
 * Texting a customer in any board's conversation: gather what the rules need (the owner, its
 * customer with a current line type, the location's settings and texting number), let rules.ts
 * decide, and hand the text on (delivery.ts). Also the once-per-number texts: the opt-out notice on the first text
 * a number ever gets, and the double opt-in request.
 */
import { createHash } from 'node:crypto';
import { SEND_ERRORS, SEND_WARNINGS, type SendErrorId } from '../../shared/schemas/messages.js';
import { CANCELLED_CODE } from '../../shared/sendingTexts.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { agentRef, type AgentRecord } from '../lib/agents.js';
import { smsCarrier } from '../lib/carrier.js';
import { customerText, withOptOutLine } from '../lib/customerTexts.js';
import { getLocation, type LocationRecord } from '../lib/locations.js';
import { boardOfKind } from '../lib/boardList.js';
import { normalizePhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import { getNumberConsent, type NumberConsent } from '../customers/numberConsent.js';
import { customersWithPhone, getCustomer, markCustomerOnce, rememberLineType, type CarrierLine, type CustomerRecord, type OnceField } from '../customers/records.js';
import { announceMessage } from './announce.js';
import { sendAmongAgents } from './amongAgents.js';
import { deliver, outboundRecord, queueAndDeliver, resumeSend } from './delivery.js';
import { SendAlreadyRecorded, messageOfSendRequest, setDeliveryState, type MessageRecord, type SendRequestRef, type StoredAttachment } from './records.js';
import { announceTo, portFor, type ConversationOwner } from './owners.js';
import { consentOf, decideSend, ruleSettings, type Outgoing, type RuleCustomer, type SendDecision, type SendMode } from './rules.js';
import type { OptMetadata, OptStatus } from '../../shared/customers.js';
import { SendRefused, VersionConflict, notFound, refused } from '../lib/errors.js';

/** Everything the rules and the carrier need about one conversation. */
export interface SendContext {
  owner: ConversationOwner;
  customer: CustomerRecord;
  /** The consent of the customer's cell number, which the rules check beside the record's copy. */
  number: NumberConsent | null;
  location: LocationRecord;
  service: SettingsOf<'service_settings'>;
  dms: SettingsOf<'dms_settings'>;
  business: SettingsOf<'business_information'>;
  gatekeeper: SettingsOf<'gatekeeper_settings'>;
}

export async function sendContext(owner: ConversationOwner): Promise<SendContext> {
  const { company_id: companyId, location_id: locationId } = owner;
  const [customer, location, service, dms, business, gatekeeper] = await Promise.all([
    getCustomer(companyId, owner.customer_id, true),
    getLocation(companyId, locationId),
    readSettings(companyId, locationId, 'service_settings'),
    readSettings(companyId, locationId, 'dms_settings'),
    readSettings(companyId, locationId, 'business_information'),
    readSettings(companyId, locationId, 'gatekeeper_settings'),
  ]);
  if (!customer) throw notFound('Customer not found');
  if (!location) throw notFound('Location not found');
  const number = customer.phones.cell ? ((await getNumberConsent(companyId, customer.phones.cell)) ?? null) : null;
  return { owner, customer, number, location, service, dms, business, gatekeeper };
}

export const NO_TEXTING_NUMBER = SEND_ERRORS.no_texting_number;

/**
 * The location's texting number for the owner's board (E.164), which texts come from and replies go
 * to; a store with one number for everything leaves the others empty, and the service number serves.
 */
export function serviceNumber(context: SendContext): string | null {
  const numbers = context.business.texting_numbers;
  const own = boardOfKind(context.owner.kind)?.textingNumbers?.[0];
  const raw = (own ? numbers[own].trim() : '') || numbers.service.trim();
  return raw ? normalizePhone(raw) : null;
}

/** The customer's language, else the location's. */
export const localeOf = (context: Pick<SendContext, 'customer' | 'location'>): string => context.customer.language ?? context.location.locale;

/** The dealership as customers know it: its business name and phone, else the location's. */
export function dealershipOf(context: Pick<SendContext, 'business' | 'location'>): { dealership: string; phone: string } {
  return {
    dealership: context.business.dealership_name.trim() || context.location.name,
    phone: context.business.phone.trim() || context.location.phone,
  };
}


// ---------------------------------------------------------------------------------------------
// The customer's line type

/** How long a line-type answer is trusted: numbers move between carriers and line types. */
export const LINE_TYPE_DAYS = 30;

function lineIsCurrent(carrier: CarrierLine, now: Date): boolean {
  if (carrier.type === 'error' || !carrier.checked_at) return false;
  return now.getTime() - Date.parse(carrier.checked_at) < LINE_TYPE_DAYS * 86_400_000;
}

/**
 * The context with the customer's line type as the carrier knows it now: looked up when it was
 * never checked, could not be told, or is older than LINE_TYPE_DAYS, and kept on the customer.
 * A failed lookup keeps what we knew (the next text asks again).
 */
export async function withCurrentLine(context: SendContext, now = new Date()): Promise<SendContext> {
  const { customer, owner } = context;
  const carrier = customer.carrier as CarrierLine;
  if (!customer.phones.cell || lineIsCurrent(carrier, now)) return context;
  // The answer is as new as the question: a job's `now` is when it started, maybe long before.
  const asked = Math.max(now.getTime(), Date.now());
  const type = await smsCarrier().lookup(customer.phones.cell);
  if (type === 'error') return context;
  const next: CarrierLine = { type, checked_at: new Date(asked).toISOString() };
  await rememberLineType(customer.company_id, customer.id, next);
  if (type !== carrier.type) {
    await announceTo(owner, { type: 'customer.changed', data: { customer_id: customer.id, location_id: owner.location_id } });
  }
  return { ...context, customer: { ...customer, carrier: next, version: customer.version + 1 } };
}

// ---------------------------------------------------------------------------------------------
// One-time marks on the phone number (the opt-out notice, the double opt-in request)

/** The customer record and every other record of the company with the same cell number. */
async function recordsOfNumber(customer: CustomerRecord): Promise<CustomerRecord[]> {
  const sharing = customer.phones.cell ? await customersWithPhone(customer.company_id, customer.phones.cell) : [];
  return [customer, ...sharing.filter((c) => c.id !== customer.id)];
}

/**
 * Claims a once-per-number mark: true when no record of the number had it and this call set it
 * (on the customer's record first, so two racing texts cannot both claim it, then on the others).
 */
async function claimOnce(customer: CustomerRecord, field: OnceField, at: string): Promise<boolean> {
  // Marks go on every record of the number, so the customer's own record usually answers alone.
  if (customer[field]) return false;
  const records = await recordsOfNumber(customer);
  const earlier = records.find((record) => record[field])?.[field];
  if (earlier) {
    // A record added after the mark was set learns it, so next time it answers alone.
    await markCustomerOnce(customer.company_id, customer.id, field, earlier);
    return false;
  }
  if (!(await markCustomerOnce(customer.company_id, customer.id, field, at))) return false;
  await Promise.all(records.slice(1).map((record) => markCustomerOnce(customer.company_id, record.id, field, at)));
  return true;
}

/** Whether the number was told how to opt out already, on any record that shares it (reads only: the preview asks). */
export async function optOutNoticeSent(customer: CustomerRecord): Promise<boolean> {
  if (customer.opt_notice_sent_at) return true;
  return (await recordsOfNumber(customer)).some((record) => record.opt_notice_sent_at);
}

/** Marks the number as told how to opt out (a text that says "Reply STOP" went to it). */
async function markNoticeSent(customer: CustomerRecord, at: string): Promise<void> {
  const records = await recordsOfNumber(customer);
  await Promise.all(records.filter((r) => !r.opt_notice_sent_at).map((r) => markCustomerOnce(customer.company_id, r.id, 'opt_notice_sent_at', at)));
}

/**
 * The text as it goes out: the first text ever to a number carries the opt-out instruction
 * ("Reply STOP to opt out", in the customer's language) on a line of its own, naming the
 * dealership when the text does not.
 */
export async function withOptOutNotice(context: SendContext, text: string, at: string): Promise<string> {
  if (!(await claimOnce(context.customer, 'opt_notice_sent_at', at))) return text;
  return withOptOutLine(text, localeOf(context), dealershipOf(context).dealership);
}

// ---------------------------------------------------------------------------------------------
// The rules, asked with what the context knows

export function ruleCustomer(customer: CustomerRecord, number: NumberConsent | null = null): RuleCustomer {
  return { opt_in: customer.opt_in, number_opt_in: number?.opt_in ?? null, blocked_at: customer.blocked_at, line: customer.carrier.type, cell: customer.phones.cell };
}

/** The consent the gatekeeper judges: the number's where it decides (an opt-out, or an opt-in the record lacks), else the record's. */
export function consentOfContext(context: Pick<SendContext, 'customer' | 'number'>): { opt_in: OptStatus; opt_metadata: OptMetadata | null } {
  const { customer, number } = context;
  const opt_in = consentOf(ruleCustomer(customer, number));
  const fromNumber = number !== null && opt_in !== customer.opt_in;
  return { opt_in, opt_metadata: fromNumber ? number.opt_metadata : customer.opt_metadata };
}

export function decide(context: SendContext, outgoing: Outgoing, mode: SendMode, now = new Date()): SendDecision {
  return decideSend(
    context.owner.rules,
    ruleCustomer(context.customer, context.number),
    ruleSettings(context.service, context.dms, context.location.timezone),
    outgoing,
    mode,
    now,
  );
}

export function refusalError(error: SendErrorId, nextWindowAt?: string): SendRefused {
  return new SendRefused(error, SEND_ERRORS[error], nextWindowAt ? { next_window_at: nextWindowAt } : {});
}

/**
 * Double opt-in: sends the opt-in request ("Reply YES…") once per number. Like any text the
 * console sends on its own, it waits for the end of quiet hours.
 */
export async function askOptIn(context: SendContext, now = new Date()): Promise<MessageRecord | null> {
  const from = serviceNumber(context);
  const to = context.customer.phones.cell;
  if (!from || !to) return null;
  const at = now.toISOString();
  if (!(await claimOnce(context.customer, 'opt_in_requested_at', at))) return null;
  const text = customerText('optInRequest', localeOf(context), { dealership: dealershipOf(context).dealership });
  // The request says how to opt out: it is the number's notice too.
  await markNoticeSent(context.customer, at);
  const timing = decide(context, { text, attachments: 0 }, 'automated', now);
  const sendAt = timing.outcome === 'hold' ? timing.sendAt : null;
  const message = outboundRecord(context.owner, { text, attachments: [], agent: null, automated: 'opt_in_request', sendAt, from, to, at });
  return queueAndDeliver(context.owner, message);
}

export interface SendResult {
  message: MessageRecord;
  warnings: string[];
}

/** The stored form of a send request's Idempotency-Key (keys stay out of the table's key space). */
export const requestKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Writes and sends the message of one send request. When an earlier attempt of the same request
 * (same agent, same Idempotency-Key) already wrote its message, that one is finished instead: sent
 * if it never went, reconciled if it may have, answered as it is otherwise.
 */
async function queueRequest(owner: ConversationOwner, message: MessageRecord, warnings: string[], request: SendRequestRef | undefined): Promise<SendResult> {
  try {
    return { message: await queueAndDeliver(owner, message, request), warnings };
  } catch (err) {
    if (!(err instanceof SendAlreadyRecorded) || !request) throw err;
    const earlier = await messageOfSendRequest(owner.company_id, request.agentId, request.keyHash);
    if (!earlier) throw err;
    return { message: await resumeSend(owner, earlier.message), warnings: earlier.warnings };
  }
}

/**
 * A retry of a send request whose text is already written: that text, finished whatever the rules
 * say now (it may have gone already; the rules were asked when it was written). Undefined when no
 * attempt of the request wrote one.
 */
export async function earlierSend(owner: ConversationOwner, agent: Pick<AgentRecord, 'id'>, requestKey: string, now = new Date()): Promise<SendResult | undefined> {
  const earlier = await messageOfSendRequest(owner.company_id, agent.id, requestKeyHash(requestKey));
  return earlier && { message: await resumeSend(owner, earlier.message, now), warnings: earlier.warnings };
}

/**
 * An agent's text (the composer): refused with a SEND_ERRORS id and text, held when a later time
 * was chosen, otherwise written and sent. Throws the refusal as SendRefused (functions/lib/http.ts words its status).
 */
export async function sendFromAgent(
  owner: ConversationOwner,
  agent: AgentRecord,
  input: {
    text: string;
    attachments: StoredAttachment[];
    sendAt?: string;
    confirmQuietHours?: boolean;
    requestKey?: string;
    /** Agents named with @, already checked (functions/messages/mentions.ts). */
    mentions?: string[];
    /** 'action': a prepared text (a mass text) rather than the agent's own words typed now. */
    mode?: 'manual' | 'action';
  },
  now = new Date(),
): Promise<SendResult> {
  const keyHash = input.requestKey ? requestKeyHash(input.requestKey) : null;
  if (input.requestKey) {
    const earlier = await earlierSend(owner, agent, input.requestKey, now);
    if (earlier) return earlier;
  }
  const request = (warnings: string[]): SendRequestRef | undefined => (keyHash ? { agentId: agent.id, keyHash, warnings } : undefined);
  if (owner.internal) return queueInternal(owner, agent, input, request([]), now);
  const context = await withCurrentLine(await sendContext(owner), now);
  const decision = decide(context, { text: input.text, attachments: input.attachments.length, sendAt: input.sendAt, confirmQuietHours: input.confirmQuietHours }, input.mode ?? 'manual', now);
  if (decision.outcome === 'refuse') throw refusalError(decision.error, decision.nextWindowAt);
  const from = serviceNumber(context);
  if (!from) throw new SendRefused('no_texting_number', NO_TEXTING_NUMBER);
  if (decision.outcome === 'ask_opt_in') {
    // The customer is asked once; the agent's text waits for their YES and goes then (or ends
    // `not sent` if they answer STOP), so nobody has to remember to send it again.
    await askOptIn(context, now);
    const held = outboundRecord(owner, {
      text: input.text,
      attachments: input.attachments,
      agent: agentRef(agent),
      automated: null,
      sendAt: null,
      heldForOptIn: true,
      from,
      to: context.customer.phones.cell ?? '',
      at: now.toISOString(),
      mentions: input.mentions,
    });
    const warnings = [SEND_WARNINGS.held_for_opt_in];
    return queueRequest(owner, held, warnings, request(warnings));
  }
  const at = now.toISOString();
  const text = await withOptOutNotice(context, input.text, at);
  const message = outboundRecord(owner, {
    text,
    attachments: input.attachments,
    agent: agentRef(agent),
    automated: null,
    sendAt: decision.outcome === 'hold' ? decision.sendAt : null,
    from,
    to: context.customer.phones.cell ?? '',
    at,
    mentions: input.mentions,
  });
  return queueRequest(owner, message, decision.warnings, request(decision.warnings));
}

/** A message among agents, written once per send request like a text (see queueRequest). */
async function queueInternal(owner: ConversationOwner, agent: AgentRecord, input: Parameters<typeof sendAmongAgents>[2], request: SendRequestRef | undefined, now: Date): Promise<SendResult> {
  try {
    return { message: await sendAmongAgents(owner, agent, input, request, now), warnings: [] };
  } catch (err) {
    if (!(err instanceof SendAlreadyRecorded) || !request) throw err;
    const earlier = await messageOfSendRequest(owner.company_id, request.agentId, request.keyHash);
    if (!earlier) throw err;
    return { message: earlier.message, warnings: [] };
  }
}

export const NOT_RETRYABLE = 'Only a text that was not sent or not delivered can be sent again';

/**
 * An agent sends a failed text again (PUT /api/messages/{id}/retry): the rules are asked again
 * (not quiet hours: the agent is resending, on purpose, a text they already sent once), and the
 * same message goes back to `queued` as a new attempt.
 */
export async function retryMessage(owner: ConversationOwner, message: MessageRecord, now = new Date()): Promise<MessageRecord> {
  const status = message.metadata.status;
  // A text an agent cancelled stays cancelled: sending it after all is writing it again.
  if (message.metadata.direction !== 'outbound' || (status !== 'not sent' && status !== 'undelivered') || message.metadata.error_code === CANCELLED_CODE) {
    throw refused('not_retryable', NOT_RETRYABLE);
  }
  const context = await withCurrentLine(await sendContext(owner), now);
  const outgoing = { text: message.text, attachments: message.attachments.length, asksConsent: message.metadata.automated === 'opt_in_request' };
  const decision = decide(context, outgoing, 'retry', now);
  if (decision.outcome === 'refuse') throw refusalError(decision.error, decision.nextWindowAt);
  if (decision.outcome === 'ask_opt_in') {
    await askOptIn(context, now);
    throw refusalError('awaiting_opt_in');
  }
  const restarted = await setDeliveryState(message, { status: 'queued', at: now.toISOString() }, true);
  if (!restarted) throw new VersionConflict('message_changed', 'The text changed meanwhile; reload the conversation');
  await announceMessage(owner, restarted, 'message.updated');
  return deliver(owner, restarted);
}
