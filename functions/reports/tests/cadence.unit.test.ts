/**
 * A schedule's next run on the store's wall clock, across daylight-saving changes and month ends,
 * and the days a run counts.
 */
import { describe, expect, it } from 'vitest';
import { nextRunAt, scheduleRange } from '../cadence.js';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

describe('nextRunAt', () => {
  it('runs daily at the hour of the store, not of UTC: 7:00 in New York is 12:00 UTC in winter, 11:00 in summer', () => {
    expect(nextRunAt({ kind: 'daily', hour: 7 }, NY, new Date('2026-01-15T13:00:00Z'))).toBe('2026-01-16T12:00:00.000Z');
    expect(nextRunAt({ kind: 'daily', hour: 7 }, NY, new Date('2026-07-15T10:59:00Z'))).toBe('2026-07-15T11:00:00.000Z');
  });

  it('keeps 7:00 local on the days either side of the spring change (New York, 8 March 2026)', () => {
    const before = nextRunAt({ kind: 'daily', hour: 7 }, NY, new Date('2026-03-07T13:00:00Z'));
    expect(before).toBe('2026-03-08T11:00:00.000Z'); // EDT from 2:00 that night
    expect(nextRunAt({ kind: 'daily', hour: 7 }, NY, new Date(before))).toBe('2026-03-09T11:00:00.000Z');
    expect(nextRunAt({ kind: 'daily', hour: 7 }, NY, new Date('2026-03-07T11:00:00Z'))).toBe('2026-03-07T12:00:00.000Z'); // still EST
  });

  it('runs the hour that the spring-forward night skips (2:00 in New York) an hour later that day, never drops it', () => {
    const at = nextRunAt({ kind: 'daily', hour: 2 }, NY, new Date('2026-03-08T05:00:00Z'));
    expect(at).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
  });

  it('runs the repeated hour of the autumn night (1:00 in New York, 1 November 2026) once', () => {
    const first = nextRunAt({ kind: 'daily', hour: 1 }, NY, new Date('2026-10-31T12:00:00Z'));
    const second = nextRunAt({ kind: 'daily', hour: 1 }, NY, new Date(first));
    expect(new Date(second).getTime() - new Date(first).getTime()).toBeGreaterThan(20 * 3600_000);
    expect(second.slice(0, 10)).toBe('2026-11-02');
  });

  it('runs weekly on the ISO weekday (1 Monday … 7 Sunday) across the European change (29 March 2026)', () => {
    // Monday 23 March 07:00 CET, then Monday 30 March 07:00 CEST.
    const first = nextRunAt({ kind: 'weekly', weekday: 1, hour: 7 }, BERLIN, new Date('2026-03-21T12:00:00Z'));
    expect(first).toBe('2026-03-23T06:00:00.000Z');
    expect(nextRunAt({ kind: 'weekly', weekday: 1, hour: 7 }, BERLIN, new Date(first))).toBe('2026-03-30T05:00:00.000Z');
    expect(nextRunAt({ kind: 'weekly', weekday: 7, hour: 23 }, BERLIN, new Date('2026-03-23T00:00:00Z'))).toBe('2026-03-29T21:00:00.000Z');
  });

  it('runs monthly on the day asked, through the turn of the year', () => {
    expect(nextRunAt({ kind: 'monthly', day: 1, hour: 6 }, NY, new Date('2026-12-01T11:00:00Z'))).toBe('2027-01-01T11:00:00.000Z');
    expect(nextRunAt({ kind: 'monthly', day: 28, hour: 6 }, NY, new Date('2026-02-28T11:00:01Z'))).toBe('2026-03-28T10:00:00.000Z');
  });

  it('counts "after" on the store calendar: 23:30 in New York is already the next UTC day', () => {
    expect(nextRunAt({ kind: 'daily', hour: 23 }, NY, new Date('2026-01-16T04:00:00Z'))).toBe('2026-01-17T04:00:00.000Z');
  });
});

describe('scheduleRange', () => {
  it('gives yesterday, last Monday–Sunday, last month, MTD and YTD of the store day', () => {
    expect(scheduleRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(scheduleRange('last_week', '2026-03-09')).toEqual({ from: '2026-03-02', to: '2026-03-08' }); // a Monday
    expect(scheduleRange('last_week', '2026-03-08')).toEqual({ from: '2026-02-23', to: '2026-03-01' }); // a Sunday
    expect(scheduleRange('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(scheduleRange('last_month', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(scheduleRange('mtd', '2026-03-09')).toEqual({ from: '2026-03-01', to: '2026-03-09' });
    expect(scheduleRange('ytd', '2026-03-09')).toEqual({ from: '2026-01-01', to: '2026-03-09' });
  });
});
