/**
 * The activity list (SPEC §7 `GET /api/activities`; `/api/activities/locations` for managers):
 * who changed which setting, user or consent rule, and when, newest first, 20 a page, in the
 * reader's language and the location's time.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ACTIVITIES_PER_PAGE, activityPaths } from '../../../../shared/activities.js';
import { datePattern } from '../../../../shared/locales.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { activityText } from './activityWords.js';
import { Pager } from '../../components/Pager.js';
import { fetchPage, type ActivitiesPage } from './requests.js';

export function ActivityList({ locationId, timeZone, admin }: { locationId: string; timeZone: string; admin: boolean }) {
  const { t } = useTranslation('users');
  const locale = useStore(currentLocale);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [locationId]);
  const path = admin ? activityPaths.company(offset, locationId) : activityPaths.location(offset);
  const { data, error } = useSWR(path, fetchPage<ActivitiesPage>, { keepPreviousData: true });
  const when = (at: string) => format(new TZDate(at, timeZone), `${datePattern(locale)} HH:mm`);

  if (!data) return <p className="users__muted">{error ? t('users.activity_load_failed') : t('users.loading')}</p>;
  return (
    <>
      {data.activities.length === 0 ? (
        <p className="users__muted" data-testid="activity-empty">
          {t('users.activity_empty')}
        </p>
      ) : (
        <ol className="users__activities" aria-label={t('users.activity_label')} data-testid="activity-list">
          {data.activities.map((activity) => (
            <li key={activity.id} className="users__activity" data-testid="activity-row" data-kind={activity.kind}>
              <span className="users__activity-text">{activityText(t, activity)}</span>
              <time className="users__activity-when" dateTime={activity.at}>
                {when(activity.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <Pager paging={data.meta.paging} perPage={ACTIVITIES_PER_PAGE} onPage={setOffset} label={t('users.activity_pages_label')} testId="activity-pager" />
    </>
  );
}
