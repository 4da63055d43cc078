import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { claimedTabs, type ClaimedTab } from './sheetAccess.js';
import { SheetQueueTable } from './SheetQueueTable.js';
import { useSheetQueue } from './useSheetQueue.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import menu from './locales/menu.json';
import './inspections.css';

const TAB_TEST_IDS: Record<ClaimedTab, string> = { mine: 'mpi-tab-mine', manager: 'mpi-tab-manager', to_advisor: 'mpi-tab-to-advisor' };

/**
 * MPI claimed at /app/mpi/claimed (SPEC §2, §6): the sheets the agent holds; for managers the
 * manager inbox of every claimed sheet and who holds it; for service agents the sheets completed by
 * technicians and waiting for an advisor. The tab is in the address (?tab=), so a reload keeps it.
 */
export function ClaimedScreen() {
  const { t } = useTranslation('inspections');
  const { acting, location } = useReadySession();
  const locale = useStore(currentLocale);
  const [params, setParams] = useSearchParams();
  const tabs = claimedTabs(acting.access_level);
  const asked = params.get('tab');
  const tab: ClaimedTab = tabs.find((candidate) => candidate === asked) ?? 'mine';
  const list = useSheetQueue(location.id, tab);
  const title = useScreenName(menuLabel(menu, 'mpi_claimed'));

  function choose(next: ClaimedTab) {
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (next === 'mine') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  }

  return (
    <section className="mpi-screen" aria-labelledby="mpi-claimed-title" data-testid="mpi-claimed">
      <header className="mpi-screen__header">
        <h1 id="mpi-claimed-title" className="mpi-screen__title">
          {title}
        </h1>
        {list.total !== null ? (
          <span className="count-pill" role="status">
            {t('mpi.listed_count', { total: list.total })}
          </span>
        ) : null}
      </header>
      {tabs.length > 1 ? (
        <div className="mpi-tabs" role="tablist" aria-label={title}>
          {tabs.map((candidate) => (
            <button
              key={candidate}
              type="button"
              role="tab"
              id={`mpi-tab-${candidate}`}
              aria-selected={candidate === tab}
              aria-controls="mpi-claimed-panel"
              className={`mpi-tabs__tab${candidate === tab ? ' mpi-tabs__tab--active' : ''}`}
              data-testid={TAB_TEST_IDS[candidate]}
              onClick={() => choose(candidate)}
            >
              {t(`mpi.tab_${candidate}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div id="mpi-claimed-panel" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 1 ? `mpi-tab-${tab}` : undefined}>
        <SheetQueueTable key={tab} queue={tab} list={list} locale={locale} timeZone={location.timezone} label={t(`mpi.tab_${tab}`)} />
      </div>
    </section>
  );
}
