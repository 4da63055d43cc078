/**
 * The consent ledger store: one append-only line per change of a customer's opt status, in the
 * customer's partition (`sk = CONSENT#{ulid}`), written in one transaction with the record it
 * changed and the number's consent item (numberConsent.ts). The only code that knows the ledger's keys.
 */
import type { ConsentEntry } from '../../shared/customers.js';
import { keys } from '../lib/keys.js';
import { fields, isConditionFailure, queryAll, transactWrite, versionCondition, type Item, type TransactWrite } from '../lib/table.js';
import { numberConsentWrite, type NumberConsent } from './numberConsent.js';
import { CustomerChanged, customerItem, type CustomerRecord } from './records.js';

/** Keys of the records this store owns (docs/data-model.md). */
const ledgerKeys = {
  /** Consent ledger entries in the customer's partition, `sk = CONSENT#{ulid}` (append-only). */
  consentOf: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, skPrefix: 'CONSENT#' }),
} as const;

type LedgerLine = ConsentEntry & { company_id: string };

function ledgerItem(entry: ConsentEntry, companyId: string, ulid: string): Item<LedgerLine> {
  const { pk, skPrefix } = ledgerKeys.consentOf(companyId, entry.customer_id);
  return { pk, sk: `${skPrefix}${ulid}`, company_id: companyId, ...entry };
}

/**
 * A ledger line from a raw item of the table (the table's stream: functions/tallies/), or undefined
 * when the item is not one.
 */
export function consentLineOfItem(item: Record<string, unknown> | undefined): { company_id: string; entry: ConsentEntry } | undefined {
  if (!item || typeof item.pk !== 'string' || typeof item.sk !== 'string') return undefined;
  if (!/^COMPANY#[^#]+#CUSTOMER#[^#]+$/.test(item.pk) || !item.sk.startsWith('CONSENT#')) return undefined;
  const { company_id, ...entry } = fields(item as unknown as Item<LedgerLine>);
  return { company_id, entry };
}

/** A record whose status changed (version bumped by the caller), with its ledger line under `ulid`. */
export interface ConsentWrite {
  after: CustomerRecord;
  entry: ConsentEntry;
  ulid: string;
}

function recordWrite(after: CustomerRecord): TransactWrite {
  const { condition, values } = versionCondition(after.version);
  return { Put: { Item: customerItem(after), ConditionExpression: condition, ...(values ? { ExpressionAttributeValues: values } : {}) } };
}

const lineWrite = ({ entry, after, ulid }: ConsentWrite): TransactWrite => ({
  Put: { Item: ledgerItem(entry, after.company_id, ulid), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** A transaction holds 100 writes: the number and 49 records with their lines. */
const RECORDS_PER_TRANSACTION = 49;

/** Another transaction on the same items was under way (DynamoDB cancels one of them): worth a retry too. */
function isTransactionConflict(err: unknown): boolean {
  if ((err as { name?: string }).name !== 'TransactionCanceledException') return false;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict');
}

async function transact(writes: TransactWrite[], what: string): Promise<void> {
  try {
    await transactWrite(writes);
  } catch (err) {
    if (isConditionFailure(err) || isTransactionConflict(err)) throw new CustomerChanged(`${what} changed meanwhile`);
    throw err;
  }
}

/**
 * Writes one consent change: the number's item (version bumped by the caller; null for a record
 * without a cell) and every changed record with its ledger line, all or none, each conditional on
 * the version read, so a line is written exactly when a status changed. Throws CustomerChanged when
 * another writer got in between. A number shared by more records than one transaction holds is
 * written in several, the number's item in the first (the hand-over checks it).
 */
export async function saveConsentChange(number: NumberConsent | null, changes: ConsentWrite[]): Promise<void> {
  const what = number ? `Number ${number.phone}` : `Customer ${changes[0]?.after.id ?? ''}`;
  for (let i = 0; i === 0 || i < changes.length; i += RECORDS_PER_TRANSACTION) {
    const part = changes.slice(i, i + RECORDS_PER_TRANSACTION).flatMap((change) => [recordWrite(change.after), lineWrite(change)]);
    await transact(i === 0 && number ? [numberConsentWrite(number), ...part] : part, what);
  }
}

/**
 * Writes a record that has (now) the number's cell, registered in the number's item (version
 * bumped by the caller), with the ledger line of the status it inherited from the number if any:
 * all or none, conditional on both versions read. Throws CustomerChanged when either changed.
 */
export async function saveRecordOfNumber(number: NumberConsent, record: CustomerRecord, inherited: ConsentWrite | null): Promise<void> {
  await transact([numberConsentWrite(number), recordWrite(record), ...(inherited ? [lineWrite(inherited)] : [])], `Customer ${record.id} or number ${number.phone}`);
}

/** A customer's consent ledger, newest first. */
export async function consentLedger(companyId: string, customerId: string): Promise<ConsentEntry[]> {
  const { pk, skPrefix } = ledgerKeys.consentOf(companyId, customerId);
  const items = await queryAll<LedgerLine>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ScanIndexForward: false,
  });
  return items.map((item) => {
    const { company_id: _c, ...entry } = fields(item);
    return entry;
  });
}
