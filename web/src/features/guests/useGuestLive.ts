/**
 * The board kept live from the event stream (shared/guests/events.ts GuestEvent): a guest that
 * changed (opened by a text or a lead, converted, archived elsewhere) is fetched again and put in its
 * place (only the answer to the latest ask counts); a text moves its guest to the top and a guest's words turn it unread, with a desktop notice
 * while the tab is hidden; read marks from the agent's other tabs apply; a contact's consent or
 * block reaches their rows. After a lost connection the list asks again.
 */
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Customer } from '../../../../shared/customers.js';
import { GUEST_EVENTS, type GuestEvent } from '../../../../shared/guests/events.js';
import { api } from '../../lib/api.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { findGuest, guestName } from './guestList.js';
import { fetchGuest } from './requests.js';
import type { GuestListState } from './useGuestList.js';
import { arrivalPreview } from '../../components/conversation/arrivalPreview.js';

export interface LiveGuestsOptions {
  list: GuestListState;
  locationId: string;
  /** The guest open in this tab. */
  openId: string | null;
  /** A guest's words came into the open conversation: the board marks it read as the agent reads it. */
  onReadingArrival: (id: string) => void;
  /** A desktop notice was clicked: open that guest. */
  onOpen: (id: string) => void;
  /** A guest was fetched again (the open one may not be on the list: its own cache follows). */
  onFetched: (guest: { id: string }) => void;
}

export function useGuestLive(options: LiveGuestsOptions): void {
  const { t } = useTranslation('guests');
  const latest = useRef(options);
  latest.current = options;
  // Changes can come faster than answers: each fetch of a guest is numbered, and only the answer to
  // the latest one is applied, so an older answer arriving late never undoes a newer one.
  const asked = useRef(new Map<string, number>());

  const fetchAgain = useCallback((id: string) => {
    const number = (asked.current.get(id) ?? 0) + 1;
    asked.current.set(id, number);
    const latestAsk = () => asked.current.get(id) === number;
    fetchGuest(id).then(
      (guest) => {
        if (!latestAsk()) return;
        latest.current.list.apply({ type: 'upsert', guest });
        latest.current.onFetched(guest);
      },
      (error: unknown) => {
        // Gone for this agent (archived away, or no longer theirs): off the list.
        if (latestAsk() && error instanceof ApiError && (error.status === 404 || error.status === 403)) latest.current.list.apply({ type: 'remove', id });
      },
    );
  }, []);

  const onEvent = (event: GuestEvent) => {
    const { list, locationId, openId } = latest.current;
    switch (event.type) {
      case 'guest.changed':
        if (event.data.location_id === locationId) fetchAgain(event.data.id);
        return;
      case 'message.created': {
        // Every board's conversations share the event; a guest's names itself by guest_id.
        if (!('guest_id' in event.data) || event.data.location_id !== locationId) return;
        const id = event.data.guest_id;
        const inbound = event.data.message.metadata.direction === 'inbound';
        const row = findGuest(list.pages, id);
        const reading = openId === id;
        if (row) list.apply({ type: 'bump', id, at: event.data.message.created_at, inbound, reading });
        else fetchAgain(id);
        if (!inbound) return;
        if (reading) latest.current.onReadingArrival(id);
        if (isCatchUpEvent()) return;
        const name = row ? guestName(row) : '';
        notifyWhenHidden({
          title: name ? t('guests.notice_title', { name }) : t('guests.notice_title_unknown'),
          body: arrivalPreview(event.data.message, t),
          tag: `guest-${id}`,
          onOpen: () => latest.current.onOpen(id),
        });
        return;
      }
      case 'read.changed':
        if ('guest_id' in event.data) list.apply({ type: 'read', id: event.data.guest_id, unread: event.data.is_unread });
        return;
      case 'customer.changed':
        if (event.data.location_id !== locationId || !list.rows.some((g) => g.customer.id === event.data.customer_id)) return;
        api
          .request<{ customer: Customer }>(`/api/customers/${encodeURIComponent(event.data.customer_id)}`)
          .then(({ customer }) => latest.current.list.apply({ type: 'customer', customer }))
          .catch(() => latest.current.list.revalidate());
        return;
      case 'gatekeeper_error':
        // An auto-reply the console did not send: the reason in the agent's language (the note stays in the conversation).
        if (!('guest_id' in event.data) || isCatchUpEvent()) return;
        toast.error(refusalReasonText(event.data.reason, { opcode: event.data.opcode }) ?? event.data.message, { id: `gatekeeper-${event.data.guest_id}-${event.data.kind}` });
        return;
      case 'message.updated':
        // The conversation merges its own messages; the rows do not change.
        return;
    }
  };

  useStreamEvents<GuestEvent>(onEvent, () => latest.current.list.revalidate(), GUEST_EVENTS);
}
