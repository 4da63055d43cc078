import { describe, expect, it } from 'vitest';
import { nextSendableAt, quietHoursState } from '../../functions/messages/quietHours.js';

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);

describe('quietHoursState across midnight (21:00–08:00, New York in June, UTC-4)', () => {
  it('is quiet in the evening and opens at 08:00 the next morning', () => {
    expect(quietHoursState(at('2025-06-11T02:00:00Z'), NEW_YORK, '21:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-06-11T12:00:00.000Z',
    });
  });

  it('is quiet after midnight and opens at 08:00 the same morning', () => {
    expect(quietHoursState(at('2025-06-11T05:00:00Z'), NEW_YORK, '21:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-06-11T12:00:00.000Z',
    });
  });

  it('is not quiet during the day', () => {
    expect(quietHoursState(at('2025-06-11T16:00:00Z'), NEW_YORK, '21:00', '08:00')).toEqual({ quiet: false, nextWindowAt: null });
  });

  it('starts quiet at 21:00 sharp and ends at 08:00 sharp', () => {
    expect(quietHoursState(at('2025-06-11T00:59:59Z'), NEW_YORK, '21:00', '08:00').quiet).toBe(false);
    expect(quietHoursState(at('2025-06-11T01:00:00Z'), NEW_YORK, '21:00', '08:00').quiet).toBe(true);
    expect(quietHoursState(at('2025-06-11T11:59:59Z'), NEW_YORK, '21:00', '08:00').quiet).toBe(true);
    expect(quietHoursState(at('2025-06-11T12:00:00Z'), NEW_YORK, '21:00', '08:00').quiet).toBe(false);
  });
});

describe('quietHoursState within one day and without quiet hours', () => {
  it('keeps a window that does not wrap (12:00–13:30) to that day', () => {
    expect(quietHoursState(at('2025-06-11T16:30:00Z'), NEW_YORK, '12:00', '13:30')).toEqual({
      quiet: true,
      nextWindowAt: '2025-06-11T17:30:00.000Z',
    });
    expect(quietHoursState(at('2025-06-11T03:00:00Z'), NEW_YORK, '12:00', '13:30').quiet).toBe(false);
  });

  it('is never quiet when start and end are the same time', () => {
    for (const iso of ['2025-06-11T02:00:00Z', '2025-06-11T12:00:00Z', '2025-06-11T16:00:00Z']) {
      expect(quietHoursState(at(iso), NEW_YORK, '08:00', '08:00')).toEqual({ quiet: false, nextWindowAt: null });
    }
  });

  it('refuses a malformed time or an unknown time zone', () => {
    expect(() => quietHoursState(at('2025-06-11T02:00:00Z'), NEW_YORK, '9pm', '08:00')).toThrow(RangeError);
    expect(() => quietHoursState(at('2025-06-11T02:00:00Z'), NEW_YORK, '21:00', '24:00')).toThrow(RangeError);
    expect(() => quietHoursState(at('2025-06-11T02:00:00Z'), 'Mars/Olympus_Mons', '21:00', '08:00')).toThrow(RangeError);
  });
});

describe('quietHoursState on New York DST change days', () => {
  it('opens at 08:00 EDT after the March night the clocks go forward (a 10-hour night)', () => {
    // 22:00 EST on Saturday 8 March 2025; clocks go forward at 02:00 on Sunday.
    expect(quietHoursState(at('2025-03-09T03:00:00Z'), NEW_YORK, '21:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-03-09T12:00:00.000Z',
    });
  });

  it('opens at 08:00 EST after the November night the clocks go back (a 12-hour night)', () => {
    // 22:00 EDT on Saturday 1 November 2025; clocks go back at 02:00 on Sunday.
    expect(quietHoursState(at('2025-11-02T02:00:00Z'), NEW_YORK, '21:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-11-02T13:00:00.000Z',
    });
  });

  it('opens when the clocks jump if the end time is skipped (02:30 on the March change day)', () => {
    // Midnight EST; 02:30 does not exist that night: at 02:00 EST it becomes 03:00 EDT (07:00Z).
    expect(quietHoursState(at('2025-03-09T05:00:00Z'), NEW_YORK, '22:00', '02:30')).toEqual({
      quiet: true,
      nextWindowAt: '2025-03-09T07:00:00.000Z',
    });
  });

  it('is quiet both times through the repeated November hour and opens at the 01:30 that follows', () => {
    // 01:10 EDT (first time round) and 01:10 EST (second time round).
    expect(quietHoursState(at('2025-11-02T05:10:00Z'), NEW_YORK, '22:00', '01:30')).toEqual({
      quiet: true,
      nextWindowAt: '2025-11-02T05:30:00.000Z',
    });
    expect(quietHoursState(at('2025-11-02T06:10:00Z'), NEW_YORK, '22:00', '01:30')).toEqual({
      quiet: true,
      nextWindowAt: '2025-11-02T06:30:00.000Z',
    });
  });
});

describe('quietHoursState in Europe/London', () => {
  it('uses British Summer Time in July (UTC+1)', () => {
    expect(quietHoursState(at('2025-07-01T19:30:00Z'), LONDON, '20:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-07-02T07:00:00.000Z',
    });
  });

  it('uses GMT in January (UTC+0)', () => {
    expect(quietHoursState(at('2025-01-15T19:30:00Z'), LONDON, '20:00', '08:00').quiet).toBe(false);
    expect(quietHoursState(at('2025-01-15T20:30:00Z'), LONDON, '20:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-01-16T08:00:00.000Z',
    });
  });

  it('opens at 08:00 BST after the March night the clocks go forward', () => {
    // 23:00 GMT on Saturday 29 March 2025; clocks go forward at 01:00 GMT on Sunday.
    expect(quietHoursState(at('2025-03-29T23:00:00Z'), LONDON, '20:00', '08:00')).toEqual({
      quiet: true,
      nextWindowAt: '2025-03-30T07:00:00.000Z',
    });
  });
});

describe('nextSendableAt', () => {
  it('is now outside quiet hours and the window start inside them', () => {
    expect(nextSendableAt(at('2025-06-11T16:00:00Z'), NEW_YORK, '21:00', '08:00')).toBe('2025-06-11T16:00:00.000Z');
    expect(nextSendableAt(at('2025-06-11T02:00:00Z'), NEW_YORK, '21:00', '08:00')).toBe('2025-06-11T12:00:00.000Z');
  });
});
