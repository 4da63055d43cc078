/**
 * The inspection on the customer's visit page (issue 21 part 5, kind `inspection`): the order's
 * sheet once the advisor sent it, as the inspection page showed it, with the customer's decision on
 * a recommendation. A sheet not (or no longer) sent shows nothing. The PDF (which may have to be
 * drawn) is this area's own route, `POST /api/public/visits/{token}/inspection/pdf` (visitPdf.ts):
 * every function that reads the board list carries this module, and none of them the drawing.
 */
import type { CustomerInspection } from '../../shared/inspections/inspections.js';
import { visitDecisionBody } from '../../shared/inspections/visit.js';
import { parse } from '../lib/http.js';
import { getLocation } from '../lib/locations.js';
import type { VisitContext, VisitPart } from '../visits/part.js';
import { getSheet, type SheetRecord } from '../inspections/records.js';
import { decide } from '../recommendations/decisions.js';
import { visitNotFound } from '../visits/links.js';
import { customerInspection, type ShownInspection } from './page.js';

const sent = (sheet: SheetRecord | undefined): sheet is SheetRecord => sheet !== undefined && sheet.sent_to_customer_at !== null;

export async function shownInspection(context: VisitContext, sheet?: SheetRecord): Promise<ShownInspection | null> {
  const { ro, visit } = context;
  const [current, location] = await Promise.all([sheet ?? getSheet(ro.company_id, ro.id, true), getLocation(visit.company_id, visit.location_id)]);
  if (!sent(current)) return null;
  return { ro, sheet: current, locale: context.locale, location, validUntil: context.valid_until };
}

async function load(context: VisitContext): Promise<CustomerInspection | null> {
  const inspection = await shownInspection(context);
  return inspection && customerInspection(inspection);
}

/** `decide` `{ recommendation_id, approved }`: a recommendation of this order's sent sheet only. */
async function decideOnPage(context: VisitContext, body: unknown): Promise<CustomerInspection> {
  const { recommendation_id: recommendationId, approved } = parse(visitDecisionBody, body);
  const outcome = await decide({
    ro: context.ro,
    recommendationId,
    approved,
    approver: { initiator: 'customer', agent: null },
    // The sheet may have been taken back since the page loaded: nothing to decide on then.
    refusal: (sheet) => (sheet.sent_to_customer_at ? null : visitNotFound()),
  });
  const inspection = await shownInspection(context, outcome.sheet);
  if (!inspection) throw visitNotFound();
  return customerInspection(inspection);
}

export const inspectionVisitPart: VisitPart = { kind: 'inspection', position: 10, load, actions: { decide: decideOnPage } };
