/**
 * Consent to be texted: THE one way a customer's opt status changes (the agent's opt-out button,
 * the customer's STOP/START/YES, the DMS feed's opt-in all come through here).
 *
 * Consent belongs to the phone number, not to a DMS record: a dealership often holds the same
 * person twice (two DMS ids, a spouse's car), and a STOP must stop every text to that number. So a
 * change is written on the number's consent item (numberConsent.ts) and on every customer record of
 * the company sharing the cell number, each record with its own line in an append-only ledger
 * (who, when, how, in which words) that managers can read, all in one transaction, and a system
 * note goes on each affected conversation still on the board. A record that comes to have the
 * number later (a booking, the DMS feed, a changed number) inherits the number's status with a
 * ledger line of its own (`saveRecordTakingNumber`), and the hand-over to the carrier checks the
 * number itself.
 *
 * Who may undo an opt-out: only the customer, by texting START (or YES to a double opt-in
 * request). The TCPA and the CTIA messaging principles require a revocation of consent by the
 * consumer to be honoured until the consumer gives consent again; a DMS's opt-in flag is a record
 * typed by staff, often before the revocation or copied from an old visit, and an agent has no
 * way to obtain new consent in the console. So a DMS or agent opt-in never overrides an opt-out on
 * any record of the number, and the DMS is never taken as a source of opt-outs either (a stale
 * DMS export would otherwise silence customers who have since opted in by text).
 */
import { monotonicFactory } from 'ulid';
import type { AgentRef } from '../../shared/people.js';
import type { ConsentEntry, OptInitiator, OptStatus } from '../../shared/customers.js';
import type { SystemBehaviour } from '../../shared/messages.js';
import { quotesCustomerWords, type SystemNote } from '../../shared/systemNotes.js';
import { agentRefOrNull, type AgentRecord } from '../lib/agents.js';
import { logger } from '../lib/log.js';
import { addSystemNote } from '../messages/notes.js';
import { announceCustomer } from './announce.js';
import { saveConsentChange, saveRecordOfNumber, type ConsentWrite } from './consentLedger.js';
import { getNumberConsent, unknownNumber, type NumberConsent } from './numberConsent.js';
import { CustomerChanged, customersWithPhone, getCustomer, getCustomers, saveCustomer, type CustomerRecord } from './records.js';
import { conversationsOfCustomer } from '../messages/owners.js';

export interface ConsentChange {
  companyId: string;
  /** The record the change arrived on (the texting customer's, the order's, the DMS's). */
  customer: CustomerRecord;
  status: 'in' | 'out';
  initiator: OptInitiator;
  /** How: sms_keyword, agent_opt_out, dms_feed, double_opt_in_reply… */
  method: string;
  /** The customer's words, the agent's action, or the DMS field that carried it. */
  wording: string;
  agent: AgentRecord | null;
  opcode?: string | null;
}

/** Why a whole change is not taken, for the log: nothing is written then. */
export type ConsentRefusal = 'dms_never_opts_out' | 'only_the_customer_undoes_an_opt_out';

/** Whether one record takes the change: not when it is already there, nor when only its customer may undo it. */
export function recordTakes(current: OptStatus, status: 'in' | 'out', initiator: OptInitiator): boolean {
  if (current === status) return false;
  return !(status === 'in' && current === 'out' && initiator !== 'customer');
}

/**
 * Which records of a phone take a change. A refusal is phone-wide: if any record of the number is
 * opted out, a DMS or agent opt-in would make the number textable again through another record.
 */
export function consentPlan(
  records: Pick<CustomerRecord, 'id' | 'opt_in'>[],
  status: 'in' | 'out',
  initiator: OptInitiator,
  number: OptStatus = 'unknown',
): { take: string[]; refusal: ConsentRefusal | null } {
  if (status === 'out' && initiator === 'dms') return { take: [], refusal: 'dms_never_opts_out' };
  if (status === 'in' && initiator !== 'customer' && (number === 'out' || records.some((r) => r.opt_in === 'out'))) {
    return { take: [], refusal: 'only_the_customer_undoes_an_opt_out' };
  }
  return { take: records.filter((r) => recordTakes(r.opt_in, status, initiator)).map((r) => r.id), refusal: null };
}

