/**
 * Consent to be texted: THE one way a customer's opt status changes (the agent's opt-out button,
 * the customer's STOP/START/YES, the DMS feed's opt-in all come through here).
 *
 * Consent belongs to the phone, not to a DMS record: a dealership often holds the same person
 * twice (two DMS ids, a spouse's car), and a STOP must stop every text to that number. So a change
 * is written on every customer record of the company sharing the cell number, each with its own
 * line in an append-only ledger (who, when, how, in which words) that managers can read, and a
 * system note on each affected conversation still on the board.
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
import { announceCustomer } from '../repairOrders/customerOrders.js';
import { saveConsentChange } from './consentLedger.js';
import { CustomerChanged, customersWithPhone, getCustomer, type CustomerRecord } from './records.js';
import '../messages/boards.js';
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
): { take: string[]; refusal: ConsentRefusal | null } {
  if (status === 'out' && initiator === 'dms') return { take: [], refusal: 'dms_never_opts_out' };
  if (status === 'in' && initiator !== 'customer' && records.some((r) => r.opt_in === 'out')) {
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

/**
 * Writes the change on one record with its ledger line, in one transaction conditional on the
 * version read (so a line is written exactly when the status changed); retried on a conflict.
 * Answers the record as written, or null when it no longer takes the change.
 */
async function writeOne(change: ConsentChange, customerId: string, at: string): Promise<{ before: CustomerRecord; after: CustomerRecord } | null> {
  for (let attempt = 0; ; attempt++) {
    const before = await getCustomer(change.companyId, customerId, true);
    if (!before || !recordTakes(before.opt_in, change.status, change.initiator)) return null;
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
    try {
      await saveConsentChange(after, entry, ulid);
      return { before, after };
    } catch (err) {
      if (attempt >= 4 || !(err instanceof CustomerChanged)) throw err;
    }
  }
}

/** Notes the change on the record's conversations still on the board and tells the board. */
async function tellBoard(change: ConsentChange, record: CustomerRecord): Promise<void> {
  // Every board's conversation still in play hears it: the orders on the board, the appointments to come.
  const conversations = await conversationsOfCustomer(change.companyId, record.id);
  const orders = conversations.filter((owner) => owner.kind === 'repair_order');
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
  await announceCustomer(record, orders, change.status === 'out' ? 'opted_out' : 'opted_in');
}

export async function changeConsent(input: ConsentChange): Promise<{ changed: CustomerRecord[] }> {
  const cell = input.customer.phones.cell;
  const sharing = cell ? await customersWithPhone(input.companyId, cell) : [];
  const records = [...new Map([input.customer, ...sharing].map((r) => [r.id, r])).values()];
  const plan = consentPlan(records, input.status, input.initiator);
  if (plan.refusal) {
    logger.info('consent change not taken', { customer_id: input.customer.id, status: input.status, initiator: input.initiator, refusal: plan.refusal });
    return { changed: [] };
  }
  const at = new Date().toISOString();
  const written = (await Promise.all(plan.take.map((id) => writeOne(input, id, at)))).filter((w) => w !== null);
  for (const { after } of written) await tellBoard(input, after);
  return { changed: written.map((w) => w.after) };
}
