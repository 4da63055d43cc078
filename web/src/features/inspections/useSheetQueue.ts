/**
 * One MPI list (SPEC §7 paging, §9 page size 50): the first page shows as soon as it comes, the
 * remaining ceil(total/50) - 1 pages are asked for together and join it. Kept live from the
 * stream: any `mpi.changed` of the location asks again, and a sheet that left the pool (claimed
 * elsewhere) leaves this screen's pool at once, before the new answer arrives.
 */
import { useCallback, useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { MPI_PAGE_SIZE, type SheetListEntry } from '../../../../shared/inspections/inspections.js';
import { reportFailure } from '../../lib/failures.js';
import { useLiveChanges } from '../../lib/liveChanges.js';
import { MPI_EVENTS } from '../../../../shared/inspections/events.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { fetchQueuePage, queuePagePath, type QueuePage, type QueueView } from './requests.js';

export interface SheetQueueList {
  entries: SheetListEntry[];
  total: number | null;
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  /** Take an order off this list now (a claim here answered, or a claim elsewhere won). */
  remove(repairOrderId: string): void;
  revalidate(): void;
}

/** Whether a sheet in this state belongs on the pool; other lists are simply asked again. */
export function leavesPool(state: string): boolean {
  return state !== 'unclaimed';
}

/** Entries in page order, each order once (a sheet can move between pages while they load). */
export function queueEntries(pages: readonly QueuePage[] | undefined): SheetListEntry[] {
  const seen = new Set<string>();
  const out: SheetListEntry[] = [];
  for (const page of pages ?? []) {
    for (const entry of page.entries) {
      if (seen.has(entry.repair_order.id)) continue;
      seen.add(entry.repair_order.id);
      out.push(entry);
    }
  }
  return out;
}

export function useSheetQueue(locationId: string, queue: QueueView, enabled = true): SheetQueueList {
  const getKey = useCallback((index: number) => (enabled ? queuePagePath(locationId, queue, index) : null), [locationId, queue, enabled]);
  const { data, size, setSize, mutate, error, isLoading, isValidating } = useSWRInfinite<QueuePage>(getKey, fetchQueuePage, {
    parallel: true,
    revalidateFirstPage: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: reportFailure,
  });

  const total = data?.[0]?.meta.paging.total ?? null;
  const pageCount = total === null ? 1 : Math.max(1, Math.ceil(total / MPI_PAGE_SIZE));
  useEffect(() => {
    if (error || size === pageCount) return;
    void setSize(pageCount);
  }, [pageCount, size, setSize, error]);

  const change = useLiveChanges({ data, isValidating, mutate });
  const remove = useCallback(
    (repairOrderId: string) => change((pages) => pages.map((p) => ({ ...p, entries: p.entries.filter((e) => e.repair_order.id !== repairOrderId) }))),
    [change],
  );
  const revalidate = useCallback(() => void mutate(), [mutate]);

  useStreamEvents(
    (event) => {
      if (!enabled || event.type !== 'mpi.changed' || event.data.location_id !== locationId) return;
      if (queue === 'pool' && leavesPool(event.data.state)) remove(event.data.repair_order_id);
      revalidate();
    },
    () => revalidate(),
    MPI_EVENTS,
  );

  return useMemo(
    () => ({
      entries: queueEntries(data),
      total,
      loading: isLoading,
      loadingRest: !error && !isLoading && (data?.length ?? 0) < pageCount,
      failed: Boolean(error),
      remove,
      revalidate,
    }),
    [data, total, isLoading, error, pageCount, remove, revalidate],
  );
}
