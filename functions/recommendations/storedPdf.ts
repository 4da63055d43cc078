/**
 * The inspection PDF as the uploads bucket keeps it: one file per sheet version and language, so a
 * sheet that did not change is not drawn again. Drawing (pdf.ts: pdf-lib, fontkit, the fonts) is
 * loaded the first time a PDF must be drawn, not when the function starts: the customer's page and
 * the advisor's decisions never draw one, and pdf-lib alone would double their cold start.
 */
import { config } from '../lib/config.js';
import { downloadUrl, s3 } from '../lib/storage.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import type { SheetRecord } from '../inspections/records.js';
import { lazyChunk } from '../lib/lazyChunk.js';
import { PDF_CHUNK } from './fonts.js';
import { pdfInput } from './pdfInput.js';
import { pdfLocale } from './pdfTexts.js';

/** The drawing (pdf-lib, fontkit): a file of its own in the bundle, loaded when a PDF is first drawn. */
const pdfDrawing = lazyChunk<typeof import('./pdf.js')>(PDF_CHUNK.file, import.meta.url);

export const pdfKey = (sheet: Pick<SheetRecord, 'company_id' | 'repair_order_id' | 'version'>, locale: string): string =>
  `mpi/${sheet.company_id}/${sheet.repair_order_id}/pdf/${sheet.version}-${pdfLocale(locale)}.pdf`;

/** When the stored PDF was made, or null when there is none. */
async function storedAt(key: string): Promise<string | null> {
  try {
    const { client, HeadObjectCommand } = await s3();
    const head = await client.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return head.Metadata?.['generated-at'] ?? head.LastModified?.toISOString() ?? new Date().toISOString();
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
    throw err;
  }
}

export interface StoredPdf {
  key: string;
  url: string;
  generated_at: string;
  /** False when the stored PDF of this version was reused. */
  generated: boolean;
}

const PDF_URL_SECONDS = 3600;

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
  const { client, PutObjectCommand } = await s3();
  await client.send(
    new PutObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      Body: bytes,
      ContentType: 'application/pdf',
      ContentDisposition: `inline; filename="inspection-${ro.ro_id.replace(/[^\w-]/g, '')}.pdf"`,
      Metadata: { 'generated-at': generatedAt },
    }),
  );
  return { key, url: await downloadUrl(config.uploadsBucket, key, PDF_URL_SECONDS), generated_at: generatedAt, generated: true };
}

/** The signed URL of this version's stored PDF, or null when it has not been drawn yet (no drawing here). */
export async function storedPdfUrl(sheet: SheetRecord, locale: string): Promise<string | null> {
  const key = pdfKey(sheet, locale);
  return (await storedAt(key)) ? downloadUrl(config.uploadsBucket, key, PDF_URL_SECONDS) : null;
}
