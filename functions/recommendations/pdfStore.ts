/**
 * Where an inspection's PDF is stored and whether this version was drawn: no drawing here, so a
 * module that only shows the PDF's address (the customer's visit page) carries none of the drawing's
 * code or its chunk (storedPdf.ts draws).
 */
import type { SheetRecord } from '../inspections/records.js';
import { config } from '../lib/config.js';
import { downloadUrl, storedAt } from '../lib/storage.js';
import { pdfLocale } from './pdfTexts.js';

export const PDF_URL_SECONDS = 3600;

export const pdfKey = (sheet: Pick<SheetRecord, 'company_id' | 'repair_order_id' | 'version'>, locale: string): string =>
  `mpi/${sheet.company_id}/${sheet.repair_order_id}/pdf/${sheet.version}-${pdfLocale(locale)}.pdf`;

/** The signed URL of this version's stored PDF, or null when it has not been drawn yet (no drawing here). */
export async function storedPdfUrl(sheet: SheetRecord, locale: string): Promise<string | null> {
  const key = pdfKey(sheet, locale);
  return (await storedAt(key)) ? downloadUrl(config.uploadsBucket, key, PDF_URL_SECONDS) : null;
}
