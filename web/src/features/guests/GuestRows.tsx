import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Guest } from '../../../../shared/guests/guests.js';
import type { Locale } from '../../../../shared/locales.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatCompactMoment, formatDateTime } from '../../components/conversation/times.js';
import { formatPhone } from '../../lib/phone.js';
import type { GuestListState } from './useGuestList.js';

/** Where the list stands, as the notices under it read it. */
const noticesOf = ({ rows, loading, loadingRest, failed }: GuestListState) => ({ rowCount: rows.length, loading, loadingRest, failed });

export interface Place {
  locale: Locale;
  timeZone: string;
}

/**
 * The store's guests, newest activity first: who (their name once known, else their number), how
 * they came (a text, or which button of the lead form), and when they last wrote or were written
 * to. Each row is one button, so the keyboard walks the list with Tab and opens with Enter. Unread
 * ones are bold with a dot and say so to a screen reader; a guest who became a customer, opted out
 * or is blocked says so in words.
 */
export function GuestRows({
  list,
  selectedId,
  place,
  onOpen,
  titleOf,
  focusId,
  onFocused,
}: {
  list: GuestListState;
  selectedId: string | null;
  place: Place;
  onOpen: (id: string) => void;
  titleOf: (guest: Guest) => string;
  /** The row the keyboard goes back to (the one just left on a phone); `onFocused` once it has it. */
  focusId: string | null;
  onFocused: () => void;
}) {
  const { t } = useTranslation('guests');
  const now = Date.now();
  return (
    <div className="board__list guest-list" aria-busy={list.loading || list.loadingRest}>
      <div className="guest-list__head board-rows__head" aria-hidden="true">
        <span>{t('guests.column_guest')}</span>
        <span>{t('guests.column_came_by')}</span>
        <span>{t('guests.column_last')}</span>
      </div>
      <ul className="guest-list__rows" aria-label={t('guests.list_label')}>
        {list.rows.map((guest) => (
          <GuestRow
            key={guest.id}
            guest={guest}
            title={titleOf(guest)}
            open={guest.id === selectedId}
            when={formatCompactMoment(guest.activity_at, place.locale, place.timeZone, now)}
            whenInFull={formatDateTime(guest.activity_at, place.locale, place.timeZone)}
            onOpen={onOpen}
            focus={guest.id === focusId}
            onFocused={onFocused}
          />
        ))}
      </ul>
      <ListNotices {...noticesOf(list)} failedText={t('guests.fetch_failed')} emptyText={t(list.list === 'archived' ? 'guests.empty_archived' : 'guests.empty_open')} moreText={t('guests.loading_more')} testId="guests-notice" />
    </div>
  );
}

interface RowProps {
  guest: Guest;
  title: string;
  open: boolean;
  when: string;
  whenInFull: string;
  onOpen: (id: string) => void;
  focus: boolean;
  onFocused: () => void;
}

function GuestRow({ guest, title, open, when, whenInFull, onOpen, focus, onFocused }: RowProps) {
  const { t } = useTranslation('guests');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    button.current?.focus();
    onFocused();
  }, [focus, onFocused]);
  const cameBy = guest.lead ? guest.lead.button : t('guests.by_text_short');
  const number = formatPhone(guest.customer.phones.cell);
  const tags = [
    guest.converted ? t('guests.tag_customer') : null,
    guest.customer.opt_in === 'out' ? t('markers.opted_out') : null,
    guest.customer.blocked_at ? t('markers.blocked') : null,
  ].filter((tag): tag is string => tag !== null);
  return (
    <li className={`guest-row${open ? ' guest-row--open' : ''}${guest.is_unread ? ' guest-row--unread' : ''}`} data-testid="guest-row" data-guest-id={guest.id} data-unread={guest.is_unread}>
      <button ref={button} type="button" className="guest-row__open board-rows__open" aria-current={open ? 'true' : undefined} data-testid="guest-open" onClick={() => onOpen(guest.id)}>
        <span className="guest-row__who" title={title}>
          {guest.is_unread ? (
            <>
              <span className="board-rows__dot" aria-hidden="true" />
              <span className="visually-hidden">{t('guests.row_unread')}</span>
            </>
          ) : null}
          <span className="guest-row__name">{title}</span>
          {tags.map((tag) => (
            <span key={tag} className="board-rows__tag" data-testid="guest-tag">
              {tag}
            </span>
          ))}
        </span>
        <span className="guest-row__came" title={cameBy}>
          {cameBy}
          {title !== number && number ? <span className="guest-row__number"> · {number}</span> : null}
        </span>
        <span className="guest-row__when" title={whenInFull}>
          {when}
        </span>
      </button>
    </li>
  );
}
