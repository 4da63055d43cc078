/**
 * The board's appointments (SPEC §7 paging): the first page (20) shows as soon as it comes, then
 * the remaining ceil(total/20) - 1 pages are asked for together and join it, earlier results kept.
 * After five tries a page's failure is said once and loading stops with what had loaded (SPEC §8).
 * Nothing polls: events, the agent's own actions and resyncs change it (reduceAppointments).
 */
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import useSWRInfinite from 'swr/infinite';
import { APPOINTMENT_PAGE_SIZE, type Appointment } from '../../../../shared/appointments.js';
import { reportFailure } from '../../lib/failures.js';
import { i18n } from '../../lib/i18n.js';
import { useLiveChanges } from '../../lib/liveChanges.js';
import { ApiError } from '../../lib/request.js';
import { appointmentRows, reduceAppointments, type AppointmentChange, type AppointmentPage } from './appointmentList.js';
import { appointmentPagePath, fetchAppointmentPage, type AppointmentList } from './requests.js';

export interface AppointmentListState {
  rows: Appointment[];
  pages: AppointmentPage[] | undefined;
  /** Appointments the server counts on this list (the rows may still be arriving). */
  total: number | null;
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  apply(change: AppointmentChange): void;
  revalidate(): void;
}

function onListError(error: unknown, failedKey: string): void {
  const kind = error instanceof ApiError ? error.action.kind : 'unexpected';
  if (kind === 'aborted') return;
  if (kind === 'session_expired' || kind === 'inactive' || kind === 'offline') {
    reportFailure(error);
    if (kind !== 'offline') return;
  }
  toast.error(i18n.t(failedKey), { id: `appointments-${failedKey}` });
}

export function useAppointmentList(locationId: string, list: AppointmentList): AppointmentListState {
  const getKey = useCallback((index: number) => appointmentPagePath(locationId, list, index), [locationId, list]);
  const { data, size, setSize, mutate, error, isLoading, isValidating } = useSWRInfinite<AppointmentPage>(getKey, fetchAppointmentPage, {
    parallel: true,
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // fetchAppointmentPage has tried five times already.
    shouldRetryOnError: false,
    onError: (e: unknown) => onListError(e, 'appointments.fetch_failed'),
  });

  const total = data?.[0]?.meta.paging.total ?? null;
  const pageCount = total === null ? 1 : Math.max(1, Math.ceil(total / APPOINTMENT_PAGE_SIZE));
  useEffect(() => {
    if (error || size >= pageCount) return;
    void setSize(pageCount);
  }, [pageCount, size, setSize, error]);

  const update = useLiveChanges({ data, isValidating, mutate });

  return useMemo<AppointmentListState>(
    () => ({
      rows: appointmentRows(data),
      pages: data,
      total,
      loading: isLoading,
      loadingRest: !error && !isLoading && (data?.length ?? 0) < pageCount,
      failed: Boolean(error),
      apply: (change) => update((pages) => reduceAppointments(pages, change)),
      revalidate: () => void mutate(),
    }),
    [data, total, isLoading, error, pageCount, update, mutate],
  );
}
