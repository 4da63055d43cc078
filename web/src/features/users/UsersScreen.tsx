/**
 * Users (SPEC §2; managers and admins): the people of a store (an admin picks the store) and the
 * Activity tab, the chosen tab in the address (?tab=activity).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TabList, tabPanelProps } from '../../components/TabList.js';
import { useReadySession } from '../../lib/session.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { ActivityList } from './ActivityList.js';
import { UserList } from './UserList.js';
import menu from './locales/menu.json';
import './users.css';

const TABS = ['users', 'activity'] as const;
type Tab = (typeof TABS)[number];

export function UsersScreen() {
  const { t } = useTranslation('users');
  const title = useScreenName(menuLabel(menu, 'users'));
  const { acting, location, locations } = useReadySession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'activity' ? 'activity' : 'users';
  const [locationId, setLocationId] = useState(location.id);
  const chosen = locations.find((l) => l.id === locationId) ?? location;
  const admin = acting.access_level.admin;
  function choose(next: Tab) {
    setParams((previous) => {
      const copy = new URLSearchParams(previous);
      if (next === 'users') copy.delete('tab');
      else copy.set('tab', next);
      return copy;
    }, { replace: true });
  }

  return (
    <section className="users" aria-labelledby="users-title">
      <h1 id="users-title" className="users__title">
        {title}
      </h1>
      {admin && locations.length > 1 ? (
        <div className="field users__location">
          <label htmlFor="users-location">{t('users.location')}</label>
          <select id="users-location" value={chosen.id} data-testid="users-location" onChange={(event) => setLocationId(event.target.value)}>
            {locations.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <TabList tabs={TABS} current={tab} onChoose={choose} name={(name) => t(`users.tab_${name}`)} label={t('users.tabs_label')} idPrefix="users" />
      <div className="users__panel" {...tabPanelProps('users', tab)}>
        {tab === 'users' ? <UserList locationId={chosen.id} /> : <ActivityList locationId={chosen.id} timeZone={chosen.timezone} admin={admin} />}
      </div>
    </section>
  );
}
