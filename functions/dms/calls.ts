/**
 * Calls the phone system reports through the feed, for a customer the DMS already sent: kept in
 * the customer's call history and applied to their orders (missed-call flag, unarchive on an
 * incoming call) by recordCall.
 */
import type { DmsCall } from '../../shared/schemas/dms.js';
import { recordCall } from '../customers/calls.js';
import { getCustomer } from '../customers/records.js';
import { dmsRecordId } from '../lib/ids.js';
import { customerIdOf } from './customers.js';
import { RecordError, utc, type FeedContext, type RecordStatus } from './feed.js';

export const callIdOf = (ctx: Pick<FeedContext, 'companyId' | 'location'>, callId: string): string =>
  dmsRecordId('call', ctx.companyId, ctx.location.id, 'call', callId);

export async function ingestCall(ctx: FeedContext, record: DmsCall): Promise<RecordStatus> {
  const customer = await getCustomer(ctx.companyId, customerIdOf(ctx, record.dms_customer_id), true);
  if (!customer) throw new RecordError(`Unknown customer ${record.dms_customer_id}: send the customer first`);
  const agent = record.agent_email ? await ctx.agentByEmail(record.agent_email) : null;
  return recordCall(ctx.companyId, customer, {
    id: callIdOf(ctx, record.call_id),
    customer_id: customer.id,
    board: record.board,
    agent: agent ? { id: agent.id } : null,
    direction: record.direction,
    status: record.status,
    dial_status: record.dial_status,
    created_at: utc(record.created_at),
  });
}
