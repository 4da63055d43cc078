import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import type { Customer } from '../../../../shared/customers.js';
import type { InventoryOrder } from '../../../../shared/inventory/orders.js';
import { inventoryOrderConversation, inventoryPaths } from '../../../../shared/inventory/routes.js';
import { PHONE_WINDOW } from '../../app/layout/widths.js';
import { BoardScreen } from '../../components/board/BoardScreen.js';
import { useBoardContext } from '../../components/board/useBoardContext.js';
import { useBoardReadMarks } from '../../components/board/useBoardReadMarks.js';
import { useOpenRecord } from '../../components/board/useOpenRecord.js';
import { markRead } from '../../components/conversation/conversationRequests.js';
import { boardSelection } from '../../components/massText/selection.js';
import { useMassSelection } from '../../components/massText/useMassSelection.js';
import { useMediaQuery } from '../../lib/media.js';
import { unreadRows } from '../../lib/pagedRows.js';
import { menuLabel, useScreenName } from '../../lib/screenDefinition.js';
import { useSearchParam } from '../../lib/searchParam.js';
import { useReadySession } from '../../lib/session.js';
import { AddOrderDialog } from './AddOrderDialog.js';
import { OrderDetail } from './OrderDetail.js';
import { OrderRows, type OrderPlace } from './OrderRows.js';
import { customerName, isOptedOut, type OrderView } from './orderList.js';
import { fetchOrder } from './requests.js';
import { useOrderList } from './useOrderList.js';
import { useOrderLive } from './useOrderLive.js';
import menu from './locales/menu.json';
import './inventory.css';

/** Which orders a mass text from this board goes to; the "skip opted-out" box reads the board's opt status. */
const ORDER_SELECTION = boardSelection<InventoryOrder>('inventory', isOptedOut);

/** How often the rows' "when" is written again (today's times become weekdays at midnight). */
const CLOCK_MS = 60_000;

/**
 * The inventory board at /app/inventory (SPEC §2 menu "inventory (inbox vs all; add inventory
 * order)"): the open orders of vehicles and parts, newest activity first, the open one's
 * conversation and details beside them, adding an order, and one text to many. Managers and admins
 * see the store's every order or only their own; an inventory agent works from the orders they hold
 * (or every order, where the store has turned its inboxes off). The open order lives in the address
 * (?order=), the view too (?view=mine).
 */
