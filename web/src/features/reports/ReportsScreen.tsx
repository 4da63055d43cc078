/**
 * Reports (SPEC §2; managers and admins): four tabs, the chosen one and the figures asked for kept
 * in the address (?tab=downloads, ?type=consent&period=lm), so a reload or a shared link shows the
 * same. An admin of several stores picks the store first, as on the Users screen.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useReadySession } from '../../lib/session.js';
import { FiguresView } from './FiguresView.js';
import { ReportList } from './ReportList.js';
import { ReportsSettingsForm } from './ReportsSettingsForm.js';
import { ScheduleList } from './ScheduleList.js';
import menu from './locales/menu.json';
import './reports.css';

const TABS = ['figures', 'downloads', 'schedules', 'settings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

export function ReportsScreen() {
  const { t } = useTranslation('reports');
  const title = useScreenName(menuLabel(menu, 'reports'));
  const { acting, location, locations } = useReadySession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'figures';
  const [locationId, setLocationId] = useState(location.id);
  const chosen = locations.find((each) => each.id === locationId) ?? location;
  const admin = acting.access_level.admin;
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());

  function choose(next: Tab, focus = false) {
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        if (next === 'figures') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
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
    <section className="reports" aria-labelledby="reports-title">
      <h1 id="reports-title" className="reports__title">
        {title}
      </h1>
      {admin && locations.length > 1 ? (
        <div className="field reports__location">
          <label htmlFor="reports-location">{t('reports.location')}</label>
          <select id="reports-location" value={chosen.id} data-testid="reports-location" onChange={(event) => setLocationId(event.target.value)}>
            {locations.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="reports__tabs" role="tablist" aria-label={t('reports.tabs_label')} onKeyDown={keys}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              if (el) buttons.current.set(name, el);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={`reports-tab-${name}`}
            className="reports__tab"
            aria-selected={name === tab}
            aria-controls="reports-panel"
            tabIndex={name === tab ? 0 : -1}
            data-testid={`reports-tab-${name}`}
            onClick={() => choose(name)}
          >
            {t(`reports.tab_${name}`)}
          </button>
        ))}
      </div>
      <div className="reports__panel" role="tabpanel" id="reports-panel" aria-labelledby={`reports-tab-${tab}`}>
        {tab === 'figures' ? (
          <FiguresView key={chosen.id} location={chosen} mayChooseCompany={admin} />
        ) : tab === 'downloads' ? (
          <ReportList key={chosen.id} location={chosen} mayChooseCompany={admin} />
        ) : tab === 'schedules' ? (
          <ScheduleList key={chosen.id} location={chosen} mayChooseCompany={admin} />
        ) : (
          <ReportsSettingsForm key={chosen.id} locationId={chosen.id} />
        )}
      </div>
    </section>
  );
}
