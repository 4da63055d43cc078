/**
 * A low rating reaches the store's managers at once (issue 21): a live notice on each manager's own
 * channel (a toast, and a desktop notification when the console is in the background), and an
 * e-mail to those who take e-mail notifications (in their own language), so someone calls the
 * customer while the visit is fresh even when no console is open.
 */
import { fullName } from '../../shared/schemas/people.js';
import { agentsOfLocation, type AgentRecord } from '../lib/agents.js';
import { config } from '../lib/config.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { mail } from '../lib/mail.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { csiText } from './texts.js';

/** The store's managers who hear of a low rating: its active agents with the manager flag. */
export async function managersOf(companyId: string, locationId: string): Promise<AgentRecord[]> {
  return (await agentsOfLocation(companyId, locationId)).filter((agent) => agent.active && agent.access_level.manager);
}

export async function alertManagers(ro: RepairOrderRecord, rating: number, comment: string): Promise<void> {
  const managers = await managersOf(ro.company_id, ro.location_id);
  if (managers.length === 0) {
    logger.warn('low CSI rating but the store has no manager to tell', { repair_order_id: ro.id, location_id: ro.location_id });
    return;
  }
  const customer = fullName({ first_name: ro.customer_first_name, last_name: ro.customer_last_name });
  const consoleLink = `/?ro=${encodeURIComponent(ro.id)}`;
  await publishTo(
    ro.company_id,
    managers.map((manager) => channels.agent(manager.id)),
    { type: 'csi.low_rating', data: { location_id: ro.location_id, repair_order_id: ro.id, ro_number: ro.ro_id, customer_name: customer, rating, comment, link: consoleLink } },
  );
  const store = (await getLocation(ro.company_id, ro.location_id))?.name ?? '';
  const link = `${config.publicUrl}/app${consoleLink}`;
  const mailed = managers.filter((manager) => manager.email_notifications_enabled && manager.email);
  const sent = await Promise.allSettled(
    mailed.map((manager) => {
      const vars = { customer, rating, ro: ro.ro_id, store, link, comment };
      const body = csiText('alertBody', manager.locale, vars) + (comment ? `\n\n${csiText('alertComment', manager.locale, vars)}` : '');
      return mail().send({ to: manager.email, subject: csiText('alertSubject', manager.locale, vars), text: body });
    }),
  );
  // The live notices went out: a mail server's refusal is logged, never lost silently, and does not undo them.
  sent.forEach((result, i) => {
    if (result.status === 'rejected') logger.error('low CSI rating e-mail not sent', { agent_id: mailed[i]!.id, repair_order_id: ro.id, error: String(result.reason) });
  });
}
