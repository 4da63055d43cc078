/** Fixtures of the visit page's tests (server and browser): an order's survey as offerSurvey leaves it once the text went. */
import { putSurveys } from '../../csi/records.js';
import type { RepairOrderRecord } from '../../repairOrders/records.js';

const DAY = 86_400_000;

export async function openSurvey(ro: RepairOrderRecord, now = Date.now()): Promise<void> {
  await putSurveys([
    {
      company_id: ro.company_id,
      ro_id: ro.id,
      location_id: ro.location_id,
      customer_id: ro.customer_id,
      state: 'open',
      sent_at: new Date(now).toISOString(),
      reminded_at: null,
      closes_at: new Date(now + 14 * DAY).toISOString(),
      rating: null,
      comment: '',
      answered_at: null,
      via: null,
      remind_at: null,
      message_id: null,
    },
  ]);
}
