/**
 * The workbook writer (workbook.ts with excelts and lib-storage) is built into a file of its own
 * beside the bundles of the functions that make report files, and loaded on first use
 * (functions/lib/lazyChunk.ts): the API's cold start does not pay for it. Nothing else is imported
 * here, so infra and the board's declaration can read it.
 */
export const WORKBOOK_CHUNK = { entry: 'functions/reports/workbook.ts', file: 'workbook.js', loadedBy: 'functions/reports/generate.ts' } as const;
