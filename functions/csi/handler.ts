/**
 * The CSI area: an order's survey for the agents who see the order, and the customer's survey page
 * (public, by its token). Sending follows the order (listener.ts); the settings are the core's
 * `csi_settings` group.
 */
import { CSI_ERRORS, type Survey } from '../../shared/csi/surveys.js';
import { surveyAnswerBody } from '../../shared/csi/schemas.js';
import { refused } from '../lib/errors.js';
import { agentRoute, areaHandler, ok, parse, publicRoute, type Routes } from '../lib/http.js';
import { readSettings } from '../lib/settings.js';
import { refusedAnswer } from '../messages/automated.js';
import '../messages/boards.js';
import { visibleRepairOrder } from '../repairOrders/access.js';
import { answerOnPage, surveyPage, visitOfSurvey } from './page.js';
import { getSurvey, type SurveyRecord } from './records.js';
import { sendSurvey } from './surveys.js';

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

  // The advisor's "Send survey" (SPEC §2 the order's CSI action): the automatic survey's path, now.
  'POST /api/repair_orders/{id}/survey': agentRoute(async ({ auth, params }) => {
    const ro = await visibleRepairOrder(auth, params.id ?? '', true);
    const settings = await readSettings(ro.company_id, ro.location_id, 'csi_settings');
    if (!settings.enabled) throw refused('off', CSI_ERRORS.off);
    const sent = await sendSurvey(ro, settings, { agent: auth.actingAs });
    const at = new Date().toISOString();
    switch (sent.outcome) {
      case 'sent':
        return ok({ survey: surveyView(sent.survey, at) }, 201);
      case 'not_now':
        throw refused('archived', CSI_ERRORS.archived);
      case 'already_surveyed': {
        const state = surveyView(sent.survey, at).state === 'answered' ? 'answered' : 'open';
        throw refused(state, CSI_ERRORS[state], { sent_at: sent.survey.sent_at });
      }
      case 'too_soon': {
        // The English names the day (UTC); the console words next_at in the agent's language and time zone.
        const next = sent.nextAt ? `; the next survey may go from ${sent.nextAt.slice(0, 10)}` : '';
        throw refused('too_soon', `${CSI_ERRORS.too_soon}${next}`, { last_sent_at: sent.lastSentAt, next_at: sent.nextAt });
      }
      case 'refused':
        throw refusedAnswer(sent.result.refused ?? { id: 'not_sent', message: 'The survey was not sent' });
      case 'off':
        throw refused('off', CSI_ERRORS.off);
    }
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
