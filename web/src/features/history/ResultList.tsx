/**
 * A page of results, exact identifiers first as the server ranks them: who, their phone, what the
 * conversation was about (RO number, VIN, title), the advisor, when it closed (in its store's
 * calendar) and whether it is archived. A row is a link to the conversation, read-only.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import type { CheckedHistoryQuery } from '../../../../shared/history/schemas.js';
import { HISTORY_PAGE_SIZE, type HistoryResult, type HistoryTab } from '../../../../shared/history/types.js';
import { Pager } from '../../components/Pager.js';
import { currentLocale } from '../../lib/i18n.js';
import { formatPhone } from '../../lib/phone.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { resultPath } from './conversationOwner.js';
import type { FoundState } from './FoundConversation.js';
import { searchPath } from './historyQuery.js';
import { fetchHistoryPage, searchFailure } from './requests.js';
import { closedDay, resultHeading } from './resultWords.js';

/**
 * The result last opened: back from its conversation, the keyboard lands on its row again. Kept in
 * memory only: after a reload there is no row to come back to.
 */
let openedLast: string | null = null;

export function ResultList({ tab, query, locationId, onPage }: { tab: HistoryTab; query: CheckedHistoryQuery; locationId: string; onPage: (offset: number) => void }) {
  const { t } = useTranslation('history');
  const path = searchPath(locationId, tab, query);
  // A search is asked once: a timeout asked again at once would only time out again.
  const { data, error, isLoading } = useSWR(path, fetchHistoryPage, { keepPreviousData: true, shouldRetryOnError: false, revalidateOnFocus: false });

  if (error && !isLoading) {
    const failure = searchFailure(error);
    return (
      <p className="notice notice--error" role="alert" data-testid="history-failed" data-error={failure}>
        {t(`history.error.${failure}`)}
      </p>
    );
  }
  if (!data) {
    return (
      <p className="history__hint" role="status" data-testid="history-searching">
        {t('history.searching')}
      </p>
    );
  }
  return (
    <div className="history__results" aria-busy={isLoading}>
      <p className="history__count" role="status" data-testid="history-count">
        {t('history.found', { count: data.meta.paging.total })}
      </p>
      {data.results.length ? (
        <ol className="history__rows" aria-label={t('history.results_label')} data-testid="history-results">
          {data.results.map((result) => (
            <ResultRow key={`${result.owner.kind}:${result.owner.id}`} result={result} showStore={query.scope === 'company'} />
          ))}
        </ol>
      ) : null}
      <Pager paging={data.meta.paging} perPage={HISTORY_PAGE_SIZE} onPage={onPage} label={t('history.pages_label')} testId="history-pager" />
    </div>
  );
}

function ResultRow({ result, showStore }: { result: HistoryResult; showStore: boolean }) {
  const { t } = useTranslation('history');
  const locale = useStore(currentLocale);
  const { location, locations } = useReadySession();
  const here = useLocation();
  const place = { locale, timeZone: locations.find((l) => l.id === result.location.id)?.timezone ?? location.timezone };
  const { name, about } = resultHeading(t, result, place);
  const state: FoundState = { result, back: `${here.pathname}${here.search}` };
  const key = `${result.owner.kind}:${result.owner.id}`;
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (openedLast !== key) return;
    openedLast = null;
    link.current?.focus();
  }, [key]);
  return (
    <li className="history-row" data-testid="history-row" data-archived={result.archived} data-owner-id={result.owner.id}>
      <Link
        ref={link}
        to={resultPath(result)}
        state={state}
        className="history-row__link"
        data-testid="history-row-open"
        onClick={() => {
          openedLast = key;
        }}
      >
        <span className="history-row__who">
          <strong className="history-row__name">{name || t('history.no_name')}</strong>
          {result.customer?.phone ? <span className="history-row__phone">{formatPhone(result.customer.phone)}</span> : null}
        </span>
        <span className="history-row__what">{about}</span>
        <span className="history-row__advisor">{result.advisor ? result.advisor.name : t('history.no_advisor')}</span>
        <span className="history-row__closed">
          {result.closed_at ? (
            <time dateTime={result.closed_at}>{t('history.closed_on', { date: closedDay(result.closed_at, place) })}</time>
          ) : (
            t('history.not_closed')
          )}
        </span>
        <span className="history-row__marks">
          {result.archived ? (
            <span className="history-row__tag" data-testid="history-archived">
              {t('history.archived')}
            </span>
          ) : null}
          {showStore ? <span className="history-row__store">{result.location.name}</span> : null}
        </span>
      </Link>
    </li>
  );
}
