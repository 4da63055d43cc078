import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { activityOf, type InventoryOrder } from '../../../../shared/inventory/orders.js';
import type { Locale } from '../../../../shared/locales.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatCompactMoment, formatDateTime } from '../../components/conversation/times.js';
import { fullName } from '../../lib/names.js';
import { customerName, isOptedOut } from './orderList.js';

export interface OrderPlace {
  locale: Locale;
  timeZone: string;
}

/**
 * The board's orders, newest activity first, each a two-line card at every width: who and when on
 * the first line, what (vehicle or part, its stock number) and who holds it on the second. A row is
 * a box to pick it for a text and a button that opens it, so the keyboard reaches both with Tab;
 * back from an order on a phone, the keyboard lands on its button again (`returnTo`). Unread ones
 * are bold with a dot and say so to a screen reader; markers are words, not colour alone.
 */
export function OrderRows({
  list,
  selectedId,
  picked,
  place,
  now,
  onOpen,
  onToggle,
  returnTo,
}: {
  list: { rows: InventoryOrder[]; loading: boolean; loadingRest: boolean; failed: boolean };
  selectedId: string | null;
  picked: (id: string) => boolean;
  place: OrderPlace;
  now: number;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  /** The order whose button takes the keyboard once it is listed again, then forgotten (`done`). */
  returnTo: { id: string | null; done: () => void };
}) {
  const { t } = useTranslation('inventory');
  const openers = useRef(new Map<string, HTMLButtonElement>());
  const { id: focusId, done } = returnTo;
  useEffect(() => {
    const button = focusId ? openers.current.get(focusId) : undefined;
    if (!button) return;
    button.focus();
    done();
  }, [focusId, done, list.rows]);

  const line = (row: InventoryOrder) => {
    const name = customerName(row) || t('inventory.no_name');
    const at = activityOf(row);
    const holder = row.agent ? fullName(row.agent) : t('inventory.no_holder');
    return (
      <li
        key={row.id}
        className={['order-row', row.id === selectedId ? 'order-row--open' : '', row.is_unread ? 'order-row--unread' : ''].filter(Boolean).join(' ')}
        data-testid="order-row"
        data-order-id={row.id}
        data-unread={row.is_unread}
      >
        <input type="checkbox" className="order-row__pick" checked={picked(row.id)} aria-label={t('mass_text.pick_row', { name })} data-testid="order-pick" onChange={() => onToggle(row.id)} />
        <button
          ref={(button) => {
            if (button) openers.current.set(row.id, button);
            else openers.current.delete(row.id);
          }}
          type="button"
          className="order-row__open"
          aria-current={row.id === selectedId ? 'true' : undefined}
          data-testid="order-open"
          onClick={() => onOpen(row.id)}
        >
          <span className="order-row__who" title={name}>
            {row.is_unread ? <span className="order-row__dot" aria-hidden="true" /> : null}
            {row.is_unread ? <span className="visually-hidden">{t('inventory.row_unread')}</span> : null}
            <span className="order-row__name">{name}</span>
            {isOptedOut(row) ? <span className="order-tag">{t('markers.opted_out')}</span> : null}
            {row.customer.blocked_at ? <span className="order-tag">{t('markers.blocked')}</span> : null}
            {row.failed_message_id ? (
              <span className="order-tag order-tag--alert" data-testid="order-failed-tag">
                {t('inventory.text_failed')}
              </span>
            ) : null}
          </span>
          <time className="order-row__when" dateTime={at} title={formatDateTime(at, place.locale, place.timeZone)}>
            {formatCompactMoment(at, place.locale, place.timeZone, now)}
          </time>
          <span className="order-row__what" title={row.description}>
            <span className="order-row__kind">{t(`inventory.kind_${row.item_kind}`)}</span> {row.description} · {t('inventory.stock_short', { number: row.stock_number })}
          </span>
          <span className="order-row__holder" title={holder}>
            {holder}
          </span>
        </button>
      </li>
    );
  };

  return (
    <div className="board__list order-list" aria-busy={list.loading || list.loadingRest}>
      <ul className="order-list__rows" aria-label={t('inventory.list_label')}>
        {list.rows.map(line)}
      </ul>
      <ListNotices
        rowCount={list.rows.length}
        loading={list.loading}
        loadingRest={list.loadingRest}
        failed={list.failed}
        failedText={t('inventory.fetch_failed')}
        emptyText={t('inventory.empty')}
        moreText={t('inventory.loading_more')}
        testId="inventory-notice"
      />
    </div>
  );
}
