/** The report types' builders (functions/tallies/sheets.ts `SheetBuilder`), one per report type. */
import type { ReportType } from '../../../shared/reports/types.js';
import type { SheetBuilder } from '../sheets.js';
import { appointmentsSheets } from './appointments.js';
import { consentSheets } from './consent.js';
import { csiSheets } from './csi.js';
import { inspectionsSheets } from './inspections.js';
import { paymentsSheets } from './payments.js';
import { textingSheets } from './texting.js';

export const sheetBuilders: Record<ReportType, SheetBuilder> = {
  texting: textingSheets,
  consent: consentSheets,
  inspections: inspectionsSheets,
  payments: paymentsSheets,
  csi: csiSheets,
  appointments: appointmentsSheets,
};