/** The system note's behaviour (SPEC §3): a customer's text, an agent, or the DMS. */
export function noteBehaviour(status: 'in' | 'out', initiator: OptInitiator): SystemBehaviour {
  if (status === 'out') return initiator === 'agent' ? 'AGENT_OPT_OUT' : 'SMS_OPT_OUT';
  return initiator === 'dms' ? 'DMS_OPT_IN' : 'OPT_IN';
}

/** Methods by which the customer's own words arrived as a text message. */

const agentName = (agent: AgentRef | null): string | null => (agent ? `${agent.first_name} ${agent.last_name}`.trim() : null);

/** The note as stored, in English (the console shows its own translation of the behaviour beside it). */
export function noteText(
  change: Pick<ConsentChange, 'status' | 'initiator' | 'method' | 'wording' | 'opcode'>,
  agent: AgentRef | null,
  sharedPhone: boolean,
): string {
  const who = agentName(agent);
  const words = change.wording.trim().slice(0, 160);
  // The customer's own text is quoted; other sources (the carrier's opt-out list) are described.
  const how = quotesCustomerWords(change.method) ? ` by text${words ? `: "${words}"` : ''}` : words ? ` (${words})` : '';
  let text: string;
  if (change.status === 'out') {
    text = change.initiator === 'agent' ? `Opted out by ${who ?? 'an agent'}.` : `Customer opted out${how}.`;
  } else if (change.initiator === 'dms') {
    text = change.opcode ? `Opted in by the DMS (op code ${change.opcode}).` : 'Opted in by the DMS.';
  } else if (change.initiator === 'agent') {
    text = `Opted in by ${who ?? 'an agent'}.`;
  } else {
    text = `Customer opted in${how}.`;
  }
  return sharedPhone ? `${text} The change came from another customer record with the same cell number.` : text;
}

/** The note's key and parameters: the console words it in the agent's language (shared/systemNotes.ts). */
export function consentNote(
  change: Pick<ConsentChange, 'status' | 'initiator' | 'method' | 'wording' | 'opcode'>,
  agent: AgentRef | null,
  sharedPhone: boolean,
): SystemNote {
  const params = {
    initiator: change.initiator,
    method: change.method,
    // Only the customer's own words are quoted; other wordings are the console's English descriptions.
    words: quotesCustomerWords(change.method) ? change.wording.trim().slice(0, 160) : '',
    opcode: change.opcode ?? '',
    agent_name: agentName(agent) ?? '',
    shared_phone: sharedPhone,
  };
  return change.status === 'out' ? { key: 'opt_out', params } : { key: 'opt_in', params };
}

const nextUlid = monotonicFactory();
const MAX_WORDING = 1600;

/** A record's copy of the change with its ledger line; the caller writes them. */
function consentWrite(change: ConsentChange, before: CustomerRecord, at: string): ConsentWrite {
  const agent = agentRefOrNull(change.agent);
  const after: CustomerRecord = {
    ...before,
    opt_in: change.status,
    opt_metadata: { initiator: change.initiator, opcode: change.opcode ?? null, timestamp: at, agent },
    // Any consent answer settles a pending double opt-in request.
    opt_in_requested_at: null,
    updated_at: at,
    version: before.version + 1,
  };
  const ulid = nextUlid(Date.parse(at));
  const entry: ConsentEntry = {
    id: `cns_${ulid.toLowerCase()}`,
    customer_id: before.id,
    source_customer_id: change.customer.id,
    phone: before.phones.cell,
    status: change.status,
    previous: before.opt_in,
    initiator: change.initiator,
    method: change.method,
    wording: change.wording.slice(0, MAX_WORDING),
    agent,
    at,
  };
  return { after, entry, ulid };
}

/** Writers of one number retry this often (each a fresh read), a little apart so racing ones part. */
const MAX_ATTEMPTS = 6;
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));

const unique = <T extends { id: string }>(list: T[]): T[] => [...new Map(list.map((x) => [x.id, x])).values()];

/**
 * A number's consent and its records as they are now (read consistently): the records its item
 * lists and those the phone index finds (records from before the item existed, which registered
 * nowhere), that still have the cell. A number without an item yet takes its status from those
 * records: an opt-out on any of them wins, else an opt-in.
 */
