/**
 * The wizard's summary PDF (issue 23): the answers as the location's settings hold them now, with
 * the dealership's name, drawn with pdf-lib in DejaVu Sans (it has the Greek and accented Latin
 * letters of every language), as the invoice and inspection PDFs are. Built as a chunk of its own
 * (pdfChunk.ts), loaded by summary.ts the first time a summary is drawn.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { formatDate } from '../../shared/dates.js';
import { intlTag, type Locale } from '../../shared/locales.js';
import type { WizardValues } from '../../shared/wizard/schemas.js';
import { INK, MUTED, pdfFontBytes, RULE, wrapText } from '../lib/pdfKit.js';
import { wizardPdfWords } from './pdfWords.js';

export interface WizardPdfInput {
  locale: Exclude<Locale, 'debug'>;
  dealership: string;
  timeZone: string;
  savedAt: string;
  values: WizardValues;
}

const MARGIN = 48;
// Letter; the summary is read on screen and printed in the office, where either paper fits it.
const PAGE: [number, number] = [612, 792];

export async function renderWizardPdf(input: WizardPdfInput): Promise<Uint8Array> {
  const words = wizardPdfWords(input.locale);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = pdfFontBytes();
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.regular, { subset: true }), doc.embedFont(fonts.bold, { subset: true })]);
  doc.setTitle(`${words.title} — ${input.dealership}`);
  doc.setLanguage(intlTag(input.locale));
  doc.setCreator(input.dealership);
  const [width, height] = PAGE;
  const inner = width - 2 * MARGIN;
  let page: PDFPage = doc.addPage(PAGE);
  let y = height - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = doc.addPage(PAGE);
    y = height - MARGIN;
  };
  const write = (text: string, size: number, options: { bold?: boolean; colour?: typeof INK; gap?: number; indent?: number } = {}) => {
    const face = options.bold ? bold : regular;
    const indent = options.indent ?? 0;
    for (const line of wrapText(text, face, size, inner - indent)) {
      room(size * 1.35);
      y -= size * 1.35;
      if (line) page.drawText(line, { x: MARGIN + indent, y, size, font: face, color: options.colour ?? INK });
    }
    y -= options.gap ?? 4;
  };
  const heading = (text: string) => {
    room(40);
    y -= 10;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.7, color: RULE });
    y -= 4;
    write(text, 13, { bold: true, gap: 2 });
  };
  const field = (label: string, value: string | number | readonly string[]) => {
    const shown = Array.isArray(value) ? value.join(', ') : String(value);
    write(label, 9, { colour: MUTED, gap: 0 });
    write(shown.trim() ? shown : words.empty, 11, { indent: 8, gap: 6 });
  };

  const { values } = input;
  write(input.dealership, 18, { bold: true });
  write(words.title, 14, { bold: true, gap: 2 });
  write(`${words.saved_on} ${formatDate(input.savedAt, input.locale, input.timeZone)}`, 9, { colour: MUTED });

  const button = values.marketing_buttons;
  heading(words.button);
  field(words.label, button.label);
  field(words.placeholder, button.placeholder);
  field(words.css_class, button.css_class);
  field(words.autoreply, button.autoreply_template);
  field(words.outro, button.outro_text);
  field(words.sms_recipients, button.sms_notification_recipients);
  field(words.sms_template, button.sms_notification_template);
  field(words.email_recipients, button.email_notification_recipients);
  field(words.email_template, button.email_notification_template);

  heading(words.vehicle_ready);
  field(words.message, values.service_settings.vehicle_ready_message);

  heading(words.work_declined);
  field(words.opcodes, values.service_settings.work_declined_opcodes);
  field(words.after_days, values.service_settings.work_declined_notification_after_days);
  field(words.message, values.service_settings.work_declined_notification_message);

  heading(words.appointments);
  field(words.days_prior, values.appointment_settings.remind_days_prior);
  field(words.message, values.appointment_settings.reminder_template);

  heading(words.reminders);
  field(words.months_after, values.reminder_settings.remind_days_after);
  field(words.message, values.reminder_settings.reminder_template);
  return doc.save();
}
