import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { wrapText } from '../../functions/lib/pdfKit.js';
import { renderInspectionPdf, type PdfInput } from '../../functions/recommendations/pdf.js';
import { pdfText, pdfTexts } from '../../functions/recommendations/pdfTexts.js';
import { LOCALES } from '../../shared/locales.js';

/** A real 2×2 PNG (RGB), built here so the test needs no fixture file. */
function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function input(overrides: Partial<PdfInput> = {}): PdfInput {
  return {
    locale: 'en-us',
    moneyLocale: 'en-us',
    timeZone: 'America/New_York',
    dealership: { name: 'North Shore Motors', phone: '+1 617 555 0100', address: '1 Main St, Boston MA' },
    roNumber: '7010234',
    customerName: 'Gloria Estevez',
    vehicle: { make: 'Honda', model: 'Civic', year: 2021, vin: '1HGCM82633A004352', mileage: 31000 },
    sheet: {
      form_name: 'Standard car inspection',
      header: 'Checked on the lift',
      groups: [
        {
          name: 'Brakes',
          items: [
            { name: 'Front brake pads', dmg: 2, comment: 'Pads at 2 mm' },
            { name: 'Rear brake pads', dmg: 1, comment: '' },
            { name: 'Brake fluid', dmg: 0, comment: '' },
            { name: 'Parking brake', dmg: -1, comment: '' },
            { name: 'Brake lines', dmg: null, comment: '' },
          ],
        },
      ],
      recommendations: [
        {
          id: 'rec_1',
          group: 'Brakes',
          item: 'Front brake pads',
          est_cost_in_cents: 24000,
          comment: 'Replace front brake pads',
          notes: 'internal',
          approved: true,
          decided_at: '2026-11-20T10:00:00.000Z',
          metadata: { approver: { initiator: 'customer', agent: null } },
        },
        { id: 'rec_2', group: 'Brakes', item: 'Rear brake pads', est_cost_in_cents: 18000, comment: 'Replace soon', notes: '', approved: null, decided_at: null, metadata: { approver: null } },
      ],
      damage_details: { comment: 'Scratch on the rear bumper' },
      technician: { id: 'agt_tech', first_name: 'Luis', last_name: 'Ortega' },
      advisor: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' },
      completed_by_technician_at: '2026-11-20T09:00:00.000Z',
      completed_by_advisor_at: '2026-11-20T09:30:00.000Z',
    },
    photos: [{ group: 'Brakes', item: 'Front brake pads', name: 'pads.png', bytes: tinyPng() }],
    videos: [{ group: 'Brakes', item: 'Front brake pads', name: 'walkaround.mp4' }],
    ...overrides,
  };
}

describe('inspection PDF', () => {
  it('draws a PDF document with the photo embedded', async () => {
    const bytes = await renderInspectionPdf(input());

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toContain('7010234');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  it('sets Greek text in the embedded Unicode font', async () => {
    const bytes = await renderInspectionPdf(input({ locale: 'el', moneyLocale: 'el', customerName: 'Γιώργος Παπαδόπουλος' }));

    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toContain('Πολυσημειακός έλεγχος');
    // Written out without object streams, the font dictionaries can be read as text.
    const plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
    expect(plain).toMatch(/\/BaseFont \/DejaVuSans/);
    expect(plain).toContain('/FontFile2');
  });

  it('runs onto more pages when the sheet is long, numbering them', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ name: `Item ${i + 1}`, dmg: 0 as const, comment: 'Checked and fine' }));
    const long = input();
    const bytes = await renderInspectionPdf({ ...long, sheet: { ...long.sheet, groups: [{ name: 'Everything', items }] } });

    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(2);
  });

  it('skips a picture it cannot read instead of failing', async () => {
    const bytes = await renderInspectionPdf(input({ photos: [{ group: 'Brakes', item: 'Front brake pads', name: 'broken.jpg', bytes: new Uint8Array([0xff, 0xd8, 1, 2, 3]) }] }));

    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });
});

describe('inspection PDF texts', () => {
  it('has every text in every language, VHC in en-gb and en-uk', () => {
    const english = pdfTexts('en-us');
    for (const locale of LOCALES) {
      const texts = pdfTexts(locale);
      for (const key of Object.keys(english) as (keyof typeof english)[]) expect(texts[key].trim(), `${locale}.${key}`).not.toBe('');
    }
    expect(pdfTexts('en-gb').title).toContain('VHC');
    expect(pdfTexts('en-uk').title).toContain('VHC');
    expect(pdfTexts('en-us').title).toContain('MPI');
    expect(pdfTexts('de').title).not.toBe(english.title);
  });

  it('fills placeholders and falls back to en-us for unknown languages', () => {
    expect(pdfText(pdfTexts('xx'), 'page', { n: '2', total: '3' })).toBe('Page 2 of 3');
  });
});

describe('wrapText', () => {
  it('keeps lines within the width and breaks words too long for a line', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont('Helvetica');
    const lines = wrapText('a few short words and one Supercalifragilisticexpialidocious', font, 10, 60);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);
    expect(lines.join('')).toContain('Supercal');
  });
});
