/**
 * The board kept live from the event stream (shared/inventory/events.ts InventoryEvent): a changed
 * order is fetched again and put in its place, or off the list when it left it (closed, someone
 * else's in "mine"); a text moves its order to the top and a customer's reply turns it unread and
 * raises a desktop notice while the tab is hidden; read marks from the agent's other tabs apply; a
 * customer's consent or block reaches their orders. After a lost connection came back, the list
 * asks again.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_EVENTS, type InventoryEvent } from '../../../../shared/inventory/events.js';
import type { InventoryOrder } from '../../../../shared/inventory/orders.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { customerName, findOrder } from './orderList.js';
import { fetchOrder } from './requests.js';
import type { OrderListState } from './useOrderList.js';
import type { Message } from '../../../../shared/messages.js';
import { arrivalPreview } from '../../components/conversation/arrivalPreview.js';

export interface LiveOrdersOptions {
  list: OrderListState;
  locationId: string;
  /** The order open in this tab. */
  openId: string | null;
  /** A reply came into the open conversation: the board marks it read as the agent reads it. */
  onReadingArrival: (id: string) => void;
  /** A desktop notice was clicked: open that order. */
  onOpen: (id: string) => void;
  /** An order was fetched again (the open one may not be on the list: its own cache follows). */
  onFetched: (order: InventoryOrder) => void;
}

export function useOrderLive(options: LiveOrdersOptions): void {
  const { t } = useTranslation('inventory');
  const latest = useRef(options);
  latest.current = options;
  // The answer of the newest fetch of each order wins; an older one that comes back later is dropped.
  const asked = useRef(new Map<string, number>());

  function refetch(id: string): void {
    const ask = (asked.current.get(id) ?? 0) + 1;
    asked.current.set(id, ask);
    const current = () => asked.current.get(id) === ask;
    fetchOrder(latest.current.locationId, id).then(
      (order) => {
        if (!current()) return;
        latest.current.list.apply({ type: 'put', order });
        latest.current.onFetched(order);
      },
      (error: unknown) => {
        // Gone for this agent: off the list.
        if (current() && error instanceof ApiError && (error.status === 404 || error.status === 403)) latest.current.list.apply({ type: 'remove', id });
      },
    );
  }

  function replyArrived(id: string, order: InventoryOrder | undefined, message: Message): void {
    if (isCatchUpEvent()) return;
    notifyWhenHidden({
      title: order ? t('inventory.notice_title', { name: customerName(order) }) : t('inventory.notice_title_unknown'),
      body: arrivalPreview(message, t),
      tag: `inventory-order-${id}`,
      onOpen: () => latest.current.onOpen(id),
    });
  }

  useStreamEvents<InventoryEvent>(
    (event) => {
      const { list, locationId, openId } = latest.current;
      switch (event.type) {
        case 'inventory_order.changed':
          if (event.data.location_id === locationId) refetch(event.data.id);
          return;
        case 'message.created': {
          if (!('inventory_order_id' in event.data) || event.data.location_id !== locationId) return;
          const id = event.data.inventory_order_id;
          const inbound = event.data.message.metadata.direction === 'inbound';
          const row = findOrder(list.pages, id);
          const reading = openId === id && row !== undefined;
          if (row) list.apply({ type: 'bump', id, at: event.data.message.created_at, inbound, reading });
          else refetch(id);
          if (!inbound) return;
          if (reading) latest.current.onReadingArrival(id);
          replyArrived(id, row, event.data.message);
          return;
        }
        case 'read.changed':
          if ('inventory_order_id' in event.data) list.apply({ type: 'read', id: event.data.inventory_order_id, unread: event.data.is_unread });
          return;
        case 'customer.changed':
          if (event.data.location_id !== locationId) return;
          for (const order of list.rows) if (order.customer.id === event.data.customer_id) refetch(order.id);
          return;
        case 'message.updated':
        case 'mass_message.progress':
          // The conversation follows its own messages; a mass text's progress is its dialog's.
          return;
      }
    },
    () => latest.current.list.revalidate(),
    INVENTORY_EVENTS,
  );
}
