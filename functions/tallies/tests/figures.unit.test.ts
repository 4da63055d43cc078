/**
 * The texting and consent builders on counters, and first-response minutes within opening hours,
 * each checked against answers worked out here another way.
 */
import { describe, expect, it } from 'vitest';
import { LATE_RESPONSE_CHOICES, RESPONSE_BUCKETS, responseBucket } from '../../../shared/reports/responseTimes.js';
import { DEFAULT_OPENING_HOURS, REPORT_ERRORS, reportsSettings } from '../../../shared/reports/schemas.js';
import { reportsSettingsSchema } from '../settings.js';
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
const r = (figure: string, dims: Record<string, string>, count: number, location_id = 'loc_a'): CounterRow => ({ location_id, figure, dims, count, value: 0 });
/** An advisor's answers as the counters keep them: how many, their minutes summed, and how many in each bucket. */
function answered(dims: Record<string, string>, minutes: readonly number[], location_id = 'loc_a'): CounterRow {
  const buckets: Record<string, number> = {};
  for (const m of minutes) buckets[responseBucket(m)] = (buckets[responseBucket(m)] ?? 0) + 1;
  return { location_id, figure: 'answered', dims, count: minutes.length, value: minutes.reduce((a, b) => a + b, 0), buckets };
}

describe('the texting sheets', () => {
  const rows = [
    r('sent', { agent_id: 'agt_1' }, 7),
    r('sent', { agent_id: 'agt_2' }, 2),
    r('received', { agent_id: 'agt_1' }, 5),
    r('received', { agent_id: 'none' }, 1),
    r('waits', { agent_id: 'agt_1' }, 4),
    r('waits', { agent_id: 'none' }, 1),
    answered({ agent_id: 'agt_1' }, [3, 16, 15]),
    r('sent', { agent_id: 'agt_1' }, 1, 'loc_b'),
  ];
  it('a row per advisor, the conversations without one last, and a total', () => {
    const [byAdvisor] = textingSheets(rows, ctx());
    expect(byAdvisor!.rows.map((row) => [row.label, row.cells])).toEqual([
      ['Ana Berg', { sent: 2, received: 0, waits: 0, answered: 0, median_first_response: null, late_share: null, unanswered: 0 }],
      // 16 is late against 15 (bucket 20); 15 is not. The median, 15, is its bucket's bound.
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
  it('the median is the middle answer, or the mean of the middle two, exact up to 10 minutes', () => {
    expect(medianMinutes([answered({}, [1, 1, 9])])).toBe(1);
    expect(medianMinutes([answered({}, [1, 1]), answered({ agent_id: 'agt_2' }, [9, 9])])).toBe(5);
    expect(medianMinutes([answered({}, [10, 2, 4])])).toBe(4);
    expect(medianMinutes([answered({}, [0, 0, 7])])).toBe(0);
    expect(medianMinutes([])).toBeNull();
    expect(medianMinutes([r('sent', {}, 3)])).toBeNull();
  });
  it('above 10 minutes the median is the upper bound of the bucket that holds it; over 4 hours reads 241', () => {
    expect(medianMinutes([answered({}, [11, 13, 14])])).toBe(15);
    expect(medianMinutes([answered({}, [11, 12, 200])])).toBe(12);
    expect(medianMinutes([answered({}, [16, 21, 26])])).toBe(25);
    expect(medianMinutes([answered({}, [2, 45])])).toBe((2 + 50) / 2);
    expect(medianMinutes([answered({}, [241, 3000, 5])])).toBe(241);
  });
  it('the late share counts the buckets above the threshold: exact, since the threshold is a bound', () => {
    const minutes = [0, 5, 10, 11, 12, 13, 15, 16, 30, 31, 240, 241, 5000];
    for (const threshold of LATE_RESPONSE_CHOICES) {
      const [byAdvisor] = textingSheets([answered({ agent_id: 'agt_1' }, minutes)], ctx({ settings: { late_response_minutes: threshold, opening_hours: HOURS } }));
      expect(byAdvisor!.total!.cells.late_share, `threshold ${threshold}`).toBe(minutes.filter((m) => m > threshold).length / minutes.length);
    }
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

describe('first responses in buckets', () => {
  it('about two dozen buckets: each minute up to 10, then coarser up to 4 hours, then more', () => {
    expect(RESPONSE_BUCKETS).toHaveLength(24);
    const cases: [number, string][] = [
      [0, 'b0'],
      [7, 'b7'],
      [10, 'b10'],
      [11, 'b12'],
      [13, 'b15'],
      [15, 'b15'],
      [16, 'b20'],
      [61, 'b90'],
      [240, 'b240'],
      [241, 'bmore'],
      [10_000, 'bmore'],
    ];
    for (const [minutes, bucket] of cases) expect(responseBucket(minutes), `${minutes} min`).toBe(bucket);
  });
  it('the store may only choose a bucket bound as its late threshold', () => {
    expect(LATE_RESPONSE_CHOICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 90, 120, 180, 240]);
    expect(reportsSettings.safeParse({ late_response_minutes: 20 }).success).toBe(true);
    for (const bad of [0, 16, 241, 1440, 7.5]) {
      const result = reportsSettingsSchema.changes({ late_response_minutes: bad });
      expect(result, `${bad}`).toEqual({ ok: false, errors: [{ message: REPORT_ERRORS.late_minutes, path: 'late_response_minutes' }] });
    }
    expect(REPORT_ERRORS.late_minutes).toBe('The late answer threshold must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 90, 120, 180, 240 minutes');
  });
  it('a threshold saved before it had to be a bound reads as the next bound up', () => {
    expect(reportsSettingsSchema.complete({ late_response_minutes: 16 })).toMatchObject({ late_response_minutes: 20 });
    expect(reportsSettingsSchema.complete({ late_response_minutes: 1000 })).toMatchObject({ late_response_minutes: 240 });
    expect(reportsSettingsSchema.complete({ late_response_minutes: 30 })).toMatchObject({ late_response_minutes: 30 });
  });
});
