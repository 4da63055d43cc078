/** The customer's text on an order whose survey is open: a rating (replies.ts) is the answer. */
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { recordAnswer } from './answers.js';
import { getSurvey } from './records.js';
import { ratingOfReply } from './replies.js';

export async function answerByReply(ro: RepairOrderRecord, text: string, at: string): Promise<boolean> {
  // Most texts on an order are not ratings: they cost no read of the survey.
  const reply = ratingOfReply(text);
  if (!reply) return false;
  const survey = await getSurvey(ro.company_id, ro.id, true);
  // Only an open survey, and only a text that came after it went.
  if (!survey || survey.state !== 'open' || survey.closes_at <= at || at < survey.sent_at) return false;
  return (await recordAnswer(ro.company_id, ro.id, { ...reply, via: 'text', at })) !== null;
}
