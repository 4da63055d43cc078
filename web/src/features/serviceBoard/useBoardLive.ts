/**
 * The board kept live from the event stream (api contract "Service events"): an order that changed
 * is fetched again and put in its place; a new text moves its row up and may turn it unread; read
 * marks from the agent's other tabs apply; a customer's change refreshes their rows. After a lost
 * connection came back, the whole board asks again.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { toast } from 'sonner';
import { ownerOf } from '../../../../shared/conversations.js';
import type { RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { REPAIR_ORDER_EVENTS, type ServiceEvent } from '../../../../shared/repairOrders/events.js';
import { MPI_EVENTS } from '../../../../shared/inspections/events.js';
import { showGroupedNotice } from '../../lib/groupedNotices.js';
import { notifyWhenHidden } from '../../lib/notifications.js';
import { isCatchUpEvent, useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { reloadSettingsGroup } from '../../lib/session.js';
import { refusalReasonText } from '../../lib/sendRefusals.js';
import { looksAfter } from '../../components/conversation/readMarks.js';
import { customerName, findRow, isInbound, messageArrived, rowsOfCustomer, type BoardView } from './boardRows.js';
import { fetchRepairOrder, repairOrderPath } from './requests.js';
import type { BoardList } from './useBoardList.js';
import { arrivalPreview } from '../../components/conversation/arrivalPreview.js';

/** The boards' events the service board listens to: its orders' and their inspections'. */
const SERVICE_BOARD_EVENTS = { ...REPAIR_ORDER_EVENTS, ...MPI_EVENTS };

/** Long enough for the 750 ms read mark to reach the server and its answer to come back. */
const READ_SETTLE_MS = 5_000;

export interface LiveBoardOptions {
  board: BoardList;
  view: BoardView;
  locationId: string;
  /** The conversation open in this tab. */
  openId: string | null;
  /** The agent is reading the open conversation as its advisor: a new text there is read at once. */
  onReadingArrival: (orderId: string) => void;
  /** A desktop notice was clicked: open that order. */
  onOpen: (orderId: string) => void;
}

