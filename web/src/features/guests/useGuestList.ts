/**
 * One of the board's lists (open or archived; SPEC §7 paging, lib/pagedList.ts): the first page,
 * then the rest together, earlier results kept; events, the agent's own actions and resyncs change
 * it through `apply` (guestList.ts).
 */
import { useCallback, useMemo } from 'react';
import { GUEST_PAGE_SIZE, type Guest, type GuestList } from '../../../../shared/guests/guests.js';
import { usePagedList, type ListFailure, type PagedList } from '../../lib/pagedList.js';
import { guestRows, reduceGuests, type GuestChange, type GuestPage } from './guestList.js';
import { fetchGuestPage, guestPagePath } from './requests.js';

export interface GuestListState extends Omit<PagedList<GuestPage>, 'update'> {
  list: GuestList;
  rows: Guest[];
  apply(change: GuestChange): void;
}

const FAILURE: ListFailure = { textKey: 'guests:guests.fetch_failed', toastId: 'guests-guests.fetch_failed', quietWhenForbidden: true };

export function useGuestList(locationId: string, list: GuestList): GuestListState {
  const pagePath = useCallback((index: number) => guestPagePath(locationId, list, index), [locationId, list]);
  const paged = usePagedList<GuestPage>({ pagePath, fetchPage: fetchGuestPage, pageSize: GUEST_PAGE_SIZE, failure: FAILURE });
  const { update } = paged;
  return useMemo<GuestListState>(() => ({ ...paged, list, rows: guestRows(paged.pages), apply: (change) => update((pages) => reduceGuests(pages, change, list)) }), [paged, update, list]);
}
