/**
 * An answer to the survey, by reply or on the page: the first answer stands (a later one is an
 * ordinary text, or on the page "already answered"): a manager may already be calling about a
 * low score, and a rating that changed under them would hide what the customer first said.
 *
 * Once rated: the order shows the rating on the board (`satisfaction_poll.rating`), its
 * conversation gets a note, the customer is thanked and offered the store's review link whatever
 * the rating (review platforms and the FTC forbid asking only happy customers for reviews), and a
 * rating at or below the store's threshold alerts its managers.
 */
import type { SurveyAnswerVia } from '../../shared/csi/surveys.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { sendAutomated } from '../messages/automated.js';
import { addSystemNote } from '../messages/notes.js';
import { dealershipOf, localeOf } from '../messages/send.js';
import { announce, changed } from '../repairOrders/events.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { getRepairOrder, updateRepairOrder, type RepairOrderRecord } from '../repairOrders/records.js';
import { alertManagers } from './alerts.js';
import { answerSurvey, type SurveyRecord } from './records.js';
import { csiText } from './texts.js';

export interface Answer {
  rating: number;
  comment: string;
  via: SurveyAnswerVia;
  at: string;
}

/** Records the answer if the survey is open; answers the survey after, or null when it was already answered or expired. */
export async function recordAnswer(companyId: string, roId: string, answer: Answer): Promise<SurveyRecord | null> {
  const survey = await answerSurvey(companyId, roId, answer);
  if (!survey) return null;
  const ro = await getRepairOrder(companyId, roId);
  if (!ro) return survey;
  const { after } = await updateRepairOrder(companyId, roId, () => ({ satisfaction_poll: { rating: answer.rating } }));
  await announce(after, changed(after, 'satisfaction_poll'));
  await addSystemNote(repairOrderOwner(after), {
    behaviour: 'GENERIC_SYSTEM',
    text: `The customer rated the visit ${answer.rating} out of 10${answer.via === 'page' ? ' on the survey page' : ' in reply to the survey'}.${answer.comment ? ` Comment: "${answer.comment}"` : ''}`,
    note: { key: 'survey_answered', params: { rating: answer.rating, comment: answer.comment, via: answer.via } },
  });
  await afterRating(after, answer);
  return survey;
}

async function afterRating(ro: RepairOrderRecord, answer: Answer): Promise<void> {
  const settings = await readSettings(ro.company_id, ro.location_id, 'csi_settings');
  const tasks: Promise<unknown>[] = [thankCustomer(ro, settings.review_link.trim())];
  if (answer.rating <= settings.low_rating_threshold) tasks.push(alertManagers(ro, answer.rating, answer.comment));
  for (const outcome of await Promise.allSettled(tasks)) {
    if (outcome.status === 'rejected') logger.error('after a CSI rating', { repair_order_id: ro.id, error: outcome.reason as Error });
  }
}

/** The thank-you, with the review link when the store has one: the same words after every rating. */
async function thankCustomer(ro: RepairOrderRecord, reviewLink: string): Promise<void> {
  await sendAutomated(repairOrderOwner(ro), 'csi_thanks', {
    agent: null,
    manual: false,
    gatekeeperRule: 'csi',
    words: (context) => {
      const locale = localeOf(context);
      const thanks = csiText('thanks', locale, { dealership: dealershipOf(context).dealership });
      return { written: reviewLink ? `${thanks} ${csiText('review', locale, { link: reviewLink })}` : thanks };
    },
  });
}
