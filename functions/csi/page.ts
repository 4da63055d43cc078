/**
 * The survey's page, by its token (public, no sign-in): the store, the order's number and the
 * answer if given. An unknown token answers 404, one whose survey ended unanswered 410; a token
 * opens its own order's survey and nothing else.
 */
import type { PublicSurvey } from '../../shared/csi/surveys.js';
import { DomainError } from '../lib/errors.js';
import { getLocation } from '../lib/locations.js';
import { readSettings } from '../lib/settings.js';
import { getCustomer } from '../customers/records.js';
import { getRepairOrder } from '../repairOrders/records.js';
import { visitUrl } from '../visits/links.js';
import { recordAnswer } from './answers.js';
import { getSurvey, surveyOfToken, type SurveyRecord } from './records.js';

export const SURVEY_ERRORS = {
  survey_not_found: 'This survey link is not valid',
  survey_expired: 'This survey has ended',
  survey_answered: 'Thank you: this survey has already been answered',
} as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
const notFound = () => new DomainError('not_found', 'survey_not_found', SURVEY_ERRORS.survey_not_found);

async function openSurvey(token: string): Promise<SurveyRecord> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const ref = await surveyOfToken(token);
  const survey = ref ? await getSurvey(ref.company_id, ref.ro_id, true) : undefined;
  if (!survey) throw notFound();
  return survey;
}

const stateAt = (survey: SurveyRecord, at: string): SurveyRecord['state'] => (survey.state === 'open' && survey.closes_at <= at ? 'expired' : survey.state);

async function publicView(survey: SurveyRecord, at: string): Promise<PublicSurvey> {
  const [ro, location, business, csi, customer] = await Promise.all([
    getRepairOrder(survey.company_id, survey.ro_id),
    getLocation(survey.company_id, survey.location_id),
    readSettings(survey.company_id, survey.location_id, 'business_information'),
    readSettings(survey.company_id, survey.location_id, 'csi_settings'),
    getCustomer(survey.company_id, survey.customer_id),
  ]);
  const state = stateAt(survey, at);
  const reviewLink = csi.review_link.trim();
  return {
    dealership: business.dealership_name.trim() || location?.name || '',
    locale: customer?.language ?? location?.locale ?? 'en-us',
    ro_number: ro?.ro_id ?? '',
    state,
    rating: survey.rating,
    comment: survey.comment,
    review_link: state === 'answered' && reviewLink ? reviewLink : null,
  };
}

export async function surveyPage(token: string, now = new Date()): Promise<PublicSurvey> {
  const at = now.toISOString();
  const survey = await openSurvey(token);
  if (stateAt(survey, at) === 'expired') throw new DomainError('gone', 'survey_expired', SURVEY_ERRORS.survey_expired);
  return publicView(survey, at);
}

/** A survey link sent before the visit page: the order's visit link, which the page moves to (404 and 410 as the survey's). */
export async function visitOfSurvey(token: string, now = new Date()): Promise<string> {
  const survey = await openSurvey(token);
  if (stateAt(survey, now.toISOString()) === 'expired') throw new DomainError('gone', 'survey_expired', SURVEY_ERRORS.survey_expired);
  return visitUrl({ company_id: survey.company_id, location_id: survey.location_id, repair_order_id: survey.ro_id }, 'survey', now);
}

export async function answerOnPage(token: string, answer: { rating: number; comment: string }, now = new Date()): Promise<PublicSurvey> {
  const at = now.toISOString();
  const survey = await openSurvey(token);
  const state = stateAt(survey, at);
  if (state === 'expired') throw new DomainError('gone', 'survey_expired', SURVEY_ERRORS.survey_expired);
  if (state === 'answered') throw new DomainError('conflict', 'survey_answered', SURVEY_ERRORS.survey_answered);
  const after = await recordAnswer(survey.company_id, survey.ro_id, { rating: answer.rating, comment: answer.comment.trim(), via: 'page', at });
  if (!after) throw new DomainError('conflict', 'survey_answered', SURVEY_ERRORS.survey_answered);
  return publicView(after, at);
}
