/**
 * What a change of an appointment counts by itself in the appointments report (functions/
 * appointments/tallies.ts), from items as the store writes them (newAppointmentRecord,
 * appointmentItem): booked when made, confirmed and cancelled when marked, reminded when the
 * reminder went; a message, a re-save or an archive counts nothing. Which changes may make an
 * appointment one the customer came to (`showed` is found against the table: the integration test).
 */
import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../lib/boardModule.js';
import { newAppointmentRecord } from '../booking.js';
import { appointmentItem, type AppointmentRecord } from '../records.js';
import { appointmentFacts, appointmentTallies, mayBeVisit, mayHaveShown } from '../tallies.js';
import { newRepairOrder } from '../../repairOrders/records.js';

const T0 = '2026-06-01T13:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const ADVISOR = { id: 'agt_apt_advisor', first_name: 'Mara', last_name: 'Lind' };

const booked = (): AppointmentRecord => ({
  ...newAppointmentRecord({ id: 'apt_t1', company_id: 'cmp_t', location_id: 'loc_t', customer_id: 'cus_a1', scheduled_at: '2026-06-03T14:00:00.000Z' }, T0),
  agent: ADVISOR,
});
const step = (from: AppointmentRecord, minutes: number, change: Partial<AppointmentRecord>): AppointmentRecord => ({ ...from, ...change, version: from.version + 1, updated_at: at(minutes) });

/** An item as the stream tells it: a plain map of attributes. */
const image = (item: object): Record<string, unknown> => ({ ...item });

function change(old: AppointmentRecord | undefined, next: AppointmentRecord): TableChange {
  const item = appointmentItem(next);
  return { id: `evt_${next.version}`, kind: old ? 'modify' : 'insert', keys: { pk: item.pk, sk: item.sk }, ...(old ? { old: image(appointmentItem(old)) } : {}), new: image(item), at: next.updated_at };
}
const facts = (old: AppointmentRecord | undefined, next: AppointmentRecord) => {
  const c = change(old, next);
  return appointmentFacts(c.old as AppointmentRecord | undefined, c.new as unknown as AppointmentRecord).map((f) => ({ id: f.id, figure: f.figure, at: f.at, agent: f.dims?.agent_id }));
};

