/**
 * What a change of an inspection sheet counts in the inspections report (functions/inspections/
 * tallies.ts, functions/recommendations/tallies.ts), from sheet items as the store writes them
 * (newSheet, sheetItem) moved as the board moves them: a claim starts it, the first sending counts
 * it sent with its red and yellow items and recommended work, each approval counts its line and
 * amount; re-saves, a second sending and the same change told twice count nothing more.
 */
import { describe, expect, it } from 'vitest';
import type { Fact, TableChange } from '../../lib/boardModule.js';
import { newSheet, sheetItem, type SheetRecord } from '../records.js';
import { technicianFacts, technicianTallies } from '../tallies.js';
import type { FactOrder } from '../../repairOrders/factOrder.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from '../../../test/support/inspections.js';
import { ADVISOR } from '../../../test/support/service.js';

const ro = { id: 'ro_t1', company_id: 'cmp_t', location_id: 'loc_t', closed: false, archived: false };
const order: FactOrder = { agent_id: 'agt_order_advisor', customer_id: 'cus_t1', label: '48213' };
const T0 = '2026-03-02T14:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/** An item as the stream tells it: a plain map of attributes. */
const image = (item: object): Record<string, unknown> => ({ ...item });

let seq = 0;
function change(old: SheetRecord | undefined, next: SheetRecord | undefined): TableChange {
  const item = next ?? old!;
  const keys = { pk: sheetItem(item).pk, sk: sheetItem(item).sk };
  return { id: `evt_${++seq}`, kind: old ? (next ? 'modify' : 'remove') : 'insert', keys, ...(old ? { old: image(sheetItem(old)) } : {}), ...(next ? { new: image(sheetItem(next)) } : {}), at: item.updated_at };
}

const facts = (old: SheetRecord | undefined, next: SheetRecord | undefined) => technicianFacts(change(old, next), order);
const brief = (list: Fact[]) => list.map((f) => ({ id: f.id, figure: f.figure, at: f.at, value: f.value ?? null }));

/** The sheet's life as the board lives it, each step a new version. */
function life() {
  const fresh = newSheet(ro, BRAKE_TEMPLATE, T0);
  const step = (from: SheetRecord, minutes: number, change: Partial<SheetRecord>): SheetRecord => ({ ...from, ...change, version: from.version + 1, updated_at: at(minutes) });
  const claimed = step(fresh, 5, { state: 'claimed', holder: { ...TECHNICIAN, role: 'technician' }, technician: TECHNICIAN, claimed_at: at(5) });
  const filled = step(claimed, 20, { groups: BRAKE_GROUPS, recommendations: brakeRecommendations() });
  const techDone = step(filled, 30, { state: 'completed_by_technician', holder: null, completed_by_technician_at: at(30) });
  const advisorDone = step(techDone, 40, { state: 'completed_by_advisor', advisor: ADVISOR, completed_by_advisor_at: at(40) });
  const sent = step(advisorDone, 45, { sent_to_customer_at: at(45) });
  return { fresh, claimed, filled, techDone, advisorDone, sent, step };
}

