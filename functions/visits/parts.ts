/**
 * The parts of the customer's visit page, one line each (functions/visits/part.ts), lower position
 * first on the page. They are listed here rather than in the boards' declarations so that only the
 * visits area carries their code: every other function reads the board list and would carry it too.
 */
import { surveyVisitPart } from '../csi/visitPart.js';
import { inspectionVisitPart } from '../customerInspections/visitPart.js';
import { albumPart } from '../gallery/visitPart.js';
import { paymentPart } from '../payments/visitPart.js';
import type { VisitPart } from './part.js';

export const VISIT_PARTS: readonly VisitPart[] = [inspectionVisitPart, albumPart, paymentPart, surveyVisitPart].sort((a, b) => a.position - b.position);
