/**
 * The consent of a phone number, one item per company and E.164 number: the status a STOP, START
 * or opt-out gave the number (customer records copy it), and the ids of the records that have had
 * the number. It is written in the same transaction as every record and ledger line a change
 * writes, and a record that comes to have the number registers itself in it under the item's
 * version, so a change and a new record racing each other cannot both miss the other (the
 * phone index of customer records is eventually consistent; this item is read consistently).
 * The hand-over to the carrier checks it (`numberNotOptedOut`). The only code that knows its keys.
 */
import type { OptMetadata, OptStatus } from '../../shared/customers.js';
import { keys } from '../lib/keys.js';
import { fields, getItem, versionCondition, type Item, type TransactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const numberConsentKeys = {
  /**
   * The consent of a cell number (a company's), `sk = CONSENT`: the status every record of the
   * number copies, and the ids of the records that have had it since (read consistently by a change).
   */
  numberConsent: (companyId: string, e164: string) => ({ pk: `COMPANY#${companyId}#PHONE#${e164}`, sk: 'CONSENT' }),
} as const;

export interface NumberConsent {
  company_id: string;
  phone: string;
  opt_in: OptStatus;
  opt_metadata: OptMetadata | null;
  /** Records that have had this cell since the item exists (some may have moved to another number since). */
  customer_ids: string[];
  updated_at: string;
  /** Bumped by every write; writes are conditional on the version they read (0: not stored yet). */
  version: number;
}

/** The number as it is before anything was stored for it. */
export function unknownNumber(companyId: string, e164: string, now: string): NumberConsent {
  return { company_id: companyId, phone: e164, opt_in: 'unknown', opt_metadata: null, customer_ids: [], updated_at: now, version: 0 };
}

export async function getNumberConsent(companyId: string, e164: string): Promise<NumberConsent | undefined> {
  const item = await getItem<NumberConsent>(numberConsentKeys.numberConsent(companyId, e164), true);
  return item && fields(item);
}

/** The write of a number item whose version the caller bumped, conditional on the version read (a transaction's part). */
export function numberConsentWrite(next: NumberConsent): TransactWrite {
  const { condition, values } = versionCondition(next.version);
  const item: Item<NumberConsent> = { ...numberConsentKeys.numberConsent(next.company_id, next.phone), ...next };
  return { Put: { Item: item, ConditionExpression: condition, ...(values ? { ExpressionAttributeValues: values } : {}) } };
}

/**
 * The hand-over's check that the number the text goes to is not opted out (a transaction's part).
 * A number with no item yet has never had a consent change since consent became the number's; its
 * records' own opt-outs are checked beside it.
 */
export function numberNotOptedOut(companyId: string, e164: string): TransactWrite {
  return {
    ConditionCheck: {
      Key: numberConsentKeys.numberConsent(companyId, e164),
      ConditionExpression: 'attribute_not_exists(pk) OR opt_in <> :out',
      ExpressionAttributeValues: { ':out': 'out' },
    },
  };
}
