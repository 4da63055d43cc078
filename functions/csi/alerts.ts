/**
 * A low rating reaches the store's managers at once (issue 21): a live notice on each manager's own
 * channel (a toast, and a desktop notification when the console is in the background), and an
 * e-mail to those who take e-mail notifications and a text, from the store's service number, to
 * those who take SMS notifications at their own mobile (My profile), each in their own language, so
 * someone calls the customer while the visit is fresh even when no console is open.
 */
import { fullName } from '../../shared/schemas/people.js';
import { agentsOfLocation, type AgentRecord } from '../lib/agents.js';
import { smsCarrier } from '../lib/carrier.js';
import { config } from '../lib/config.js';
import { newId } from '../lib/ids.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { mail } from '../lib/mail.js';
import { normalizePhone } from '../lib/phones.js';
import { channels, publishTo } from '../lib/realtime.js';
import { readSettings } from '../lib/settings.js';
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
  await textManagers(ro, managers, { customer, rating, ro: ro.ro_id, store, link, comment });
}

/** The alert's body as a text (it names the store) to each manager who takes SMS notifications. */
async function textManagers(ro: RepairOrderRecord, managers: AgentRecord[], vars: Parameters<typeof csiText>[2]): Promise<void> {
  const texted = managers.filter((manager) => manager.sms_notifications_enabled && manager.sms_notifications_phone);
  if (texted.length === 0) return;
  const business = await readSettings(ro.company_id, ro.location_id, 'business_information');
  const from = business.texting_numbers.service.trim() ? normalizePhone(business.texting_numbers.service) : null;
  if (!from) {
    logger.warn('low CSI rating not texted: the store has no service texting number', { repair_order_id: ro.id, location_id: ro.location_id });
    return;
  }
  const sent = await Promise.allSettled(
    texted.map((manager) => smsCarrier().send({ messageId: newId('msg'), from, to: manager.sms_notifications_phone!, text: csiText('alertBody', manager.locale, vars), media: [] })),
  );
  sent.forEach((result, i) => {
    if (result.status === 'rejected') logger.error('low CSI rating text not sent', { agent_id: texted[i]!.id, repair_order_id: ro.id, error: String(result.reason) });
  });
}
