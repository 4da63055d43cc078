import type { SheetBuilder } from '../sheets.js';

// Filled in by the consent figures (work in progress).
export const consentSheets: SheetBuilder = () => [];
