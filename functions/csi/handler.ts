/**
 * The CSI area: an order's survey for the agents who see the order, and the customer's survey page
 * (public, by its token). Sending follows the order (listener.ts); the settings are the core's
 * `csi_settings` group.
 */
import type { Survey } from '../../shared/csi/surveys.js';
import { surveyAnswerBody } from '../../shared/csi/schemas.js';
import { agentRoute, areaHandler, ok, parse, publicRoute, type Routes } from '../lib/http.js';
import '../messages/boards.js';
import { visibleRepairOrder } from '../repairOrders/access.js';
import { answerOnPage, surveyPage, visitOfSurvey } from './page.js';
import { getSurvey, type SurveyRecord } from './records.js';

function surveyView(record: SurveyRecord, at: string): Survey {
  return {
    ro_id: record.ro_id,
    location_id: record.location_id,
    customer_id: record.customer_id,
    state: record.state === 'open' && record.closes_at <= at ? 'expired' : record.state,
    sent_at: record.sent_at,
    reminded_at: record.reminded_at,
    closes_at: record.closes_at,
    rating: record.rating,
    comment: record.comment,
    answered_at: record.answered_at,
    via: record.via,
  };
}

export const routes: Routes = {
  'GET /api/repair_orders/{id}/survey': agentRoute(async ({ auth, params }) => {
    const ro = await visibleRepairOrder(auth, params.id ?? '');
    const survey = await getSurvey(auth.companyId, ro.id);
    return ok({ survey: survey ? surveyView(survey, new Date().toISOString()) : null });
  }),

  'GET /api/public/surveys/{token}': publicRoute(async (req) => ok({ survey: await surveyPage(req.params.token ?? '') })),

  // A link sent before the visit page: the page moves to the order's visit link.
  'GET /api/public/surveys/{token}/visit': publicRoute(async (req) => ok({ visit: { url: await visitOfSurvey(req.params.token ?? '') } })),

  'POST /api/public/surveys/{token}': publicRoute(async (req) => {
    const answer = parse(surveyAnswerBody, req.body);
    return ok({ survey: await answerOnPage(req.params.token ?? '', answer) });
  }),
};

export const handler = areaHandler('csi', routes);
