/**
 * The board's rows as pages of the list endpoint (SPEC §7 paging) and the changes the board makes
 * to them between fetches: an order merged in after an event or an action, a flag patched. Pure,
 * so the merge rules are tested without a browser.
 *
 * Pages stay pages (SWR keeps one answer per offset): a change touches only the pages it must, so
 * a later revalidation refetches those pages and not the whole board.
 */
import type { TFunction } from 'i18next';
import type { Paging } from '../../../../shared/api.js';
import type { Message } from '../../../../shared/messages.js';
import { isTextedIn, type RepairOrder } from '../../../../shared/repairOrders/repairOrders.js';
import { findListed, insertListed, listedRows, patchListed, unreadRows, withoutListed, type PageRows } from '../../lib/pagedRows.js';
import { looksAfter } from '../../components/conversation/readMarks.js';

export interface RepairOrderPage {
  repair_orders: RepairOrder[];
  meta: { paging: Paging };
}

/** Which list the board shows: the location's orders (access ≥ 1) or the agent's inbox, current or archived. */
export interface BoardView {
  scope: 'location' | 'inbox';
  archived: boolean;
  /** The acting agent: the inbox holds the orders assigned to them. */
  agentId: string;
}

/** The moment the list sorts by (server rule: newest message, else opened_at). */
export function activityAt(order: RepairOrder): number {
  const at = Date.parse(order.message_thread.bumped_at ?? order.opened_at);
  return Number.isNaN(at) ? 0 : at;
}

const ORDER_PAGES: PageRows<RepairOrderPage, RepairOrder> = {
  read: (page) => page.repair_orders,
  write: (page, rows) => ({ ...page, repair_orders: rows }),
};

/** Every loaded row once, in page order. Pages fetched while the list moved may repeat a row: the first copy wins. */
export function boardRows(pages: readonly RepairOrderPage[] | undefined): RepairOrder[] {
  return listedRows(ORDER_PAGES, pages);
}

/** Whether an order is on this list at all: an inbox holds the agent's orders and those an away colleague routes to them. */
export function belongsTo(view: BoardView, order: RepairOrder): boolean {
  if (order.archived !== view.archived) return false;
  if (view.scope === 'inbox' && !looksAfter(order, view.agentId)) return false;
  return true;
}

/**
 * The order, as just fetched, put in its place: removed from where it was, and (when it belongs to
 * this list) inserted before the first row with older activity. An archived order leaves the board;
 * one assigned away leaves the inbox.
 */
export function mergeRepairOrder(pages: readonly RepairOrderPage[], order: RepairOrder, view: BoardView): RepairOrderPage[] {
  const rest = withoutListed(ORDER_PAGES, pages, order.id);
  if (!belongsTo(view, order)) return rest;
  const at = activityAt(order);
  return insertListed(ORDER_PAGES, rest, order, (row) => activityAt(row) < at);
}

/** Changes rows in place (flags that do not move a row); pages without a match are kept as they were. */
export function patchRows(pages: readonly RepairOrderPage[], match: (order: RepairOrder) => boolean, change: (order: RepairOrder) => RepairOrder): RepairOrderPage[] {
  return patchListed(ORDER_PAGES, pages, match, change);
}

export function findRow(pages: readonly RepairOrderPage[] | undefined, id: string): RepairOrder | undefined {
  return findListed(ORDER_PAGES, pages, id);
}

/** The list without this order. */
export function withoutRow(pages: readonly RepairOrderPage[], id: string): RepairOrderPage[] {
  return withoutListed(ORDER_PAGES, pages, id);
}

export interface MessageArrival {
  repair_order_id: string;
  message: Message;
}

/** Who is looking: the conversation open in this tab and the agent whose view it is. */
export interface Viewer {
  openId: string | null;
  agentId: string;
}

