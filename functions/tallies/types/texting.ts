import type { SheetBuilder } from '../sheets.js';

// Filled in by the texting figures (work in progress).
export const textingSheets: SheetBuilder = () => [];
