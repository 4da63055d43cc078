/**
 * Text-to-pay's part of the demo dealership (functions/lib/boardModule.ts `local.demo`): Demo Motors
 * North takes card payments through the local gateway (a connected demo account, paid notifications
 * on), one order's invoice is paid and another's request waits for the DMS to pre-invoice it.
 */
import { dmsRecordId } from '../lib/ids.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { putItem, transactWrite } from '../lib/table.js';
import { getRepairOrder, updateRepairOrder } from '../repairOrders/records.js';
import { customerCountWrite, paymentKeys, seededRequestItem, seededTokenItem, type PaymentRequestRecord } from './records.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };

async function seedRequest(dmsRoId: string, id: string, state: 'paid' | 'queued', amounts: { total: number; insurance: number; pay: number }, minutesAgo: number): Promise<void> {
  const ro = await getRepairOrder(COMPANY, dmsRecordId('ro', COMPANY, NORTH, 'repair_order', dmsRoId), true);
  if (!ro) return;
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const record: PaymentRequestRecord = {
    id,
    company_id: COMPANY,
    location_id: NORTH,
    repair_order_id: ro.id,
    ro_id: ro.ro_id,
    customer_id: ro.customer_id,
    state,
    provider: 'stripe',
    account: 'acct_demo_north',
    currency: 'usd',
    automatic: false,
    requested_by: ADVISOR,
    invoice_total_in_cents: amounts.total,
    insurance_in_cents: amounts.insurance,
    prepaid_in_cents: 0,
    customer_pay_in_cents: amounts.pay,
    created_at: at,
    updated_at: at,
    sent_at: state === 'paid' ? at : null,
    paid_at: state === 'paid' ? at : null,
    cancelled_at: null,
    reason: state === 'queued' ? 'awaiting_invoice' : null,
    token: `demo${id.replace(/[^A-Za-z0-9]/g, '')}`.padEnd(43, 'x').slice(0, 43),
    checkout: null,
    gateway_at: 0,
    reconcile_at: null,
  };
  await putItem(seededRequestItem(record));
  await putItem(seededTokenItem(record));
  await transactWrite([customerCountWrite(COMPANY, ro.customer_id)]);
  if (state === 'queued') await putItem({ ...paymentKeys.open(COMPANY, ro.id), request_sk: seededRequestItem(record).sk, request_id: id });
  await updateRepairOrder(COMPANY, ro.id, () => ({ payment_request: { paid: state === 'paid', cancelled: false, paid_at: record.paid_at } }));
}

export async function seedDemo(): Promise<void> {
  const current = await readSettings(COMPANY, NORTH, 'payments_settings');
  await writeSettings(COMPANY, NORTH, 'payments_settings', { ...current, enabled: true, paid_notifications_enabled: true, provider: 'stripe', provider_account: 'acct_demo_north' }, 'agt_manager');
  await seedRequest('7010232', 'pay_demo_paid', 'paid', { total: 41280, insurance: 0, pay: 41280 }, 45);
  await seedRequest('7010233', 'pay_demo_open', 'queued', { total: 18900, insurance: 5000, pay: 13900 }, 20);
}
