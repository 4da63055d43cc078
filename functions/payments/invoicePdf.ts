/**
 * The customer's invoice as a PDF (issue 21): drawn with pdf-lib as the inspection PDF is, in the
 * customer's language, with the dealership's name and the DMS invoice's amounts (the feed carries
 * the total and the customer's part; the request splits the rest). DejaVu Sans has the Greek and
 * accented Latin letters the languages need. Built as a chunk of its own (board.ts
 * INVOICE_PDF_CHUNK), loaded by storedInvoice.ts the first time an invoice is drawn.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { formatDate } from '../../shared/dates.js';
import { intlTag, type Locale } from '../../shared/locales.js';
import { formatMoney } from '../../shared/money.js';
import { INK, MUTED, pdfFontBytes, RULE, wrapText } from '../lib/pdfKit.js';
import { invoiceWords } from './invoiceWords.js';

export interface InvoicePdfInput {
  /** The customer's language (never `debug`), and the store's for its currency. */
  locale: Exclude<Locale, 'debug'>;
  storeLocale: Locale;
  timeZone: string;
  dealership: { name: string; address: string; phone: string };
  roNumber: string;
  customer: string;
  vehicle: string;
  issuedAt: string;
  amounts: { invoice_total_in_cents: number; insurance_in_cents: number; prepaid_in_cents: number; customer_pay_in_cents: number };
  paidAt: string | null;
}

const MARGIN = 48;

/** Lines of `text` no wider than `width` at `size`; an invoice's fields have no blank lines to keep. */
const lines = (text: string, font: PDFFont, size: number, width: number): string[] => wrapText(text, font, size, width).filter(Boolean);

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const words = invoiceWords(input.locale);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = pdfFontBytes();
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.regular, { subset: true }), doc.embedFont(fonts.bold, { subset: true })]);
  doc.setTitle(`${words.title} — ${input.dealership.name} — ${input.roNumber}`);
  doc.setLanguage(intlTag(input.locale));
  doc.setCreator(input.dealership.name);
  // Letter where the stores use it, A4 elsewhere.
  const [width, height]: [number, number] = input.storeLocale === 'en-us' || input.storeLocale === 'en-ca' ? [612, 792] : [595.28, 841.89];
  const page = doc.addPage([width, height]);
  const inner = width - 2 * MARGIN;
  let y = height - MARGIN;
  const write = (text: string, size: number, options: { bold?: boolean; colour?: typeof INK; gap?: number } = {}) => {
    const face = options.bold ? bold : regular;
    for (const line of lines(text, face, size, inner)) {
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN, y, size, font: face, color: options.colour ?? INK });
    }
    y -= options.gap ?? 4;
  };
  const rule = () => {
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.7, color: RULE });
    y -= 8;
  };
  const row = (label: string, value: string, strong = false) => {
    const face = strong ? bold : regular;
    const size = strong ? 12 : 11;
    const valueWidth = face.widthOfTextAtSize(value, size);
    const labelLines = lines(label, face, size, inner - valueWidth - 24);
    labelLines.forEach((line, index) => {
      y -= size * 1.4;
      page.drawText(line, { x: MARGIN, y, size, font: face, color: INK });
      if (index === 0) page.drawText(value, { x: width - MARGIN - valueWidth, y, size, font: face, color: INK });
    });
    y -= 4;
  };

  const money = (cents: number) => formatMoney(cents, input.locale, input.storeLocale);
  const date = (iso: string) => formatDate(iso, input.locale, input.timeZone);

  write(input.dealership.name, 17, { bold: true });
  const contact = [input.dealership.address, input.dealership.phone].filter((part) => part.trim() !== '').join(' · ');
  if (contact) write(contact, 9, { colour: MUTED });
  write(words.title, 14, { bold: true, gap: 2 });
  rule();
  for (const [label, value] of [
    [words.order, input.roNumber],
    [words.date, date(input.issuedAt)],
    [words.customer, input.customer],
    [words.vehicle, input.vehicle],
  ] as const) {
    if (value.trim()) row(label, value);
  }
  rule();
  const { amounts } = input;
  row(words.invoice_total, money(amounts.invoice_total_in_cents));
  if (amounts.insurance_in_cents) row(words.insurance, money(amounts.insurance_in_cents));
  if (amounts.prepaid_in_cents) row(words.prepaid, money(amounts.prepaid_in_cents));
  row(words.customer_pay, money(amounts.customer_pay_in_cents), true);
  rule();
  if (input.paidAt) write(words.paid.replace('{{date}}', date(input.paidAt)), 12, { bold: true });
  else row(words.due, money(amounts.customer_pay_in_cents), true);
  y -= 8;
  write(words.note, 9, { colour: MUTED });
  return doc.save();
}
