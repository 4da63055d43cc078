/**
 * The PDF drawing (pdf.ts with pdf-lib and fontkit, over a megabyte) is built into a file of its own
 * beside the bundle of each function that draws PDFs, and loaded on first use (functions/lib/lazyChunk.ts):
 * those functions start without parsing it.
 */
export const PDF_CHUNK = { entry: 'functions/recommendations/pdf.ts', file: 'pdf.js', loadedBy: 'functions/recommendations/storedPdf.ts' } as const;