export function useBoardLive(options: LiveBoardOptions): void {
  const { t } = useTranslation('serviceBoard');
  const latest = useRef(options);
  latest.current = options;
  // One fetch per order at a time; a change that arrives meanwhile asks once more afterwards.
  const inFlight = useRef(new Map<string, boolean>());
  // Orders whose advisor is reading a text that just came in: the server counts it unread until the
  // console's read mark lands, and a refetch in between must not flash the row unread.
  const beingRead = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  function reading(id: string): void {
    clearTimeout(beingRead.current.get(id));
    beingRead.current.set(
      id,
      setTimeout(() => beingRead.current.delete(id), READ_SETTLE_MS),
    );
  }

  function refresh(id: string): void {
    const flights = inFlight.current;
    if (flights.has(id)) {
      flights.set(id, true);
      return;
    }
    flights.set(id, false);
    fetchRepairOrder(id)
      .then((fetched) => {
        const order = beingRead.current.has(id) ? { ...fetched, is_unread: false } : fetched;
        latest.current.board.applyOrder(order);
        // The open order may be one that is not on this list: its own cache entry is kept current too.
        void mutate(repairOrderPath(id), order, { revalidate: false });
      })
      .catch((error: unknown) => {
        // Gone for this agent (deleted, or now another company's business): off the board.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) latest.current.board.remove(id);
      })
      .finally(() => {
        const again = flights.get(id);
        flights.delete(id);
        if (again) refresh(id);
      });
  }

  function handle(event: ServiceEvent): void {
    const { board, view, locationId, openId } = latest.current;
    const agentId = view.agentId;
    switch (event.type) {
      case 'repair_order.changed':
        if (event.data.location_id === locationId) refresh(event.data.id);
        return;
      case 'repair_order.assigned':
        if (event.data.location_id !== locationId) return;
        refresh(event.data.id);
        if (event.data.agent_id === agentId && !isCatchUpEvent()) {
          const row = findRow(board.pages, event.data.id);
          showGroupedNotice({
            kind: 'assigned-to-you',
            title: (count) => (count > 1 ? t('board.assigned_to_you_count', { number: count }) : t('board.assigned_to_you')),
            name: row ? customerName(row) : undefined,
          });
        }
        return;
      case 'message.created': {
        const { data } = event;
        // Another board's conversation (an appointment's) is none of this list's business.
        const owner = ownerOf(data);
        if (data.location_id !== locationId || owner?.kind !== 'repair_order') return;
        const orderId = owner.id;
        const row = findRow(board.pages, orderId);
        const arrival = { repair_order_id: orderId, message: data.message };
        // Computed from the cache as it is when applied: two events in one tick must not undo each other.
        if (row) board.update((pages) => messageArrived(pages, arrival, view, { openId, agentId }) ?? pages);
        else refresh(orderId);
        if (!isInbound(data.message)) return;
        if (openId === orderId && row && looksAfter(row, agentId)) {
          reading(orderId);
          latest.current.onReadingArrival(orderId);
        }
        if (isCatchUpEvent()) return;
        notifyWhenHidden({
          title: row ? t('board.notice_title', { name: customerName(row) }) : t('board.notice_title_unknown'),
          body: arrivalPreview(data.message, t),
          tag: orderId,
          onOpen: () => latest.current.onOpen(orderId),
        });
        return;
      }
      case 'message.updated':
        // The conversation merges its own messages; the board's rows do not change.
        return;
      case 'conversation.routed': {
        // An away colleague's customer wrote: the order is in this agent's inbox now (the fetched
        // order says routed_from), unread, and a hidden tab tells them whose it is.
        const { data } = event;
        const owner = ownerOf(data);
        if (data.location_id !== locationId || owner?.kind !== 'repair_order') return;
        const orderId = owner.id;
        const from = `${data.from_agent.first_name} ${data.from_agent.last_name}`.trim();
        const quiet = isCatchUpEvent();
        const notify = (order: RepairOrder | undefined) => {
          if (quiet) return;
          notifyWhenHidden({
            title: order ? t('board.routed_notice_title', { name: customerName(order), agent: from }) : t('board.routed_notice_title_unknown', { agent: from }),
            body: arrivalPreview(data.message, t),
            tag: orderId,
            onOpen: () => latest.current.onOpen(orderId),
          });
        };
        const row = findRow(board.pages, orderId);
        if (row) {
          refresh(orderId);
          notify(row);
          return;
        }
        // Not on this list yet: the fetch that puts it there also names the customer for the notice.
        fetchRepairOrder(orderId)
          .then((order) => {
            latest.current.board.applyOrder(order);
            void mutate(repairOrderPath(orderId), order, { revalidate: false });
            notify(order);
          })
          .catch(() => notify(undefined));
        return;
      }
      case 'routing.ended':
        // The colleague is back: their orders leave this inbox (fetched again, they are routed no more).
        if (event.data.location_id !== locationId) return;
        for (const owner of event.data.owners) if (owner.kind === 'repair_order') refresh(owner.id);
        return;
      case 'read.changed': {
        const owner = ownerOf(event.data);
        if (owner?.kind !== 'repair_order') return;
        const { is_unread: unread } = event.data;
        board.patch(
          (r) => r.id === owner.id,
          (r) => ({ ...r, is_unread: unread }),
        );
        void mutate<RepairOrder>(repairOrderPath(owner.id), (order) => (order ? { ...order, is_unread: unread } : order), {
          revalidate: false,
        });
        return;
      }
      case 'customer.changed':
        if (event.data.location_id !== locationId) return;
        for (const row of rowsOfCustomer(board.pages, event.data.customer_id)) refresh(row.id);
        if (openId && !findRow(board.pages, openId)) refresh(openId);
        return;
      case 'gatekeeper_error':
        // Another board's automated text (an appointment reminder) is that board's to tell.
        if (!('repair_order_id' in event.data)) return;
        // The reason in the agent's language; the server's English only for a reason this console does not know.
        toast.error(refusalReasonText(event.data.reason, { opcode: event.data.opcode }) ?? event.data.message, {
          id: `gatekeeper-${event.data.repair_order_id}-${event.data.kind}`,
        });
        return;
      case 'settings_updated':
        // Safe mode and the other service rules shape the composer: keep them as the server has them.
        void reloadSettingsGroup(event.data.location_id, event.data.key).catch(() => undefined);
        return;
    }
  }

  useStreamEvents(handle, () => {
    latest.current.board.revalidate();
    const open = latest.current.openId;
    if (open) void mutate(repairOrderPath(open));
  }, SERVICE_BOARD_EVENTS);
}

