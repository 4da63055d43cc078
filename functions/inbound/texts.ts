/**
 * A customer's text to one of the dealership's numbers (End User Messaging two-way SMS on the
 * inbound_sms topic). It is stored in the customer's conversation as it came, which moves the
 * order up the board and makes it unread for every agent who had read it (threading.ts picks the
 * conversation among every board's; a known customer with none at the store gets a texted-in
 * order); then what it says about consent is acted on: an opt-out (in any reasonable wording) or opt-in goes through the
 * consent ledger and is confirmed by text, HELP is answered with the dealership's contact.
 *
 * SNS may deliver a text twice: the carrier log's claim names the message id on the first
 * delivery, the message is written only if that id is not there yet, and consent changes and
 * their confirmations happen only when the status really changes, so a repeat posts nothing new.
 */
import type { AutomatedKind } from '../../shared/messages.js';
import { smsCarrier } from '../lib/carrier.js';
import { customerText } from '../lib/customerTexts.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { normalizePhone } from '../lib/phones.js';
import { readSettings } from '../lib/settings.js';
import { textingNumber, type TextingNumber } from '../lib/textingNumbers.js';
import { changeConsent, changeNumberConsent } from '../customers/consent.js';
import { customersWithPhone, type CustomerRecord } from '../customers/records.js';
import { consentIntent } from '../messages/keywords.js';
import { appendOnce, newMessage, type MessageRecord } from '../messages/records.js';
import { announceMessage } from '../messages/announce.js';
import { outboundRecord, queueAndDeliver } from '../messages/delivery.js';
import { ownerFieldOf } from '../../shared/conversations.js';
import { announceTo, changedEvent, portFor, type ConversationOwner } from '../messages/owners.js';
import { releaseHeldForOptIn } from '../messages/scheduled.js';
import { whileAway } from '../messages/away.js';
import { claimInbound, markInboundProcessed, type InboundOutcome, type InboundText } from './carrierLog.js';
import { boards, boardOfNumber } from '../lib/boardList.js';
import { contactKindOf } from '../customers/records.js';
import { threadFor, type Thread } from './threading.js';


function inboundRecord(owner: ConversationOwner, id: string, body: string, from: string, to: string, at: string): MessageRecord {
  return newMessage(owner, { id, direction: 'inbound', text: body, at, from, to });
}

/**
 * Stores the text in the owner's conversation (bringing an archived owner back first), and lets the
 * owner's board react to it; answers the owner as it is now. A voicemail is posted the same way
 * (functions/calls/voicemails.ts): it is the customer speaking in their conversation.
 */
export async function postToConversation(owner: ConversationOwner, message: MessageRecord): Promise<ConversationOwner> {
  const port = portFor(owner);
  let current = owner;
  if (owner.archived) {
    current = port.owner(await port.reopen(owner.record));
    if (!current.archived) await announceTo(current, changedEvent(current, 'unarchived'));
  }
  // Already stored by an earlier delivery of the same text: nothing to announce again.
  if (!(await appendOnce(current, message))) return current;
  await announceMessage(current, message, 'message.created');
  await announceTo(current, changedEvent(current, 'message_received'));
  await port.customerReplied?.(current.record, message.text, message.created_at);
  return current;
}

/**
 * A known contact with no conversation at the store gets one: on the board of the number they texted
 * when it opens conversations (functions/messages/owners.ts `openConversation`), else on the first
 * board that opens them for such contacts (the service board's texted-in order for a customer).
 * `carrierMessageId` makes it idempotent: a missed call passes its call's id.
 */
export async function newThread(number: Pick<TextingNumber, 'company_id' | 'location_id' | 'module'>, customers: CustomerRecord[], carrierMessageId: string): Promise<Thread | null> {
  const kind = contactKindOf(customers[0]!);
  const opens = (board: ReturnType<typeof boards>[number] | undefined) => board?.conversations?.contact === kind && portFor({ kind: board.conversations.kind }).openConversation !== undefined;
  const own = boardOfNumber(number.module);
  const board = opens(own) ? own : boards().find(opens);
  if (!board?.conversations) return null;
  const opened = await portFor({ kind: board.conversations.kind }).openConversation!(number, customers, carrierMessageId);
  logger.info('text from a contact with no conversation at this location opened one', { customer_id: opened.contact.id, location_id: number.location_id, board: board.name, owner_id: opened.owner.id });
  return { owner: opened.owner, customer: opened.contact };
}

