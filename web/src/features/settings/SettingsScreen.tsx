/**
 * Settings (SPEC §2 "Settings tabs"; administrators): the spec's tabs as a tab list, the chosen tab
 * in the address (?tab=, a number or a name). The tech tab (MPI settings, technician settings,
 * technicians, sheet templates) is built here; other features build theirs (lib/featureParts.tsx);
 * the others arrive later.
 */
import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ArrivingLater } from '../../components/ArrivingLater.js';
import { useReadySession } from '../../lib/session.js';
import { SETTINGS_TABS, neighbourTab, settingsTabOf, type SettingsTab } from './settingsTabs.js';
import { TechTab } from './TechTab.js';
import { CORE_TABS } from './coreTabs.js';
import { useSettingsTab } from '../../lib/featureParts.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './settings.css';

/**
 * `templates`: the sheet template list and editor, handed in by the app (features do not import
 * each other); without it the tech tab leaves that part out.
 */
export function SettingsScreen({ templates }: { templates?: ComponentType<{ locationId: string }> } = {}) {
  const { t } = useTranslation('settings');
  const screenTitle = useScreenName(menuLabel(menu, 'settings'));
  const { location } = useReadySession();
  const [params, setParams] = useSearchParams();
  const tab = settingsTabOf(params.get('tab'));
  const tabs = useRef(new Map<SettingsTab, HTMLButtonElement>());

  function choose(next: SettingsTab, focus = false) {
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('tab', next);
        // A provider's one-off "success" flag belongs to the tab it came back to.
        copy.delete('success');
        return copy;
      },
      { replace: true },
    );
    if (focus) tabs.current.get(next)?.focus();
  }

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    let next: SettingsTab | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = neighbourTab(tab, 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = neighbourTab(tab, -1);
    else if (event.key === 'Home') next = SETTINGS_TABS[0];
    else if (event.key === 'End') next = SETTINGS_TABS[SETTINGS_TABS.length - 1]!;
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  }

  const title = t(`settings.tab_${tab}`);
  // A tab another feature builds (its screen.ts declares it: lib/featureParts.tsx).
  const FeatureTab = useSettingsTab(tab);
  const CoreTab = CORE_TABS[tab];
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title" className="settings__title">
        {screenTitle}
      </h1>
      <div className="settings__layout">
        <div className="settings__tabs" role="tablist" aria-orientation="vertical" aria-label={t('settings.tabs_label')} onKeyDown={keys}>
          {SETTINGS_TABS.map((name) => (
            <button
              key={name}
              ref={(el) => {
                if (el) tabs.current.set(name, el);
                else tabs.current.delete(name);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${name}`}
              className="settings__tab"
              data-testid={`settings-tab-${name}`}
              aria-selected={name === tab}
              aria-controls="settings-panel"
              tabIndex={name === tab ? 0 : -1}
              onClick={() => choose(name)}
            >
              {t(`settings.tab_${name}`)}
            </button>
          ))}
        </div>
        <div className="settings__panel" role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`} data-tab={tab}>
          {tab === 'tech' ? (
            <TechTab key={location.id} locationId={location.id} templates={templates} />
          ) : CoreTab ? (
            <>
              <CoreTab key={location.id} locationId={location.id} />
              {/* A feature's part of a core tab (the wizard's links in business information) follows the core's form. */}
              {FeatureTab ? <FeatureTab key={`${location.id}-feature`} locationId={location.id} /> : null}
            </>
          ) : FeatureTab ? (
            <FeatureTab key={location.id} locationId={location.id} />
          ) : (
            <ArrivingLater screen={title} />
          )}
        </div>
      </div>
    </section>
  );
}
