/**
 * Search History (SPEC §2 "search history (tabs repair, appointment, chat, inventory history)", §5,
 * §8): one box for a phone, an RO number, a VIN or a name, the advisor and closed-date filters, 10
 * results a page. The search lives in the address, so Back from a conversation, a reload or a
 * shared link show the same page of results.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HISTORY_TABS, type HistoryTab } from '../../../../shared/history/types.js';
import { TabList, tabPanelProps } from '../../components/TabList.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useReadySession } from '../../lib/session.js';
import { checkSearch, asksForResults, paramsOfSearch, searchFromParams, type SearchFields } from './historyQuery.js';
import { ResultList } from './ResultList.js';
import { SearchForm } from './SearchForm.js';
import menu from './locales/menu.json';
import './history.css';

export function HistoryScreen() {
  const { t } = useTranslation('history');
  const title = useScreenName(menuLabel(menu, 'search_history'));
  const { acting, location, locations } = useReadySession();
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const asked = asksForResults(search.fields);
  const check = asked ? checkSearch(search) : null;
  // Admins reach every store; an agent of several stores searches all of theirs.
  const reachesSeveral = acting.access_level.admin || locations.length > 1;

  const go = (next: { tab?: HistoryTab; fields?: SearchFields; offset: number }, replace: boolean) =>
    setParams(paramsOfSearch({ tab: next.tab ?? search.tab, fields: next.fields ?? search.fields, offset: next.offset }), { replace });

  return (
    <section className="history" aria-labelledby="history-title" data-testid="history-screen" data-tab={search.tab}>
      <h1 id="history-title" className="history__title">
        {title}
      </h1>
      <TabList
        tabs={HISTORY_TABS}
        current={search.tab}
        onChoose={(tab) => go({ tab, offset: 0 }, true)}
        name={(tab) => t(`history.tab_${tab}`)}
        label={t('history.tabs_label')}
        idPrefix="history"
      />
      <div className="history__panel" {...tabPanelProps('history', search.tab)}>
        <SearchForm
          initial={search.fields}
          locationId={location.id}
          reachesSeveral={reachesSeveral}
          addressError={check && !check.ok ? check.error : null}
          onSearch={(fields) => go({ fields, offset: 0 }, false)}
        />
        {check?.ok ? (
          <ResultList tab={search.tab} query={check.query} locationId={location.id} onPage={(offset) => go({ offset }, false)} />
        ) : !asked ? (
          <p className="history__hint" data-testid="history-hint">
            {t('history.hint')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
