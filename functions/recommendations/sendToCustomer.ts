/**
 * "Send to customer" (issue 4): the advisor texts the completed inspection to the customer. The
 * text is the location's mpi_settings.customer_message with the order's visit link (issue 21 part
 * 5: the same page for every text of the order, opened at its inspection) in place of {{link}}
 * (while the store keeps the default wording, that wording in the customer's language); it
 * goes as an agent's action through every sending rule of the service board (no advisor, opted
 * out, blocked, landline, safe mode, double opt-in; inside quiet hours the advisor is asked, as
 * in the composer: send anyway or schedule) and the gatekeeper's mpi_notification target. A
 * refused text changes nothing the customer can see: the visit page shows the inspection only once
 * the sheet records that it was sent. Once sent (or scheduled), the sheet
 * records when it goes, and the customer's copy of the PDF is drawn so the page offers it at once.
 */
import { MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { MISSING_AGENT, OPTED_OUT_ACTION } from '../../shared/schemas/messages.js';
import type { Message } from '../../shared/messages.js';
import type { QuietHoursAnswer } from '../../shared/schemas/messages.js';
import type { AgentRecord } from '../lib/agents.js';
import { conflict, refused } from '../lib/errors.js';
import { getLocation } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { getCustomer } from '../customers/records.js';
import { keepsDefaultWording, refusedAnswer, sendAutomated, type AutomatedWords } from '../messages/automated.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { announceSheet, requireSheet, updateSheet, type SheetRecord } from '../inspections/records.js';
import { inspectionPdf } from './storedPdf.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { visitUrl } from '../visits/links.js';

export const notCompletedByAdvisor = () => conflict('not_completed_by_advisor', MPI_ERRORS.not_completed_by_advisor);

/** The customer's text: {{link}} replaced by the link, or the link added at the end when the text has no {{link}}. */
export function customerMessage(template: string, url: string): string {
  const text = template.trim();
  if (text.includes('{{link}}')) return text.replaceAll('{{link}}', url);
  return text === '' ? url : `${text} ${url}`;
}

export interface SentInspection {
  sheet: SheetRecord;
  message: Message;
}

export async function sendToCustomer(ro: RepairOrderRecord, agent: AgentRecord, answer: QuietHoursAnswer = {}): Promise<SentInspection> {
  const sheet = await requireSheet(ro.company_id, ro.id, true);
  if (sheet.state !== 'completed_by_advisor') throw notCompletedByAdvisor();
  if (!ro.agent) throw refused('missing_agent', MISSING_AGENT);
  const customer = await getCustomer(ro.company_id, ro.customer_id, true);
  if (customer?.opt_in === 'out') throw refused('opted_out_action', OPTED_OUT_ACTION);

  const mpi = await readSettings(ro.company_id, ro.location_id, 'mpi_settings');
  if (!mpi.enabled) throw refused('mpi_disabled', MPI_ERRORS.mpi_disabled);
  // Issued (or extended) before the text goes, so the customer can open it the moment it arrives.
  const url = await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id }, 'inspection');
  const words: AutomatedWords = keepsDefaultWording('mpi_settings', 'customer_message', mpi.customer_message)
    ? { catalogue: 'inspectionLink', link: url }
    : { written: customerMessage(mpi.customer_message, url) };
  const sent = await sendAutomated(repairOrderOwner(ro), 'mpi_notification', {
    agent,
    manual: true,
    gatekeeper: true,
    words,
    quiet: { confirmQuietHours: answer.confirm_quiet_hours, sendAt: answer.send_at },
  });
  if (sent.refused || !sent.message) throw sent.refused ? refusedAnswer(sent.refused) : refused('not_sent', 'The text was not sent');

  // A held text is not sent yet: the sheet says when it goes, so the console says "scheduled" till then.
  const heldUntil = sent.message.metadata.status === 'scheduled' ? sent.message.metadata.send_at : null;
  const sentAt = heldUntil ?? sent.message.created_at;
  const { after } = await updateSheet(ro.company_id, ro.id, () => ({ sent_to_customer_at: sentAt, customer_text_scheduled_for: heldUntil }));
  try {
    const location = await getLocation(ro.company_id, ro.location_id);
    await inspectionPdf(after, ro, customer?.language ?? location?.locale ?? 'en-us');
  } catch (err) {
    // The customer has the link; the page draws the PDF on demand if it is missing.
    logger.error('inspection PDF not drawn on send', { repair_order_id: ro.id, error: (err as Error).message });
  }
  await announceSheet(after, ro, 'sent_to_customer');
  return { sheet: after, message: sent.message };
}
