/**
 * An activity in the reader's words: "Alex Admin changed Service settings: Quiet hours start
 * 21:00 → 20:00". Groups and the fields people change most have words in every language; any other
 * field is named by its key, made readable.
 */
import type { TFunction } from 'i18next';
import type { Activity, ActivityChange, ActivityValue } from '../../../../shared/activities.js';
import type { AgentRef } from '../../../../shared/people.js';

const readable = (key: string) => key.replace(/[._]/g, ' ').trim();

function label(t: TFunction, kind: 'group' | 'field', key: string): string {
  // A user's flags are named as the form names them.
  if (key.startsWith('access_level.')) return t(`users.flag_${key.slice('access_level.'.length)}`, { defaultValue: readable(key) });
  return t(`users.${kind}_${key}`, { defaultValue: readable(key) });
}

function value(t: TFunction, v: ActivityValue | undefined): string {
  if (v === true) return t('users.value_on');
  if (v === false) return t('users.value_off');
  if (v === null || v === undefined || v === '') return t('users.value_empty');
  return String(v);
}

export function changeText(t: TFunction, change: ActivityChange): string {
  const field = label(t, 'field', change.field);
  if (!('before' in change) && !('after' in change)) return field;
  return t('users.change', { field, before: value(t, change.before), after: value(t, change.after) });
}

const person = (t: TFunction, who: AgentRef | null) => (who ? `${who.first_name} ${who.last_name}` : t('users.someone'));

/** What happened, in one sentence. */
export function activityText(t: TFunction, activity: Activity): string {
  const who = person(t, activity.agent);
  const subject = person(t, activity.subject);
  const changes = activity.changes.map((change) => changeText(t, change)).join('; ');
  switch (activity.kind) {
    case 'settings_changed':
      return t('users.did_settings_changed', { who, group: label(t, 'group', activity.group ?? ''), changes });
    case 'location_changed':
      return t('users.did_location_changed', { who, changes });
    case 'user_invited':
      return t('users.did_user_invited', { who, subject });
    case 'user_changed':
      return t('users.did_user_changed', { who, subject, changes });
    case 'user_deactivated':
      return t('users.did_user_deactivated', { who, subject });
    case 'user_reactivated':
      return t('users.did_user_reactivated', { who, subject });
    case 'password_changed':
      return activity.subject && activity.agent && activity.subject.id === activity.agent.id
        ? t('users.did_password_changed_own', { who })
        : t('users.did_password_changed', { who, subject });
  }
}
