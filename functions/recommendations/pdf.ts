/**
 * The inspection as a PDF (issue 4 part 5): the advisor's preview and the customer's copy, drawn on
 * the server with pdf-lib (pure JavaScript, bundles with esbuild, embeds JPEG and PNG). storedPdf.ts
 * keeps them in the uploads bucket and loads this module only when one must be drawn. Text is set in DejaVu Sans (embedded and subset through @pdf-lib/fontkit), which
 * has the Greek and every accented Latin letter the console's languages need.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import type { ItemStatus } from '../../shared/inspections/inspections.js';
import { formatDate } from '../../shared/dates.js';
import { formatMoney } from '../../shared/money.js';
import type { Vehicle } from '../../shared/customers.js';
import { logger } from '../lib/log.js';
import type { PdfInput, PdfPhoto } from './pdfInput.js';

export type { PdfInput, PdfPhoto };
import { INK, MUTED, pdfFontBytes, RULE, wrapText } from '../lib/pdfKit.js';
import { pdfLocale, pdfText, pdfTexts, type PdfTexts } from './pdfTexts.js';

// ---------------------------------------------------------------------------------------------
// What the PDF shows

const PAGE = { letter: [612, 792] as [number, number], a4: [595.28, 841.89] as [number, number] };
const MARGIN = 42;
const BAND = rgb(0.93, 0.94, 0.96);

const STATUS_COLOURS: Record<'na' | 'green' | 'yellow' | 'red' | 'unset', RGB> = {
  na: rgb(0.6, 0.6, 0.62),
  green: rgb(0.18, 0.6, 0.3),
  yellow: rgb(0.93, 0.72, 0.08),
  red: rgb(0.8, 0.15, 0.15),
  unset: rgb(1, 1, 1),
};

function statusKey(dmg: ItemStatus | null): 'na' | 'green' | 'yellow' | 'red' | 'unset' {
  if (dmg === null) return 'unset';
  return dmg === 2 ? 'red' : dmg === 1 ? 'yellow' : dmg === 0 ? 'green' : 'na';
}

/** A top-down writer over pages: it starts a new page when the next block does not fit. */
class Writer {
  page: PDFPage;
  y: number;
  readonly width: number;

  constructor(
    readonly doc: PDFDocument,
    readonly size: [number, number],
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(size);
    this.y = size[1] - MARGIN;
    this.width = size[0] - 2 * MARGIN;
  }

  room(height: number): void {
    if (this.y - height >= MARGIN + 18) return;
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  text(text: string, options: { x?: number; size?: number; bold?: boolean; colour?: RGB; width?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const x = MARGIN + (options.x ?? 0);
    for (const line of wrapText(text, font, size, options.width ?? this.width - (options.x ?? 0))) {
      this.room(size * 1.35);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.colour ?? INK });
      this.y -= size * 1.35;
    }
    this.y -= options.gap ?? 0;
  }

  rule(gap = 6): void {
    this.room(gap * 2);
    this.y -= gap;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= gap;
  }

  /** One table row: each cell wrapped in its column; the row is as tall as its tallest cell. */
  row(cells: { text: string; x: number; width: number; bold?: boolean; colour?: RGB }[], size = 9): void {
    const lineHeight = size * 1.35;
    const wrapped = cells.map((cell) => wrapText(cell.text, cell.bold ? this.bold : this.regular, size, cell.width));
    const lines = Math.max(1, ...wrapped.map((w) => w.length));
    this.room(lines * lineHeight + 4);
    const top = this.y;
    cells.forEach((cell, i) =>
      wrapped[i]!.forEach((line, n) =>
        this.page.drawText(line, { x: MARGIN + cell.x, y: top - size - n * lineHeight, size, font: cell.bold ? this.bold : this.regular, color: cell.colour ?? INK }),
      ),
    );
    this.y = top - lines * lineHeight;
  }

  heading(text: string): void {
    this.room(40);
    this.y -= 6;
    this.page.drawRectangle({ x: MARGIN, y: this.y - 18, width: this.width, height: 18, color: BAND });
    this.page.drawText(text, { x: MARGIN + 6, y: this.y - 13, size: 11, font: this.bold, color: INK });
    this.y -= 24;
  }
}

function vehicleLine(vehicle: Vehicle): string {
  return [vehicle.year ? String(vehicle.year) : '', vehicle.make, vehicle.model].filter((part) => part.trim() !== '').join(' ');
}

