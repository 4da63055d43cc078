/**
 * Where an inspection sheet's text to the customer stands: the service board and the MPI screens
 * both say "scheduled" or "sent" from these, so they never disagree.
 */
import type { SheetSummary } from '../../../shared/inspections/inspections.js';

/**
 * When the customer was texted the finished sheet, or null. Sending leaves the sheet
 * completed_by_advisor on the server (it can be sent again), so without this the advisor would still
 * read "Completed by advisor" after it went out; a sheet reopened since is no longer "sent".
 */
export function sentToCustomerAt(sheet: Pick<SheetSummary, 'state' | 'sent_to_customer_at' | 'customer_text_scheduled_for'>, now = Date.now()): string | null {
  if (scheduledToCustomerAt(sheet, now)) return null;
  return sheet.state === 'completed_by_advisor' ? sheet.sent_to_customer_at : null;
}

/**
 * When the customer's text, held for quiet hours (or a moment the advisor chose), goes; null when
 * none is waiting. Until then the sheet is "scheduled", not "sent".
 */
export function scheduledToCustomerAt(sheet: Pick<SheetSummary, 'state' | 'customer_text_scheduled_for'>, now = Date.now()): string | null {
  const at = sheet.customer_text_scheduled_for;
  return sheet.state === 'completed_by_advisor' && at && Date.parse(at) > now ? at : null;
}
