/**
 * The boards' report sheets (functions/tallies/types/inspections.ts, payments.ts, csi.ts,
 * appointments.ts) from summed counters: each sheet's rows and total, shares and averages from the
 * sums (null where there is nothing to divide), money in cents, the records behind every countable
 * cell, and a sheet by store for a company's report only.
 */
import { describe, expect, it } from 'vitest';
import type { ReportSheet } from '../../../shared/reports/types.js';
import type { CounterRow, SheetContext } from '../sheets.js';
import { appointmentsSheets } from '../types/appointments.js';
import { csiSheets } from '../types/csi.js';
import { inspectionsSheets } from '../types/inspections.js';
import { paymentsSheets } from '../types/payments.js';

const ctx = (type: SheetContext['type'], scope: SheetContext['scope'] = 'company'): SheetContext => ({
  type,
  scope,
  range: { from: '2026-03-01', to: '2026-03-31' },
  companyId: 'cmp_t',
  locations: [
    { id: 'loc_n', name: 'North', timezone: 'America/New_York' },
    { id: 'loc_s', name: 'South', timezone: 'America/Chicago' },
  ],
  agentNames: new Map([
    ['agt_a', 'Ana Advisor'],
    ['agt_b', 'Ben Advisor'],
    ['agt_t', 'Tom Technician'],
  ]),
  currency: '$',
  settings: { late_response_minutes: 15, opening_hours: {} },
});

const row = (location_id: string, figure: string, dims: Record<string, string>, count: number, value = 0): CounterRow => ({ location_id, figure, dims, count, value });
const sheet = (sheets: ReportSheet[], id: string) => sheets.find((s) => s.id === id)!;
const cellsOf = (s: ReportSheet, key: string) => (key === 'total' ? s.total! : s.rows.find((r) => r.key === key)!).cells;

describe('the inspections sheets', () => {
  const rows = [
    row('loc_n', 'started', { agent_id: 'agt_a', technician_id: 'agt_t' }, 4),
    row('loc_n', 'started', { agent_id: 'agt_b', technician_id: 'none' }, 1),
    row('loc_n', 'sent', { agent_id: 'agt_a', technician_id: 'agt_t' }, 3),
    row('loc_n', 'red_items', { agent_id: 'agt_a', technician_id: 'agt_t' }, 2, 5),
    row('loc_n', 'yellow_items', { agent_id: 'agt_a', technician_id: 'agt_t' }, 3, 7),
    row('loc_n', 'recommended', { agent_id: 'agt_a', technician_id: 'agt_t' }, 4, 100_000),
    row('loc_n', 'approved', { agent_id: 'agt_a', technician_id: 'agt_t' }, 1, 25_000),
    row('loc_s', 'started', { agent_id: 'agt_b', technician_id: 'agt_t' }, 2),
  ];
  const sheets = inspectionsSheets(rows, ctx('inspections'));

  it("has a sheet by advisor, one by technician and, for a company's report, one by store", () => {
    expect(sheets.map((s) => s.id)).toEqual(['by_advisor', 'by_technician', 'by_location']);
    expect(sheet(sheets, 'by_location').rows.map((r) => r.label)).toEqual(['North', 'South']);
    expect(inspectionsSheets(rows, ctx('inspections', 'location')).map((s) => s.id)).toEqual(['by_advisor', 'by_technician']);
    expect(sheet(sheets, 'by_advisor').rows.map((r) => r.label)).toEqual(['Ana Advisor', 'Ben Advisor']);
    expect(sheet(sheets, 'by_technician').rows.map((r) => [r.label, r.label_id ?? null])).toEqual([
      ['Tom Technician', null],
      ['No technician', 'no_technician'],
    ]);
  });

  it('counts sheets and items, sums estimates in cents, and computes rates from the sums', () => {
    expect(cellsOf(sheet(sheets, 'by_advisor'), 'agent:agt_a')).toEqual({
      started: 4,
      sent: 3,
      sent_rate: 0.75,
      red_items: 5,
      yellow_items: 7,
      recommended_lines: 4,
      recommended_amount: 100_000,
      approved_lines: 1,
      approved_amount: 25_000,
      approved_lines_share: 0.25,
      approved_amount_share: 0.25,
    });
    // Nothing recommended, nothing sent: no share to show.
    const ben = cellsOf(sheet(sheets, 'by_advisor'), 'agent:agt_b');
    expect([ben.started, ben.sent, ben.sent_rate, ben.approved_lines_share]).toEqual([3, 0, 0, null]);
    expect(cellsOf(sheet(sheets, 'by_location'), 'total')).toMatchObject({ started: 7, sent: 3, sent_rate: 3 / 7 });
  });

  it("opens each countable cell's records under its row's dimension, and none behind a share", () => {
    const tech = sheet(sheets, 'by_technician');
    expect(tech.rows[1]!.drill!.started).toEqual({ type: 'inspections', figure: 'started', dims: { technician_id: 'none' } });
    expect(tech.rows[0]!.drill!.recommended_amount).toEqual({ type: 'inspections', figure: 'recommended', dims: { technician_id: 'agt_t' } });
    expect(tech.rows[0]!.drill!.sent_rate).toBeUndefined();
    expect(sheet(sheets, 'by_location').rows[1]!.drill!.started).toEqual({ type: 'inspections', figure: 'started', dims: { location_id: 'loc_s' } });
    expect(tech.total!.drill!.approved_lines).toEqual({ type: 'inspections', figure: 'approved', dims: {} });
    expect(tech.columns.find((c) => c.id === 'approved_amount')).toEqual({ id: 'approved_amount', format: 'money', drills: true });
    expect(tech.columns.find((c) => c.id === 'sent_rate')).toEqual({ id: 'sent_rate', format: 'percent', drills: false });
  });

  it('lists every store of the report, even one with nothing counted', () => {
    const only = inspectionsSheets([row('loc_n', 'started', { agent_id: 'agt_a', technician_id: 'agt_t' }, 1)], ctx('inspections'));
    expect(cellsOf(sheet(only, 'by_location'), 'location:loc_s')).toMatchObject({ started: 0, sent: 0, sent_rate: null });
  });
});

