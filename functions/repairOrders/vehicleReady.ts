/**
 * "Vehicle ready" (SPEC §2 detail actions, §4: automated when the order becomes invoiced): the
 * repair order's own automated text, sent through the conversation core's sendAutomated.
 */
import { readSettings } from '../lib/settings.js';
import { automatedText, keepsDefaultWording, sendAutomated, type AutomatedResult, type AutomatedWords } from '../messages/automated.js';
import { dealershipOf, localeOf, optOutNoticeSent, sendContext, type SendContext } from '../messages/send.js';
import { withOptOutLine } from '../lib/customerTexts.js';
import { announce, changed } from './events.js';
import { tellRepairOrderListeners } from './moments.js';
import { repairOrderOwner } from './owner.js';
import { updateRepairOrder, type RepairOrderRecord } from './records.js';

/** The vehicle-ready words: the gatekeeper's own text for it when set, else the service settings'. */
export function vehicleReadyWords(context: SendContext): AutomatedWords {
  const gatekeeperText = context.gatekeeper.vehicle_ready.text.trim();
  if (gatekeeperText) return { written: gatekeeperText };
  const message = context.service.vehicle_ready_message;
  return keepsDefaultWording('service_settings', 'vehicle_ready_message', message) ? { catalogue: 'vehicleReady' } : { written: message };
}

/**
 * The vehicle-ready text as the customer would read it now, for the agent to confirm before it goes:
 * composed by the same functions sendAutomated uses, with the opt-out line the first text to a
 * number carries (sendAutomated adds it by claiming the number's mark, on any record sharing the
 * number; this only reads the marks).
 */
export async function vehicleReadyPreview(ro: RepairOrderRecord): Promise<string> {
  const context = await sendContext(repairOrderOwner(ro));
  const text = automatedText(context, vehicleReadyWords(context));
  return (await optOutNoticeSent(context.customer)) ? text : withOptOutLine(text, localeOf(context), dealershipOf(context).dealership);
}

/**
 * The DMS reports the order invoiced (SPEC §4): with vehicle_ready_automated on, the customer is
 * told their vehicle is ready, once. The order is marked vehicle ready before the text goes, so a
 * repeated or concurrent feed finds it done and sends nothing; a refused text leaves the note.
 */
export async function onInvoiced(ro: RepairOrderRecord): Promise<AutomatedResult | null> {
  if (ro.metadata.dms_status !== 'invoiced' || ro.vehicle_ready || ro.closed || ro.archived) return null;
  const service = await readSettings(ro.company_id, ro.location_id, 'service_settings');
  if (!service.vehicle_ready_automated) return null;
  const at = new Date().toISOString();
  const { after, changed: claimed } = await updateRepairOrder(ro.company_id, ro.id, (current) =>
    current.vehicle_ready || current.metadata.dms_status !== 'invoiced' || current.closed || current.archived
      ? null
      : { vehicle_ready: true, vehicle_ready_at: at },
  );
  if (!claimed) return null;
  await announce(after, changed(after, 'vehicle_ready'));
  const sent = await sendAutomated(repairOrderOwner(after), 'vehicle_ready', { agent: null, manual: false, words: vehicleReadyWords });
  await tellRepairOrderListeners('vehicleReady', after);
  return sent;
}
