import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeText } from '../support/localeFiles.js';
import type { RepairOrder } from '../../shared/repairOrders/repairOrders.js';
import {
  boardRows,
  matchesSearch,
  mergeRepairOrder,
  messageArrived,
  unreadCount,
  type BoardView,
  type RepairOrderPage,
} from '../../web/src/features/serviceBoard/boardRows.js';
import { PROMISE_SOON_MS, nextUrgencyChange, promiseUrgency } from '../../web/src/features/serviceBoard/promiseTime.js';
import { createDelayedCalls, mayAutoMarkRead } from '../../web/src/components/conversation/readMarks.js';
import { boardPagePath } from '../../web/src/features/serviceBoard/requests.js';
import { formatDateTime } from '../../web/src/components/conversation/times.js';
import { formatPhone } from '../../web/src/lib/phone.js';
import { aCustomer, aMessage, anOrder } from './web-service-fixtures.js';

const BOARD: BoardView = { scope: 'location', archived: false, agentId: 'agt_manager' };
const INBOX: BoardView = { scope: 'inbox', archived: false, agentId: 'agt_advisor' };

function page(orders: RepairOrder[], total = orders.length, offset = 0): RepairOrderPage {
  return { repair_orders: orders, meta: { paging: { total, current_offset: offset, per_page: 20 } } };
}

const ids = (pages: RepairOrderPage[]) => pages.map((p) => p.repair_orders.map((r) => r.id));

describe('promiseUrgency', () => {
  const now = Date.parse('2025-03-01T12:00:00.000Z');

  it('is overdue once the promised moment has passed', () => {
    expect(promiseUrgency('2025-03-01T11:59:00.000Z', now)).toBe('overdue');
  });

  it('is soon within 1 h 31 min of the promise, and not a minute earlier', () => {
    expect(promiseUrgency(new Date(now + PROMISE_SOON_MS).toISOString(), now)).toBe('soon');
    expect(promiseUrgency(new Date(now + 91 * 60_000 + 60_000).toISOString(), now)).toBe('later');
    expect(PROMISE_SOON_MS).toBe(91 * 60 * 1000);
  });

  it('has no colour without a promise, or once the order is closed or the car is ready', () => {
    expect(promiseUrgency(null, now)).toBe('none');
    expect(promiseUrgency('2025-03-01T08:00:00.000Z', now, true)).toBe('none');
  });

  it('names the wait until the next colour change, so the board repaints then', () => {
    const promise = new Date(now + 2 * 60 * 60_000).toISOString();
    expect(nextUrgencyChange([promise, null], now)).toBe(2 * 60 * 60_000 - PROMISE_SOON_MS);
    expect(nextUrgencyChange(['2025-03-01T08:00:00.000Z'], now)).toBeNull();
  });
});

