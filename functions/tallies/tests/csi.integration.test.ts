/**
 * The CSI report's figures against the local stack, in a dealership of its own: surveys of repair
 * orders at two stores sent, reminded and answered through the CSI store (a second answer refused,
 * one left unanswered), each write's change handed to the reports' listener twice and out of order.
 * The answers are worked out here from the script, in the store's days (New York): responses, the
 * average score, the shares of 9–10 and 0–6.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportSheet } from '../../../shared/reports/types.js';
import { saveCustomer } from '../../customers/records.js';
import { answerSurvey, claimReminder, claimSurvey, hashSurveyToken, surveyKeys, type SurveyRecord } from '../../csi/records.js';
import { saveRepairOrder } from '../../repairOrders/records.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { figureRecords } from '../records.js';
import { forgetStores } from '../stores.js';
import { csiSheets } from '../types/csi.js';
import { ChangeLog, sheetsOf } from './changeLog.js';

const ny = (day: number, hhmm: string) => new Date(`2026-10-${String(day).padStart(2, '0')}T${hhmm}:00-04:00`).toISOString();
const RANGE = { from: '2026-10-05', to: '2026-10-09' };
const inRange = (at: string | null): at is string => at !== null && at >= ny(5, '00:00') && at < ny(10, '00:00');
const HOUR = 3_600_000;
const later = (at: string, hours: number) => new Date(Date.parse(at) + hours * HOUR).toISOString();

type Person = { id: string; first_name: string; last_name: string };

interface Story {
  store: 'main' | 'east';
  advisor: Person | null;
  sentAt: string;
  /** The customer's rating and when; none for a survey left unanswered. */
  answer: { rating: number; at: string } | null;
}

let store: OwnStore;
let ana: Person;
let ben: Person;
const log = new ChangeLog();
let stories: Story[];

async function live(story: Story, n: number): Promise<void> {
  const locationId = story.store === 'main' ? store.locationId : store.otherLocationId;
  const customer = customerRecord({ company_id: store.companyId, location_id: locationId, opt_in: 'in' });
  await saveCustomer(customer);
  const ro = repairOrderRecord(customer, { agent: story.advisor });
  await saveRepairOrder(ro, null);
  const survey: SurveyRecord = {
    company_id: store.companyId,
    ro_id: ro.id,
    location_id: locationId,
    customer_id: customer.id,
    state: 'open',
    sent_at: story.sentAt,
    reminded_at: null,
    closes_at: later(story.sentAt, 14 * 24),
    remind_at: later(story.sentAt, 24),
    rating: null,
    comment: '',
    answered_at: null,
    via: null,
    message_id: null,
  };
  const key = surveyKeys.survey(store.companyId, ro.id);
  const { claimed } = await log.around(key, () => claimSurvey(survey, hashSurveyToken(`tly_csi_${ro.id}_${n}`), later(story.sentAt, -24 * 30)));
  expect(claimed).toBe(true);
  if (!story.answer) {
    expect(await log.around(key, () => claimReminder(store.companyId, ro.id, later(story.sentAt, 25)))).toBe(true);
    return;
  }
  const answered = await log.around(key, () => answerSurvey(store.companyId, ro.id, { rating: story.answer!.rating, comment: 'Thank you', via: n % 2 ? 'text' : 'page', at: story.answer!.at }));
  expect(answered?.rating).toBe(story.answer.rating);
  // A second answer (a text after the page) finds it answered: the first stands.
  expect(await log.around(key, () => answerSurvey(store.companyId, ro.id, { rating: 1, comment: '', via: 'text', at: later(story.answer!.at, 1) }))).toBeNull();
}

function expected(of: Story[]) {
  const ratings = of.flatMap((s) => (s.answer && inRange(s.answer.at) ? [s.answer.rating] : []));
  const praising = ratings.filter((r) => r >= 9).length;
  const unhappy = ratings.filter((r) => r <= 6).length;
  return {
    responses: ratings.length,
    average_score: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
    score_9_10: praising,
    share_9_10: ratings.length ? praising / ratings.length : null,
    score_0_6: unhappy,
    share_0_6: ratings.length ? unhappy / ratings.length : null,
  };
}

