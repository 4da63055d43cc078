/**
 * The inspection's PDF on the customer's visit page (`POST /api/public/visits/{token}/inspection/pdf`,
 * a literal route of this area, which carries the drawing): the part again with a freshly signed
 * address of its PDF, drawn now if this version was not yet.
 */
import type { CustomerInspection } from '../../shared/inspections/inspections.js';
import { inspectionPdf } from '../recommendations/storedPdf.js';
import { visitNotFound } from '../visits/links.js';
import { visitOf } from '../visits/open.js';
import { customerInspection } from './page.js';
import { shownInspection } from './visitPart.js';

export async function visitInspectionPdf(token: string): Promise<CustomerInspection> {
  const { context } = await visitOf(token);
  const inspection = await shownInspection(context);
  if (!inspection) throw visitNotFound();
  const drawn = await inspectionPdf(inspection.sheet, inspection.ro, inspection.locale);
  return { ...(await customerInspection(inspection)), pdf_url: drawn.url };
}
