/**
 * The service welcome (SPEC §3 gatekeeper `service_welcome`, issue 22): when the DMS opens a repair
 * order, the customer gets a welcome text, at most once per customer and location within
 * service_settings.welcome_frequency_days, and only when the store enabled it. Its words are the
 * gatekeeper rule's text when the store wrote one, else the catalogue's in the customer's language;
 * it passes the rule and every sending rule (quiet hours hold it) as every automated text does, and
 * a refused one leaves the note and the toast. The console has no route that opens an order: the
 * DMS feed is where orders open, so the welcome follows its `dmsChanged` moment.
 */
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { ruleWords, sendAutomated } from '../messages/automated.js';
import { listenToRepairOrders } from './moments.js';
import { repairOrderOwner } from './owner.js';
import type { RepairOrderRecord } from './records.js';
import { claimWelcome, releaseWelcome } from './welcomeRecords.js';

const DAY = 86_400_000;

export type WelcomeOutcome = 'sent' | 'refused' | 'skipped';

/** Welcomes the customer of a newly opened order, unless welcomed at the location within the frequency. */
export async function welcomeCustomer(ro: RepairOrderRecord, now = new Date()): Promise<WelcomeOutcome> {
  // An order the DMS sends already closed, finished or opened days ago (a first sync's backlog) is not a visit starting.
  if (ro.closed || ro.archived || ro.vehicle_ready || Date.parse(ro.opened_at) < now.getTime() - DAY) return 'skipped';
  const service = await readSettings(ro.company_id, ro.location_id, 'service_settings');
  if (!service.welcome_enabled) return 'skipped';
  const claim = { company_id: ro.company_id, location_id: ro.location_id, customer_id: ro.customer_id, repair_order_id: ro.id, sent_at: now.toISOString() };
  const since = new Date(now.getTime() - service.welcome_frequency_days * DAY).toISOString();
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
    if (!created) return;
    const outcome = await welcomeCustomer(ro);
    logger.debug('service welcome', { repair_order_id: ro.id, outcome });
  },
});
