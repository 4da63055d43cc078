import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetState, SheetSummary } from '../../../../shared/inspections/inspections.js';
import { scheduledToCustomerAt } from '../../lib/sheetToCustomer.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { ListNotices } from '../../components/board/BoardParts.js';
import { formatPhone } from '../../lib/phone.js';
import { customerName, orderSubtitle } from './boardRows.js';
import { nextUrgencyChange, promiseUrgency } from './promiseTime.js';
import type { BoardContext } from './boardContext.js';
import { formatCompactMoment, formatDateTime } from '../../components/conversation/times.js';
import './boardMpi.css';
import { OrderMarkers } from '../../lib/featureParts.js';

/** Repaint when a promise time changes colour (not on a clock loop); at least hourly, for the date shown. */
function useNow(promiseTimes: (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = promiseTimes.join('|');
  useEffect(() => {
    const wait = Math.min(nextUrgencyChange(promiseTimes, now) ?? Number.POSITIVE_INFINITY, 60 * 60 * 1000);
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
    // promiseTimes is read through its key: a new array with the same times is no change.
  }, [key, now]);
  return now;
}

/** A row's box for a mass text: whether the order is picked, and picking or unpicking it. */
export interface RowPick {
  picked: (id: string) => boolean;
  toggle: (id: string) => void;
}

export function BoardTable({
  rows,
  loading,
  loadingRest,
  failed,
  filtered,
  selectedId,
  onSelect,
  pick = null,
  context,
  openOnMove = true,
}: {
  rows: RepairOrder[];
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  filtered: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Boxes to pick orders for a mass text (none on the archived list); Space picks the focused row. */
  pick?: RowPick | null;
  context: BoardContext;
  /**
   * Arrow keys open the order they land on (beside the conversation); on a phone, where opening
   * replaces the list, they only move and Enter opens.
   */
  openOnMove?: boolean;
}) {
  const { t } = useTranslation('serviceBoard');
  const now = useNow(rows.map((r) => r.promise_time));
  const body = useRef<HTMLTableSectionElement>(null);
  const focusIndex = Math.max(
    0,
    rows.findIndex((r) => r.id === selectedId),
  );

  function move(event: KeyboardEvent<HTMLTableSectionElement>) {
    const items = Array.from(body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-ro-id]') ?? []);
    const at = items.findIndex((row) => row === document.activeElement);
    let target = at;
    switch (event.key) {
      case 'ArrowDown':
        target = Math.min(items.length - 1, at + 1);
        break;
      case 'ArrowUp':
        target = Math.max(0, at - 1);
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = items.length - 1;
        break;
      case 'Enter': {
        const id = items[at]?.dataset.roId;
        if (id) onSelect(id);
        event.preventDefault();
        return;
      }
      case ' ': {
        // Space picks the row for a mass text, as a box does; without boxes it opens, as Enter does.
        const id = items[at]?.dataset.roId;
        if (id) (pick ? pick.toggle : onSelect)(id);
        event.preventDefault();
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    const row = items[target];
    if (!row) return;
    row.focus();
    if (openOnMove && row.dataset.roId) onSelect(row.dataset.roId);
  }

  return (
    <div className="board__list board-list">
      <table className="board-table" role="grid" aria-label={t('board.list_label')} aria-busy={loading || loadingRest}>
        <thead>
          <tr role="row">
            {COLUMNS.map((column) => (
              <th
                key={column.id}
                scope="col"
                role="columnheader"
                className={`board-cell--${column.id}`}
                data-column={column.id}
                data-drops={column.drops ?? undefined}
                title={t(column.label)}
              >
                {t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={move}>
          {rows.map((row, index) => (
            <BoardRow
              key={row.id}
              row={row}
              selected={row.id === selectedId}
              focusable={index === focusIndex}
              now={now}
              context={context}
              onSelect={onSelect}
              picked={pick ? pick.picked(row.id) : null}
              onPick={pick?.toggle}
            />
          ))}
        </tbody>
      </table>
      <ListNotices
        rowCount={rows.length}
        loading={loading}
        loadingRest={loadingRest}
        failed={failed}
        failedText={t('board.fetch_failed')}
        emptyText={filtered ? t('board.no_match') : t('board.empty')}
        moreText={t('board.loading_more')}
        testId="board-notice"
      />
    </div>
  );
}

/**
 * The list's columns. Phone and Advisor are the ones a narrow list leaves out (serviceBoard.css, by
 * the list's own width): the phone is in the details and the conversation's header, and an
 * advisor's inbox is their own orders. Customer, Promise Time and Tech Status always show.
 */
const COLUMNS: { id: string; label: string; drops?: 'narrow' | 'narrower' }[] = [
  { id: 'customer', label: 'board.column_customer' },
  { id: 'phone', label: 'board.column_phone', drops: 'narrow' },
  { id: 'promise', label: 'board.column_promise_time' },
  { id: 'advisor', label: 'board.column_advisor', drops: 'narrower' },
  { id: 'status', label: 'board.column_tech_status' },
];

function BoardRow({
  row,
  selected,
  focusable,
  now,
  context,
  onSelect,
  picked,
  onPick,
}: {
  row: RepairOrder;
  selected: boolean;
  focusable: boolean;
  now: number;
  context: BoardContext;
  onSelect: (id: string) => void;
  /** Whether the row is picked for a mass text; null: no box. */
  picked: boolean | null;
  onPick?: (id: string) => void;
}) {
  const { t } = useTranslation('serviceBoard');
  const { customer } = row;
  const urgency = promiseUrgency(row.promise_time, now, row.closed || row.vehicle_ready);
  const phone = customer.phones.cell ?? customer.phones.work ?? customer.phones.alternate;
  const code = row.custom.work_order_status_code;
  const sub = orderSubtitle(row, t);
  const name = customerName(row) || t('board.no_name');
  const advisor = row.agent ? `${row.agent.first_name} ${row.agent.last_name}` : null;
  const status = code ? t(`tech_status.${code}`) : '';
  const promise = row.promise_time ? formatCompactMoment(row.promise_time, context.locale, context.timeZone, now) : '';
  // The compact form leaves the date out; the full moment is the tooltip.
  const promiseFull = row.promise_time ? formatDateTime(row.promise_time, context.locale, context.timeZone) : '';
  const classes = ['board-row', row.is_unread ? 'board-row--unread' : '', selected ? 'board-row--selected' : ''].filter(Boolean).join(' ');
  return (
    <tr
      className={classes}
      data-testid="board-row"
      data-ro-id={row.id}
      data-unread={row.is_unread ? 'true' : 'false'}
      role="row"
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      onClick={() => onSelect(row.id)}
    >
      <td role="gridcell" className="board-row__customer board-cell--customer">
        <span className="board-row__who">
          {picked !== null ? (
            // The row takes the keyboard (Space picks it); the box is for a pointer, so it is no tab stop of its own.
            <input
              type="checkbox"
              className="board-row__pick"
              tabIndex={-1}
              checked={picked}
              aria-label={t('mass_text.pick_row', { name: `${name}, ${sub}` })}
              data-testid="order-pick"
              onClick={(event) => event.stopPropagation()}
              onChange={() => onPick?.(row.id)}
            />
          ) : null}
          <span className="board-row__what">
            <span className="board-row__name-line">
              {row.is_unread ? <span className="board-row__dot" data-testid="row-unread" role="img" aria-label={t('board.row_unread')} /> : null}
              <span className="board-row__name">{name}</span>
              <RowMarkers row={row} />
              <OrderMarkers order={row} />
            </span>
            <span className="board-row__sub" title={sub}>
              {sub}
            </span>
          </span>
        </span>
      </td>
      {/* Cells that can be narrower than their text end in an ellipsis and carry the whole text as a title. */}
      <td role="gridcell" className="board-row__phone board-cell--phone" title={formatPhone(phone)}>
        {formatPhone(phone)}
      </td>
      <td role="gridcell" className="board-row__promise board-cell--promise">
        {row.promise_time ? (
          <time dateTime={row.promise_time} className={`promise promise--${urgency}`} data-urgency={urgency} title={promiseFull}>
            {promise}
            {urgency === 'overdue' || urgency === 'soon' ? <span className="visually-hidden"> ({t(`board.promise_${urgency}`)})</span> : null}
          </time>
        ) : null}
      </td>
      <td role="gridcell" className="board-row__advisor board-cell--advisor" title={advisor ?? undefined}>
        {advisor ?? <span className="muted">{t('board.no_advisor')}</span>}
      </td>
      <td role="gridcell" className="board-row__status board-cell--status">
        {status ? (
          <span className="board-row__tech" data-testid="board-tech-status" title={status}>
            {status}
          </span>
        ) : null}
        <MpiChip sheet={row.sheet} />
      </td>
    </tr>
  );
}

/** Small flags after the name: why this row needs a look, or why it cannot be texted. */
export function RowMarkers({ row }: { row: RepairOrder }) {
  const { t } = useTranslation('serviceBoard');
  const markers: { id: string; label: string; tone: 'danger' | 'warning' | 'info' | 'ok' }[] = [];
  if (row.customer.opt_in === 'out') markers.push({ id: 'opted-out', label: t('markers.opted_out'), tone: 'danger' });
  if (row.customer.blocked_at) markers.push({ id: 'blocked', label: t('markers.blocked'), tone: 'danger' });
  if (row.metadata.missed_call) markers.push({ id: 'missed-call', label: t('markers.missed_call'), tone: 'warning' });
  if (row.custom.customer_waiting) markers.push({ id: 'customer-waiting', label: t('markers.customer_waiting'), tone: 'info' });
  if (row.vehicle_ready) markers.push({ id: 'vehicle-ready', label: t('markers.vehicle_ready'), tone: 'ok' });
  // Routed here from an away colleague's inbox (shared/presence.ts): whose customer this is.
  if (row.routed_from) markers.push({ id: 'routed', label: t('board.routed_from', { name: `${row.routed_from.first_name} ${row.routed_from.last_name}`.trim() }), tone: 'info' });
  if (!markers.length) return null;
  return (
    <span className="markers">
      {markers.map((m) => (
        <span key={m.id} className={`marker marker--${m.tone}`} data-testid={`marker-${m.id}`}>
          {m.label}
        </span>
      ))}
    </span>
  );
}

export interface BoardMpiChip {
  state: SheetState;
  /** Locale key under board_mpi and its values. */
  key: string;
  values: Record<string, string | number>;
}

/** "Luis O.": enough to know who has the car's sheet, short enough for the column. */
export function shortName(person: { first_name: string; last_name: string }): string {
  const initial = person.last_name.trim().charAt(0);
  return initial ? `${person.first_name} ${initial}.`.trim() : person.first_name.trim();
}

/**
 * Where the order's inspection is, in a few words for the Tech Status column: in the pool, with
 * whoever holds it, back with the advisors, and once sent how much of the work was approved.
 */
export function boardMpiChip(sheet: SheetSummary | null): BoardMpiChip | null {
  if (!sheet) return null;
  const { state } = sheet;
  switch (state) {
    case 'unclaimed':
      return { state, key: 'pool', values: {} };
    case 'claimed':
    case 'reclaimed':
      return sheet.holder ? { state, key: 'held', values: { name: shortName(sheet.holder) } } : { state, key: 'claimed', values: {} };
    case 'completed_by_technician':
      return { state, key: 'to_advisor', values: {} };
    case 'completed_by_advisor': {
      // Held for quiet hours: the customer has nothing yet.
      if (scheduledToCustomerAt(sheet)) return { state, key: 'scheduled', values: {} };
      const recs = sheet.recommendations;
      if (sheet.sent_to_customer_at && recs.total > 0) return { state, key: 'approved', values: { approved: recs.approved, total: recs.total } };
      return { state, key: sheet.sent_to_customer_at ? 'sent' : 'completed', values: {} };
    }
  }
}

function MpiChip({ sheet }: { sheet: SheetSummary | null }) {
  const { t } = useTranslation('serviceBoard');
  const chip = boardMpiChip(sheet);
  if (!chip) return null;
  const label = t(`board_mpi.chip_${chip.key}`, chip.values);
  return (
    <span className={`mpi-chip mpi-chip--${chip.state}`} data-testid="board-mpi-status" data-state={chip.state} title={label}>
      {label}
    </span>
  );
}
