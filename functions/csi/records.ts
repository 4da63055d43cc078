/**
 * The CSI store: one survey per repair order, the customer's last survey (the frequency), the
 * survey page's tokens and the reminders-due index. The only code that knows these keys.
 *
 * Sending claims the survey in one transaction: the order's survey is new, and the customer's last
 * survey is older than the store's frequency allows (or there is none), so two closings of the
 * same customer's orders at once send one survey. Answering is conditional on the survey being
 * open, so the first answer stands, whichever way it came.
 */
import { createHash } from 'node:crypto';
import type { Survey, SurveyAnswerVia } from '../../shared/csi/surveys.js';
import { batchWrite, fields, getItem, isConditionFailure, readPage, transactWrite, updateItem, type Item, type TransactWrite } from '../lib/table.js';

export const surveyKeys = {
  /** One order's survey. */
  survey: (companyId: string, roId: string) => ({ pk: `COMPANY#${companyId}#CSI#${roId}`, sk: 'SURVEY' }),
  /** In the customer's partition: when they were last surveyed (the frequency). */
  lastSurveyOfCustomer: (companyId: string, customerId: string) => ({ pk: `COMPANY#${companyId}#CUSTOMER#${customerId}`, sk: 'CSI#LAST' }),
  /** A survey page's token, by its SHA-256 (the token itself is only in the customer's text). */
  surveyToken: (tokenHash: string) => ({ pk: `CSI_TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** gsi2 (sparse) on open surveys whose reminder is still to go, by when it is due. */
  remindersDue: () => ({ gsi2pk: 'CSI_REMINDERS#DUE' }),
} as const;

/** Whether an item's keys are a survey's (the table's stream tells every item's change). */
export const isSurveyKey = (k: { pk: string; sk: string }): boolean => k.sk === 'SURVEY' && /^COMPANY#[^#]+#CSI#[^#]+$/.test(k.pk);

export interface SurveyRecord extends Survey {
  company_id: string;
  /** When the one reminder is due; null once it went or the survey was answered. */
  remind_at: string | null;
  message_id: string | null;
}

export interface LastSurvey {
  company_id: string;
  customer_id: string;
  ro_id: string;
  sent_at: string;
}

interface TokenRecord {
  company_id: string;
  ro_id: string;
  expires: string;
}

export const hashSurveyToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function surveyItem(record: SurveyRecord): Item<SurveyRecord> {
  const due = record.state === 'open' && record.remind_at !== null;
  return {
    ...surveyKeys.survey(record.company_id, record.ro_id),
    ...record,
    ...(due ? { ...surveyKeys.remindersDue(), gsi2sk: `${record.remind_at}#${record.company_id}#${record.ro_id}` } : {}),
  };
}

/**
 * Writes a new survey, its token and the customer's last-survey mark, if the order has none (or,
 * with `replaceExpired`, only one that ended unanswered: the advisor may ask again) and the
 * customer's last survey was sent at or before `notAfter`. Answers whether it was claimed, the
 * mark it replaced (to give back if the text does not go; when not claimed, to say until when the
 * customer may not be asked) and the expired survey it replaced.
 */
export async function claimSurvey(
  record: SurveyRecord,
  tokenHash: string,
  notAfter: string,
  replaceExpired = false,
): Promise<{ claimed: boolean; previous: LastSurvey | null; replaced: SurveyRecord | null }> {
  const lastKey = surveyKeys.lastSurveyOfCustomer(record.company_id, record.customer_id);
  const [previousItem, existing] = await Promise.all([getItem<LastSurvey>(lastKey, true), replaceExpired ? getSurvey(record.company_id, record.ro_id, true) : undefined]);
  const previous = previousItem ? fields(previousItem) : null;
  const mark: LastSurvey = { company_id: record.company_id, customer_id: record.customer_id, ro_id: record.ro_id, sent_at: record.sent_at };
  const token: TokenRecord = { company_id: record.company_id, ro_id: record.ro_id, expires: record.closes_at };
  const surveyPut: TransactWrite = replaceExpired
    ? {
        Put: {
          Item: surveyItem(record),
          // An answered survey stands, and an open one is still the customer's to answer.
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :open AND closes_at <= :sentAt)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':open': 'open', ':sentAt': record.sent_at },
        },
      }
    : { Put: { Item: surveyItem(record), ConditionExpression: 'attribute_not_exists(pk)' } };
  const writes: TransactWrite[] = [
    surveyPut,
    {
      Put: {
        Item: { ...lastKey, ...mark },
        ConditionExpression: 'attribute_not_exists(pk) OR sent_at <= :notAfter',
        ExpressionAttributeValues: { ':notAfter': notAfter },
      },
    },
    // The token lives a month past the survey's end, so a late visitor hears "expired", not "unknown".
    { Put: { Item: { ...surveyKeys.surveyToken(tokenHash), ...token, expires_at: Math.floor(Date.parse(record.closes_at) / 1000) + 30 * 86_400 } } },
  ];
  try {
    await transactWrite(writes);
    return { claimed: true, previous, replaced: existing ?? null };
  } catch (err) {
    if (isConditionFailure(err)) return { claimed: false, previous, replaced: null };
    throw err;
  }
}