describe("an inspection sheet's facts", () => {
  it('a new sheet in the pool counts nothing; its first claim starts it, at the claim, under the technician and the order’s advisor', () => {
    const { fresh, claimed } = life();
    expect(facts(undefined, fresh)).toEqual([]);
    const started = facts(fresh, claimed);
    expect(brief(started)).toEqual([{ id: `${fresh.id}:started`, figure: 'started', at: at(5), value: null }]);
    expect(started[0]).toMatchObject({
      type: 'inspections',
      company_id: 'cmp_t',
      location_id: 'loc_t',
      dims: { agent_id: 'agt_order_advisor', technician_id: TECHNICIAN.id },
      record: { kind: 'repair_order', id: 'ro_t1', label: '48213' },
      customer_id: 'cus_t1',
    });
  });

  it('saves, completions and a reclaim after the start count nothing more', () => {
    const { claimed, filled, techDone, advisorDone, step } = life();
    expect(facts(claimed, filled)).toEqual([]);
    expect(facts(filled, techDone)).toEqual([]);
    expect(facts(techDone, advisorDone)).toEqual([]);
    const reclaimed = step(advisorDone, 50, { state: 'reclaimed', holder: { ...ADVISOR, role: 'advisor' }, claimed_at: at(50) });
    expect(facts(advisorDone, reclaimed)).toEqual([]);
  });

  it('an advisor claiming from the pool starts it with no technician', () => {
    const { fresh, step } = life();
    const byAdvisor = step(fresh, 3, { state: 'claimed', holder: { ...ADVISOR, role: 'advisor' }, advisor: ADVISOR, claimed_at: at(3) });
    expect(facts(fresh, byAdvisor).map((f) => f.dims)).toEqual([{ agent_id: 'agt_order_advisor', technician_id: 'none' }]);
  });

  it('the first sending counts it sent, its red and yellow items and each recommended line with its estimate', () => {
    const { advisorDone, sent } = life();
    const id = sent.id;
    expect(brief(facts(advisorDone, sent))).toEqual([
      { id: `${id}:sent`, figure: 'sent', at: at(45), value: null },
      { id: `${id}:red_items`, figure: 'red_items', at: at(45), value: 1 },
      { id: `${id}:yellow_items`, figure: 'yellow_items', at: at(45), value: 1 },
      { id: `${id}:rec_pads:recommended`, figure: 'recommended', at: at(45), value: 24000 },
      { id: `${id}:rec_wipers:recommended`, figure: 'recommended', at: at(45), value: 3500 },
    ]);
  });

  it('sending again, or a save of a sent sheet, counts nothing more', () => {
    const { sent, step } = life();
    expect(facts(sent, step(sent, 60, { sent_to_customer_at: at(60) }))).toEqual([]);
    expect(facts(sent, step(sent, 61, { damage_details: { comment: 'Scratch on the bumper' } }))).toEqual([]);
  });

  it('a sheet with nothing red or yellow and no work counts only its sending', () => {
    const { advisorDone, step } = life();
    const green = step(advisorDone, 41, { groups: BRAKE_GROUPS.map((g) => ({ ...g, items: g.items.map((i) => ({ ...i, dmg: 0 as const })) })), recommendations: [] });
    expect(facts(green, step(green, 45, { sent_to_customer_at: at(45) })).map((f) => f.figure)).toEqual(['sent']);
  });

  it('an approval counts its line and estimate at its decision; the same change told twice gives the same fact', () => {
    const { sent, step } = life();
    const approved = step(sent, 90, {
      recommendations: sent.recommendations.map((r) => (r.id === 'rec_pads' ? { ...r, approved: true, decided_at: at(90), metadata: { approver: { initiator: 'customer', agent: null } } } : r)),
    });
    const once = facts(sent, approved);
    expect(brief(once)).toEqual([{ id: `${sent.id}:rec_pads:approved:${at(90)}`, figure: 'approved', at: at(90), value: 24000 }]);
    expect(facts(sent, approved)).toEqual(once);
    // A later save (the wipers declined) leaves the pads' approval counted once.
    const declined = step(approved, 95, { recommendations: approved.recommendations.map((r) => (r.id === 'rec_wipers' ? { ...r, approved: false, decided_at: at(95) } : r)) });
    expect(facts(approved, declined)).toEqual([]);
  });

  it('work set back to undecided and approved again is a second approval', () => {
    const { sent, step } = life();
    const decide = (from: SheetRecord, minutes: number, approved: boolean | null) =>
      step(from, minutes, { recommendations: from.recommendations.map((r) => (r.id === 'rec_wipers' ? { ...r, approved, decided_at: approved === null ? null : at(minutes) } : r)) });
    const first = decide(sent, 70, true);
    const undone = decide(first, 71, null);
    const again = decide(undone, 72, true);
    expect(facts(first, undone)).toEqual([]);
    const ids = [...facts(sent, first), ...facts(undone, again)].map((f) => f.id);
    expect(ids).toEqual([`${sent.id}:rec_wipers:approved:${at(70)}`, `${sent.id}:rec_wipers:approved:${at(72)}`]);
  });

  it("a sheet made anew for the order is another sheet: its claim starts it", () => {
    const { claimed } = life();
    const other = { ...newSheet(ro, BRAKE_TEMPLATE, at(100)), state: 'claimed' as const, technician: TECHNICIAN, claimed_at: at(101), updated_at: at(101) };
    expect(facts(claimed, other).map((f) => f.id)).toEqual([`${other.id}:started`]);
  });

  it('the TallySource passes over items that are not sheets, and sheet changes that count nothing, without reading', async () => {
    const { claimed, filled } = life();
    const roChange: TableChange = { ...change(claimed, filled), keys: { pk: 'COMPANY#cmp_t#RO#ro_t1', sk: 'RO' } };
    await expect(technicianTallies(roChange)).resolves.toEqual([]);
    await expect(technicianTallies(change(claimed, filled))).resolves.toEqual([]);
  });
});