export async function numberState(companyId: string, cell: string, now: string): Promise<{ number: NumberConsent; records: CustomerRecord[] }> {
  const [stored, indexed] = await Promise.all([getNumberConsent(companyId, cell), customersWithPhone(companyId, cell, true)]);
  const unlisted = (stored?.customer_ids ?? []).filter((id) => !indexed.some((c) => c.id === id));
  const listed = unlisted.length > 0 ? [...(await getCustomers(companyId, unlisted, true)).values()] : [];
  const records = unique([...indexed, ...listed]).filter((c) => c.phones.cell === cell);
  if (stored) return { number: stored, records };
  const from = records.find((c) => c.opt_in === 'out') ?? records.find((c) => c.opt_in === 'in');
  const number = { ...unknownNumber(companyId, cell, now), customer_ids: records.map((c) => c.id) };
  return { number: from ? { ...number, opt_in: from.opt_in, opt_metadata: from.opt_metadata } : number, records };
}

export async function changeConsent(input: ConsentChange): Promise<{ changed: CustomerRecord[] }> {
  const cell = input.customer.phones.cell;
  for (let attempt = 0; ; attempt++) {
    const at = new Date().toISOString();
    const own = (await getCustomer(input.companyId, input.customer.id, true)) ?? input.customer;
    const state = cell ? await numberState(input.companyId, cell, at) : null;
    const records = unique([...(own.phones.cell === cell ? [own] : []), ...(state?.records ?? [])]);
    const plan = consentPlan(records, input.status, input.initiator, state?.number.opt_in);
    if (plan.refusal) {
      logger.info('consent change not taken', { customer_id: input.customer.id, status: input.status, initiator: input.initiator, refusal: plan.refusal });
      return { changed: [] };
    }
    const writes = records.filter((r) => plan.take.includes(r.id)).map((r) => consentWrite(input, r, at));
    let number: NumberConsent | null = null;
    if (state) {
      const takes = recordTakes(state.number.opt_in, input.status, input.initiator);
      if (!takes && writes.length === 0) return { changed: [] };
      number = {
        ...state.number,
        ...(takes ? { opt_in: input.status, opt_metadata: writes[0]?.after.opt_metadata ?? { initiator: input.initiator, opcode: input.opcode ?? null, timestamp: at, agent: agentRefOrNull(input.agent) } } : {}),
        customer_ids: [...new Set([...state.number.customer_ids, ...records.map((r) => r.id)])],
        updated_at: at,
        version: state.number.version + 1,
      };
    } else if (writes.length === 0) {
      return { changed: [] };
    }
    try {
      await saveConsentChange(number, writes);
    } catch (err) {
      // A record of the number, or a new one registering with it, got in first: read again.
      if (attempt >= MAX_ATTEMPTS || !(err instanceof CustomerChanged)) throw err;
      await backOff(attempt);
      continue;
    }
    for (const { after } of writes) await tellBoard(input, after);
    return { changed: writes.map((w) => w.after) };
  }
}

/**
 * A consent keyword from a number no customer record of the company has yet (a STOP from a
 * stranger, a START after it): kept on the number alone, so a record that comes to have the number
 * later inherits it (saveRecordTakingNumber). Only the customer's own words reach here. Answers
 * whether the number's status changed. A record registering with the number meanwhile is taken
 * care of by the version condition: the change is read again and, finding the record, goes the
 * way of every change (changeConsent).
 */
export async function changeNumberConsent(companyId: string, cell: string, status: 'in' | 'out', wording: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const at = new Date().toISOString();
    const state = await numberState(companyId, cell, at);
    const [record] = state.records;
    if (record) {
      const { changed } = await changeConsent({ companyId, customer: record, status, initiator: 'customer', method: 'sms_keyword', wording, agent: null });
      return changed.length > 0;
    }
    if (!recordTakes(state.number.opt_in, status, 'customer')) return false;
    const number: NumberConsent = {
      ...state.number,
      opt_in: status,
      opt_metadata: { initiator: 'customer', opcode: null, timestamp: at, agent: null },
      updated_at: at,
      version: state.number.version + 1,
    };
    try {
      await saveConsentChange(number, []);
      return true;
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !(err instanceof CustomerChanged)) throw err;
      await backOff(attempt);
    }
  }
}

