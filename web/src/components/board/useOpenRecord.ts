/**
 * The record a board has open (its id in the address): the row already loaded when it is on the
 * list, else fetched on its own (a link, a desktop notice, the other list), once, without retries.
 */
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
  return {
    open: listed ?? single.data ?? null,
    missing: Boolean(openId && !listed && single.error instanceof ApiError && single.error.status === 404),
    loading: Boolean(openId && !listed && single.isLoading),
  };
}
