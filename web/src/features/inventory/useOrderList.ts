/**
 * The board's orders (SPEC §7 paging, lib/pagedList.ts): the first page, then the rest together,
 * earlier results kept. Events, the agent's own actions and resyncs change it (reduceOrders).
 */
import { useCallback, useMemo } from 'react';
import { INVENTORY_PAGE_SIZE, type InventoryOrder } from '../../../../shared/inventory/orders.js';
import { usePagedList, type ListFailure, type PagedList } from '../../lib/pagedList.js';
import { orderRows, reduceOrders, type OrderChange, type OrderPage, type OrderView } from './orderList.js';
import { fetchOrderPage, orderPagePath } from './requests.js';

export interface OrderListState extends Omit<PagedList<OrderPage>, 'update'> {
  rows: InventoryOrder[];
  view: OrderView;
  apply(change: OrderChange): void;
}

const LIST_FAILURE: ListFailure = { textKey: 'inventory:inventory.fetch_failed', toastId: 'inventory-fetch-failed', quietWhenForbidden: true };

export function useOrderList(locationId: string, view: OrderView): OrderListState {
  const pagePath = useCallback((index: number) => orderPagePath(locationId, view.list, index), [locationId, view.list]);
  const paged = usePagedList<OrderPage>({ pagePath, fetchPage: fetchOrderPage, pageSize: INVENTORY_PAGE_SIZE, failure: LIST_FAILURE });
  const { update } = paged;
  return useMemo<OrderListState>(
    () => ({ ...paged, rows: orderRows(paged.pages), view, apply: (change) => update((pages) => reduceOrders(pages, change, view)) }),
    [paged, update, view],
  );
}
