/**
 * First responses counted in a fixed set of buckets (issue 24): exact minutes up to 10, then
 * coarser steps up to 4 hours, then "more". A bucket is named by its upper bound (`b15`: answers
 * in (12, 15] minutes). A fixed set keeps the reports' counters as many whatever the answers'
 * times (one counter a month per advisor carries the whole distribution), so a year's report
 * reads as much at 100,000 messages as at 10,000. The late answer threshold is one of the bounds,
 * so the late share stays exact.
 */

/** The buckets' upper bounds in minutes, in order; answers above the last fall in `more`. */
export const RESPONSE_BOUNDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 90, 120, 180, 240] as const;

/** The bucket of answers above the last bound. */
export const RESPONSE_MORE = 'more';

/** Every bucket's name, in order: `b0` … `b240`, `bmore`. */
export const RESPONSE_BUCKETS: readonly string[] = [...RESPONSE_BOUNDS.map((bound) => `b${bound}`), `b${RESPONSE_MORE}`];

/**
 * The thresholds a store may choose for a late answer (the console's select): the bounds from one
 * minute up, so "later than the threshold" is a whole number of buckets.
 */
export const LATE_RESPONSE_CHOICES: readonly number[] = RESPONSE_BOUNDS.filter((bound) => bound >= 1);

/** The bucket an answer after this many minutes falls in. */
export function responseBucket(minutes: number): string {
  const bound = RESPONSE_BOUNDS.find((b) => minutes <= b);
  return bound === undefined ? `b${RESPONSE_MORE}` : `b${bound}`;
}

/**
 * A bucket's upper bound in minutes; `more` has none, so it stands as one minute past the last
 * bound (a median shown as 241 reads "over 4 hours").
 */
export function bucketBound(bucket: string): number {
  const name = bucket.slice(1);
  return name === RESPONSE_MORE ? RESPONSE_BOUNDS[RESPONSE_BOUNDS.length - 1]! + 1 : Number(name);
}
