/**
 * A location's quiet hours: the part of the day, on the dealership's wall clock, when the console
 * does not text customers unasked (a manual text asks to confirm or to schedule; automated texts
 * wait). `start`–`end` is the quiet part: 21:00–08:00 wraps midnight, 12:00–13:00 does not, and
 * equal times mean the location has no quiet hours.
 *
 * Membership is decided on the wall clock, so the hour that repeats when clocks go back is quiet
 * both times. The window opens at the first instant the wall clock reads `end`; on the night
 * clocks go forward that wall time may not exist, and the window opens when the clocks jump.
 */
import { TZDate } from '@date-fns/tz';

export interface QuietHoursState {
  quiet: boolean;
  /** ISO UTC instant when texting may start again; null when it is not quiet now. */
  nextWindowAt: string | null;
}

const MINUTE = 60_000;

function minutesOfDay(time: string): number {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Quiet hours need HH:MM times, got ${JSON.stringify(time)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The wall clock at `instant` in `timezone`, as a UTC timestamp of the same digits (comparable). */
function wallClock(instant: number, timezone: string): number {
  const local = new TZDate(instant, timezone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes());
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw new RangeError(`Unknown time zone: ${timezone}`);
  }
}

/**
 * The first instant after `after` at which the wall clock reads `wanted` (a wall-clock timestamp
 * as `wallClock` makes them), or, when that wall time is skipped, the instant the clocks jump.
 */
function firstInstantAt(wanted: number, after: number, timezone: string): number {
  const day = new Date(wanted);
  const candidate = new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), day.getUTCHours(), day.getUTCMinutes(), timezone).getTime();
  const landed = wallClock(candidate, timezone);
  if (landed === wanted) {
    if (candidate > after) return candidate;
    // The wall time repeats (clocks went back) and its first occurrence is already past.
    for (const shift of [30, 60, 120]) {
      const repeat = candidate + shift * MINUTE;
      if (repeat > after && wallClock(repeat, timezone) === wanted) return repeat;
    }
    return candidate;
  }
  // Skipped wall time: TZDate moved it past the gap. Find the jump: the first minute whose wall
  // clock is at or past the wanted time.
  let before = candidate - (landed - wanted);
  let atOrPast = candidate;
  while (atOrPast - before > MINUTE) {
    const middle = before + Math.floor((atOrPast - before) / 2 / MINUTE) * MINUTE;
    if (wallClock(middle, timezone) >= wanted) atOrPast = middle;
    else before = middle;
  }
  return atOrPast;
}

/** Whether `now` falls in the location's quiet hours, and when they end if so. */
export function quietHoursState(now: Date, timezone: string, start: string, end: string): QuietHoursState {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  checkTimezone(timezone);
  if (from === to) return { quiet: false, nextWindowAt: null };

  const wallNow = wallClock(now.getTime(), timezone);
  const minuteOfDay = new Date(wallNow).getUTCHours() * 60 + new Date(wallNow).getUTCMinutes();
  const quiet = from < to ? minuteOfDay >= from && minuteOfDay < to : minuteOfDay >= from || minuteOfDay < to;
  if (!quiet) return { quiet: false, nextWindowAt: null };

  // The end is today on the wall clock, unless the quiet part began this evening and wraps.
  const midnight = wallNow - minuteOfDay * MINUTE;
  const endsTomorrow = from > to && minuteOfDay >= from;
  const wantedEnd = midnight + (endsTomorrow ? 24 * 60 : 0) * MINUTE + to * MINUTE;
  const opens = firstInstantAt(wantedEnd, now.getTime(), timezone);
  return { quiet: true, nextWindowAt: new Date(opens).toISOString() };
}

/** When a text wanted now may go: now outside quiet hours, else when they end (ISO UTC). */
export function nextSendableAt(now: Date, timezone: string, start: string, end: string): string {
  return quietHoursState(now, timezone, start, end).nextWindowAt ?? now.toISOString();
}
