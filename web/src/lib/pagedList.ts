/**
 * A board's whole list from a paged endpoint (SPEC §7 paging): the first page (20) shows as soon
 * as it comes, then the remaining ceil(total/20) - 1 pages are asked for in parallel and join it,
 * earlier results kept. The page fetcher tries each page five times, 1 s apart; after that the
 * agent is told once and loading stops with what had loaded (SPEC §8). Nothing polls: events, the
 * agent's own actions and resyncs change the list through `update`.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import useSWRInfinite from 'swr/infinite';
import type { Paging } from '../../../shared/api.js';
import { reportFailure } from './failures.js';
import { i18n } from './i18n.js';
import { useLiveChanges } from './liveChanges.js';
import { ApiError } from './request.js';

export interface PagedList<Page> {
  pages: Page[] | undefined;
  /** Rows the server counts on this list (they may still be arriving). */
  total: number | null;
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  /** Change the pages with a pure function of them (events, the agent's own actions). */
  update(change: (pages: Page[]) => Page[]): void;
  revalidate(): void;
}

/** What the agent reads when a page could not be had, and the toast's id (said once, however many pages fail). */
export interface ListFailure {
  /** A shared key, or a feature's own as '<feature>:<key>'. */
  textKey: string;
  toastId: string;
  /**
   * A 403 says nothing to the agent: the board shown follows the acting agent's role, so a 403 means
   * the role changed under a list still revalidating and the shell is already switching boards.
   */
  quietWhenForbidden: boolean;
}

/** A page that failed for good: the session's own failures go to the shell, the rest to a toast. */
export function reportListFailure(error: unknown, failure: ListFailure): void {
  const kind = error instanceof ApiError ? error.action.kind : 'unexpected';
  if (kind === 'aborted') return;
  if (kind === 'session_expired' || kind === 'inactive' || kind === 'offline') reportFailure(error);
  if (kind === 'session_expired' || kind === 'inactive') return;
  if (failure.quietWhenForbidden && error instanceof ApiError && error.status === 403) return;
  toast.error(i18n.t(failure.textKey), { id: failure.toastId });
}

export function usePagedList<Page extends { meta: { paging: Paging } }>({
  pagePath,
  fetchPage,
  pageSize,
  failure,
}: {
  /** The page at this index, or null while there is nothing to ask for. */
  pagePath: (index: number) => string | null;
  /** Tries five times before it throws. */
  fetchPage: (path: string) => Promise<Page>;
  pageSize: number;
  failure: ListFailure;
}): PagedList<Page> {
  const { data, size, setSize, mutate, error, isLoading, isValidating } = useSWRInfinite<Page>(pagePath, fetchPage, {
    parallel: true,
    // The first page is already here when the rest is asked for; asking for it again would only reorder.
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // fetchPage has tried five times already.
    shouldRetryOnError: false,
    onError: (e: unknown) => reportListFailure(e, failure),
  });

  const total = data?.[0]?.meta.paging.total ?? null;
  const pageCount = total === null ? 1 : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    // After a failure loading stops (SPEC §8); a resync or a new view starts it again.
    if (error || size >= pageCount) return;
    void setSize(pageCount);
  }, [pageCount, size, setSize, error]);

  const update = useLiveChanges({ data, isValidating, mutate });
  const revalidate = useCallback(() => void mutate(), [mutate]);

  return useMemo<PagedList<Page>>(
    () => ({
      pages: data,
      total,
      loading: isLoading,
      loadingRest: !error && !isLoading && (data?.length ?? 0) < pageCount,
      failed: Boolean(error),
      update,
      revalidate,
    }),
    [data, total, isLoading, error, pageCount, update, revalidate],
  );
}
