/**
 * The texting and consent builders on counters, and first-response minutes within opening hours,
 * each checked against answers worked out here another way.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '../../../shared/reports/schemas.js';
import { minutesOpen } from '../openingHours.js';
import type { CounterRow, SheetContext } from '../sheets.js';
import { consentSheets } from '../types/consent.js';
import { medianMinutes, textingSheets } from '../types/texting.js';

const NY = 'America/New_York';
const HOURS = DEFAULT_OPENING_HOURS;

/** Minute by minute: is this New York minute within Mon–Fri 8–18, Sat 8–13? */
function bruteMinutes(startIso: string, endIso: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: NY, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  let n = 0;
  for (let t = Date.parse(startIso); t + 60_000 <= Date.parse(endIso); t += 60_000) {
    const parts = Object.fromEntries(fmt.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
    const minute = Number(parts.hour) * 60 + Number(parts.minute);
    const weekday = parts.weekday;
    const open = weekday === 'Sun' ? false : weekday === 'Sat' ? minute >= 480 && minute < 780 : minute >= 480 && minute < 1080;
    if (open) n++;
  }
  return n;
}

describe('minutesOpen', () => {
  it('counts only the opening hours, across nights, a closed Sunday and the end of DST', () => {
    const cases: [string, string][] = [
      ['2026-11-19T22:50:00.000Z', '2026-11-20T13:07:00.000Z'], // Thu 17:50 → Fri 08:07
      ['2026-10-31T16:50:00.000Z', '2026-11-02T13:03:00.000Z'], // Sat 12:50 EDT → Mon 08:03 EST
      ['2026-03-07T17:30:00.000Z', '2026-03-09T12:15:00.000Z'], // Sat 12:30 EST → Mon 08:15 EDT
      ['2026-11-22T15:00:00.000Z', '2026-11-22T20:00:00.000Z'], // all Sunday
      ['2026-11-20T14:00:00.000Z', '2026-11-20T14:05:00.000Z'], // five minutes on Friday morning
    ];
    for (const [start, end] of cases) expect(minutesOpen(start, end, NY, HOURS), `${start} → ${end}`).toBe(bruteMinutes(start, end));
    expect(minutesOpen('2026-11-19T22:50:00.000Z', '2026-11-20T13:07:00.000Z', NY, HOURS)).toBe(17);
    expect(minutesOpen('2026-11-22T15:00:00.000Z', '2026-11-22T20:00:00.000Z', NY, HOURS)).toBe(0);
  });
  it('rounds a part of a minute down', () => {
    expect(minutesOpen('2026-11-20T14:00:00.000Z', '2026-11-20T14:01:59.000Z', NY, HOURS)).toBe(1);
    expect(minutesOpen('2026-11-20T14:00:00.000Z', '2026-11-20T14:00:40.000Z', NY, HOURS)).toBe(0);
  });
});

const ctx = (over: Partial<SheetContext> = {}): SheetContext => ({
  type: 'texting',
  scope: 'location',
  range: { from: '2026-11-01', to: '2026-11-30' },
  companyId: 'cmp_x',
  locations: [
    { id: 'loc_a', name: 'North', timezone: NY },
    { id: 'loc_b', name: 'East', timezone: NY },
  ],
  agentNames: new Map([
    ['agt_1', 'Sam Ortiz'],
    ['agt_2', 'Ana Berg'],
  ]),
  currency: '$',
  settings: { late_response_minutes: 15, opening_hours: HOURS },
  ...over,
});
const r = (figure: string, dims: Record<string, string>, count: number, location_id = 'loc_a'): CounterRow => ({ location_id, figure, dims, count, value: figure === 'answered' ? Number(dims.minutes) * count : 0 });

describe('the texting sheets', () => {
  const rows = [
    r('sent', { agent_id: 'agt_1' }, 7),
    r('sent', { agent_id: 'agt_2' }, 2),
    r('received', { agent_id: 'agt_1' }, 5),
    r('received', { agent_id: 'none' }, 1),
    r('waits', { agent_id: 'agt_1' }, 4),
    r('waits', { agent_id: 'none' }, 1),
    r('answered', { agent_id: 'agt_1', minutes: '3' }, 1),
    r('answered', { agent_id: 'agt_1', minutes: '16' }, 1),
    r('answered', { agent_id: 'agt_1', minutes: '15' }, 1),
    r('sent', { agent_id: 'agt_1' }, 1, 'loc_b'),
  ];
  it('a row per advisor, the conversations without one last, and a total', () => {
    const [byAdvisor] = textingSheets(rows, ctx());
    expect(byAdvisor!.rows.map((row) => [row.label, row.cells])).toEqual([
      ['Ana Berg', { sent: 2, received: 0, waits: 0, answered: 0, median_first_response: null, late_share: null, unanswered: 0 }],
      // 16 is late against 15; 15 is not.
      ['Sam Ortiz', { sent: 8, received: 5, waits: 4, answered: 3, median_first_response: 15, late_share: 1 / 3, unanswered: 1 }],
      ['No advisor', { sent: 0, received: 1, waits: 1, answered: 0, median_first_response: null, late_share: null, unanswered: 1 }],
    ]);
    expect(byAdvisor!.total!.cells).toEqual({ sent: 10, received: 6, waits: 5, answered: 3, median_first_response: 15, late_share: 1 / 3, unanswered: 2 });
    expect(byAdvisor!.rows[1]!.drill).toMatchObject({ sent: { type: 'texting', figure: 'sent', dims: { agent_id: 'agt_1' } }, median_first_response: { figure: 'answered', dims: { agent_id: 'agt_1' } } });
    expect(byAdvisor!.rows[1]!.drill!.late_share).toBeUndefined();
  });
  it('the late share follows the threshold the store sets now', () => {
    const [byAdvisor] = textingSheets(rows, ctx({ settings: { late_response_minutes: 2, opening_hours: HOURS } }));
    expect(byAdvisor!.total!.cells.late_share).toBe(1);
  });
  it('a company report adds a row per store', () => {
    const sheets = textingSheets(rows, ctx({ scope: 'company' }));
    expect(sheets.map((s) => s.id)).toEqual(['by_advisor', 'by_location']);
    expect(sheets[1]!.rows.map((row) => [row.label, row.cells.sent, row.drill!.sent!.dims])).toEqual([
      ['North', 9, { location_id: 'loc_a' }],
      ['East', 1, { location_id: 'loc_b' }],
    ]);
  });
  it('the median is the middle answer, or the mean of the middle two', () => {
    expect(medianMinutes([r('answered', { minutes: '1' }, 2), r('answered', { minutes: '9' }, 1)])).toBe(1);
    expect(medianMinutes([r('answered', { minutes: '1' }, 2), r('answered', { minutes: '9' }, 2)])).toBe(5);
    expect(medianMinutes([r('answered', { minutes: '10' }, 1), r('answered', { minutes: '2' }, 1), r('answered', { minutes: '4' }, 1)])).toBe(4);
    expect(medianMinutes([])).toBeNull();
  });
});

describe('the consent sheets', () => {
  const rows = [
    r('opt_out', { channel: 'sms', wording: 'STOP' }, 3),
    r('opt_out', { channel: 'sms', wording: 'UNSUBSCRIBE' }, 1),
    r('opt_out', { channel: 'console', wording: 'agent_opt_out', agent_id: 'agt_1' }, 2),
    r('opt_in', { channel: 'sms', wording: 'START' }, 4),
    r('opt_in', { channel: 'dms', wording: 'dms_feed' }, 1, 'loc_b'),
    r('line_refusal', { line: 'landline' }, 2),
    r('line_refusal', { line: 'voip' }, 1),
  ];
  it('opt-ins and opt-outs by channel, opt-outs by wording, line refusals by line', () => {
    const sheets = consentSheets(rows, ctx({ type: 'consent' }));
    const table = (id: string) => Object.fromEntries(sheets.find((s) => s.id === id)!.rows.map((row) => [row.label, row.cells]));
    expect(table('by_channel')).toEqual({ console: { opt_in: 0, opt_out: 2 }, dms: { opt_in: 1, opt_out: 0 }, sms: { opt_in: 4, opt_out: 4 } });
    expect(table('opt_out_wording')).toEqual({ STOP: { opt_out: 3 }, UNSUBSCRIBE: { opt_out: 1 }, agent_opt_out: { opt_out: 2 } });
    expect(table('line_refusals')).toEqual({ landline: { line_refusal: 2 }, voip: { line_refusal: 1 } });
    expect(sheets.find((s) => s.id === 'by_channel')!.total!.cells).toEqual({ opt_in: 5, opt_out: 6 });
    expect(sheets.find((s) => s.id === 'opt_out_wording')!.rows.find((row) => row.label === 'STOP')!.drill!.opt_out).toEqual({ type: 'consent', figure: 'opt_out', dims: { wording: 'STOP' } });
  });
});
