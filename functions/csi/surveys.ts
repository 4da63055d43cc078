/**
 * Sending the survey (SPEC §3 csi_settings, gatekeeper `csi`): when the order closes or its vehicle
 * is ready (the store chooses), at most once per order and no more often per customer than the
 * store's frequency, through the gatekeeper's `csi` rule and every sending rule. The customer
 * answers by replying with a number (replies.ts) or on the survey's page, whose unguessable link
 * opens this order's survey only and expires; one reminder goes 24 hours later if unanswered.
 */
import { randomBytes } from 'node:crypto';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { logger } from '../lib/log.js';
import { readSettings } from '../lib/settings.js';
import { keepsDefaultWording, sendAutomated, type AutomatedResult, type AutomatedWords } from '../messages/automated.js';
import { dealershipOf, localeOf, type SendContext } from '../messages/send.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { visitUrl } from '../visits/links.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { claimSurvey, getSurvey, hashSurveyToken, setSurveyMessage, withdrawSurvey, type SurveyRecord } from './records.js';
import type { AgentRecord } from '../lib/agents.js';
import { csiText } from './texts.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The reminder goes this long after the survey when it is still unanswered. */
export const REMINDER_AFTER_MS = 24 * HOUR_MS;
/** The survey (its page and replies by number) stays open this long. */
export const SURVEY_OPEN_DAYS = 14;

export type SurveyMoment = 'closed' | 'vehicle_ready';
export type SurveyOutcome = SurveySend['outcome'];
/** What a send did: `off` (not at this moment, or CSI off), `not_now` (archived order), `already_surveyed` (the order's survey), `too_soon` (the customer's frequency). */
export type SurveySend =
  | { outcome: 'sent'; result: AutomatedResult; survey: SurveyRecord }
  | { outcome: 'off' }
  | { outcome: 'not_now' }
  | { outcome: 'already_surveyed'; survey: SurveyRecord }
  | { outcome: 'too_soon'; lastSentAt: string | null; nextAt: string | null }
  | { outcome: 'refused'; result: AutomatedResult };


/**
 * The survey's words: the gatekeeper's own text for `csi` when set, else the CSI settings' message
 * when the store changed it, else the catalogue's in the customer's language; then the page's link.
 */
export function surveyWords(settings: SettingsOf<'csi_settings'>, link: string | null, reminder = false): (context: SendContext) => AutomatedWords {
  return (context) => {
    const gatekeeperText = context.gatekeeper.csi.text.trim();
    const own = gatekeeperText || (keepsDefaultWording('csi_settings', 'message', settings.message) ? '' : settings.message.trim());
    const words = own && !reminder ? own : csiText(reminder ? 'reminder' : 'survey', localeOf(context), { dealership: dealershipOf(context).dealership });
    return { written: link ? `${words} ${link}` : words };
  };
}

/** Sends the order's survey if the store's CSI settings say so at this moment; answers what happened. */
export async function offerSurvey(ro: RepairOrderRecord, moment: SurveyMoment, now = new Date()): Promise<SurveySend> {
  const settings = await readSettings(ro.company_id, ro.location_id, 'csi_settings');
  if (!settings.enabled || settings.send_on !== moment) return { outcome: 'off' };
  return sendSurvey(ro, settings, { agent: null }, now);
}

/**
 * Sends the order's survey now, whoever asked: the order closing or its vehicle being ready
 * (offerSurvey, agent null) or the advisor's "Send survey" (the agent). Both claim the survey
 * the same way (once per order, no more often per customer than the frequency) and send it
 * through the gatekeeper's `csi` rule and every sending rule; the advisor's send hears a refusal
 * back instead of the conversation's "won't be delivered" note, and may ask again for a survey
 * that ended unanswered.
 */
export async function sendSurvey(ro: RepairOrderRecord, settings: SettingsOf<'csi_settings'>, by: { agent: AgentRecord | null }, now = new Date()): Promise<SurveySend> {
  if (ro.archived) return { outcome: 'not_now' };
  const manual = by.agent !== null;
  const at = now.toISOString();
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSurveyToken(token);
  const record: SurveyRecord = {
    company_id: ro.company_id,
    ro_id: ro.id,
    location_id: ro.location_id,
    customer_id: ro.customer_id,
    state: 'open',
    sent_at: at,
    reminded_at: null,
    closes_at: new Date(now.getTime() + SURVEY_OPEN_DAYS * DAY_MS).toISOString(),
    rating: null,
    comment: '',
    answered_at: null,
    via: null,
    remind_at: new Date(now.getTime() + REMINDER_AFTER_MS).toISOString(),
    message_id: null,
  };
  const notAfter = new Date(now.getTime() - settings.frequency_days * DAY_MS).toISOString();
  const { claimed, previous, replaced } = await claimSurvey(record, tokenHash, notAfter, manual);
  if (!claimed) {
    // Which condition failed: the order's own survey first (the advisor is told its state), else
    // the customer's last survey, with the day the next one may go.
    const survey = await getSurvey(ro.company_id, ro.id, true);
    if (survey && !(manual && survey.state === 'open' && survey.closes_at <= at)) return { outcome: 'already_surveyed', survey };
    const nextAt = previous ? new Date(Date.parse(previous.sent_at) + settings.frequency_days * DAY_MS).toISOString() : null;
    return { outcome: 'too_soon', lastSentAt: previous?.sent_at ?? null, nextAt };
  }

  // The order's visit page, opened at its survey (issue 21 part 5); the survey's own token still
  // answers the links sent before the visit page (csi/page.ts) and keys the claim.
  const link = await visitUrl({ company_id: ro.company_id, location_id: ro.location_id, repair_order_id: ro.id }, 'survey', now);
  const result = await sendAutomated(repairOrderOwner(ro), 'csi_survey', {
    agent: by.agent,
    manual,
    // The advisor's button answers to the gatekeeper's `csi` rule as the automatic survey does.
    gatekeeper: true,
    gatekeeperRule: 'csi',
    words: surveyWords(settings, link),
  });
  if (!result.message) {
    // Not sent (the gatekeeper, consent, no texting number): the customer was not surveyed, so
    // their frequency is as it was; the conversation (or the advisor) hears why.
    await withdrawSurvey(record, tokenHash, previous, replaced);
    logger.info('CSI survey not sent', { repair_order_id: ro.id, reason: result.refused?.id });
    return { outcome: 'refused', result };
  }
  await setSurveyMessage(ro.company_id, ro.id, result.message.id);
  return { outcome: 'sent', result, survey: { ...record, message_id: result.message.id } };
}
