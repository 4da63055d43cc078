/**
 * The board's list (SPEC §7 paging): the first page (20) shows as soon as it comes, then the
 * remaining ceil(total/20) - 1 pages are asked for in parallel and join it. Each page is tried 5
 * times, 1 s apart; after that the agent reads 'An error occurred fetching Repair Orders' and
 * loading stops (SPEC §8) with what had loaded kept. Nothing polls: events and resyncs update it.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import useSWRInfinite from 'swr/infinite';
import { SERVICE_PAGE_SIZE, type RepairOrder } from '../../../../shared/repairOrders.js';
import { type Customer } from '../../../../shared/customers.js';
import { reportFailure } from '../../lib/failures.js';
import { useLiveChanges } from '../../lib/liveChanges.js';
import { i18n } from '../../lib/i18n.js';
import { ApiError } from '../../lib/request.js';
import { boardRows, mergeRepairOrder, patchRows, type BoardView, type RepairOrderPage } from './boardRows.js';
import { boardPagePath, fetchBoardPage } from './requests.js';

export interface BoardList {
  rows: RepairOrder[];
  pages: RepairOrderPage[] | undefined;
  /** Orders the server counts on this list (the rows may still be arriving). */
  total: number | null;
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  /** Put a freshly fetched or changed order in its place (or take it off this list). */
  applyOrder(order: RepairOrder): void;
  /** The customer of every row they appear on. */
  applyCustomer(customer: Customer): void;
  patch(match: (order: RepairOrder) => boolean, change: (order: RepairOrder) => RepairOrder): void;
  /** Change the pages with a pure function of them (events). */
  update(change: (pages: RepairOrderPage[]) => RepairOrderPage[]): void;
  remove(id: string): void;
  revalidate(): void;
}

function onBoardError(error: unknown): void {
  const kind = error instanceof ApiError ? error.action.kind : 'unexpected';
  if (kind === 'aborted') return;
  if (kind === 'session_expired' || kind === 'inactive' || kind === 'offline') reportFailure(error);
  if (kind === 'session_expired' || kind === 'inactive') return;
  // The board shown is chosen by the acting agent's role: a 403 means the role changed under a list
  // still revalidating (a manager starting "view as" an advisor); the shell is already switching
  // to the board that role may see, so there is nothing for the agent to do about it.
  if (error instanceof ApiError && error.status === 403) return;
  toast.error(i18n.t('board.fetch_failed'), { id: 'board-fetch-failed' });
}

export function useBoardList(locationId: string, view: BoardView): BoardList {
  const getKey = useCallback((index: number) => boardPagePath(locationId, view, index), [locationId, view]);
  const { data, size, setSize, mutate, error, isLoading, isValidating } = useSWRInfinite<RepairOrderPage>(getKey, fetchBoardPage, {
    parallel: true,
    // The first page is already here when the rest is asked for; asking for it again would only reorder.
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // fetchBoardPage has tried five times already.
    shouldRetryOnError: false,
    onError: onBoardError,
  });

  const total = data?.[0]?.meta.paging.total ?? null;
  const pageCount = total === null ? 1 : Math.max(1, Math.ceil(total / SERVICE_PAGE_SIZE));
  useEffect(() => {
    // After a failure loading stops (SPEC §8); a resync or a new view starts it again.
    if (error || size >= pageCount) return;
    void setSize(pageCount);
  }, [pageCount, size, setSize, error]);

  const update = useLiveChanges({ data, isValidating, mutate });

  return useMemo<BoardList>(
    () => ({
      rows: boardRows(data),
      pages: data,
      total,
      loading: isLoading,
      loadingRest: !error && !isLoading && (data?.length ?? 0) < pageCount,
      failed: Boolean(error),
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
      update,
      remove: (id) => update((pages) => pages.map((p) => (p.repair_orders.some((r) => r.id === id) ? { ...p, repair_orders: p.repair_orders.filter((r) => r.id !== id) } : p))),
      revalidate: () => void mutate(),
    }),
    [data, total, isLoading, error, pageCount, update, view, mutate],
  );
}
