import { describe, expect, it } from 'vitest';
import { applyCustomerFields, languageOf } from '../../functions/dms/customers.js';
import { RecordError } from '../../functions/dms/feed.js';
import { newOrderFromDms, orderChanges, type DmsOrderUpdate } from '../../functions/dms/orderChanges.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import { promiseTime } from '../../infra/local/dms-simulator.js';

const NOW = '2030-03-04T15:00:00.000Z';
const LATER = '2030-03-04T16:00:00.000Z';
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };
const MANAGER = { id: 'agt_manager', first_name: 'Marcus', last_name: 'Bell' };

function update(overrides: Partial<DmsOrderUpdate> = {}): DmsOrderUpdate {
  return {
    customer: { id: 'cus_1', first_name: 'Ana', middle_name: '', last_name: 'Lopez' },
    alternateRecord: false,
    advisor: ADVISOR,
    vehicle: { make: 'Honda', model: 'Civic', year: 2020, vin: null, mileage: 1000 },
    openedAt: '2030-03-04T13:00:00.000Z',
    promiseTime: '2030-03-04T18:00:00.000Z',
    status: 'open',
    workOrderStatusCode: 'E',
    opcodes: ['01FZ'],
    ...overrides,
  };
}

const order = (overrides: Partial<DmsOrderUpdate> = {}) =>
  newOrderFromDms({ companyId: 'cmp_demo', locationId: 'loc_demo_north', id: 'ro_1', dmsRoId: '7001' }, update(overrides), NOW);

describe('newOrderFromDms', () => {
  it('opens the order on the board, sorted by when it was opened', () => {
    const ro = order();

    expect(ro).toMatchObject({ ro_id: '7001', dms_ro_id: '7001', version: 1, closed: false, archived: false, agent: ADVISOR, activity_at: '2030-03-04T13:00:00.000Z' });
    expect(ro.message_thread).toEqual({ id: 'thr_1', bumped_at: null });
    expect(ro.metadata).toMatchObject({ dms_status: 'open', opcodes: ['01FZ'], invoiced_at: null, message_count: 0 });
  });

  it('takes an order that arrives closed or invoiced as it is', () => {
    expect(order({ status: 'closed' })).toMatchObject({ closed: true, closed_at: NOW });
    expect(order({ status: 'invoiced' }).metadata.invoiced_at).toBe(NOW);
  });
});

