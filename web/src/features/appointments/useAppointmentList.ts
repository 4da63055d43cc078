/**
 * The board's appointments (SPEC §7 paging, lib/pagedList.ts): the first page, then the rest
 * together, earlier results kept. Events, the agent's own actions and resyncs change it
 * (reduceAppointments).
 */
import { useCallback, useMemo } from 'react';
import { APPOINTMENT_PAGE_SIZE, type Appointment } from '../../../../shared/appointments/appointments.js';
import { usePagedList, type ListFailure, type PagedList } from '../../lib/pagedList.js';
import { appointmentRows, reduceAppointments, type AppointmentChange, type AppointmentPage } from './appointmentList.js';
import { appointmentPagePath, fetchAppointmentPage, type AppointmentList } from './requests.js';

/** The paged list; its changes go through `apply` (the reducer's rules), not a free `update`. */
export interface AppointmentListState extends Omit<PagedList<AppointmentPage>, 'update'> {
  rows: Appointment[];
  apply(change: AppointmentChange): void;
}

const LIST_FAILURE: ListFailure = { textKey: 'appointments:appointments.fetch_failed', toastId: 'appointments-appointments.fetch_failed', quietWhenForbidden: false };

export function useAppointmentList(locationId: string, list: AppointmentList): AppointmentListState {
  const pagePath = useCallback((index: number) => appointmentPagePath(locationId, list, index), [locationId, list]);
  const paged = usePagedList<AppointmentPage>({ pagePath, fetchPage: fetchAppointmentPage, pageSize: APPOINTMENT_PAGE_SIZE, failure: LIST_FAILURE });
  const { update } = paged;

  return useMemo<AppointmentListState>(
    () => ({
      ...paged,
      rows: appointmentRows(paged.pages),
      apply: (change) => update((pages) => reduceAppointments(pages, change)),
    }),
    [paged, update],
  );
}
