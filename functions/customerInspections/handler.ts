/**
 * The customer's inspection page API (issue 4 part 5): no sign-in, the link's token is the key.
 * A malformed or unknown token answers 404 link_not_found, an expired one 410 link_expired, and a
 * recommendation that is not on the link's sheet 404: a link opens its own inspection and nothing else.
 */
import { customerDecisionBody } from '../../shared/inspections/schemas.js';
import { areaHandler, ok, parse, publicRoute, type Request, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { decide } from '../recommendations/decisions.js';
import { linkNotFound, openLink } from '../recommendations/links.js';
import { inspectionPdf } from '../recommendations/storedPdf.js';
import { visitUrl } from '../visits/links.js';
import { customerInspection, linkedInspection, shownOf } from './page.js';
import { visitInspectionPdf } from './visitPdf.js';

async function opened(req: Request) {
  return linkedInspection(await openLink(req.params.token ?? ''));
}

export const routes: Routes = {
  'GET /api/public/inspections/{token}': publicRoute(async (req) => ok({ inspection: await customerInspection(shownOf(await opened(req))) })),

  'PUT /api/public/inspections/{token}/recommendations/{recommendation_id}': publicRoute(async (req) => {
    const inspection = await opened(req);
    const { approved } = parse(customerDecisionBody, req.body);
    const outcome = await decide({
      ro: inspection.ro,
      recommendationId: req.params.recommendation_id ?? '',
      approved,
      approver: { initiator: 'customer', agent: null },
      // The sheet may have been replaced since the page loaded: the link no longer opens it.
      refusal: (sheet) => (sheet.id === inspection.link.sheet_id && sheet.sent_to_customer_at ? null : linkNotFound()),
    });
    return ok({ inspection: await customerInspection(shownOf({ ...inspection, sheet: outcome.sheet })) });
  }),

  // A link sent before the visit page: the page moves to the order's visit link (the same for every text of the order).
  'GET /api/public/inspections/{token}/visit': publicRoute(async (req) => {
    const { link } = await opened(req);
    return ok({ visit: { url: await visitUrl(link, 'inspection') } });
  }),

  // The visit page's inspection part: its PDF is drawn here, where the drawing is (visitPdf.ts).
  'POST /api/public/visits/{token}/inspection/pdf': publicRoute(async (req) => ok({ part: { kind: 'inspection', data: await visitInspectionPdf(req.params.token ?? '') } })),

  'GET /api/public/inspections/{token}/pdf': publicRoute(async (req) => {
    const { ro, sheet, locale } = await opened(req);
    const pdf = await inspectionPdf(sheet, ro, locale);
    return ok({ pdf: { url: pdf.url } });
  }),
};

export const handler = areaHandler('customerInspections', routes);
