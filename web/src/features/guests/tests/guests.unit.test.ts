/**
 * The guests and leads board's rules without a browser: the list (newest activity first, a text
 * moving its guest up, a guest archived elsewhere leaving the open list, consent reaching every row
 * of the contact), how a guest is named, the pages it asks for, and the "make a customer" form's
 * SPEC §5 texts in the agent's words.
 */
import { describe, expect, it } from 'vitest';
import type { Guest } from '../../../../../shared/guests/guests.js';
import { convertBody } from '../../../../../shared/guests/schemas.js';
import { aCustomer } from '../../../../../test/unit/web-service-fixtures.js';
import { problemKey, problemsOf } from '../ConvertDialog.js';
import { guestName, guestRows, listOf, reduceGuests, type GuestPage } from '../guestList.js';
import { guestPagePath } from '../requests.js';

function aGuest(id: string, activityHour: number, overrides: Partial<Guest> = {}): Guest {
  const at = `2030-03-11T${String(activityHour).padStart(2, '0')}:00:00.000Z`;
  return {
    id,
    location_id: 'loc_1',
    customer: aCustomer({ id: `cus_${id}`, first_name: '', last_name: '' }),
    source: 'text',
    lead: null,
    archived: false,
    converted: null,
    is_unread: false,
    message_thread: { id: `thr_${id}`, bumped_at: at },
    message_thread_id: `thr_${id}`,
    activity_at: at,
    created_at: at,
    metadata: { message_count: 1 },
    ...overrides,
  };
}

const page = (guests: Guest[], offset = 0): GuestPage => ({ guests, meta: { paging: { total: 4, current_offset: offset, per_page: 20 } } });
const order = (pages: GuestPage[]) => guestRows(pages).map((g) => g.id);

describe('the guests list', () => {
  const pages = [page([aGuest('d', 15), aGuest('c', 13)]), page([aGuest('b', 11), aGuest('a', 9)], 20)];

  it('moves a guest who writes to the top, unread unless the agent is reading it; an agent’s own text keeps it read', () => {
    const wrote = reduceGuests(pages, { type: 'bump', id: 'a', at: '2030-03-11T16:00:00.000Z', inbound: true, reading: false }, 'open');
    expect(order(wrote)).toEqual(['a', 'd', 'c', 'b']);
    expect(guestRows(wrote)[0]).toMatchObject({ is_unread: true, activity_at: '2030-03-11T16:00:00.000Z', metadata: { message_count: 2 } });
    const reading = reduceGuests(pages, { type: 'bump', id: 'b', at: '2030-03-11T16:00:00.000Z', inbound: true, reading: true }, 'open');
    expect(guestRows(reading)[0]).toMatchObject({ id: 'b', is_unread: false });
    const answered = reduceGuests(pages, { type: 'bump', id: 'c', at: '2030-03-11T16:00:00.000Z', inbound: false, reading: false }, 'open');
    expect(guestRows(answered)[0]).toMatchObject({ id: 'c', is_unread: false });
  });

  it('puts a guest fetched again in its place by activity, and takes one off the list it no longer belongs on', () => {
    const opened = reduceGuests(pages, { type: 'upsert', guest: aGuest('e', 12) }, 'open');
    expect(order(opened)).toEqual(['d', 'c', 'e', 'b', 'a']);
    const archived = reduceGuests(opened, { type: 'upsert', guest: aGuest('c', 13, { archived: true }) }, 'open');
    expect(order(archived)).toEqual(['d', 'e', 'b', 'a']);
    expect(order(reduceGuests(pages, { type: 'upsert', guest: aGuest('c', 13, { archived: true }) }, 'archived'))).toEqual(['d', 'c', 'b', 'a']);
    expect(listOf({ archived: true })).toBe('archived');
  });

  it("gives a contact's opt-out and block to every row of theirs, and read marks to their guest", () => {
    const shared = [page([aGuest('x', 10), aGuest('y', 9, { customer: aCustomer({ id: 'cus_x' }) })])];
    const changed = reduceGuests(shared, { type: 'customer', customer: { id: 'cus_x', opt_in: 'out', opt_metadata: null, blocked_at: '2030-03-11T10:00:00Z' } }, 'open');
    expect(guestRows(changed).map((g) => [g.customer.opt_in, g.customer.blocked_at])).toEqual([
      ['out', '2030-03-11T10:00:00Z'],
      ['out', '2030-03-11T10:00:00Z'],
    ]);
    expect(guestRows(reduceGuests(shared, { type: 'read', id: 'y', unread: true }, 'open'))[1]!.is_unread).toBe(true);
    expect(order(reduceGuests(shared, { type: 'remove', id: 'x' }, 'open'))).toEqual(['y']);
  });

  it('names a guest by their customer record, else by the name on the lead form, else not at all', () => {
    expect(guestName(aGuest('a', 9))).toBe('');
    expect(guestName(aGuest('a', 9, { lead: { button: 'Test drive', first_name: 'Maya', last_name: 'Ortiz', email: null, text: 'Hi' } }))).toBe('Maya Ortiz');
    expect(guestName(aGuest('a', 9, { customer: aCustomer({ first_name: 'Rosa', last_name: 'Diaz' }) }))).toBe('Rosa Diaz');
  });

  it('asks for the open list and the archive a page at a time (SPEC §7 paging)', () => {
    expect(guestPagePath('loc_1', 'open', 0)).toBe('/api/locations/loc_1/guests?offset=0&limit=20');
    expect(guestPagePath('loc_1', 'archived', 2)).toBe('/api/locations/loc_1/guests?archived=1&offset=40&limit=20');
  });
});

describe('making a guest a customer', () => {
  it('shows SPEC §5 texts at their fields, in the board’s words', () => {
    const parsed = convertBody.safeParse({ customer: { first_name: ' ', last_name: '', email: 'rosa@' } });
    expect(parsed.success).toBe(false);
    expect(problemsOf(parsed.error!.issues)).toEqual({ first_name: 'guests.error_first_name', last_name: 'guests.error_last_name', email: 'guests.error_email' });
    expect(problemsOf([{ message: 'please enter a last name', path: 'customer.last_name' }])).toEqual({ last_name: 'guests.error_last_name' });
    expect(problemKey('This guest is already a customer of the store')).toBe('guests.error_already_customer');
    expect(problemKey('Something the console has no words for')).toBe('Something the console has no words for');
  });

  it('takes an empty e-mail as none', () => {
    expect(convertBody.parse({ customer: { first_name: 'Rosa', last_name: 'Diaz', email: '' } }).customer.email).toBe('');
  });
});