describe('times on the board', () => {
  it("writes a promise time in the location's timezone and the language's date order", () => {
    expect(formatDateTime('2025-03-01T17:30:00.000Z', 'en-us', 'America/New_York')).toBe('03/01/2025 12:30 PM');
    expect(formatDateTime('2025-03-01T17:30:00.000Z', 'en-gb', 'Europe/London')).toBe('01.03.2025 17:30');
    expect(formatDateTime('2025-03-01T17:30:00.000Z', 'de', 'America/Chicago')).toBe('01/03/2025 11:30');
  });

  it('shows North American numbers nationally and others internationally', () => {
    expect(formatPhone('+16175550123')).toBe('(617) 555-0123');
    expect(formatPhone('+442079460100')).toBe('+44 20 7946 0100');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('board paging', () => {
  it('asks for the board or the inbox, 20 at a time, archived ones on request', () => {
    expect(boardPagePath('loc 1', BOARD, 0)).toBe('/api/locations/loc%201/repair_orders?offset=0&limit=20');
    expect(boardPagePath('loc_1', { ...INBOX, archived: true }, 2)).toBe('/api/locations/loc_1/repair_orders/inbox?offset=40&limit=20&archived=1');
  });

  it('keeps every loaded row once, in page order, when pages fetched while the list moved overlap', () => {
    const a = anOrder('a');
    const b = anOrder('b');
    const c = anOrder('c');
    expect(boardRows([page([a, b], 3), page([b, c], 3, 20)]).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(boardRows(undefined)).toEqual([]);
  });
});

describe('mergeRepairOrder', () => {
  const older = anOrder('older', { bumpedAt: '2025-03-01T08:00:00.000Z' });
  const middle = anOrder('middle', { bumpedAt: '2025-03-01T09:00:00.000Z' });
  const newer = anOrder('newer', { bumpedAt: '2025-03-01T10:00:00.000Z' });

  it('moves an order with new activity to its place, newest first', () => {
    const pages = [page([newer, middle, older])];
    const bumped = { ...older, message_thread: { ...older.message_thread, bumped_at: '2025-03-01T11:00:00.000Z' } };
    expect(ids(mergeRepairOrder(pages, bumped, BOARD))).toEqual([['older', 'newer', 'middle']]);
  });

  it('inserts an order the board did not have, and leaves pages it does not touch as they were', () => {
    const first = page([newer, middle], 3);
    const pages = [first, page([older], 3, 20)];
    const fresh = anOrder('fresh', { bumpedAt: '2025-03-01T08:30:00.000Z' });
    const merged = mergeRepairOrder(pages, fresh, BOARD);
    expect(ids(merged)).toEqual([['newer', 'middle'], ['fresh', 'older']]);
    expect(merged[0]).toBe(first);
  });

  it('drops an archived order from the board, and an order assigned away from the inbox', () => {
    expect(ids(mergeRepairOrder([page([newer, middle])], { ...middle, archived: true }, BOARD))).toEqual([['newer']]);
    const reassigned = { ...middle, agent: { id: 'agt_other', first_name: 'Sam', last_name: 'Ortiz' } };
    expect(ids(mergeRepairOrder([page([newer, middle])], reassigned, INBOX))).toEqual([['newer']]);
  });

  it("keeps in the inbox an order an away colleague routes to the agent, and drops it once it is routed no more", () => {
    const colleague = { id: 'agt_away', first_name: 'Alex', last_name: 'Away' };
    const routed = anOrder('routed', { bumpedAt: '2025-03-01T09:30:00.000Z', agent: colleague, routed_from: colleague });
    const merged = mergeRepairOrder([page([newer, middle])], routed, INBOX);
    expect(ids(merged)).toEqual([['newer', 'routed', 'middle']]);
    expect(ids(mergeRepairOrder(merged, { ...routed, routed_from: null }, INBOX))).toEqual([['newer', 'middle']]);
  });

  it('sorts by the order opening when it has no message yet', () => {
    const quiet = anOrder('quiet', { opened_at: '2025-03-01T09:30:00.000Z' });
    expect(ids(mergeRepairOrder([page([newer, middle, older])], quiet, BOARD))).toEqual([['newer', 'quiet', 'middle', 'older']]);
  });
});

describe('messageArrived', () => {
  const first = anOrder('first', { bumpedAt: '2025-03-01T10:00:00.000Z' });
  const second = anOrder('second', { bumpedAt: '2025-03-01T09:00:00.000Z' });
  const pages = [page([first, second])];
  const inbound = (at: string) => ({ repair_order_id: 'second', message: aMessage('m1', { created_at: at, metadata: { direction: 'inbound' } }) });

  it('moves the row up and marks it unread for an agent who is not reading it', () => {
    const next = messageArrived(pages, inbound('2025-03-01T11:00:00.000Z'), BOARD, { openId: null, agentId: 'agt_manager' })!;
    expect(ids(next)).toEqual([['second', 'first']]);
    expect(boardRows(next)[0]).toMatchObject({ id: 'second', is_unread: true, message_thread: { bumped_at: '2025-03-01T11:00:00.000Z' } });
  });

  it('leaves it read for its advisor while the conversation is open in front of them', () => {
    const next = messageArrived(pages, inbound('2025-03-01T11:00:00.000Z'), INBOX, { openId: 'second', agentId: 'agt_advisor' })!;
    expect(boardRows(next)[0]).toMatchObject({ id: 'second', is_unread: false });
  });

  it('leaves it read for the colleague it is routed to while they have it open', () => {
    const routedPages = [page([first, { ...second, agent: { id: 'agt_away', first_name: 'Alex', last_name: 'Away' }, routed_from: { id: 'agt_away', first_name: 'Alex', last_name: 'Away' } }])];
    const next = messageArrived(routedPages, inbound('2025-03-01T11:00:00.000Z'), INBOX, { openId: 'second', agentId: 'agt_advisor' })!;
    expect(boardRows(next)[0]).toMatchObject({ id: 'second', is_unread: false });
    expect(boardRows(messageArrived(routedPages, inbound('2025-03-01T11:00:00.000Z'), INBOX, { openId: null, agentId: 'agt_advisor' })!)[0]).toMatchObject({ is_unread: true });
  });

  it('still turns unread for a manager who has it open but is not its advisor', () => {
    const next = messageArrived(pages, inbound('2025-03-01T11:00:00.000Z'), BOARD, { openId: 'second', agentId: 'agt_manager' })!;
    expect(boardRows(next)[0]).toMatchObject({ id: 'second', is_unread: true });
  });

  it("does not mark the agent's own outbound text unread", () => {
    const outbound = { repair_order_id: 'second', message: aMessage('m2', { created_at: '2025-03-01T11:00:00.000Z', metadata: { direction: 'outbound', status: 'queued' } }) };
    expect(boardRows(messageArrived(pages, outbound, BOARD, { openId: null, agentId: 'agt_manager' })!)[0]).toMatchObject({ id: 'second', is_unread: false });
  });

  it('answers null for an order the board does not hold, so the caller fetches it', () => {
    expect(messageArrived(pages, { ...inbound('2025-03-01T11:00:00.000Z'), repair_order_id: 'elsewhere' }, BOARD, { openId: null, agentId: 'x' })).toBeNull();
  });

  it('counts the unread rows for the header', () => {
    expect(unreadCount([anOrder('a', { is_unread: true }), anOrder('b'), anOrder('c', { is_unread: true })])).toBe(2);
  });
});

describe('matchesSearch', () => {
  const order = anOrder('1', {
    ro_id: '70412',
    customer: aCustomer({ first_name: 'Dana', last_name: 'Whitfield', phones: { cell: '+16175550123', work: null, alternate: null } }),
    customer_first_name: 'Dana',
    customer_last_name: 'Whitfield',
  });

  it('finds an order by customer name, RO number, vehicle, VIN or advisor, ignoring case', () => {
    for (const query of ['dana', 'WHITFIELD', '70412', 'civic', '2019 honda', 'KH500001', 'priya']) expect({ query, hit: matchesSearch(order, query) }).toEqual({ query, hit: true });
  });

  it('finds a phone number however it is typed', () => {
    expect(matchesSearch(order, '(617) 555-0123')).toBe(true);
    expect(matchesSearch(order, '5550123')).toBe(true);
  });

  it('needs every word to match, and a lone digit matches no phone', () => {
    expect(matchesSearch(order, 'dana civic')).toBe(true);
    expect(matchesSearch(order, 'dana accord')).toBe(false);
    expect(matchesSearch(anOrder('2', { ro_id: 'X' }), '7')).toBe(false);
  });
});

describe('read marks', () => {
  afterEach(() => vi.useRealTimers());

  it('auto-marks only for the assigned advisor (or the one viewed as), and only an unread order', () => {
    const unread = anOrder('1', { is_unread: true });
    expect(mayAutoMarkRead(unread, 'agt_advisor')).toBe(true);
    expect(mayAutoMarkRead(unread, 'agt_manager')).toBe(false);
    expect(mayAutoMarkRead({ ...unread, is_unread: false }, 'agt_advisor')).toBe(false);
    expect(mayAutoMarkRead({ ...unread, disable_read_mark: true }, 'agt_advisor')).toBe(false);
    expect(mayAutoMarkRead({ ...unread, agent: null }, 'agt_advisor')).toBe(false);
  });

  it('auto-marks for the colleague an away advisor routes the order to', () => {
    const away = { id: 'agt_away', first_name: 'Alex', last_name: 'Away' };
    const routed = anOrder('1', { is_unread: true, agent: away, routed_from: away });
    expect(mayAutoMarkRead(routed, 'agt_advisor')).toBe(true);
    expect(mayAutoMarkRead({ ...routed, routed_from: null }, 'agt_advisor')).toBe(false);
  });

  it('calls the server 600 ms after the last click, once, with the last choice', () => {
    vi.useFakeTimers();
    const calls: [string, boolean][] = [];
    const delayed = createDelayedCalls<boolean>(600, (key, unread) => calls.push([key, unread]));
    delayed.request('ro_1', true);
    vi.advanceTimersByTime(400);
    delayed.request('ro_1', false);
    delayed.request('ro_2', true);
    vi.advanceTimersByTime(599);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([
      ['ro_1', false],
      ['ro_2', true],
    ]);
  });

  it('sends nothing once cancelled (the screen went away)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const delayed = createDelayedCalls<boolean>(750, run);
    delayed.request('ro_1', false);
    delayed.cancelAll();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the board in en-us', () => {
  const text = (key: string) => localeText('en-us', key);

  it('says what SPEC §8 says, word for word', () => {
    expect(text('serviceBoard:board.fetch_failed')).toBe('An error occurred fetching Repair Orders');
    expect(text('composer.send_failed')).toBe('An error occurred while sending your message');
    expect(text('composer.blank')).toBe('Text cannot be blank');
    expect(text('composer.no_conversation')).toBe('Sending is cancelled when no conversation is selected.');
    expect(text('composer.hidden_opted_out')).toBe('You can not send a text message to the customer because he has opted out');
    expect(text('detail.missing_agent')).toBe('Unable due to missing agent for RO');
    expect(text('detail.opted_out_action')).toBe("Can't do this action on an opted-out customer");
  });

  it('names the tech statuses as SPEC §3 does', () => {
    expect(['E', 'I', 'C', 'B'].map((code) => text(`serviceBoard:tech_status.${code}`))).toEqual(['ESTIMATE', 'IN PROGRESS', 'COMPLETE', 'BILLED']);
  });
});
