/**
 * Texted-in orders without a table: the record they are for, their ids, the send rules they get
 * and how the board names them.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { newCustomerRecord, type CustomerRecord } from '../../functions/customers/records.js';
import { derivedId, dmsRecordId } from '../../functions/lib/ids.js';
import { decideSend, type RuleCustomer, type RuleSettings } from '../../functions/messages/rules.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';
import { newRepairOrder } from '../../functions/repairOrders/records.js';
import { customerAtLocation } from '../../functions/repairOrders/textedIn.js';
import { isTextedIn } from '../../shared/repairOrders/repairOrders.js';
import { orderNumber, orderSubtitle } from '../../web/src/features/serviceBoard/boardRows.js';
import { anOrder } from './web-service-fixtures.js';

function record(id: string, locationId: string, updatedAt: string, overrides: Partial<CustomerRecord> = {}): CustomerRecord {
  return { ...newCustomerRecord({ id, companyId: 'cmp_a', locationId, dmsCustomerId: `D-${id}`, now: updatedAt }), ...overrides };
}

describe('the record a texted-in order is for (customerAtLocation)', () => {
  const made = { id: 'cus_new', now: '2030-01-02T00:00:00.000Z' };

  it("takes the customer's newest record at the store", () => {
    const older = record('cus_1', 'loc_south', '2029-01-01T00:00:00.000Z');
    const newer = record('cus_2', 'loc_south', '2029-06-01T00:00:00.000Z');
    const north = record('cus_3', 'loc_north', '2029-12-01T00:00:00.000Z');
    expect(customerAtLocation([older, north, newer], 'loc_south', made)).toEqual({ existing: newer });
  });

  it('makes one at the store from the newest record elsewhere: who the person is, not their consent or DMS id', () => {
    const person = record('cus_1', 'loc_north', '2029-06-01T00:00:00.000Z', {
      first_name: 'Ana',
      middle_name: 'M',
      last_name: 'Silva',
      phones: { cell: '+16175550199', work: '+16175550100', alternate: null },
      language: 'pt',
      opt_in: 'in',
      carrier: { type: 'mobile' },
    });
    const stale = record('cus_0', 'loc_east', '2028-01-01T00:00:00.000Z', { first_name: 'Old' });
    const choice = customerAtLocation([stale, person], 'loc_south', made);
    if (!('created' in choice)) throw new Error('expected a new record');
    expect(choice.created).toMatchObject({
      id: 'cus_new',
      company_id: 'cmp_a',
      location_id: 'loc_south',
      dms_customer_id: null,
      first_name: 'Ana',
      middle_name: 'M',
      last_name: 'Silva',
      phones: person.phones,
      language: 'pt',
      carrier: { type: 'mobile' },
      // The number's consent is taken when it is saved (saveRecordTakingNumber).
      opt_in: 'unknown',
      created_at: made.now,
      version: 1,
    });
  });
});

describe('texted-in ids', () => {
  it('are the same for every delivery of a text and never a DMS order of the store', () => {
    const a = derivedId('ro', 'cmp_a', 'loc_south', 'texted_in', 'carrier-1');
    expect(derivedId('ro', 'cmp_a', 'loc_south', 'texted_in', 'carrier-1')).toBe(a);
    expect(derivedId('ro', 'cmp_a', 'loc_south', 'texted_in', 'carrier-2')).not.toBe(a);
    expect(dmsRecordId('ro', 'cmp_a', 'loc_south', 'repair_order', 'carrier-1')).not.toBe(a);
  });

  it('leave the ids of DMS records as they were', () => {
    const digest = createHash('sha256').update('cmp_a\u0000loc_a\u0000repair_order\u00007010231').digest('base64url');
    expect(dmsRecordId('ro', 'cmp_a', 'loc_a', 'repair_order', '7010231')).toBe(`ro_${digest.slice(0, 22).toLowerCase().replace(/[-_]/g, 'x')}`);
  });
});

describe('a texted-in order and the send rules', () => {
  const order = newRepairOrder({ id: 'ro_t', ro_id: '', company_id: 'cmp_a', location_id: 'loc_south', customer: { id: 'cus_1', first_name: 'Ana', middle_name: '', last_name: 'Silva' }, opened_at: '2030-01-01T00:00:00.000Z' });
  const customer: RuleCustomer = { opt_in: 'in', blocked_at: null, line: 'mobile', cell: '+16175550199' };
  const settings: RuleSettings = { safeMode: false, doubleOptIn: false, quietStart: '00:00', quietEnd: '00:00', timezone: 'America/New_York', opcodeText: 'TXT', requireOpcode: true };
  const send = (ro: typeof order) => decideSend(repairOrderOwner(ro).rules, customer, settings, { text: 'Hello', attachments: 0 }, 'manual', new Date('2030-01-01T12:00:00Z'));

  it('needs an advisor like any order, and then goes although the store asks for an op code', () => {
    expect(isTextedIn(order)).toBe(true);
    expect(send(order)).toEqual({ outcome: 'refuse', error: 'no_advisor' });
    const assigned = { ...order, agent: { id: 'agt_1', first_name: 'Carmen', last_name: 'Reyes' } };
    expect(send(assigned)).toMatchObject({ outcome: 'send' });
    // A DMS order without the op code is still held to the rule.
    expect(send({ ...assigned, ro_id: '7010231' })).toEqual({ outcome: 'refuse', error: 'opcode_missing' });
  });
});

describe('how the board names a texted-in order', () => {
  // The board's own words (its namespace), falling back to the shared ones, as the console reads them.
  const read = (path: string) => JSON.parse(readFileSync(new URL(`../../web/src/${path}`, import.meta.url), 'utf8')) as object;
  const resources = (locale: string) => ({ translation: read(`locales/${locale}.json`), serviceBoard: read(`features/serviceBoard/locales/${locale}.json`) });
  const i18n = i18next.createInstance();
  const ready = i18n.init({
    lng: 'en-us',
    lowerCaseLng: true,
    load: 'currentOnly',
    fallbackLng: false,
    fallbackNS: 'translation',
    interpolation: { escapeValue: false },
    resources: { 'en-us': resources('en-us'), de: resources('de') },
  });

  it('says "Texted in" where the RO number would be, in the agent\'s language', async () => {
    await ready;
    const textedIn = anOrder('ro_t', { ro_id: '', vehicle: { make: '', model: '', year: null, vin: null, mileage: null } });
    const dms = anOrder('ro_d', { ro_id: '7010231', vehicle: { make: 'Honda', model: 'Civic', year: 2020, vin: null, mileage: null } });
    const en = i18n.getFixedT('en-us', 'serviceBoard');
    expect(orderSubtitle(textedIn, en)).toBe('Texted in');
    expect(orderNumber(textedIn, en)).toBe('Texted in');
    expect(orderSubtitle(dms, en)).toBe('RO 7010231 · 2020 Honda Civic');
    expect(orderNumber(dms, en)).toBe('7010231');
    expect(orderSubtitle(textedIn, i18n.getFixedT('de', 'serviceBoard'))).toBe('Per SMS eingegangen');
  });
});