describe('orderChanges', () => {
  it('changes nothing when the DMS repeats itself, whatever order its fields come in', () => {
    const ro = order();
    const repeated = update({ vehicle: { mileage: 1000, vin: null, year: 2020, model: 'Civic', make: 'Honda' } });

    expect(orderChanges(ro, repeated, LATER)).toBeNull();
  });

  it('keeps what the DMS leaves out', () => {
    const ro = order();

    expect(orderChanges(ro, update({ vehicle: undefined, promiseTime: undefined, opcodes: undefined, workOrderStatusCode: undefined, status: undefined }), LATER)).toBeNull();
  });

  it('moves the tech status, op codes and promise time', () => {
    const decided = orderChanges(order(), update({ workOrderStatusCode: 'I', opcodes: ['01FZ', 'TEXT'], promiseTime: null }), LATER);

    expect(decided?.changes).toMatchObject({ custom: { work_order_status_code: 'I' }, metadata: { opcodes: ['01FZ', 'TEXT'] }, promise_time: null });
    expect(decided?.transition).toEqual({ closed: false, invoiced: false, reopened: false, assigned: false });
  });

  it('stamps invoiced_at once, when the order becomes invoiced', () => {
    const ro = order({ status: 'pre_invoiced' });

    const decided = orderChanges(ro, update({ status: 'invoiced' }), LATER);
    const repeated = orderChanges({ ...ro, ...decided!.changes }, update({ status: 'invoiced' }), '2030-03-04T17:00:00.000Z');

    expect(decided?.changes.metadata).toMatchObject({ dms_status: 'invoiced', invoiced_at: LATER });
    expect(decided?.transition.invoiced).toBe(true);
    expect(repeated).toBeNull();
  });

  it('closes the order when the DMS closes it, and reopens it when the DMS sends it as open again', () => {
    const closing = orderChanges(order(), update({ status: 'closed' }), LATER);
    const closed = { ...order(), ...closing!.changes };

    const reopening = orderChanges(closed, update({ status: 'open' }), '2030-03-05T09:00:00.000Z');

    expect(closing?.changes).toMatchObject({ closed: true, closed_at: LATER, autoclosed: false });
    expect(closing?.transition.closed).toBe(true);
    expect(reopening?.changes).toMatchObject({ closed: false, closed_at: null, metadata: { dms_status: 'open' } });
    expect(reopening?.transition.reopened).toBe(true);
  });

  it('leaves an order closed for inactivity closed while the DMS repeats the status it had', () => {
    const autoclosed = { ...order({ workOrderStatusCode: 'I' }), closed: true, closed_at: LATER, autoclosed: true };

    expect(orderChanges(autoclosed, update({ workOrderStatusCode: 'I' }), LATER)).toBeNull();
    expect(orderChanges(autoclosed, update({ workOrderStatusCode: 'I', status: 'invoiced' }), LATER)?.transition.reopened).toBe(true);
  });

  it("fills an empty assignment from the DMS but never undoes the console's", () => {
    const unassigned = order({ advisor: null });
    const reassigned = { ...order(), agent: MANAGER };

    const filled = orderChanges(unassigned, update(), LATER);

    expect(filled?.changes.agent).toEqual(ADVISOR);
    expect(filled?.transition.assigned).toBe(true);
    expect(orderChanges(reassigned, update(), LATER)).toBeNull();
  });

  it('sorts an untexted order by its new opening time, a texted one by its last message', () => {
    const moved = orderChanges(order(), update({ openedAt: '2030-03-04T12:00:00.000Z' }), LATER);
    const texted = { ...order(), metadata: { ...order().metadata, message_count: 2 }, activity_at: '2030-03-04T14:30:00.000Z' };

    expect(moved?.changes).toMatchObject({ opened_at: '2030-03-04T12:00:00.000Z', activity_at: '2030-03-04T12:00:00.000Z' });
    expect(orderChanges(texted, update({ openedAt: '2030-03-04T12:00:00.000Z' }), LATER)?.changes.activity_at).toBeUndefined();
  });
});

describe('DMS customer fields', () => {
  const customer = { phones: { cell: '+16175551234', work: null, alternate: null }, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' } as CustomerRecord;

  it('reads numbers as the store writes them, in E.164', () => {
    const next = applyCustomerFields(customer, { phones: { work: '(617) 555-4410' } }, { phones: { work: '(617) 555-4410' } }, 'US');

    expect(next.phones).toEqual({ cell: '+16175551234', work: '+16175554410', alternate: null });
  });

  it('refuses a number that cannot be one, with the SPEC §5 text', () => {
    const apply = (cell: string) => () => applyCustomerFields(customer, { phones: { cell } }, { phones: { cell } }, 'US');

    expect(apply('call the shop')).toThrow(new RecordError('phones.cell: The Phone number entered is invalid'));
    expect(apply('555')).toThrow(new RecordError('phones.cell: Phone number is too short'));
  });

  it('clears a field sent empty and keeps one not sent', () => {
    const next = applyCustomerFields(customer, { email: null, first_name: '' }, { email: null }, 'US');

    expect(next).toMatchObject({ email: null, first_name: 'Ana', last_name: 'Lopez' });
  });

  it("maps the DMS's language to a console locale, or to the location's", () => {
    expect(['es', 'fr-CA', 'en_GB', 'EN-us', 'pt-BR', 'zz', ''].map(languageOf)).toEqual(['es', 'fr', 'en-gb', 'en-us', 'pt', null, null]);
  });
});

describe('simulated promise times', () => {
  const at = (iso: string) => Date.parse(iso);
  const fixed = (value: number) => () => value;

  it('fall a few hours ahead inside store hours, on the quarter hour', () => {
    // 10:07 in Boston; the generator asks for the earliest slot (1 hour ahead).
    expect(promiseTime(at('2030-03-04T15:07:00Z'), 'America/New_York', fixed(0))).toBe('2030-03-04T16:00:00.000Z');
  });

  it('move to the next day when the store would be closed', () => {
    // 17:30 in Boston: an hour later the store has closed.
    const promised = new Date(promiseTime(at('2030-03-04T22:30:00Z'), 'America/New_York', fixed(0)));

    expect(promised.toISOString()).toBe('2030-03-05T14:00:00.000Z');
  });
});