/**
 * A conversation got a new message (api contract `message.created`). The row moves up to the
 * message's time. An inbound message turns it unread, unless the conversation is open here and
 * this agent looks after it (its advisor, or the colleague it is routed to: they are reading it,
 * and the console marks it read for them).
 * Answers null when the row is not on this list (the caller fetches the order and merges it).
 */
export function messageArrived(pages: readonly RepairOrderPage[], arrival: MessageArrival, view: BoardView, viewer: Viewer): RepairOrderPage[] | null {
  const row = findRow(pages, arrival.repair_order_id);
  if (!row) return null;
  const { message } = arrival;
  const bumped = row.message_thread.bumped_at && Date.parse(row.message_thread.bumped_at) > Date.parse(message.created_at) ? row.message_thread.bumped_at : message.created_at;
  const reading = viewer.openId === row.id && looksAfter(row, viewer.agentId);
  const updated: RepairOrder = {
    ...row,
    message_thread: { ...row.message_thread, bumped_at: bumped },
    is_unread: message.metadata.direction === 'inbound' && !reading ? true : row.is_unread,
    metadata: { ...row.metadata, message_count: row.metadata.message_count + 1 },
  };
  return mergeRepairOrder(pages, updated, view);
}

/** Whether a message is one the agent's customer sent (and so may warrant a desktop notice). */
export function isInbound(message: Message): boolean {
  return message.metadata.direction === 'inbound';
}

/** Rows with this customer (one customer may have several orders on the board). */
export function rowsOfCustomer(pages: readonly RepairOrderPage[] | undefined, customerId: string): RepairOrder[] {
  return boardRows(pages).filter((r) => r.customer.id === customerId);
}

/** The customer's name as the board writes it: the order's own copy first (the DMS name on the order). */
export function customerName(order: RepairOrder): string {
  const parts = [order.customer_first_name || order.customer.first_name, order.customer_last_name || order.customer.last_name];
  return parts.filter(Boolean).join(' ').trim();
}

export function vehicleLabel(order: RepairOrder): string {
  const { year, make, model } = order.vehicle;
  return [year ?? '', make, model].filter((part) => String(part).trim()).join(' ');
}

/** The order's number as the shop says it; "Texted in" for an order a customer's text opened (it has none). */
export function orderNumber(order: RepairOrder, t: TFunction): string {
  return isTextedIn(order) ? t('board.texted_in') : order.ro_id;
}

/** The line under the customer's name: the RO number (or "Texted in") and the vehicle. */
export function orderSubtitle(order: RepairOrder, t: TFunction): string {
  const number = isTextedIn(order) ? t('board.texted_in') : t('board.ro_number', { number: order.ro_id });
  const vehicle = vehicleLabel(order);
  return vehicle ? `${number} · ${vehicle}` : number;
}

function digits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Search within the loaded board (client-side): every word must match one of customer name, phone
 * (by digits, however it is written), RO number, vehicle (year, make, model, VIN) or advisor.
 */
export function matchesSearch(order: RepairOrder, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const phones = [order.customer.phones.cell, order.customer.phones.work, order.customer.phones.alternate].filter((p): p is string => Boolean(p));
  const haystack = [
    customerName(order),
    order.customer.first_name,
    order.customer.last_name,
    order.ro_id,
    vehicleLabel(order),
    order.vehicle.vin ?? '',
    order.agent ? `${order.agent.first_name} ${order.agent.last_name}` : '',
  ]
    .join(' ')
    .toLowerCase();
  const phoneDigits = phones.map(digits);
  return words.every((word) => {
    if (haystack.includes(word)) return true;
    const wanted = digits(word);
    // Three digits at least: a lone "1" or "5" would match almost every phone number.
    return wanted.length >= 3 && wanted.length === word.replace(/[\s()+.-]/g, '').length && phoneDigits.some((p) => p.includes(wanted));
  });
}

export function unreadCount(rows: readonly RepairOrder[]): number {
  return unreadRows(rows);
}
