/**
 * The board kept live from the event stream (shared/events.ts AppointmentEvent): a changed
 * appointment is fetched again and put in its place; a text bumps its thread and a customer's reply
 * turns it unread and raises a desktop notice while the tab is hidden; read marks from the agent's
 * other tabs apply; a customer's consent or block reaches every appointment of theirs. After a lost
 * connection came back, the list asks again. (A mass text's progress is its dialog's: components/massText.)
 */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { APPOINTMENT_EVENTS, type AppointmentEvent } from '../../../../shared/appointments/events.js';
import type { Customer } from '../../../../shared/customers.js';
import { api } from '../../lib/api.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, knowEvents, onResync, retainConnection, subscribe } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { customerName, findAppointment, onBoard } from './appointmentList.js';
import { fetchAppointment } from './requests.js';
import type { AppointmentListState } from './useAppointmentList.js';
import { arrivalPreview } from '../../components/conversation/arrivalPreview.js';

export interface LiveAppointmentsOptions {
  list: AppointmentListState;
  locationId: string;
  /** The store's timezone: the board starts at its today. */
  timeZone: string;
  /** The appointment open in this tab. */
  openId: string | null;
  /** A reply came into the open conversation: the board marks it read as the agent reads it. */
  onReadingArrival: (id: string) => void;
  /** A desktop notice was clicked: open that appointment. */
  onOpen: (id: string) => void;
  /** The open appointment changed (it may not be on the list: its own cache follows). */
  onFetched: (appointment: { id: string }) => void;
}

export function useAppointmentLive(options: LiveAppointmentsOptions): void {
  const { t } = useTranslation('appointments');
  const latest = useRef(options);
  latest.current = options;
  // One fetch per appointment at a time; a change meanwhile asks once more afterwards.
  const inFlight = useRef(new Map<string, boolean>());

  const refresh = useCallback((id: string) => {
    const flights = inFlight.current;
    if (flights.has(id)) {
      flights.set(id, true);
      return;
    }
    flights.set(id, false);
    fetchAppointment(latest.current.locationId, id)
      .then((appointment) => {
        // A change to one off the board (archived, or from before today) does not bring it onto it.
        latest.current.list.apply(onBoard(appointment, latest.current.timeZone) ? { type: 'replace', appointment } : { type: 'archive', id });
        latest.current.onFetched(appointment);
      })
      .catch((error: unknown) => {
        // Gone for this agent: off the board.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) latest.current.list.apply({ type: 'archive', id });
      })
      .finally(() => {
        const again = flights.get(id);
        flights.delete(id);
        if (again) refresh(id);
      });
  }, []);

  const customerChanged = useCallback((customerId: string, locationId: string) => {
    if (locationId !== latest.current.locationId) return;
    if (!latest.current.list.rows.some((a) => a.customer.id === customerId)) return;
    api
      .request<{ customer: Customer }>(`/api/customers/${encodeURIComponent(customerId)}`)
      .then(({ customer }) => latest.current.list.apply({ type: 'customer', customer }))
      .catch(() => latest.current.list.revalidate());
  }, []);

  const handle = useCallback(
    (event: AppointmentEvent) => {
      const { list, locationId, openId } = latest.current;
      switch (event.type) {
        case 'appointment.changed':
          if (event.data.location_id === locationId) refresh(event.data.id);
          return;
        case 'message.created': {
          // Other boards' conversations share the event; an appointment's names itself by appointment_id.
          if (!('appointment_id' in event.data) || event.data.location_id !== locationId) return;
          const id = event.data.appointment_id;
          const inbound = event.data.message.metadata.direction === 'inbound';
          const row = findAppointment(list.pages, id);
          const reading = openId === id && row !== undefined && !row.disable_read_mark;
          if (row) list.apply({ type: 'bump', id, at: event.data.message.created_at, inbound, reading });
          else refresh(id);
          if (!inbound) return;
          if (reading) latest.current.onReadingArrival(id);
          if (isCatchUpEvent()) return;
          notifyWhenHidden({
            title: row ? t('appointments.notice_title', { name: customerName(row) }) : t('appointments.notice_title_unknown'),
            body: arrivalPreview(event.data.message, t),
            tag: `appointment-${id}`,
            onOpen: () => latest.current.onOpen(id),
          });
          return;
        }
        case 'message.updated':
          // The conversation merges its own messages; the rows do not change.
          return;
        case 'read.changed':
          if ('appointment_id' in event.data) list.apply({ type: 'read', id: event.data.appointment_id, unread: event.data.is_unread });
          return;
        case 'customer.changed':
          customerChanged(event.data.customer_id, event.data.location_id);
          return;
        case 'gatekeeper_error':
          // A reminder the console did not send: the reason in the agent's language (the note stays in the conversation).
          if (!('appointment_id' in event.data) || isCatchUpEvent()) return;
          toast.error(refusalReasonText(event.data.reason, { opcode: event.data.opcode }) ?? event.data.message, {
            id: `gatekeeper-${event.data.appointment_id}-${event.data.kind}`,
          });
          return;
      }
    },
    [refresh, customerChanged, t],
  );

  useEffect(() => {
    knowEvents(APPOINTMENT_EVENTS);
    const release = retainConnection();
    const stops = [
      subscribe('appointment.changed', (data) => handle({ type: 'appointment.changed', data })),
      subscribe('message.created', (data) => handle({ type: 'message.created', data })),
      subscribe('read.changed', (data) => handle({ type: 'read.changed', data })),
      subscribe('customer.changed', (data) => handle({ type: 'customer.changed', data })),
      subscribe('gatekeeper_error', (data) => handle({ type: 'gatekeeper_error', data })),
      onResync(() => latest.current.list.revalidate()),
    ];
    return () => {
      for (const stop of stops) stop();
      release();
    };
  }, [handle]);
}
