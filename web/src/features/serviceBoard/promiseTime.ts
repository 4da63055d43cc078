/**
 * The Promise Time column's colour (SPEC §9): red once the promised moment has passed, yellow
 * within 1 h 31 min of it. Moments compare as instants; the location's timezone only changes how
 * the time is written (times.ts).
 */
export const PROMISE_SOON_MS = (60 + 31) * 60 * 1000;

export type PromiseUrgency = 'overdue' | 'soon' | 'later' | 'none';

export function promiseUrgency(promiseTime: string | null, nowMs: number, done = false): PromiseUrgency {
  // A closed order or a car already reported ready is no longer late for the customer.
  if (!promiseTime || done) return 'none';
  const at = Date.parse(promiseTime);
  if (Number.isNaN(at)) return 'none';
  if (at < nowMs) return 'overdue';
  if (at - nowMs <= PROMISE_SOON_MS) return 'soon';
  return 'later';
}

/** How long until the colour of any of these times changes next (so the board repaints then, not on a timer loop). */
export function nextUrgencyChange(promiseTimes: (string | null)[], nowMs: number): number | null {
  let soonest: number | null = null;
  for (const time of promiseTimes) {
    if (!time) continue;
    const at = Date.parse(time);
    if (Number.isNaN(at)) continue;
    for (const edge of [at - PROMISE_SOON_MS, at]) {
      const wait = edge - nowMs;
      if (wait > 0 && (soonest === null || wait < soonest)) soonest = wait;
    }
  }
  return soonest;
}