const rowOf = (sheet: ReportSheet, key: string) => (key === 'total' ? sheet.total! : sheet.rows.find((r) => r.key === key)!);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  forgetStores();
  store = await createOwnStore('tly_csi');
  const tag = Date.now().toString(36);
  await createAgent(store, `agt_ana_${tag}`, 'Ana', 'Berg');
  await createAgent(store, `agt_ben_${tag}`, 'Ben', 'Cole');
  ana = { id: `agt_ana_${tag}`, first_name: 'Ana', last_name: 'Berg' };
  ben = { id: `agt_ben_${tag}`, first_name: 'Ben', last_name: 'Cole' };
  stories = [
    { store: 'main', advisor: ana, sentAt: ny(4, '16:00'), answer: { rating: 10, at: ny(5, '09:00') } },
    { store: 'main', advisor: ana, sentAt: ny(5, '16:00'), answer: { rating: 9, at: ny(6, '08:00') } },
    { store: 'main', advisor: ana, sentAt: ny(5, '17:00'), answer: { rating: 6, at: ny(6, '19:30') } },
    { store: 'main', advisor: ana, sentAt: ny(6, '12:00'), answer: { rating: 8, at: ny(7, '10:00') } },
    { store: 'east', advisor: ben, sentAt: ny(7, '12:00'), answer: { rating: 0, at: ny(8, '07:45') } },
    { store: 'main', advisor: ben, sentAt: ny(8, '12:00'), answer: { rating: 7, at: ny(9, '23:59') } },
    { store: 'main', advisor: null, sentAt: ny(4, '09:00'), answer: { rating: 10, at: ny(5, '00:01') } },
    // Answered late on the 4th in New York (the 5th in UTC): before the range.
    { store: 'main', advisor: ana, sentAt: ny(3, '12:00'), answer: { rating: 3, at: ny(4, '23:30') } },
    // Reminded, never answered.
    { store: 'main', advisor: ben, sentAt: ny(6, '12:00'), answer: null },
  ];
  for (const [n, story] of stories.entries()) await live(story, n);
  await log.count();
});

const context = (company: boolean) => ({
  type: 'csi' as const,
  companyId: store.companyId,
  range: RANGE,
  scope: company ? ('company' as const) : ('location' as const),
  agentNames: new Map([ana, ben].map((p) => [p.id, `${p.first_name} ${p.last_name}`])),
  locations: [{ id: store.locationId, name: 'Main', timezone: 'America/New_York' }, ...(company ? [{ id: store.otherLocationId, name: 'East', timezone: 'America/New_York' }] : [])],
});

describe('the CSI report', () => {
  it("counts each advisor's responses, average and shares as the script did", async () => {
    const sheets = await sheetsOf(csiSheets, context(true));
    const byAdvisor = sheets.find((s) => s.id === 'by_advisor')!;
    expect(rowOf(byAdvisor, `agent:${ana.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ana)));
    expect(rowOf(byAdvisor, `agent:${ben.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ben)));
    expect(rowOf(byAdvisor, 'agent:none').cells).toEqual(expected(stories.filter((s) => s.advisor === null)));
    expect(byAdvisor.total!.cells).toEqual(expected(stories));
    // By hand: 7 answers in the range (10, 9, 6, 8, 0, 7, 10: 50 points), three 9–10, two 0–6.
    expect(expected(stories)).toEqual({ responses: 7, average_score: 50 / 7, score_9_10: 3, share_9_10: 3 / 7, score_0_6: 2, share_0_6: 2 / 7 });
  });

  it("a company's report has each store's figures; a store's report only its own", async () => {
    const byLocation = (await sheetsOf(csiSheets, context(true))).find((s) => s.id === 'by_location')!;
    expect(rowOf(byLocation, `location:${store.otherLocationId}`).cells).toEqual(expected(stories.filter((s) => s.store === 'east')));
    const main = await sheetsOf(csiSheets, context(false));
    expect(main[0]!.total!.cells).toEqual(expected(stories.filter((s) => s.store === 'main')));
  });

  it('the 0–6 answers open the surveys behind them, with their scores', async () => {
    const locations = [{ id: store.locationId, timezone: 'America/New_York' }, { id: store.otherLocationId, timezone: 'America/New_York' }];
    const unhappy = await figureRecords({ companyId: store.companyId, locations, type: 'csi', figure: 'score_0_6', dims: {}, range: RANGE, offset: 0, limit: 50 });
    expect(unhappy.total).toBe(2);
    expect(unhappy.records.map((r) => r.at).sort()).toEqual([ny(6, '19:30'), ny(8, '07:45')].sort());
    const responses = await figureRecords({ companyId: store.companyId, locations, type: 'csi', figure: 'responses', dims: { agent_id: ben.id }, range: RANGE, offset: 0, limit: 50 });
    expect(responses.records.map((r) => r.value).sort()).toEqual([0, 7]);
  });
});
