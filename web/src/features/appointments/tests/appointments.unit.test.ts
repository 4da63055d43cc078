/**
 * The appointments board's rules without a browser: the list reducer (SPEC §4 reducer rules), the
 * colours and their words, the selection a mass text goes to, the booking form's texts (SPEC §5),
 * and the mass text's progress.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reminderShown } from '../../../../../shared/appointments/appointments.js';
import { massMessageBody } from '../../../../../shared/schemas/massTexts.js';
import { appointmentRows, mayAutoMarkRead, onBoard, reduceAppointments, unreadCount, type AppointmentPage } from '../appointmentList.js';
import { appointmentTone, deliveryKey } from '../appointmentStatus.js';
import { massProgress, newer, skipLines } from '../../../components/massText/massTextProgress.js';
import { EMPTY_DRAFT, checkAppointment, checkNewCustomerBooking, fieldOfPath, phoneErrorKey, scheduledAt, storeCountry } from '../bookingForm.js';
import { createReadMarking } from '../../../components/board/readMarking.js';
import { appointmentPagePath } from '../requests.js';
import { NOTHING_SELECTED, isSelected, keepListed, selectAll, toggle, unselectPage } from '../../../components/massText/selection.js';
import { countSelection, massMessageRequest, pageSelected, selectPage } from '../selection.js';
import { aCustomer } from '../../../../../test/unit/web-service-fixtures.js';
import { aMassMessage, anAppointment, at, page } from './appointmentFixtures.js';

const ids = (pages: AppointmentPage[]) => pages.map((p) => p.appointments.map((a) => a.id));

describe('the appointments list reducer (SPEC §4)', () => {
  const pages = [page([at('a', 9), at('b', 11)], 4), page([at('c', 13), at('d', 15)], 4, 20)];

  it('confirm and cancel set their flags and touch nothing else', () => {
    const confirmed = reduceAppointments(pages, { type: 'confirm', id: 'b' });
    expect(appointmentRows(confirmed).find((a) => a.id === 'b')).toMatchObject({ confirmed: true, cancelled: false });
    const cancelled = reduceAppointments(confirmed, { type: 'cancel', id: 'b' });
    expect(appointmentRows(cancelled).find((a) => a.id === 'b')).toMatchObject({ confirmed: true, cancelled: true });
    // The untouched page is the same object: a later revalidation asks only for what changed.
    expect(cancelled[1]).toBe(pages[1]);
  });

  it('archive takes the appointment off the list', () => {
    expect(ids(reduceAppointments(pages, { type: 'archive', id: 'c' }))).toEqual([['a', 'b'], ['d']]);
  });

  it('ignores adding an appointment whose id is already listed', () => {
    const again = reduceAppointments(pages, { type: 'add', appointment: at('b', 16, { notes: 'a second copy' }) });
    expect(ids(again)).toEqual(ids(pages));
    expect(appointmentRows(again).find((a) => a.id === 'b')!.notes).toBe('');
  });

  it('adds a new appointment in time order, and the latest one last', () => {
    expect(ids(reduceAppointments(pages, { type: 'add', appointment: at('n', 12) }))).toEqual([['a', 'b'], ['n', 'c', 'd']]);
    expect(ids(reduceAppointments(pages, { type: 'add', appointment: at('z', 20) }))).toEqual([['a', 'b'], ['c', 'd', 'z']]);
  });

  it('moves a fetched appointment to its new time, and drops it once archived', () => {
    expect(ids(reduceAppointments(pages, { type: 'replace', appointment: at('a', 14) }))).toEqual([['b'], ['c', 'a', 'd']]);
    expect(ids(reduceAppointments(pages, { type: 'replace', appointment: at('a', 9, { archived: true }) }))).toEqual([['b'], ['c', 'd']]);
  });

  it('carries opt-in and blocked_at to every appointment of the same customer', () => {
    const shared = aCustomer({ id: 'cus_shared', opt_in: 'in' });
    const two = [page([at('a', 9, { customer: shared }), at('b', 10), at('c', 11, { customer: shared })])];
    const blockedAt = '2030-03-10T10:00:00.000Z';
    const next = reduceAppointments(two, { type: 'customer', customer: { id: 'cus_shared', opt_in: 'out', opt_metadata: null, blocked_at: blockedAt } });
    const rows = appointmentRows(next);
    expect(rows.filter((a) => a.customer.opt_in === 'out').map((a) => a.id)).toEqual(['a', 'c']);
    expect(rows.filter((a) => a.customer.blocked_at === blockedAt).map((a) => a.id)).toEqual(['a', 'c']);
    expect(rows.find((a) => a.id === 'b')!.customer.opt_in).toBe('in');
  });

  it('sets the disable-read-mark flag', () => {
    const next = reduceAppointments(pages, { type: 'disable_read_mark', id: 'a', disabled: true });
    expect(appointmentRows(next).find((a) => a.id === 'a')!.disable_read_mark).toBe(true);
  });

  it('a bump moves bumped_at forward, never back, and keeps the row where its time puts it', () => {
    const bumped = reduceAppointments(pages, { type: 'bump', id: 'c', at: '2030-03-10T10:00:00.000Z', inbound: false, reading: false });
    expect(appointmentRows(bumped).find((a) => a.id === 'c')!.message_thread.bumped_at).toBe('2030-03-10T10:00:00.000Z');
    expect(ids(bumped)).toEqual(ids(pages));
    const late = reduceAppointments(bumped, { type: 'bump', id: 'c', at: '2030-03-10T09:00:00.000Z', inbound: false, reading: false });
    expect(appointmentRows(late).find((a) => a.id === 'c')!.message_thread.bumped_at).toBe('2030-03-10T10:00:00.000Z');
  });

  it('a bump recomputes unread: a customer reply nobody is reading turns it unread, the agent’s own text or a reply being read does not', () => {
    const reply = { type: 'bump', id: 'a', at: '2030-03-10T10:00:00.000Z', inbound: true } as const;
    expect(appointmentRows(reduceAppointments(pages, { ...reply, reading: false })).find((a) => a.id === 'a')!.is_unread).toBe(true);
    expect(appointmentRows(reduceAppointments(pages, { ...reply, reading: true })).find((a) => a.id === 'a')!.is_unread).toBe(false);
    expect(appointmentRows(reduceAppointments(pages, { ...reply, inbound: false, reading: false })).find((a) => a.id === 'a')!.is_unread).toBe(false);
  });

  it('counts unread rows and applies read marks', () => {
    const unread = reduceAppointments(pages, { type: 'read', id: 'b', unread: true });
    expect(unreadCount(appointmentRows(unread))).toBe(1);
    expect(unreadCount(appointmentRows(reduceAppointments(unread, { type: 'read', id: 'b', unread: false })))).toBe(0);
  });

  it('lists a row that two pages repeat once', () => {
    expect(appointmentRows([page([at('a', 9), at('b', 10)]), page([at('b', 10), at('c', 11)])]).map((a) => a.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the colour of an appointment (SPEC §4)', () => {
  it('is red for cancelled, green for confirmed, grey once the reminder went, each with a word and a mark', () => {
    expect(appointmentTone({ cancelled: true, confirmed: false, reminder_sent: false, reminder_scheduled_for: null })).toMatchObject({ colour: 'cancelled', label: 'appointments.state_cancelled', mark: '✕' });
    expect(appointmentTone({ cancelled: false, confirmed: true, reminder_sent: false, reminder_scheduled_for: null })).toMatchObject({ colour: 'confirmed', label: 'appointments.state_confirmed', mark: '✓' });
    expect(appointmentTone({ cancelled: false, confirmed: false, reminder_sent: true, reminder_scheduled_for: null })).toMatchObject({ colour: 'reminded', label: 'appointments.state_reminded' });
    expect(appointmentTone({ cancelled: false, confirmed: false, reminder_sent: false, reminder_scheduled_for: null })).toMatchObject({ colour: 'plain', label: null });
  });

  it('shows a held reminder as scheduled (not sent) from its text\'s state, and sent once it has gone', () => {
    const message = (sms_status: 'scheduled' | 'accepted' | 'not sent') => ({ id: 'msg_1', sent_at: '2030-03-10T02:00:00.000Z', send_at: '2030-03-10T12:00:00.000Z', metadata: { sms_status } });
    expect(reminderShown({ reminder_sent: true, reminder_message: message('scheduled') })).toEqual({ reminder_sent: false, reminder_scheduled_for: '2030-03-10T12:00:00.000Z' });
    expect(reminderShown({ reminder_sent: true, reminder_message: message('accepted') })).toEqual({ reminder_sent: true, reminder_scheduled_for: null });
    expect(reminderShown({ reminder_sent: true, reminder_message: message('not sent') })).toEqual({ reminder_sent: false, reminder_scheduled_for: null });
  });

  it('says "reminder scheduled", not reminded, while quiet hours hold the reminder', () => {
    const held = appointmentTone({ cancelled: false, confirmed: false, reminder_sent: false, reminder_scheduled_for: '2030-03-11T12:00:00.000Z' });
    expect(held).toMatchObject({ colour: 'reminder_scheduled', label: 'appointments.state_reminder_scheduled' });
  });

  it('says cancelled over confirmed, and confirmed over reminded', () => {
    expect(appointmentTone({ cancelled: true, confirmed: true, reminder_sent: true, reminder_scheduled_for: null }).colour).toBe('cancelled');
    expect(appointmentTone({ cancelled: false, confirmed: true, reminder_sent: true, reminder_scheduled_for: null }).colour).toBe('confirmed');
  });
});

describe('picking appointments for a text (SPEC §4 selection)', () => {
  const optedOut = aCustomer({ id: 'cus_out', opt_in: 'out' });
  const rows = [at('a', 9), at('b', 10, { customer: optedOut }), at('c', 11)];

  it('picks one, then several, and unpicks', () => {
    const one = toggle(NOTHING_SELECTED, 'a', rows);
    expect(isSelected(one, 'a')).toBe(true);
    const two = toggle(one, 'c', rows);
    expect(countSelection(two, rows, 3)).toEqual({ picked: 2, optedOut: 0 });
    expect(isSelected(toggle(two, 'a', rows), 'a')).toBe(false);
  });

  it('picks every row on the page, leaving opted-out customers out when asked', () => {
    expect(countSelection(selectPage(NOTHING_SELECTED, rows, false), rows, 3)).toEqual({ picked: 3, optedOut: 1 });
    const skipping = selectPage(NOTHING_SELECTED, rows, true);
    expect(isSelected(skipping, 'b')).toBe(false);
    expect(pageSelected(skipping, rows, true)).toBe(true);
    expect(pageSelected(skipping, rows, false)).toBe(false);
    expect(countSelection(unselectPage(skipping, rows, rows), rows, 3).picked).toBe(0);
  });

  it('picks all of the list, loaded or not, and asks the server for all', () => {
    const all = selectAll();
    expect(countSelection(all, rows, 45).picked).toBe(45);
    // Booked since the server counted: still part of all.
    expect(countSelection(all, rows, 2).picked).toBe(3);
    expect(massMessageRequest(all, 'Closed Monday', true)).toEqual({
      mass_message: { board: 'appointments', text: 'Closed Monday', skip_opted_out: true, all: true },
    });
  });

  it('unticking one row of "all" leaves the other loaded rows picked', () => {
    const rest = toggle(selectAll(), 'b', rows);
    expect(massMessageRequest(rest, 'Hi', false).mass_message.ids).toEqual(['a', 'c']);
  });

  it('sends the picked ids in a body the server’s schema accepts', () => {
    const body = massMessageRequest(toggle(toggle(NOTHING_SELECTED, 'a', rows), 'c', rows), 'See you tomorrow', false);
    expect(massMessageBody.parse(body).mass_message).toMatchObject({ ids: ['a', 'c'], skip_opted_out: false, board: 'appointments' });
  });

  it('forgets picked appointments that left the list', () => {
    const picked = selectPage(NOTHING_SELECTED, rows, false);
    const kept = keepListed(picked, rows.slice(0, 2));
    expect(countSelection(kept, rows, 3).picked).toBe(2);
    expect(keepListed(kept, rows.slice(0, 2))).toBe(kept);
  });
});

describe('reading an appointment (SPEC §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function marking() {
    const shown: string[] = [];
    const sent: string[] = [];
    const marks = createReadMarking({
      show: (id, unread) => shown.push(`${id}:${unread ? 'unread' : 'read'}`),
      send: (id, unread) => sent.push(`${id}:${unread ? 'unread' : 'read'}`),
    });
    return { marks, shown, sent };
  }

  it('marks an opened appointment read 750 ms later, not before', () => {
    vi.useFakeTimers();
    const { marks, shown, sent } = marking();
    marks.reading('a');
    vi.advanceTimersByTime(749);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect({ shown, sent }).toEqual({ shown: ['a:read'], sent: ['a:read'] });
  });

  it('sends nothing for an appointment left before its mark went', () => {
    vi.useFakeTimers();
    const { marks, sent } = marking();
    marks.reading('a');
    vi.advanceTimersByTime(500);
    marks.leave();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
  });

  it('shows a read/unread choice at once and sends only the last of quick clicks, 600 ms later', () => {
    vi.useFakeTimers();
    const { marks, shown, sent } = marking();
    marks.choose('a', true);
    marks.choose('a', false);
    marks.choose('a', true);
    expect(shown).toEqual(['a:unread', 'a:read', 'a:unread']);
    vi.advanceTimersByTime(599);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['a:unread']);
  });

  it('lets the agent’s own choice win over an automatic mark still waiting', () => {
    vi.useFakeTimers();
    const { marks, sent } = marking();
    marks.reading('a');
    marks.choose('a', true);
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual(['a:unread']);
  });

  it('marks an unread appointment read on opening, unless marking is off for it', () => {
    expect(mayAutoMarkRead(anAppointment('a', { is_unread: true }))).toBe(true);
    expect(mayAutoMarkRead(anAppointment('a', { is_unread: true, disable_read_mark: true }))).toBe(false);
    expect(mayAutoMarkRead(anAppointment('a', { is_unread: false }))).toBe(false);
  });
});

describe('the booking form (SPEC §5 texts)', () => {
  const context = { timeZone: 'America/New_York', country: 'US' as const, nowMs: Date.parse('2030-03-01T12:00:00.000Z') };
  const filled = { ...EMPTY_DRAFT, date: '2030-03-11', time: '09:30', first_name: 'Ana', last_name: 'Lopez', phone: '(617) 555-4410', email: 'ana@example.com' };

  it('shows the name, e-mail and phone texts at their fields for an empty new customer', () => {
    const { body, errors } = checkNewCustomerBooking({ ...EMPTY_DRAFT, date: '2030-03-11', time: '09:30' }, context);
    expect(body).toBeNull();
    expect(errors).toMatchObject({
      first_name: 'appointments.error_first_name',
      last_name: 'appointments.error_last_name',
      email: 'appointments.error_email',
      phone: 'appointments.error_phone_missing',
    });
  });

  it('tells a phone number that is too short from one that cannot exist', () => {
    expect(phoneErrorKey('617 55', 'US')).toBe('appointments.error_phone_too_short');
    expect(phoneErrorKey('(111) 555-0142', 'US')).toBe('appointments.error_phone_invalid');
    expect(phoneErrorKey('(617) 555-4410', 'US')).toBeNull();
  });

  it('reads the day and time in the store’s timezone and refuses a missing or past one', () => {
    expect(scheduledAt('2030-03-11', '09:30', 'America/New_York')).toBe('2030-03-11T09:30:00.000-04:00');
    expect(checkAppointment({ ...filled, time: '' }, context.timeZone, context.nowMs).errors.scheduled_at).toBe('appointments.error_scheduled_at');
    expect(checkAppointment({ ...filled, date: '2030-02-01' }, context.timeZone, context.nowMs).errors.scheduled_at).toBe('appointments.error_in_past');
  });

  it('builds the body the server’s schema asks for', () => {
    const { body, errors } = checkNewCustomerBooking({ ...filled, make: 'Honda', model: 'Civic', year: '2020', notes: 'Brake noise' }, context);
    expect(errors).toEqual({});
    expect(body).toEqual({
      appointment: {
        scheduled_at: '2030-03-11T09:30:00.000-04:00',
        agent_id: null,
        vehicle: { make: 'Honda', model: 'Civic', year: 2020, vin: null, mileage: null },
        notes: 'Brake noise',
      },
      customer: { first_name: 'Ana', last_name: 'Lopez', phone: '(617) 555-4410', email: 'ana@example.com' },
    });
  });

  it('takes the store’s country from its phone, and the server’s field paths to fields', () => {
    expect(storeCountry('+442079460123')).toBe('GB');
    expect(storeCountry(null)).toBe('US');
    expect(fieldOfPath('customer.phone')).toBe('phone');
    expect(fieldOfPath('appointment.scheduled_at')).toBe('scheduled_at');
    expect(fieldOfPath('other')).toBeNull();
  });
});

describe('a mass text’s progress and summary', () => {
  it('counts sent, skipped and failed recipients as done', () => {
    expect(massProgress(aMassMessage({ total: 5, sent: 2, skipped: { opted_out: 1 }, failed: 1 }))).toEqual({ done: 4, total: 5 });
  });

  it('lists why recipients were skipped, largest first, with the reasons the board words itself', () => {
    expect(skipLines(aMassMessage({ skipped: { landline: 1, opted_out: 2, gatekeeper: 1, blocked: 0 } }))).toEqual([
      { reason: 'opted_out', count: 2, key: 'mass_text.skip_opted_out' },
      { reason: 'gatekeeper', count: 1, key: null },
      { reason: 'landline', count: 1, key: 'mass_text.skip_landline' },
    ]);
  });

  it('keeps the report furthest along, and the finished one, whatever order they arrive in', () => {
    const running = aMassMessage({ sent: 2 });
    const earlier = aMassMessage({ sent: 1 });
    const finished = aMassMessage({ sent: 3, state: 'finished' });
    expect(newer(running, earlier)).toBe(running);
    expect(newer(running, finished)).toBe(finished);
    expect(newer(finished, aMassMessage({ sent: 3 }))).toBe(finished);
    expect(newer(running, aMassMessage({ id: 'mm_other', sent: 3 }))).toBe(running);
  });
});

describe('the board’s paths and words', () => {
  it('pages the inbox and the sent reminders 20 at a time', () => {
    expect(appointmentPagePath('loc_1', 'inbox', 2)).toBe('/api/locations/loc_1/appointments/inbox?offset=40&limit=20');
    expect(appointmentPagePath('loc_1', 'sent', 0)).toBe('/api/locations/loc_1/notes/appointments?offset=0&limit=20');
  });

  it('words a reminder’s delivery state with the conversation’s words', () => {
    expect(deliveryKey('not sent')).toBe('delivery.not_sent');
    expect(deliveryKey('delivered')).toBe('delivery.delivered');
    expect(deliveryKey(null)).toBeNull();
  });
});

describe('onBoard (what the board lists)', () => {
  const NOON = Date.parse('2030-03-12T16:00:00Z');
  it('keeps appointments from the start of today where the store is, and nothing archived', () => {
    expect(onBoard({ archived: false, scheduled_at: '2030-03-12T04:30:00Z' }, 'America/New_York', NOON)).toBe(true);
    expect(onBoard({ archived: false, scheduled_at: '2030-03-12T03:30:00Z' }, 'America/New_York', NOON)).toBe(false);
    expect(onBoard({ archived: false, scheduled_at: '2030-03-09T14:00:00Z' }, 'America/New_York', NOON)).toBe(false);
    expect(onBoard({ archived: true, scheduled_at: '2030-03-13T14:00:00Z' }, 'America/New_York', NOON)).toBe(false);
  });

  it('keeps one from before today that the customer wrote into today, through today only', () => {
    const past = { archived: false, scheduled_at: '2030-03-09T14:00:00Z' };
    expect(onBoard({ ...past, listed_from: '2030-03-12T15:00:00Z' }, 'America/New_York', NOON)).toBe(true);
    expect(onBoard({ ...past, listed_from: '2030-03-11T23:00:00Z' }, 'America/New_York', NOON)).toBe(false);
    expect(onBoard({ ...past, archived: true, listed_from: '2030-03-12T15:00:00Z' }, 'America/New_York', NOON)).toBe(false);
  });
});
