/**
 * The consent report's facts (issue 24): opt-ins and opt-outs from the consent ledger, and cell
 * numbers found to be landlines or VoIP lines from the contacts' line type. README "Reports: consent".
 */
import type { Fact, TableChange } from '../lib/boardModule.js';
import { INHERITED_FROM_NUMBER } from '../customers/consent.js';
import { consentLineOfItem } from '../customers/consentLedger.js';
import { customerOfItem, getCustomer, type CustomerRecord } from '../customers/records.js';
import { quotesCustomerWords } from '../../shared/systemNotes.js';
import { instantOf } from './facts.js';
import type { ConsentEntry } from '../../shared/customers.js';

/** The channel a consent change came by, from the ledger's method. */
export function consentChannel(method: string): string {
  if (quotesCustomerWords(method)) return 'sms';
  if (method === 'dms_feed') return 'dms';
  if (method === 'carrier_opt_out_list') return 'carrier';
  if (method.startsWith('agent')) return 'console';
  return method;
}

/** How it was worded: the customer's own keyword (upper case, as carriers read them), else the method. */
export function consentWording(entry: Pick<ConsentEntry, 'method' | 'wording'>): string {
  if (!quotesCustomerWords(entry.method)) return entry.method;
  return entry.wording.trim().replace(/\s+/g, ' ').toUpperCase().slice(0, 40) || entry.method;
}

const nameOf = (c: Pick<CustomerRecord, 'first_name' | 'last_name'>) => `${c.first_name} ${c.last_name}`.trim();

/**
 * An opt-in or opt-out, once per change: a change a phone number's records share is written on each
 * of them, and counts on the record it arrived on; a status a record took over from its number
 * when it came to have it is no new change.
 */
export async function consentFacts(change: TableChange): Promise<Fact[]> {
  if (change.kind !== 'insert') return [];
  const line = consentLineOfItem(change.new);
  if (!line) return [];
  const { entry } = line;
  if (entry.customer_id !== entry.source_customer_id || entry.method === INHERITED_FROM_NUMBER) return [];
  if (entry.status === entry.previous || entry.status === 'unknown') return [];
  const customer = await getCustomer(line.company_id, entry.customer_id);
  if (!customer) return [];
  const figure = entry.status === 'in' ? 'opt_in' : 'opt_out';
  return [
    {
      id: `${entry.id}:${figure}`,
      type: 'consent',
      figure,
      company_id: line.company_id,
      location_id: customer.location_id,
      at: instantOf(entry.at, change.at),
      dims: { channel: consentChannel(entry.method), wording: consentWording(entry), ...(entry.agent ? { agent_id: entry.agent.id } : {}) },
      record: { kind: 'customer', id: customer.id, label: nameOf(customer) },
      customer_id: customer.id,
    },
  ];
}

/**
 * A contact's cell found to be a landline (refused for texting) or a VoIP line (texted with a
 * warning): counted when the record's line type turns to one of them, by a lookup or a carrier's
 * bounce. A later check that finds the same again is not counted twice.
 */
export function lineFacts(change: TableChange): Fact[] {
  const after = customerOfItem(change.new);
  if (!after) return [];
  const line = after.carrier?.type;
  if (line !== 'landline' && line !== 'voip') return [];
  const before = customerOfItem(change.old);
  if (before?.carrier?.type === line) return [];
  const at = instantOf(after.carrier.checked_at, change.at);
  return [
    {
      id: `${after.id}:line:${line}:${at}`,
      type: 'consent',
      figure: 'line_refusal',
      company_id: after.company_id,
      location_id: after.location_id,
      at,
      dims: { line },
      record: { kind: 'customer', id: after.id, label: nameOf(after) },
      customer_id: after.id,
    },
  ];
}
