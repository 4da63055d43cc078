/**
 * The inspection PDF as the uploads bucket keeps it: one file per sheet version and language, so a
 * sheet that did not change is not drawn again. Drawing (pdf.ts: pdf-lib, fontkit, the fonts) is
 * loaded the first time a PDF must be drawn, not when the function starts: the customer's page and
 * the advisor's decisions never draw one, and pdf-lib alone would double their cold start.
 */
import { config } from '../lib/config.js';
import { downloadUrl, storedAt, storePdf } from '../lib/storage.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import type { SheetRecord } from '../inspections/records.js';
import { lazyChunk } from '../lib/lazyChunk.js';
import { PDF_CHUNK } from './pdfChunk.js';
import { pdfInput } from './pdfInput.js';
import { PDF_URL_SECONDS, pdfKey } from './pdfStore.js';

/** The drawing (pdf-lib, fontkit): a file of its own in the bundle, loaded when a PDF is first drawn. */
const pdfDrawing = lazyChunk<typeof import('./pdf.js')>(PDF_CHUNK.file, import.meta.url);

export interface StoredPdf {
  key: string;
  url: string;
  generated_at: string;
  /** False when the stored PDF of this version was reused. */
  generated: boolean;
}

/**
 * The PDF of the sheet as it is now, in `locale`: the stored one when this version was drawn
 * before (HeadObject), else drawn and stored. Answers a signed URL.
 */
export async function inspectionPdf(sheet: SheetRecord, ro: RepairOrderRecord, locale: string): Promise<StoredPdf> {
  const key = pdfKey(sheet, locale);
  const existing = await storedAt(key);
  if (existing) return { key, url: await downloadUrl(config.uploadsBucket, key, PDF_URL_SECONDS), generated_at: existing, generated: false };
  const [{ renderInspectionPdf }, input] = await Promise.all([pdfDrawing(), pdfInput(sheet, ro, locale)]);
  const bytes = await renderInspectionPdf(input);
  const generatedAt = new Date().toISOString();
  await storePdf(key, bytes, `inspection-${ro.ro_id}`, { 'generated-at': generatedAt });
  return { key, url: await downloadUrl(config.uploadsBucket, key, PDF_URL_SECONDS), generated_at: generatedAt, generated: true };
}

// Read without the drawing (the customer's page): pdfStore.ts, re-exported for the advisor's side.
export { pdfKey, storedPdfUrl } from './pdfStore.js';
