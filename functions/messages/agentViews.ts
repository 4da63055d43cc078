/**
 * A board's records as one agent sees them in a list: each with its contact (the customers store)
 * and whether that agent has read its conversation (read marks), in two batch reads whatever the
 * page's size. Records whose contact record is gone are left out.
 */
import type { OwnerKind } from '../../shared/conversations.js';
import { getCustomers, type CustomerRecord } from '../customers/records.js';
import { isUnread, readMarksOf } from './readMarks.js';

export async function viewsForAgent<R extends { id: string; customer_id: string; last_inbound_at: string | null }, V>(
  companyId: string,
  agentId: string,
  kind: OwnerKind,
  records: readonly R[],
  view: (record: R, customer: CustomerRecord, unread: boolean) => V,
): Promise<V[]> {
  if (records.length === 0) return [];
  const [customers, marks] = await Promise.all([
    getCustomers(companyId, [...new Set(records.map((r) => r.customer_id))]),
    readMarksOf(companyId, agentId, kind, records.map((r) => r.id)),
  ]);
  return records.flatMap((record) => {
    const customer = customers.get(record.customer_id);
    return customer ? [view(record, customer, isUnread(record, marks.get(record.id)))] : [];
  });
}
