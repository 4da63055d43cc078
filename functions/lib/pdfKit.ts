/**
 * What every PDF of the console draws with (the inspection, the invoice, the setup wizard's
 * summary): DejaVu Sans (it has the Greek and every accented Latin letter of the console's
 * languages), the same inks, and line wrapping. Imported only by the PDF chunks (pdf-lib is theirs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rgb, type PDFFont } from 'pdf-lib';
import { BUNDLED_FONT_DIR, PDF_FONTS } from './pdfFonts.js';

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
export const RULE = rgb(0.82, 0.82, 0.86);

/**
 * A font file: beside the bundle in Lambda (the build copies them into `fonts/`; this module is
 * bundled into the chunk, so import.meta.url is the chunk's), else from the installed package.
 */
function fontPath(file: string): string {
  const bundled = fileURLToPath(new URL(`./${BUNDLED_FONT_DIR}/${file}`, import.meta.url));
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
}

/** Read once per container. */
let fonts: { regular: Uint8Array; bold: Uint8Array } | undefined;
export function pdfFontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  fonts ??= { regular: readFileSync(fontPath(PDF_FONTS.regular)), bold: readFileSync(fontPath(PDF_FONTS.bold)) };
  return fonts;
}

/**
 * Lines of `text` no wider than `width` at `size`: the writer's own line breaks kept, words kept
 * whole unless a word alone is too wide (a VIN, a long e-mail address), which is then cut.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}