/**
 * A text from a number the company does not know: a board that takes such texts (the guests and
 * leads) opens a conversation with a contact of its own for the number; the number's own board
 * first, else the first that does.
 */
export async function strangerThread(number: Pick<TextingNumber, 'company_id' | 'location_id' | 'module'>, phone: string, carrierMessageId: string): Promise<Thread | null> {
  const takes = (board: ReturnType<typeof boards>[number] | undefined) => board?.conversations !== undefined && portFor({ kind: board.conversations.kind }).openForStranger !== undefined;
  const own = boardOfNumber(number.module);
  const board = takes(own) ? own : boards().find(takes);
  if (!board?.conversations) return null;
  const opened = await portFor({ kind: board.conversations.kind }).openForStranger!(number, phone, carrierMessageId);
  logger.info('text from an unknown number opened a conversation', { location_id: number.location_id, board: board.name, owner_id: opened.owner.id });
  return { owner: opened.owner, customer: opened.contact };
}

interface Dealership {
  number: TextingNumber;
  locale: string;
  dealership: string;
  phone: string;
}

async function dealershipAt(number: TextingNumber): Promise<Dealership> {
  const [location, business] = await Promise.all([
    getLocation(number.company_id, number.location_id),
    readSettings(number.company_id, number.location_id, 'business_information'),
  ]);
  return {
    number,
    locale: location?.locale ?? 'en-us',
    // What a customer knows the dealership by: its business name and phone, else the location's.
    dealership: business.dealership_name.trim() || location?.name || '',
    phone: business.phone.trim() || location?.phone || '',
  };
}

/**
 * The console's answer to a keyword, from the number the customer texted. It goes into the
 * conversation when there is one (the advisor sees what the customer was told). Blocked
 * customers get no answers: blocking stops every text to them.
 */
async function answer(place: Dealership, customer: CustomerRecord, owner: ConversationOwner | null, kind: AutomatedKind, text: string, to: string): Promise<void> {
  if (customer.blocked_at) return;
  if (owner) {
    await queueAndDeliver(owner, outboundRecord(owner, { text, attachments: [], agent: null, automated: kind, sendAt: null, from: place.number.number, to }));
    return;
  }
  try {
    await smsCarrier().send({ messageId: newId('msg'), from: place.number.number, to, text, media: [] });
  } catch (err) {
    logger.error('keyword answer not sent', { kind, error: (err as Error).message });
  }
}

/**
 * Acts on what the text says about consent (functions/messages/keywords.ts reads it); answers
 * whether it was a keyword the console acted on (then the console's answer is the customer's only one).
 */
async function actOnKeywords(body: string, from: string, place: Dealership, customers: CustomerRecord[], customer: CustomerRecord, owner: ConversationOwner | null): Promise<boolean> {
  const { intent, keyword } = consentIntent(body);
  if (!intent) return false;
  const asked = customers.some((c) => c.opt_in_requested_at);
  // A bare YES is the answer to the double opt-in request; unasked, it answers the advisor's
  // question ("Can we replace the wipers?") and changes no consent.
  if (intent === 'opt_in' && keyword === 'YES' && !asked) return false;
  const locale = customer.language ?? place.locale;
  const companyId = place.number.company_id;
  if (intent === 'help') {
    await answer(place, customer, owner, 'help_reply', customerText('helpReply', locale, { dealership: place.dealership, phone: place.phone }), from);
    return true;
  }
  if (intent === 'opt_out') {
    const { changed: records } = await changeConsent({ companyId, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: body, agent: null });
    // The confirmation is the last text the number gets; a repeated STOP gets none.
    if (records.length > 0) await answer(place, customer, owner, 'opt_out_confirmation', customerText('optOutConfirmation', locale, { dealership: place.dealership }), from);
    // Texts that waited for a YES will never go.
    await releaseHeldForOptIn(companyId, customers.map((c) => c.id));
    return true;
  }
  const method = asked ? 'double_opt_in_reply' : 'sms_keyword';
  const { changed: records } = await changeConsent({ companyId, customer, status: 'in', initiator: 'customer', method, wording: body, agent: null });
  if (records.length > 0) await answer(place, customer, owner, 'opt_in_confirmation', customerText('optInConfirmation', locale, { dealership: place.dealership }), from);
  await releaseHeldForOptIn(companyId, customers.map((c) => c.id));
  return true;
}

