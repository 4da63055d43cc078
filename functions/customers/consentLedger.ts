/**
 * The consent ledger store: one append-only line per change of a customer's opt status, in the
 * customer's partition (`sk = CONSENT#{ulid}`), written in one transaction with the record it
 * changed. The only code that knows the ledger's keys.
 */
import type { ConsentEntry } from '../../shared/customers.js';
import { keys } from '../lib/keys.js';
import { fields, isConditionFailure, queryAll, transactWrite, versionCondition, type Item } from '../lib/table.js';
import { CustomerChanged, customerItem, type CustomerRecord } from './records.js';

type LedgerLine = ConsentEntry & { company_id: string };

function ledgerItem(entry: ConsentEntry, companyId: string, ulid: string): Item<LedgerLine> {
  const { pk, skPrefix } = keys.consentOf(companyId, entry.customer_id);
  return { pk, sk: `${skPrefix}${ulid}`, company_id: companyId, ...entry };
}

/**
 * Writes the changed record (version bumped by the caller) with its ledger line under `ulid`, both
 * or neither, conditional on the version read: a line is written exactly when the status changed.
 * Throws CustomerChanged when another writer got in between.
 */
export async function saveConsentChange(after: CustomerRecord, entry: ConsentEntry, ulid: string): Promise<void> {
  const { condition, values } = versionCondition(after.version);
  try {
    await transactWrite([
      { Put: { Item: customerItem(after), ConditionExpression: condition, ExpressionAttributeValues: values } },
      { Put: { Item: ledgerItem(entry, after.company_id, ulid), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw new CustomerChanged(`Customer ${after.id} changed meanwhile`);
    throw err;
  }
}

/** A customer's consent ledger, newest first. */
export async function consentLedger(companyId: string, customerId: string): Promise<ConsentEntry[]> {
  const { pk, skPrefix } = keys.consentOf(companyId, customerId);
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
