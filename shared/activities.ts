/**
 * The activity list (SPEC §3 "Activity list", §7 `GET /api/activities`): who changed which setting,
 * location, user or consent rule, and when. Written once where each change is written
 * (functions/lib/activities.ts); the console words each kind in the reader's language.
 */
import type { AgentRef } from './people.js';

export const ACTIVITY_KINDS = [
  'settings_changed',
  'location_changed',
  'user_invited',
  'user_changed',
  'user_deactivated',
  'user_reactivated',
  'password_changed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A simple value shown before and after; lists, objects and secrets are named without their values. */
export type ActivityValue = string | number | boolean | null;

export interface ActivityChange {
  field: string;
  /** Absent when the field's value is not shown (a list, an object, a secret). */
  before?: ActivityValue;
  after?: ActivityValue;
}

export interface Activity {
  id: string;
  kind: ActivityKind;
  /** ISO-8601 UTC. */
  at: string;
  /** Where it happened: the settings' or user's location (null: the company as a whole). */
  location_id: string | null;
  /** Who did it; null when that agent is gone. */
  agent: AgentRef | null;
  /** The user it was about (user_* and password_changed). */
  subject: AgentRef | null;
  /** The settings group (settings_changed). */
  group: string | null;
  changes: ActivityChange[];
}

export const ACTIVITIES_PER_PAGE = 20;

export const activityPaths = {
  /** Admins: the company's (optionally one location's); SPEC §7 */
  company: (offset = 0, locationId?: string) =>
    `/api/activities?offset=${offset}&limit=${ACTIVITIES_PER_PAGE}${locationId ? `&location_id=${encodeURIComponent(locationId)}` : ''}`,
  /** Managers (level 1): their location's. */
  location: (offset = 0) => `/api/activities/locations?offset=${offset}&limit=${ACTIVITIES_PER_PAGE}`,
};
