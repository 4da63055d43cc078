/**
 * The views of the visit page's parts, one line each (web/src/visitPage/part.ts): a part the visit
 * has is loaded as its own chunk, so the page downloads only the views of what the visit shows.
 */
import type { VisitPartView } from './part.js';
// The inspection's styles travel in the page's stylesheet rather than a stylesheet of the part's
// own: the two compress together 0.3 KB smaller, which the inspection visit (the page's heaviest,
// and its budget's measure) needs; a visit without an inspection carries 0.6 KB of styles it does
// not use (README "Customer's visit page").
import '../features/inspections/visit/inspection.css';

export const VISIT_PART_VIEWS: readonly VisitPartView[] = [
  { kind: 'inspection', load: () => import('../features/inspections/visit/InspectionPart.js') },
  { kind: 'album', load: () => import('../features/gallery/visit/AlbumPart.js') },
  { kind: 'payment', load: () => import('../features/payments/visit/PaymentPart.js') },
  { kind: 'survey', load: () => import('../features/csi/visit/SurveyPart.js') },
];

export const viewOf = (kind: string): VisitPartView | undefined => VISIT_PART_VIEWS.find((view) => view.kind === kind);