/** The status a record takes from its number: an opt-out always, an opt-in when the record has none. */
export function inheritedStatus(record: OptStatus, number: OptStatus): 'in' | 'out' | null {
  if (number === 'out' && record !== 'out') return 'out';
  if (number === 'in' && record === 'unknown') return 'in';
  return null;
}

/**
 * Writes a customer record that is new or whose cell number changed (the caller bumped its
 * version): registered with its number and carrying the number's consent, with a ledger line
 * saying it was inherited from the number, in one transaction conditional on the number's version,
 * so a STOP landing meanwhile is either seen here or sees this record. Any other record write is
 * a plain save. Answers the record as written; throws CustomerChanged when the record changed
 * under the caller (who reads it again and applies its change again).
 */
export async function saveRecordTakingNumber(record: CustomerRecord, existing: CustomerRecord | undefined): Promise<CustomerRecord> {
  const cell = record.phones.cell;
  if (!cell || (existing && existing.phones.cell === cell)) {
    await saveCustomer(record);
    return record;
  }
  for (let attempt = 0; ; attempt++) {
    const at = record.updated_at;
    const { number } = await numberState(record.company_id, cell, at);
    const inherits = inheritedStatus(record.opt_in, number.opt_in);
    let after = record;
    let line: ConsentWrite | null = null;
    if (inherits) {
      const metadata = number.opt_metadata ?? { initiator: 'customer' as const, opcode: null, timestamp: at, agent: null };
      after = { ...record, opt_in: inherits, opt_metadata: metadata, opt_in_requested_at: null };
      const ulid = nextUlid(Date.parse(at));
      const since = number.opt_metadata ? ` since ${number.opt_metadata.timestamp}` : '';
      line = {
        after,
        ulid,
        entry: {
          id: `cns_${ulid.toLowerCase()}`,
          customer_id: record.id,
          source_customer_id: record.id,
          phone: cell,
          status: inherits,
          previous: record.opt_in,
          initiator: metadata.initiator,
          method: INHERITED_FROM_NUMBER,
          wording: `Inherited from the number ${cell}, opted ${inherits}${since}`,
          agent: metadata.agent,
          at,
        },
      };
    }
    const registered: NumberConsent = { ...number, customer_ids: [...new Set([...number.customer_ids, record.id])], updated_at: at, version: number.version + 1 };
    try {
      await saveRecordOfNumber(registered, after, line);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !(err instanceof CustomerChanged)) throw err;
      // The number changed (a STOP, another record): read it again. The record changed: the caller's to redo.
      const stored = await getCustomer(record.company_id, record.id, true);
      if ((stored?.version ?? 0) !== (existing?.version ?? 0)) throw err;
      await backOff(attempt);
      continue;
    }
    if (line && existing) {
      // Its conversations on the board hear it, as a change on another record of the number tells them.
      const change: ConsentChange = { companyId: record.company_id, customer: after, status: line.entry.status as 'in' | 'out', initiator: line.entry.initiator, method: INHERITED_FROM_NUMBER, wording: line.entry.wording, agent: null };
      await tellBoard(change, after);
    }
    return after;
  }
}

/** The ledger's method for a status a record took from its number when it came to have it. */
export const INHERITED_FROM_NUMBER = 'inherited_from_number';

/** Notes the change on the record's conversations still on the board and tells the board. */
async function tellBoard(change: ConsentChange, record: CustomerRecord): Promise<void> {
  // Every board's conversation still in play hears it: the orders on the board, the appointments to come.
  const conversations = await conversationsOfCustomer(change.companyId, record.id);
  const agent = agentRefOrNull(change.agent);
  const sharedPhone = record.id !== change.customer.id;
  const extra: Record<string, string> = {
    wording: change.wording.slice(0, 160),
    ...(record.phones.cell ? { phone: record.phones.cell } : {}),
    ...(agent ? { agent_id: agent.id } : {}),
    ...(sharedPhone ? { source_customer_id: change.customer.id } : {}),
  };
  const note = consentNote(change, agent, sharedPhone);
  for (const owner of conversations) {
    await addSystemNote(owner, { behaviour: noteBehaviour(change.status, change.initiator), text: noteText(change, agent, sharedPhone), agent, note, extra });
  }
  await announceCustomer(record, change.status === 'out' ? 'opted_out' : 'opted_in', conversations);
}