/** Takes back a survey whose text did not go: the customer's previous mark, and the expired survey it replaced, come back. */
export async function withdrawSurvey(record: SurveyRecord, tokenHash: string, previous: LastSurvey | null, replaced: SurveyRecord | null = null): Promise<void> {
  const lastKey = surveyKeys.lastSurveyOfCustomer(record.company_id, record.customer_id);
  await transactWrite([
    replaced ? { Put: { Item: surveyItem(replaced) } } : { Delete: { Key: surveyKeys.survey(record.company_id, record.ro_id) } },
    { Delete: { Key: surveyKeys.surveyToken(tokenHash) } },
    previous
      ? { Put: { Item: { ...lastKey, ...previous }, ConditionExpression: 'ro_id = :ro', ExpressionAttributeValues: { ':ro': record.ro_id } } }
      : { Delete: { Key: lastKey, ConditionExpression: 'ro_id = :ro', ExpressionAttributeValues: { ':ro': record.ro_id } } },
  ]);
}

export async function setSurveyMessage(companyId: string, roId: string, messageId: string): Promise<void> {
  await updateItem({ Key: surveyKeys.survey(companyId, roId), UpdateExpression: 'SET message_id = :m', ExpressionAttributeValues: { ':m': messageId }, ConditionExpression: 'attribute_exists(pk)' });
}

export async function getSurvey(companyId: string, roId: string, consistent = false): Promise<SurveyRecord | undefined> {
  const item = await getItem<SurveyRecord>(surveyKeys.survey(companyId, roId), consistent);
  return item ? fields(item) : undefined;
}

/** The order a token opens, or undefined for an unknown one. */
export async function surveyOfToken(token: string): Promise<{ company_id: string; ro_id: string } | undefined> {
  const item = await getItem<TokenRecord>(surveyKeys.surveyToken(hashSurveyToken(token)));
  return item ? { company_id: item.company_id, ro_id: item.ro_id } : undefined;
}

/** Records the answer if the survey is still open and unexpired at `at`; answers the survey after, or null when it was not open. */
export async function answerSurvey(companyId: string, roId: string, answer: { rating: number; comment: string; via: SurveyAnswerVia; at: string }): Promise<SurveyRecord | null> {
  try {
    const after = await updateItem<SurveyRecord>({
      Key: surveyKeys.survey(companyId, roId),
      UpdateExpression: 'SET #state = :answered, rating = :rating, #comment = :comment, via = :via, answered_at = :at, remind_at = :null REMOVE gsi2pk, gsi2sk',
      ConditionExpression: '#state = :open AND closes_at > :at',
      ExpressionAttributeNames: { '#state': 'state', '#comment': 'comment' },
      ExpressionAttributeValues: { ':answered': 'answered', ':open': 'open', ':rating': answer.rating, ':comment': answer.comment, ':via': answer.via, ':at': answer.at, ':null': null },
    });
    return after ? fields(after) : null;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Takes the survey's reminder (off the due index) if it is still open and due; answers whether this caller took it. */
export async function claimReminder(companyId: string, roId: string, at: string): Promise<boolean> {
  try {
    await updateItem({
      Key: surveyKeys.survey(companyId, roId),
      UpdateExpression: 'SET reminded_at = :at, remind_at = :null REMOVE gsi2pk, gsi2sk',
      ConditionExpression: '#state = :open AND remind_at <= :at AND closes_at > :at',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':open': 'open', ':at': at, ':null': null },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Takes a survey off the reminders-due index without sending (switched off, expired). */
export async function dropReminder(companyId: string, roId: string): Promise<void> {
  await updateItem({ Key: surveyKeys.survey(companyId, roId), UpdateExpression: 'SET remind_at = :null REMOVE gsi2pk, gsi2sk', ExpressionAttributeValues: { ':null': null }, ConditionExpression: 'attribute_exists(pk)' });
}

/** Surveys whose reminder is due by `now`, across companies (the reminders job), oldest due first. */
export async function dueSurveyReminders(now: string, limit = 100): Promise<{ company_id: string; ro_id: string }[]> {
  const items = await readPage<SurveyRecord>(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': surveyKeys.remindersDue().gsi2pk, ':now': `${now}#~` },
      ProjectionExpression: 'company_id, ro_id',
    },
    0,
    limit,
  );
  return items.map((item) => ({ company_id: item.company_id, ro_id: item.ro_id }));
}

/** Writes surveys as given (the demo's rated and unrated orders, the bench), 25 to a call. */
export async function putSurveys(records: readonly SurveyRecord[]): Promise<void> {
  await batchWrite(records.map(surveyItem));
}
