/**
 * The invoice drawing (invoicePdf.ts with pdf-lib and fontkit) is built into a file of its own
 * beside the payments function's bundle and loaded on first use (functions/lib/lazyChunk.ts).
 * Nothing else is imported here, so infra and the board's declaration can read it.
 */
export const INVOICE_PDF_CHUNK = { entry: 'functions/payments/invoicePdf.ts', file: 'invoicePdf.js', loadedBy: 'functions/payments/storedInvoice.ts' } as const;
