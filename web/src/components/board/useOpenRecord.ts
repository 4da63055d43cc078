/**
 * The record a board has open (its id in the address): the row already loaded when it is on the
 * list, else fetched on its own (a link, a desktop notice, the other list), once, without retries.
 */
import { useRef } from 'react';
import useSWR from 'swr';
import { ApiError } from '../../lib/request.js';

export interface OpenRecord<Row> {
  open: Row | null;
  /** The server has no such record (or not for this agent): the board says so where the conversation goes. */
  missing: boolean;
  /** Still being fetched on its own. */
  loading: boolean;
}

export function useOpenRecord<Row extends { id: string }>(
  openId: string | null,
  rows: readonly Row[],
  pathOf: (id: string) => string,
  fetchOne: (id: string) => Promise<Row>,
): OpenRecord<Row> {
  const listed = openId ? rows.find((r) => r.id === openId) : undefined;
  const single = useSWR<Row>(openId && !listed ? pathOf(openId) : null, () => fetchOne(openId!), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: () => undefined,
  });
  // The record stays open while it moves between the list and its own fetch (a refreshed page
  // that no longer holds it, or holds it again): the panel showing it, and a dialog open in it,
  // must not vanish for the moment the other source takes to answer. A refusal (gone, no access) ends it.
  const last = useRef<Row | null>(null);
  const open = listed ?? single.data ?? (!single.error && last.current?.id === openId ? last.current : null);
  last.current = open;
  return {
    open,
    missing: Boolean(openId && !listed && single.error instanceof ApiError && single.error.status === 404),
    loading: Boolean(openId && !listed && single.isLoading),
  };
}
