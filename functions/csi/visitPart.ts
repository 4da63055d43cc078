/**
 * The survey on the customer's visit page (issue 21 part 5, kind `survey`): the order's survey while
 * it is open (the 0–10 question) and once answered (the thanks and the store's review page, offered
 * after every rating); action `answer`. Reply-by-number answers the same survey (replyAnswers.ts).
 */
import type { VisitSurvey } from '../../shared/csi/surveys.js';
import { surveyAnswerBody } from '../../shared/csi/schemas.js';
import { DomainError } from '../lib/errors.js';
import { parse } from '../lib/http.js';
import { readSettings } from '../lib/settings.js';
import type { VisitContext, VisitPart } from '../visits/part.js';
import { recordAnswer } from './answers.js';
import { SURVEY_ERRORS } from './page.js';
import { getSurvey, type SurveyRecord } from './records.js';

const openAt = (survey: SurveyRecord, at: string) => survey.state === 'open' && survey.closes_at > at;

async function view(context: VisitContext, survey: SurveyRecord | undefined): Promise<VisitSurvey | null> {
  if (!survey || survey.location_id !== context.visit.location_id) return null;
  const at = context.now.toISOString();
  if (survey.state !== 'answered' && !openAt(survey, at)) return null;
  const csi = await readSettings(context.visit.company_id, context.visit.location_id, 'csi_settings');
  const reviewLink = csi.review_link.trim();
  return survey.state === 'answered'
    ? { state: 'answered', rating: survey.rating, comment: survey.comment, review_link: reviewLink || null }
    : { state: 'open', rating: null, comment: '', review_link: null };
}

const load = async (context: VisitContext): Promise<VisitSurvey | null> => view(context, await getSurvey(context.visit.company_id, context.ro.id, true));

async function answer(context: VisitContext, body: unknown): Promise<VisitSurvey | null> {
  const { rating, comment } = parse(surveyAnswerBody, body);
  const at = context.now.toISOString();
  const survey = await getSurvey(context.visit.company_id, context.ro.id, true);
  if (!survey || survey.location_id !== context.visit.location_id) throw new DomainError('not_found', 'survey_not_found', SURVEY_ERRORS.survey_not_found);
  if (survey.state === 'answered') throw new DomainError('conflict', 'survey_answered', SURVEY_ERRORS.survey_answered);
  if (!openAt(survey, at)) throw new DomainError('gone', 'survey_expired', SURVEY_ERRORS.survey_expired);
  const after = await recordAnswer(survey.company_id, survey.ro_id, { rating, comment: comment.trim(), via: 'page', at });
  if (!after) throw new DomainError('conflict', 'survey_answered', SURVEY_ERRORS.survey_answered);
  return view(context, after);
}

export const surveyVisitPart: VisitPart = { kind: 'survey', position: 40, load, actions: { answer } };