describe("an appointment's facts", () => {
  it('a new appointment is booked on the day it was made, under its advisor', () => {
    const a = booked();
    expect(facts(undefined, a)).toEqual([{ id: 'apt_t1:booked', figure: 'booked', at: T0, agent: ADVISOR.id }]);
    const c = change(undefined, a);
    expect(appointmentFacts(undefined, c.new as unknown as AppointmentRecord)[0]).toMatchObject({ type: 'appointments', record: { kind: 'appointment', id: 'apt_t1' }, customer_id: 'cus_a1' });
  });

  it('an appointment without an advisor counts under nobody', () => {
    expect(facts(undefined, { ...booked(), agent: null })[0]!.agent).toBe('none');
  });

  it('confirming counts once; a message or a re-save afterwards counts nothing', () => {
    const a = booked();
    const confirmed = step(a, 30, { confirmed: true });
    expect(facts(a, confirmed)).toEqual([{ id: 'apt_t1:confirmed', figure: 'confirmed', at: at(30), agent: ADVISOR.id }]);
    expect(facts(confirmed, step(confirmed, 31, { bumped_at: at(31), last_inbound_at: at(31), message_count: 1 }))).toEqual([]);
    expect(facts(confirmed, step(confirmed, 32, { notes: 'Loaner requested' }))).toEqual([]);
  });

  it('a cancellation counts; one the DMS takes back and makes again is a second cancellation', () => {
    const a = booked();
    const cancelled = step(a, 40, { cancelled: true });
    const back = step(cancelled, 50, { cancelled: false });
    const again = step(back, 60, { cancelled: true });
    expect(facts(a, cancelled)).toEqual([{ id: `apt_t1:cancelled:${at(40)}`, figure: 'cancelled', at: at(40), agent: ADVISOR.id }]);
    expect(facts(cancelled, back)).toEqual([]);
    expect(facts(back, again).map((f) => f.id)).toEqual([`apt_t1:cancelled:${at(60)}`]);
  });

  it('an appointment fed by the DMS already cancelled is booked and cancelled', () => {
    expect(facts(undefined, { ...booked(), cancelled: true }).map((f) => f.figure)).toEqual(['booked', 'cancelled']);
  });

  it('the reminder going counts it reminded, when it went; its delivery receipt counts nothing', () => {
    const a = booked();
    const reminder = { id: 'msg_r1', sent_at: at(100), send_at: null, metadata: { sms_status: 'queued' as const } };
    const reminded = step(a, 100, { reminder_sent: true, remind_at: null, reminder_message: reminder });
    expect(facts(a, reminded)).toEqual([{ id: 'apt_t1:reminded', figure: 'reminded', at: at(100), agent: ADVISOR.id }]);
    expect(facts(reminded, step(reminded, 101, { reminder_message: { ...reminder, metadata: { sms_status: 'delivered' } } }))).toEqual([]);
  });

  it('archiving counts nothing', () => {
    const a = booked();
    expect(facts(a, step(a, 200, { archived: true }))).toEqual([]);
  });

  it('the customer may have come for a new appointment, a moved one, another customer’s or one no longer cancelled; not for other changes', () => {
    const a = booked();
    expect(mayHaveShown(undefined, a)).toBe(true);
    expect(mayHaveShown(a, step(a, 1, { scheduled_at: '2026-06-04T14:00:00.000Z' }))).toBe(true);
    expect(mayHaveShown(a, step(a, 1, { customer_id: 'cus_other' }))).toBe(true);
    const cancelled = step(a, 2, { cancelled: true });
    expect(mayHaveShown(a, cancelled)).toBe(false);
    expect(mayHaveShown(cancelled, step(cancelled, 3, { cancelled: false }))).toBe(true);
    expect(mayHaveShown(a, step(a, 4, { confirmed: true }))).toBe(false);
    expect(mayHaveShown(a, step(a, 5, { bumped_at: at(5), message_count: 1 }))).toBe(false);
  });

  it('a repair order is a visit when it is opened (or moved to another customer or day), not when a text opened it or it merely changes', () => {
    const ro = newRepairOrder({ id: 'ro_a1', ro_id: '70001', company_id: 'cmp_t', location_id: 'loc_t', customer: { id: 'cus_a1', first_name: 'Ana', middle_name: '', last_name: 'Lopez' }, opened_at: '2026-06-03T13:40:00.000Z' });
    expect(mayBeVisit(undefined, ro)).toBe(true);
    expect(mayBeVisit(ro, { ...ro, closed: true, version: 2 })).toBe(false);
    expect(mayBeVisit(ro, { ...ro, customer_id: 'cus_other', version: 2 })).toBe(true);
    expect(mayBeVisit(undefined, { ...ro, ro_id: '' })).toBe(false);
  });

  it('the TallySource passes over the appointment’s other items, its messages and an order’s later changes, without reading', async () => {
    const a = booked();
    const bump = change(a, step(a, 5, { bumped_at: at(5), message_count: 1 }));
    await expect(appointmentTallies(bump)).resolves.toEqual([]);
    await expect(appointmentTallies({ ...bump, keys: { pk: bump.keys.pk, sk: 'PREWELCOME' } })).resolves.toEqual([]);
    const ro = newRepairOrder({ id: 'ro_a2', ro_id: '70002', company_id: 'cmp_t', location_id: 'loc_t', customer: { id: 'cus_a1', first_name: 'Ana', middle_name: '', last_name: 'Lopez' }, opened_at: at(0) });
    const closed = { ...ro, closed: true, version: 2 };
    const roChange: TableChange = { id: 'evt_ro', kind: 'modify', keys: { pk: 'COMPANY#cmp_t#RO#ro_a2', sk: 'RO' }, old: image(ro), new: image(closed), at: at(10) };
    await expect(appointmentTallies(roChange)).resolves.toEqual([]);
  });
});
