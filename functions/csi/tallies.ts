/**
 * CSI's part in the CSI report (issue 24; README "Reports: CSI"): a survey answered counts one
 * response with its score (0–10), and a 9–10 or a 0–6 where it is one, on the day of the answer,
 * under the order's advisor. Recognised from the survey's old and new images (not answered before,
 * answered after): the first answer stands (records.ts `answerSurvey`), so a survey counts once
 * however often it is re-saved or its change is told.
 */
import type { Fact, TallySource } from '../lib/boardModule.js';
import { factOrder, UNREAD_ORDER, type FactOrder } from '../repairOrders/factOrder.js';
import { isSurveyKey, type SurveyRecord } from './records.js';

/** SPEC §9's scale: 9–10 are the customers who praise the store, 0–6 those who do not. */
export const PRAISING = 9;
export const UNHAPPY = 6;

function surveyFact(survey: SurveyRecord, order: FactOrder, figure: string, at: string, value?: number): Fact {
  return {
    id: `${survey.ro_id}:survey:${figure}`,
    type: 'csi',
    figure,
    company_id: survey.company_id,
    location_id: survey.location_id,
    at,
    dims: { agent_id: order.agent_id },
    ...(value === undefined ? {} : { value }),
    record: { kind: 'repair_order', id: survey.ro_id, label: order.label },
    customer_id: survey.customer_id,
  };
}

export function surveyFacts(before: SurveyRecord | undefined, after: SurveyRecord | undefined, order: FactOrder): Fact[] {
  if (!after || after.state !== 'answered' || after.rating === null || before?.state === 'answered') return [];
  const at = after.answered_at ?? after.sent_at;
  const facts = [surveyFact(after, order, 'responses', at, after.rating)];
  if (after.rating >= PRAISING) facts.push(surveyFact(after, order, 'score_9_10', at));
  if (after.rating <= UNHAPPY) facts.push(surveyFact(after, order, 'score_0_6', at));
  return facts;
}

/** The CSI board's TallySource: the order (its advisor, its number) is read only for an answer. */
export const csiTallies: TallySource = async (change) => {
  if (!isSurveyKey(change.keys) || !change.new) return [];
  const before = change.old as SurveyRecord | undefined;
  const after = change.new as unknown as SurveyRecord;
  if (surveyFacts(before, after, UNREAD_ORDER).length === 0) return [];
  return surveyFacts(before, after, await factOrder(after.company_id, after.ro_id));
};