const personName = (agent: { first_name: string; last_name: string } | null): string => (agent ? `${agent.first_name} ${agent.last_name}`.trim() : '');

async function embedPhoto(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage | null> {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await doc.embedPng(bytes);
  } catch (err) {
    logger.warn('inspection photo not embedded', { error: (err as Error).message });
  }
  return null;
}

/** Draws the inspection; answers the PDF's bytes. */
export async function renderInspectionPdf(input: PdfInput): Promise<Uint8Array> {
  const texts: PdfTexts = pdfTexts(input.locale);
  const locale = pdfLocale(input.locale);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = pdfFontBytes();
  const [regular, bold] = await Promise.all([doc.embedFont(regularBytes, { subset: true }), doc.embedFont(boldBytes, { subset: true })]);
  doc.setTitle(`${texts.title} — ${input.dealership.name} — ${input.roNumber}`);
  doc.setLanguage(locale);
  doc.setCreator(input.dealership.name);

  const w = new Writer(doc, locale === 'en-us' || locale === 'en-ca' ? PAGE.letter : PAGE.a4, regular, bold);
  const money = (cents: number) => formatMoney(cents, input.moneyLocale);
  const date = (iso: string) => formatDate(iso, locale, input.timeZone);

  // The dealership and what this is.
  w.text(input.dealership.name, { size: 16, bold: true });
  const contact = [input.dealership.address, input.dealership.phone].filter((part) => part.trim() !== '').join(' · ');
  if (contact) w.text(contact, { size: 9, colour: MUTED });
  w.text(texts.title, { size: 13, bold: true, gap: 2 });
  w.rule();

  // The order, the customer and the car.
  const facts: [string, string][] = [
    [texts.repairOrder, input.roNumber],
    [texts.customer, input.customerName],
    [texts.vehicle, vehicleLine(input.vehicle)],
    [texts.vin, input.vehicle.vin ?? ''],
    [texts.mileage, input.vehicle.mileage === null ? '' : new Intl.NumberFormat(locale === 'en-us' || locale === 'en-ca' ? 'en-US' : locale === 'en-gb' || locale === 'en-uk' ? 'en-GB' : locale).format(input.vehicle.mileage)],
    [texts.technician, personName(input.sheet.technician)],
    [texts.advisor, personName(input.sheet.advisor)],
  ];
  for (const [label, value] of facts.filter(([, value]) => value.trim() !== '')) {
    w.row([
      { text: `${label}:`, x: 0, width: 150, bold: true },
      { text: value, x: 160, width: w.width - 160 },
    ], 10);
  }
  w.rule();

  // The form.
  w.text(input.sheet.form_name, { size: 12, bold: true });
  if (input.sheet.header.trim()) w.text(input.sheet.header, { size: 9, colour: MUTED, gap: 4 });

  // Each group with its items, their conditions and comments, then the group's photos.
  const images = new Map<PdfPhoto, PDFImage | null>();
  for (const photo of input.photos) images.set(photo, photo.bytes ? await embedPhoto(doc, photo.bytes) : null);
  for (const group of input.sheet.groups) {
    w.heading(group.name);
    for (const item of group.items) {
      const key = statusKey(item.dmg);
      const word = texts[key];
      w.room(16);
      const top = w.y;
      w.page.drawCircle({ x: MARGIN + 6, y: top - 7, size: 4.5, color: STATUS_COLOURS[key], borderColor: key === 'unset' ? MUTED : STATUS_COLOURS[key], borderWidth: 0.8 });
      const wordWidth = bold.widthOfTextAtSize(word, 9);
      w.page.drawText(word, { x: MARGIN + w.width - wordWidth, y: top - 10, size: 9, font: bold, color: key === 'unset' || key === 'na' ? MUTED : STATUS_COLOURS[key] });
      w.text(item.name, { size: 10, x: 18, width: w.width - 30 - wordWidth });
      if (item.comment.trim()) w.text(`${texts.comment}: ${item.comment}`, { size: 9, x: 18, colour: MUTED });
      w.y -= 2;
    }
    const photos = input.photos.filter((p) => p.group === group.name);
    if (photos.length > 0) {
      w.text(texts.photos, { size: 9, bold: true, gap: 2 });
      const cell = (w.width - 3 * 8) / 4;
      let column = 0;
      let rowHeight = 0;
      for (const photo of photos) {
        const image = images.get(photo);
        if (!image) {
          w.text(`${photo.item}: ${photo.name}`, { size: 8, colour: MUTED });
          continue;
        }
        const scale = Math.min(cell / image.width, 110 / image.height);
        const height = image.height * scale;
        if (column === 0) w.room(height + 14);
        const x = MARGIN + column * (cell + 8);
        w.page.drawImage(image, { x, y: w.y - height, width: image.width * scale, height });
        w.page.drawText(wrapText(photo.item, regular, 7, cell)[0] ?? '', { x, y: w.y - height - 9, size: 7, font: regular, color: MUTED });
        rowHeight = Math.max(rowHeight, height + 14);
        column += 1;
        if (column === 4) {
          w.y -= rowHeight;
          column = 0;
          rowHeight = 0;
        }
      }
      if (column > 0) w.y -= rowHeight;
    }
  }

  if (input.videos.length > 0) {
    w.heading(texts.videos);
    for (const video of input.videos) w.text(`${video.group} — ${video.item}: ${video.name}`, { size: 9 });
  }

  if (input.sheet.damage_details.comment.trim()) {
    w.heading(texts.damageDetails);
    w.text(input.sheet.damage_details.comment, { size: 10 });
  }

  // The recommended work with its prices and decisions, and the totals.
  w.heading(texts.recommendations);
  const recommendations = input.sheet.recommendations;
  if (recommendations.length === 0) w.text(texts.noRecommendations, { size: 10, colour: MUTED });
  else {
    const columns = { item: 0, work: w.width * 0.3, estimate: w.width * 0.64, decision: w.width * 0.8 };
    const cell = (text: string, from: number, to: number, extra: { bold?: boolean; colour?: RGB } = {}) => ({ text, x: from, width: to - from - 8, ...extra });
    w.row(
      [
        cell(texts.item, columns.item, columns.work, { bold: true }),
        cell(texts.work, columns.work, columns.estimate, { bold: true }),
        cell(texts.estimate, columns.estimate, columns.decision, { bold: true }),
        cell(texts.decision, columns.decision, w.width + 8, { bold: true }),
      ],
      9,
    );
    w.rule(3);
    for (const r of recommendations) {
      const decision = r.approved === true ? texts.approved : r.approved === false ? texts.declined : texts.undecided;
      const colour = r.approved === true ? STATUS_COLOURS.green : r.approved === false ? STATUS_COLOURS.red : MUTED;
      w.row([
        cell(`${r.group} — ${r.item}`, columns.item, columns.work),
        cell(r.comment, columns.work, columns.estimate),
        cell(money(r.est_cost_in_cents), columns.estimate, columns.decision),
        cell(decision, columns.decision, w.width + 8, { bold: true, colour }),
      ]);
      w.rule(2);
    }
    const total = recommendations.reduce((sum, r) => sum + r.est_cost_in_cents, 0);
    const approved = recommendations.filter((r) => r.approved === true).reduce((sum, r) => sum + r.est_cost_in_cents, 0);
    for (const [label, cents] of [[texts.total, total], [texts.approvedTotal, approved]] as const) {
      w.row([cell(label, 0, columns.estimate, { bold: true }), cell(money(cents), columns.estimate, w.width + 8, { bold: true })], 10);
    }
  }

  // Who completed it, and when.
  w.rule();
  const completions: [{ first_name: string; last_name: string } | null, string | null][] = [
    [input.sheet.technician, input.sheet.completed_by_technician_at],
    [input.sheet.advisor, input.sheet.completed_by_advisor_at],
  ];
  for (const [who, at] of completions) {
    if (!at) continue;
    w.text(pdfText(texts, 'completedBy', { name: personName(who) || '—', date: date(at) }), { size: 9, colour: MUTED });
  }

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = pdfText(texts, 'page', { n: String(index + 1), total: String(pages.length) });
    const width = regular.widthOfTextAtSize(label, 8);
    page.drawText(label, { x: page.getWidth() - MARGIN - width, y: MARGIN - 14, size: 8, font: regular, color: MUTED });
    page.drawText(`${input.dealership.name} · ${input.roNumber}`, { x: MARGIN, y: MARGIN - 14, size: 8, font: regular, color: MUTED });
  });
  return doc.save();
}