describe('the payments sheets', () => {
  const rows = [
    row('loc_n', 'requested', { agent_id: 'agt_a' }, 4, 200_000),
    row('loc_n', 'paid', { agent_id: 'agt_a' }, 2, 90_000),
    row('loc_n', 'pay_seconds', { agent_id: 'agt_a' }, 2, 3 * 86_400),
    row('loc_s', 'requested', { agent_id: 'none' }, 1, 5_000),
  ];
  const sheets = paymentsSheets(rows, ctx('payments'));

  it('shows requests and their amount, payments and the amount collected, the share paid and the average days to pay', () => {
    expect(sheets.map((s) => s.id)).toEqual(['by_advisor', 'by_location']);
    expect(cellsOf(sheet(sheets, 'by_advisor'), 'agent:agt_a')).toEqual({
      requested: 4,
      requested_amount: 200_000,
      paid: 2,
      collected: 90_000,
      paid_share: 0.5,
      average_days_to_pay: 1.5,
    });
    expect(cellsOf(sheet(sheets, 'by_advisor'), 'agent:none')).toMatchObject({ requested: 1, paid: 0, paid_share: 0, average_days_to_pay: null });
    expect(sheet(sheets, 'by_advisor').rows.at(-1)!.label_id).toBe('no_advisor');
    expect(sheet(sheets, 'by_location').rows[0]!.drill!.collected).toEqual({ type: 'payments', figure: 'paid', dims: { location_id: 'loc_n' } });
  });
});

describe('the CSI sheets', () => {
  const rows = [
    row('loc_n', 'responses', { agent_id: 'agt_a' }, 4, 10 + 9 + 7 + 2),
    row('loc_n', 'score_9_10', { agent_id: 'agt_a' }, 2),
    row('loc_n', 'score_0_6', { agent_id: 'agt_a' }, 1),
  ];
  it('shows responses, their average, and the shares of 9–10 and 0–6', () => {
    const sheets = csiSheets(rows, ctx('csi'));
    expect(cellsOf(sheet(sheets, 'by_advisor'), 'agent:agt_a')).toEqual({ responses: 4, average_score: 7, score_9_10: 2, share_9_10: 0.5, score_0_6: 1, share_0_6: 0.25 });
    expect(cellsOf(sheet(sheets, 'by_location'), 'location:loc_s')).toEqual({ responses: 0, average_score: null, score_9_10: 0, share_9_10: null, score_0_6: 0, share_0_6: null });
  });
});

describe('the appointments sheets', () => {
  it('counts booked, confirmed, cancelled, reminded and showed, each opening its records', () => {
    const rows = ['booked', 'confirmed', 'cancelled', 'reminded', 'showed'].map((figure, i) => row('loc_s', figure, { agent_id: 'agt_b' }, i + 1));
    const sheets = appointmentsSheets(rows, ctx('appointments'));
    const ben = sheet(sheets, 'by_advisor').rows[0]!;
    expect(ben.label).toBe('Ben Advisor');
    expect(ben.cells).toEqual({ booked: 1, confirmed: 2, cancelled: 3, reminded: 4, showed: 5 });
    expect(ben.drill!.showed).toEqual({ type: 'appointments', figure: 'showed', dims: { agent_id: 'agt_b' } });
    expect(cellsOf(sheet(sheets, 'by_location'), 'total')).toMatchObject({ booked: 1, showed: 5 });
  });
});
