/**
 * A found conversation, read-only (`/history/:tab/:kind/:id?location=…`): the shared conversation
 * with no composer and nothing that changes it, archived or not. Opened from the results it shows
 * their header and Back goes back to them; opened from a link it still reads the messages.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { HistoryResult } from '../../../../shared/history/types.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { Conversation } from '../../components/conversation/Conversation.js';
import type { TextingSubject } from '../../components/conversation/composerRules.js';
import { formatPhone } from '../../lib/phone.js';
import { useReadySession } from '../../lib/session.js';
import { conversationOf } from './conversationOwner.js';
import { DEFAULT_TAB, isHistoryTab, NO_FIELDS, paramsOfSearch } from './historyQuery.js';
import { resultHeading } from './resultWords.js';
import './history.css';

/** What a result's link hands the page: the row it came from, and the results to go back to. */
export interface FoundState {
  result: HistoryResult;
  back: string;
}

const isFoundState = (value: unknown): value is FoundState => typeof value === 'object' && value !== null && 'result' in value && 'back' in value;

/** Nothing is texted from here: the composer is not shown, so no texting rule is asked. */
const LOOKED_BACK_ON: TextingSubject = { customer: null, closed: true, ownerRefusal: null };

export function FoundConversation() {
  const { t } = useTranslation('history');
  const { tab, kind = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const { location, locations } = useReadySession();
  const here = useLocation();
  const navigate = useNavigate();
  const found = isFoundState(here.state) && here.state.result.owner.id === id ? here.state : null;
  const storeId = params.get('location') ?? location.id;
  const owner = useMemo(() => conversationOf(kind, id, storeId), [kind, id, storeId]);
  const base = useBoardContext();
  const timeZone = locations.find((l) => l.id === storeId)?.timezone ?? base.timeZone;
  const context = useMemo(() => ({ ...base, locationId: storeId, timeZone }), [base, storeId, timeZone]);
  // Opened from a link: Back goes to the search of its tab.
  const results = `/history?${paramsOfSearch({ tab: isHistoryTab(tab) ? tab : DEFAULT_TAB, fields: NO_FIELDS, offset: 0 }).toString()}`;

  const back = (
    <Link
      to={found?.back ?? results}
      className="button button--small"
      data-testid="history-back"
      onClick={(event) => {
        // Came from the results: the browser's own Back, so the next Back does not return here.
        if (!found) return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      <span aria-hidden="true">←</span> {t('history.back')}
    </Link>
  );

  const result = found?.result;
  const place = { locale: context.locale, timeZone };
  const heading = result ? resultHeading(t, result, place) : null;
  const subtitle = result
    ? [result.customer?.phone ? formatPhone(result.customer.phone) : null, heading?.about || null, result.archived ? t('history.archived') : null].filter(Boolean).join(' · ')
    : undefined;

  return (
    <section className="history-found" data-testid="history-conversation" data-read-only="true">
      {owner ? (
        <Conversation
          owner={owner}
          subject={LOOKED_BACK_ON}
          title={heading?.name || t('history.conversation')}
          subtitle={subtitle}
          unread={false}
          context={context}
          leading={back}
          trailing={
            <span className="history-found__note" data-testid="history-read-only">
              {t('history.read_only')}
            </span>
          }
          readOnly
        />
      ) : (
        <div className="history-found__missing">
          {back}
          <p data-testid="history-not-found">{t('history.not_found')}</p>
        </div>
      )}
    </section>
  );
}
