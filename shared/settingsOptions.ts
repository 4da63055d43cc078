/**
 * The choices SPEC §9 "Option lists" offers wherever a setting is one of them, so every settings
 * form (and any board that explains a setting) offers the same values.
 */

/** Days before an appointment (or after a message) a reminder goes. */
export const REMINDER_DAYS = [1, 2, 3, 5, 7, 10, 15, 30] as const;
/** Minutes of a delay. */
export const MINUTES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30] as const;
/** Months since the last visit before a service reminder. */
export const MONTHS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** Days later a follow-up (work declined) goes. */
export const DAYS_LATER = [1, 2, 3, 5, 10] as const;

/** The list's values a schema bounded by min..max accepts (the schema may be narrower than the list). */
export function optionsWithin(list: readonly number[], min: number, max: number): number[] {
  return list.filter((value) => value >= min && value <= max);
}
