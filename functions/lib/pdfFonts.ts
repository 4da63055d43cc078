/**
 * The font files every PDF of the console embeds (inspection, invoice, setup wizard summary), and
 * where they sit: in the dejavu-fonts-ttf package when running from source, in `fonts/` beside the
 * bundle in Lambda (the CDK build copies them there: a board's `bundleFiles`). Nothing else is
 * imported here, so infra can read it without the PDF code.
 */
export const PDF_FONT_PACKAGE_DIR = 'node_modules/dejavu-fonts-ttf';
export const PDF_FONTS = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/** Folder of the fonts beside the bundle's index.mjs. */
export const BUNDLED_FONT_DIR = 'fonts';

/** What the build copies into each bundle that draws PDFs: from (project root) → to (bundle). */
export const PDF_BUNDLE_FILES: readonly { from: string; to: string }[] = [
  ...Object.values(PDF_FONTS).map((file) => ({ from: `${PDF_FONT_PACKAGE_DIR}/ttf/${file}`, to: `${BUNDLED_FONT_DIR}/${file}` })),
  // The fonts' licence travels with them.
  { from: `${PDF_FONT_PACKAGE_DIR}/LICENSE`, to: `${BUNDLED_FONT_DIR}/LICENSE` },
];
