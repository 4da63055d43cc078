/**
 * The report types' builders (functions/tallies/sheets.ts `SheetBuilder`), one per report type.
 * Texting and consent are here; the lead wires the boards' four (inspections, payments, csi,
 * appointments) at merge, one line each below.
 */
import type { ReportType } from '../../../shared/reports/types.js';
import type { SheetBuilder } from '../sheets.js';
import { consentSheets } from './consent.js';
import { textingSheets } from './texting.js';

export const sheetBuilders: Partial<Record<ReportType, SheetBuilder>> = {
  texting: textingSheets,
  consent: consentSheets,
  // inspections: inspectionsSheets,
  // payments: paymentsSheets,
  // csi: csiSheets,
  // appointments: appointmentsSheets,
};
