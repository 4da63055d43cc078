/**
 * The service welcome (SPEC §3 gatekeeper `service_welcome`, issue 22): when the DMS opens a repair
 * order, the customer gets a welcome text, at most once per customer and location within
 * service_settings.welcome_frequency_days, and only when the store enabled it. Its words are the
 * gatekeeper rule's text when the store wrote one, else the catalogue's in the customer's language;
 * it passes the rule and every sending rule (quiet hours hold it) as every automated text does, and
 * a refused one leaves the note and the toast. The console has no route that opens an order: the
 * DMS feed is where orders open, so the welcome follows its `dmsChanged` moment. An order the DMS
 * opens before naming its advisor is welcomed once it does (a text needs an advisor, SPEC §5):
 * until then nothing is sent and nothing is refused.
 */
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { ruleWords, sendAutomated } from '../messages/automated.js';
import { listenToRepairOrders } from './moments.js';
import { repairOrderOwner } from './owner.js';
import type { RepairOrderRecord } from './records.js';
import { claimWelcome, lastWelcome, releaseWelcome } from './welcomeRecords.js';

const DAY = 86_400_000;

export type WelcomeOutcome = 'sent' | 'refused' | 'skipped';

/** An order the visit is starting with: open, not ready, opened within the day. */
function isOpening(ro: RepairOrderRecord, now: Date): boolean {
  return !ro.closed && !ro.archived && !ro.vehicle_ready && Date.parse(ro.opened_at) >= now.getTime() - DAY;
}

/** Welcomes the customer of a newly opened order, unless welcomed at the location within the frequency. */
export async function welcomeCustomer(ro: RepairOrderRecord, now = new Date()): Promise<WelcomeOutcome> {
  // An order the DMS sends already closed, finished or opened days ago (a first sync's backlog) is not a visit starting.
  if (!isOpening(ro, now) || !ro.agent) return 'skipped';
  const service = await readSettings(ro.company_id, ro.location_id, 'service_settings');
  if (!service.welcome_enabled) return 'skipped';
  const claim = { company_id: ro.company_id, location_id: ro.location_id, customer_id: ro.customer_id, repair_order_id: ro.id, sent_at: now.toISOString() };
  const since = new Date(now.getTime() - service.welcome_frequency_days * DAY).toISOString();
  // A read first: the DMS sends an order many times while it is open, and a refused conditional write costs a write.
  const last = await lastWelcome(ro.company_id, ro.customer_id, ro.location_id);
  if (last?.refused_repair_order_id === ro.id || (last?.sent_at && last.sent_at > since)) return 'skipped';
  if (!(await claimWelcome(claim, since))) return 'skipped';
  const result = await sendAutomated(repairOrderOwner(ro), 'service_welcome', {
    agent: null,
    manual: false,
    words: (context) => ruleWords(context, 'service_welcome', { catalogue: 'serviceWelcome' }),
  });
  if (result.message) return 'sent';
  await releaseWelcome(claim);
  return 'refused';
}

listenToRepairOrders({
  name: 'service_welcome',
  async dmsChanged(ro, created) {
    // A new order, or one opened today that has just been given its advisor.
    if (!created && !(ro.agent && isOpening(ro, new Date()))) return;
    const outcome = await welcomeCustomer(ro);
    logger.debug('service welcome', { repair_order_id: ro.id, outcome });
  },
});
