/**
 * What a change of a CSI survey counts in the CSI report (functions/csi/tallies.ts): the first
 * answer counts one response with its score, and a 9–10 or a 0–6 where it is one; a survey sent,
 * reminded, expired or re-saved after its answer counts nothing.
 */
import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../lib/boardModule.js';
import type { FactOrder } from '../../repairOrders/factOrder.js';
import { surveyKeys, type SurveyRecord } from '../records.js';
import { csiTallies, surveyFacts } from '../tallies.js';

const order: FactOrder = { agent_id: 'agt_order_advisor', customer_id: 'cus_c1', label: '60210' };
const SENT = '2026-05-04T16:00:00.000Z';
const ANSWERED = '2026-05-05T09:30:00.000Z';

const open = (): SurveyRecord => ({
  company_id: 'cmp_t',
  ro_id: 'ro_c1',
  location_id: 'loc_t',
  customer_id: 'cus_c1',
  state: 'open',
  sent_at: SENT,
  reminded_at: null,
  closes_at: '2026-05-18T16:00:00.000Z',
  remind_at: '2026-05-05T16:00:00.000Z',
  rating: null,
  comment: '',
  answered_at: null,
  via: null,
  message_id: 'msg_c1',
});
/** As records.ts `answerSurvey` writes an answer. */
const answer = (s: SurveyRecord, rating: number): SurveyRecord => ({ ...s, state: 'answered', rating, comment: 'Thanks', via: 'text', answered_at: ANSWERED, remind_at: null });

function change(old: SurveyRecord | undefined, next: SurveyRecord): TableChange {
  const keys = surveyKeys.survey(next.company_id, next.ro_id);
  return { id: `evt_${next.state}`, kind: old ? 'modify' : 'insert', keys, ...(old ? { old: { ...keys, ...old } } : {}), new: { ...keys, ...next }, at: ANSWERED };
}
const facts = (old: SurveyRecord | undefined, next: SurveyRecord) => {
  const c = change(old, next);
  return surveyFacts(c.old as SurveyRecord | undefined, c.new as unknown as SurveyRecord, order);
};
const brief = (old: SurveyRecord | undefined, next: SurveyRecord) => facts(old, next).map((f) => ({ id: f.id, figure: f.figure, value: f.value ?? null }));

describe("a CSI survey's facts", () => {
  it('a survey sent, and its reminder, count nothing', () => {
    const s = open();
    expect(facts(undefined, s)).toEqual([]);
    expect(facts(s, { ...s, reminded_at: '2026-05-05T16:00:00.000Z', remind_at: null })).toEqual([]);
  });

  it.each([
    [10, ['responses', 'score_9_10']],
    [9, ['responses', 'score_9_10']],
    [8, ['responses']],
    [7, ['responses']],
    [6, ['responses', 'score_0_6']],
    [0, ['responses', 'score_0_6']],
  ])('an answer of %i counts %j', (rating, figures) => {
    const s = open();
    const got = facts(s, answer(s, rating));
    expect(got.map((f) => f.figure)).toEqual(figures);
    expect(got[0]).toMatchObject({ id: 'ro_c1:survey:responses', type: 'csi', at: ANSWERED, value: rating, dims: { agent_id: 'agt_order_advisor' }, record: { kind: 'repair_order', id: 'ro_c1', label: '60210' }, customer_id: 'cus_c1' });
  });

  it('the answer counts once: a re-save of the answered survey counts nothing more', () => {
    const s = open();
    const answered = answer(s, 9);
    expect(brief(s, answered)).toEqual([
      { id: 'ro_c1:survey:responses', figure: 'responses', value: 9 },
      { id: 'ro_c1:survey:score_9_10', figure: 'score_9_10', value: null },
    ]);
    expect(facts(answered, { ...answered, message_id: 'msg_thanks' })).toEqual([]);
  });

  it('a survey that ended unanswered counts nothing', () => {
    const s = open();
    expect(facts(s, { ...s, state: 'expired', remind_at: null })).toEqual([]);
  });

  it('the TallySource passes over items that are not surveys, and surveys that count nothing, without reading', async () => {
    const s = open();
    await expect(csiTallies({ ...change(undefined, s), keys: { pk: 'COMPANY#cmp_t#CUSTOMER#cus_c1', sk: 'CSI#LAST' } })).resolves.toEqual([]);
    await expect(csiTallies(change(undefined, s))).resolves.toEqual([]);
  });
});