/**
 * STOP or START from a number no customer record has: kept on the number (changeNumberConsent) and
 * confirmed as to anyone, in the store's language (nothing is known of the sender's). A bare YES
 * answers no request here, and HELP waits for the guest inbox.
 */
async function actOnStrangersKeywords(body: string, from: string, number: TextingNumber): Promise<void> {
  const { intent, keyword } = consentIntent(body);
  if (intent !== 'opt_out' && (intent !== 'opt_in' || keyword === 'YES')) return;
  const changed = await changeNumberConsent(number.company_id, from, intent === 'opt_out' ? 'out' : 'in', body);
  if (!changed) return;
  const place = await dealershipAt(number);
  const words = intent === 'opt_out' ? 'optOutConfirmation' : 'optInConfirmation';
  try {
    await smsCarrier().send({ messageId: newId('msg'), from: place.number.number, to: from, text: customerText(words, place.locale, { dealership: place.dealership }), media: [] });
  } catch (err) {
    logger.error('keyword answer not sent', { kind: words, error: (err as Error).message });
  }
}

/** Handles one inbound text; answers what became of it. */
export async function receiveText(text: InboundText, snsMessageId: string): Promise<InboundOutcome> {
  const claim = await claimInbound(text, snsMessageId, newId('msg'));
  if (claim.processed) return 'duplicate';
  const from = normalizePhone(text.originationNumber) ?? text.originationNumber.trim();
  const to = normalizePhone(text.destinationNumber) ?? text.destinationNumber.trim();

  const number = await textingNumber(to);
  if (!number) {
    logger.warn('text to a number no location uses', { to });
    await markInboundProcessed(text, 'unknown_number');
    return 'unknown_number';
  }
  let customers = await customersWithPhone(number.company_id, from);
  const stranger = customers.length === 0 ? await strangerThread(number, from, text.inboundMessageId) : null;
  if (customers.length === 0 && !stranger) {
    // No board takes texts from unknown numbers: kept in the carrier log. Its consent words still
    // count: they belong to the number, which a customer record may come to have later.
    logger.warn('text from an unknown sender', { company_id: number.company_id, location_id: number.location_id, to });
    await actOnStrangersKeywords(text.messageBody, from, number);
    await markInboundProcessed(text, 'unknown_sender');
    return 'unknown_sender';
  }
  if (stranger) customers = [stranger.customer];

  const thread = stranger ?? (await threadFor(number.company_id, number.location_id, customers, from)) ?? (await newThread(number, customers, text.inboundMessageId));
  const customer = thread?.customer ?? customers[0]!;
  const message = thread ? inboundRecord(thread.owner, claim.messageId, text.messageBody, from, to, new Date().toISOString()) : null;
  const owner = thread && message ? await postToConversation(thread.owner, message) : null;

  const place = await dealershipAt(number);
  const keyword = await actOnKeywords(text.messageBody, from, place, customers, customer, owner);
  // The agent's absence: their auto-reply (never to a keyword the console answered), their colleague.
  if (owner && message) await whileAway(owner, message, { autoReply: !keyword });
  const outcome: InboundOutcome = owner ? 'threaded' : 'consent_only';
  await markInboundProcessed(text, outcome, { ...(owner ? ownerFieldOf(owner) : { repair_order_id: null }), customer_id: customer.id });
  return outcome;
}
