/**
 * The summary PDF's drawing (wizardPdf.ts with pdf-lib and fontkit, over a megabyte) is built into a file
 * of its own beside the wizard function's bundle and loaded the first time a summary is asked for
 * (functions/lib/lazyChunk.ts). Nothing else is imported here, so infra and board.ts can read it.
 */
export const WIZARD_PDF_CHUNK = { entry: 'functions/wizard/wizardPdf.ts', file: 'wizardPdf.js', loadedBy: 'functions/wizard/summary.ts' } as const;