export function InventoryBoard() {
  const { t } = useTranslation('inventory');
  const boardName = useScreenName(menuLabel(menu, 'inventory'));
  const { location, acting, settings } = useReadySession();
  const context = useBoardContext();
  const [selectedId, select] = useSearchParam('order');
  const [viewParam, setViewParam] = useSearchParam('view');
  const phone = useMediaQuery(PHONE_WINDOW);
  const [adding, setAdding] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  // SPEC §6: access level above 0 sees every order of the store; so does everyone where the store has no inboxes.
  const mayListAll = context.manager || settings.inventory_settings?.inbox_enabled === false;
  const view = useMemo<OrderView>(() => (mayListAll && viewParam !== 'mine' ? { list: 'all' } : { list: 'mine', agentId: acting.id }), [mayListAll, viewParam, acting.id]);
  const list = useOrderList(location.id, view);
  const place = useMemo<OrderPlace>(() => ({ locale: context.locale, timeZone: context.timeZone }), [context.locale, context.timeZone]);
  const mass = useMassSelection(ORDER_SELECTION, list.rows, list.total);

  // One that is not on the list (a link, a notice, a closed one) is fetched on its own.
  const opened = useOpenRecord(
    selectedId,
    list.rows,
    (id) => inventoryPaths.order(location.id, id),
    (id) => fetchOrder(location.id, id),
  );
  const selected = opened.open;

  // Events and timers outlive renders: they reach the latest list and open order through a ref.
  const latest = useRef({ list, selected });
  latest.current = { list, selected };

  /** An order as the server answered it: its row (on the list or off it) and its own cache follow. */
  const takeOrder = (order: InventoryOrder) => {
    latest.current.list.apply({ type: 'put', order });
    void mutate(inventoryPaths.order(location.id, order.id), order, { revalidate: false });
  };
  const takeCustomer = (customer: Customer) => {
    latest.current.list.apply({ type: 'customer', customer });
    const open = latest.current.selected;
    if (open && open.customer.id === customer.id) takeOrder({ ...open, customer: { ...open.customer, ...customer, inventory_customer: { opt_in: customer.opt_in } } });
  };

  // Any agent who opens an order has read it (a colleague covers for its holder).
  const marking = useBoardReadMarks(
    {
      show(id, unread) {
        latest.current.list.apply({ type: 'read', id, unread });
        void mutate<InventoryOrder>(inventoryPaths.order(location.id, id), (o) => (o ? { ...o, is_unread: unread } : o), { revalidate: false });
      },
      send(id, unread) {
        markRead<{ order: InventoryOrder }>(inventoryOrderConversation(location.id, id), unread)
          .then((b) => takeOrder(b.order))
          // The flag shown may now be wrong: ask the server what it is.
          .catch(() => fetchOrder(location.id, id).then(takeOrder, () => undefined));
      },
    },
    { id: selectedId, record: selected },
    (order) => order.is_unread,
  );

  useOrderLive({
    list,
    locationId: location.id,
    openId: selectedId,
    onReadingArrival: (id) => marking.reading(id),
    onOpen: select,
    onFetched: (order) => {
      if (order.id === latest.current.selected?.id) void mutate(inventoryPaths.order(location.id, order.id), order, { revalidate: false });
    },
  });

  return (
    <BoardScreen
      kind="inventory"
      title={boardName}
      unread={unreadRows(list.rows)}
      phone={phone}
      openId={selectedId}
      opened={opened}
      onClose={() => select(null)}
      tools={
        <>
          {mayListAll ? (
            <div className="inventory-board__views" role="group" aria-label={t('inventory.view_label')}>
              {(['all', 'mine'] as const).map((name) => (
                <button key={name} type="button" className="button button--small" aria-pressed={view.list === name} data-testid={`view-${name}`} onClick={() => setViewParam(name === 'all' ? null : name)}>
                  {t(`inventory.view_${name}`)}
                </button>
              ))}
            </div>
          ) : null}
          <button type="button" className="button button--primary button--small" data-testid="add-order" onClick={() => setAdding(true)}>
            {t('inventory.add')}
          </button>
        </>
      }
      rows={list.rows}
      mass={mass}
      place={place}
      list={(back) => <OrderRows list={list} selectedId={selectedId} picked={mass.picked} place={place} now={now} onOpen={select} onToggle={mass.toggle} returnTo={back} />}
      conversation={
        selected && {
          owner: inventoryOrderConversation(location.id, selected.id),
          subject: { customer: selected.customer, closed: selected.closed_at !== null, closedText: t('inventory.closed_composer'), ownerRefusal: null },
          title: customerName(selected) || t('inventory.no_name'),
          subtitle: `${t(`inventory.kind_${selected.item_kind}`)}: ${selected.description} · ${t('inventory.stock_short', { number: selected.stock_number })}`,
          unread: selected.is_unread,
          onToggleUnread: (value) => marking.choose(selected.id, value),
        }
      }
      context={context}
      details={selected ? <OrderDetail id="order-detail" order={selected} context={context} onOrder={takeOrder} onCustomer={takeCustomer} /> : null}
      data={{ view: view.list }}
    >
      <AddOrderDialog
        open={adding}
        locationId={location.id}
        onClose={() => setAdding(false)}
        onAdded={(order) => {
          setAdding(false);
          takeOrder(order);
          select(order.id);
        }}
      />
    </BoardScreen>
  );
}
