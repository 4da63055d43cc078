/**
 * Users (SPEC §2; managers and admins): the people of a store (an admin picks the store) and the
 * Activity tab, the chosen tab in the address (?tab=activity).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
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
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());

  function choose(next: Tab, focus = false) {
    setParams((previous) => {
      const copy = new URLSearchParams(previous);
      if (next === 'users') copy.delete('tab');
      else copy.set('tab', next);
      return copy;
    }, { replace: true });
    if (focus) buttons.current.get(next)?.focus();
  }

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const at = TABS.indexOf(tab);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    choose(TABS[next]!, true);
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
      <div className="users__tabs" role="tablist" aria-label={t('users.tabs_label')} onKeyDown={keys}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              if (el) buttons.current.set(name, el);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={`users-tab-${name}`}
            className="users__tab"
            aria-selected={name === tab}
            aria-controls="users-panel"
            tabIndex={name === tab ? 0 : -1}
            data-testid={`users-tab-${name}`}
            onClick={() => choose(name)}
          >
            {t(`users.tab_${name}`)}
          </button>
        ))}
      </div>
      <div className="users__panel" role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${tab}`}>
        {tab === 'users' ? <UserList locationId={chosen.id} /> : <ActivityList locationId={chosen.id} timeZone={chosen.timezone} admin={admin} />}
      </div>
    </section>
  );
}
