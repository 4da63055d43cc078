/**
 * The board's list (SPEC §7 paging, lib/pagedList.ts): the first page, then the rest in parallel.
 * When a page fails for good the agent reads 'An error occurred fetching Repair Orders' (SPEC §8).
 */
import { useCallback, useMemo } from 'react';
import { SERVICE_PAGE_SIZE, type RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { type Customer } from '../../../../shared/customers.js';
import { usePagedList, type ListFailure, type PagedList } from '../../lib/pagedList.js';
import { boardRows, mergeRepairOrder, patchRows, withoutRow, type BoardView, type RepairOrderPage } from './boardRows.js';
import { boardPagePath, fetchBoardPage } from './requests.js';

export interface BoardList extends PagedList<RepairOrderPage> {
  rows: RepairOrder[];
  /** Put a freshly fetched or changed order in its place (or take it off this list). */
  applyOrder(order: RepairOrder): void;
  /** The customer of every row they appear on. */
  applyCustomer(customer: Customer): void;
  patch(match: (order: RepairOrder) => boolean, change: (order: RepairOrder) => RepairOrder): void;
  remove(id: string): void;
}

const BOARD_FAILURE: ListFailure = { textKey: 'serviceBoard:board.fetch_failed', toastId: 'board-fetch-failed', quietWhenForbidden: true };

export function useBoardList(locationId: string, view: BoardView): BoardList {
  const pagePath = useCallback((index: number) => boardPagePath(locationId, view, index), [locationId, view]);
  const list = usePagedList<RepairOrderPage>({ pagePath, fetchPage: fetchBoardPage, pageSize: SERVICE_PAGE_SIZE, failure: BOARD_FAILURE });
  const { update } = list;

  return useMemo<BoardList>(
    () => ({
      ...list,
      rows: boardRows(list.pages),
      applyOrder: (order) => update((pages) => mergeRepairOrder(pages, order, view)),
      applyCustomer: (customer) =>
        update((pages) =>
          patchRows(
            pages,
            (r) => r.customer.id === customer.id,
            (r) => ({ ...r, customer }),
          ),
        ),
      patch: (match, change) => update((pages) => patchRows(pages, match, change)),
      remove: (id) => update((pages) => withoutRow(pages, id)),
    }),
    [list, update, view],
  );
}
