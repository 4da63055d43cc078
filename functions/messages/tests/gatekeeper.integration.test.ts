/**
 * The gatekeeper (issue 22) against the local stack, in a dealership of its own: the spec-path
 * routes round-trip and refuse; the service welcome goes once per customer within its frequency
 * when the DMS opens an order; the prewelcome goes once per appointment; a refused one leaves
 * "Notification won't be delivered."; the advisor's vehicle-ready button answers to its rule.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SettingsOf } from '../../../shared/schemas/settings.js';
import { writeSettings, readSettings } from '../../lib/settings.js';
import { customerText } from '../../lib/customerTexts.js';
import { saveCustomer } from '../../customers/records.js';
import { saveRepairOrder } from '../../repairOrders/records.js';
import { welcomeCustomer } from '../../repairOrders/welcome.js';
import { scheduleServiceReminder, sendServiceReminders } from '../../repairOrders/serviceReminders.js';
import { bookAppointment } from '../../appointments/booking.js';
import { sendPrewelcomes } from '../../appointments/prewelcome.js';
import { getAppointment } from '../../appointments/records.js';
import { getMessage, messagesOf } from '../records.js';
import { channels, cursorAt, eventsAfter } from '../../lib/realtime.js';
import { sendDueMessages } from '../scheduled.js';
import { offerSurvey } from '../../csi/surveys.js';
import { api, signIn, textsTo, type ApiClient } from '../../../test/support/api.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const DAY = 86_400_000;

let store: OwnStore;
let manager: ApiClient;
let advisor: ApiClient;
let admin: ApiClient;
let advisorId: string;
/** The store's advisor, as an order names them: a text needs an assigned advisor (SPEC §5). */
const desk = () => ({ id: advisorId, first_name: 'Sam', last_name: 'Ortiz' });

async function customerOf(optIn: 'in' | 'unknown' | 'out', language: string | null = null) {
  const customer = customerRecord({
    company_id: store.companyId,
    location_id: store.locationId,
    opt_in: optIn,
    opt_metadata: optIn === 'unknown' ? null : { initiator: 'customer', opcode: null, timestamp: new Date().toISOString(), agent: null },
    language,
  });
  await saveCustomer(customer);
  return customer;
}

async function setGroup<K extends 'service_settings' | 'appointments_settings' | 'gatekeeper_settings'>(key: K, change: (current: SettingsOf<K>) => SettingsOf<K>) {
  await writeSettings(store.companyId, store.locationId, key, change(await readSettings(store.companyId, store.locationId, key)), 'agt_test');
}

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  store = await createOwnStore('gate');
  const tag = randomUUID().slice(0, 6);
  const boss = await createAgent(store, `agt_gate_mgr_${tag}`, 'Maria', 'Keller', { access_level: accessFlags('manager', 'service') });
  const desk = await createAgent(store, `agt_gate_adv_${tag}`, 'Sam', 'Ortiz');
  const owner = await createAgent(store, `agt_gate_adm_${tag}`, 'Ada', 'Nguyen', { access_level: accessFlags('admin', 'manager') });
  advisorId = desk.id;
  const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
  manager = await as(boss.email);
  advisor = await as(desk.email);
  admin = await as(owner.email);
});

describe('GET|POST /gatekeeper_settings and /gatekeeper_settings/{key}', () => {
  it('round-trips the whole group and one rule, the same as the generic route reads', async () => {
    const whole = await manager.post('/gatekeeper_settings', { gatekeeper_settings: { csi: { target: 'green_only', text: '', notes: 'Ask Maria first' } } });
    expect(whole.status).toBe(200);
    expect(whole.body.gatekeeper_settings.csi).toEqual({ target: 'green_only', text: '', notes: 'Ask Maria first' });
    expect(whole.body.gatekeeper_settings.vehicle_ready.target).toBe('opted_in_and_no_status');

    const one = await manager.post('/gatekeeper_settings/share_album', { share_album: { target: 'opted_in' } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ share_album: { target: 'opted_in', text: '', notes: '' } });
    const text = await manager.post('/gatekeeper_settings/share_album', { share_album: { text: 'Your photos are ready.' } });
    // The fields not sent keep what was saved.
    expect(text.body.share_album).toEqual({ target: 'opted_in', text: 'Your photos are ready.', notes: '' });

    const read = await advisor.get('/gatekeeper_settings/share_album');
    expect(read.status === 200 || read.status === 403).toBe(true);
    const generic = await manager.get(`/api/locations/${store.locationId}/gatekeeper_settings`);
    expect(generic.body.gatekeeper_settings.share_album).toEqual(text.body.share_album);
    expect(generic.body.gatekeeper_settings.csi.notes).toBe('Ask Maria first');
    expect((await manager.get('/gatekeeper_settings')).body).toEqual(generic.body);
  });

  it('refuses an unknown type (404), a non-manager write (403), a bad target and a misspelt field with the field named (422)', async () => {
    expect((await manager.get('/gatekeeper_settings/oil_change')).status).toBe(404);
    expect((await manager.post('/gatekeeper_settings/oil_change', { oil_change: { target: 'opted_in' } })).status).toBe(404);
    expect((await advisor.post('/gatekeeper_settings/csi', { csi: { target: 'opted_in' } })).status).toBe(403);
    expect((await advisor.post('/gatekeeper_settings', { gatekeeper_settings: { csi: { target: 'opted_in' } } })).status).toBe(403);

    const bad = await manager.post('/gatekeeper_settings/csi', { csi: { target: 'everyone' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('gatekeeper_settings.csi.target');
    const misspelt = await manager.post('/gatekeeper_settings/csi', { csi: { taget: 'opted_in' } });
    expect(misspelt.status).toBe(422);
    expect(JSON.stringify(misspelt.body)).toContain('taget');
    const wholeBad = await manager.post('/gatekeeper_settings', { gatekeeper_settings: { prewelcome: { target: 'nobody' } } });
    expect(wholeBad.status).toBe(422);
    expect(JSON.stringify(wholeBad.body)).toContain('gatekeeper_settings.prewelcome.target');
    // Nothing was saved by the refusals.
    expect((await manager.get('/gatekeeper_settings/csi')).body.csi.target).toBe('green_only');
  });

  it("acts on ?location_id= for an admin, and answers 404 for another company's location", async () => {
    const other = await admin.post(`/gatekeeper_settings/vehicle_ready?location_id=${store.otherLocationId}`, { vehicle_ready: { target: 'ro_with_opcode' } });
    expect(other.status).toBe(200);
    expect((await readSettings(store.companyId, store.otherLocationId, 'gatekeeper_settings')).vehicle_ready.target).toBe('ro_with_opcode');
    expect((await readSettings(store.companyId, store.locationId, 'gatekeeper_settings')).vehicle_ready.target).toBe('opted_in_and_no_status');
    expect((await manager.get(`/gatekeeper_settings?location_id=${store.otherLocationId}`)).status).toBe(404);
    expect((await admin.get('/gatekeeper_settings?location_id=loc_demo_north')).status).toBe(404);
  });
});

describe('the service welcome', () => {
  it('goes when an order opens, once per customer within the welcome frequency, in their language naming the store', async () => {
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: true, welcome_frequency_days: 30 }));
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_welcome: { ...g.service_welcome, target: 'opted_in', text: '' } }));
    const customer = await customerOf('in', 'es');
    const first = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(first, null);

    expect(await welcomeCustomer(first)).toBe('sent');
    const second = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(second, null);
    expect(await welcomeCustomer(second)).toBe('skipped');
    // Past the frequency, the customer's next visit is welcomed again.
    const later = new Date(Date.now() + 31 * DAY);
    const third = repairOrderRecord(customer, { agent: desk(), opened_at: later.toISOString() });
    await saveRepairOrder(third, null);
    expect(await welcomeCustomer(third, later)).toBe('sent');

    const texts = await textsTo(carrierUrl, customer.phones.cell!);
    expect(texts).toHaveLength(2);
    expect(texts[0]!.text).toContain(customerText('serviceWelcome', 'es', { dealership: store.name }));
  });

  it("sends the rule's own text when the store wrote one, and stays off unless enabled", async () => {
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_welcome: { ...g.service_welcome, target: 'opted_in_and_no_status', text: 'Thanks for visiting us today!' } }));
    const customer = await customerOf('in');
    const ro = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(ro, null);
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: false }));
    expect(await welcomeCustomer(ro)).toBe('skipped');
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: true }));
    expect(await welcomeCustomer(ro)).toBe('sent');
    const [text] = await textsTo(carrierUrl, customer.phones.cell!);
    expect(text!.text.split('\n')[0]).toBe(`${store.name}: Thanks for visiting us today!`);
  });

  it("refused by its rule, leaves \"Notification won't be delivered.\" and welcomes the customer once they may be texted", async () => {
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: true }));
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_welcome: { ...g.service_welcome, target: 'opted_in', text: '' } }));
    const customer = await customerOf('unknown');
    const ro = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(ro, null);
    const since = cursorAt(Date.now() - 1000);
    expect(await welcomeCustomer(ro)).toBe('refused');
    const toast = (await eventsAfter(store.companyId, channels.managerRepairOrders(store.locationId), since)).find((e) => e.type === 'gatekeeper_error' && (e.data as { repair_order_id?: string }).repair_order_id === ro.id);
    expect(toast?.data).toMatchObject({ kind: 'service_welcome', reason: 'not_opted_in' });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const [note] = await messagesOf(store.companyId, ro.message_thread.id, 0, 1);
    expect(note).toMatchObject({ behaviour: 'GENERIC_SYSTEM', text: "Notification won't be delivered.", metadata: { note: { key: 'not_delivered', kind: 'service_welcome', reason_id: 'not_opted_in' } } });
    // The DMS sending the same order again does not refuse it again.
    expect(await welcomeCustomer(ro)).toBe('skipped');
    expect(await messagesOf(store.companyId, ro.message_thread.id, 0, 10)).toHaveLength(1);
    // The refused welcome did not count: a target the customer passes lets the next order's through.
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_welcome: { ...g.service_welcome, target: 'opted_in_and_no_status' } }));
    const next = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(next, null);
    expect(await welcomeCustomer(next)).toBe('sent');
  });

  it('goes when the DMS feed opens the order and names its advisor, once, not for a backlog order opened days ago', async () => {
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: true }));
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_welcome: { ...g.service_welcome, target: 'green_only', text: '' } }));
    const key = (await manager.post(`/api/locations/${store.locationId}/dms_keys`, { label: 'Gatekeeper tests' })).body.key as string;
    const phone = customerRecord().phones.cell!;
    const dms = (kind: string, records: unknown[]) => api(baseUrl).post(`/dms/v1/locations/${store.locationId}/${kind}`, { records }, { 'x-api-key': key });
    const tag = randomUUID().slice(0, 8);
    expect((await dms('customers', [{ dms_customer_id: `C-${tag}`, first_name: 'Ana', last_name: 'Lopez', phones: { cell: phone }, dms_opt_in: 'in' }])).status).toBe(200);
    const now = new Date().toISOString();
    const old = new Date(Date.now() - 5 * DAY).toISOString();
    const res = await dms('repair_orders', [
      { dms_ro_id: `OLD-${tag}`, dms_customer_id: `C-${tag}`, opened_at: old, status: 'open', opcodes: [], advisor_email: `${advisorId}@harbor.example` },
    ]);
    expect(res.status).toBe(200);
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
    // Opened before its advisor is named: nothing yet, nothing refused; welcomed once the DMS names them.
    await dms('repair_orders', [{ dms_ro_id: `NEW-${tag}`, dms_customer_id: `C-${tag}`, opened_at: now, status: 'open', opcodes: [] }]);
    expect(await textsTo(carrierUrl, phone)).toEqual([]);
    await dms('repair_orders', [{ dms_ro_id: `NEW-${tag}`, dms_customer_id: `C-${tag}`, opened_at: now, status: 'open', opcodes: [], advisor_email: `${advisorId}@harbor.example` }]);
    // And only once, however often the DMS sends the order again.
    await dms('repair_orders', [{ dms_ro_id: `NEW-${tag}`, dms_customer_id: `C-${tag}`, opened_at: now, status: 'open', opcodes: ['TEXT'], advisor_email: `${advisorId}@harbor.example` }]);
    const texts = await textsTo(carrierUrl, phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(customerText('serviceWelcome', 'en-us', { dealership: store.name }));
  });
});

describe('the prewelcome', () => {
  it('goes once per appointment, prewelcome-hours before the visit, and not while disabled', async () => {
    await setGroup('appointments_settings', (a) => ({ ...a, prewelcome_enabled: true, prewelcome_hours_before: 24 }));
    await setGroup('gatekeeper_settings', (g) => ({ ...g, prewelcome: { ...g.prewelcome, target: 'opted_in', text: 'See you on {{date}} at {{time}}.' } }));
    const customer = await customerOf('in');
    const visit = new Date(Date.now() + 3 * DAY);
    const booked = await bookAppointment(customer, { scheduled_at: visit.toISOString(), agent_id: null, vehicle: null, notes: '' });
    expect(booked.prewelcome_at).toBe(new Date(visit.getTime() - DAY).toISOString());

    // Not yet due.
    await sendPrewelcomes(new Date(visit.getTime() - 2 * DAY));
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const due = new Date(visit.getTime() - DAY + 60_000);
    await sendPrewelcomes(due);
    await sendPrewelcomes(due);
    const texts = await textsTo(carrierUrl, customer.phones.cell!);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(new RegExp(`^${store.name}: See you on \\S+ at .+\\.`));
    expect((await getAppointment(store.companyId, booked.id))?.prewelcome_sent).toBe(true);

    await setGroup('appointments_settings', (a) => ({ ...a, prewelcome_enabled: false }));
    const later = await bookAppointment(customer, { scheduled_at: new Date(visit.getTime() + DAY).toISOString(), agent_id: null, vehicle: null, notes: '' });
    expect(later.prewelcome_at).toBeNull();
  });
});

describe("the advisor's vehicle-ready button", () => {
  it('answers to the vehicle_ready rule: refused with the reason, nothing sent', async () => {
    await setGroup('gatekeeper_settings', (g) => ({ ...g, vehicle_ready: { ...g.vehicle_ready, target: 'ro_with_opcode' } }));
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: false }));
    const customer = await customerOf('in');
    const ro = repairOrderRecord(customer, { agent: desk() });
    await saveRepairOrder(ro, null);
    const res = await advisor.post(`/api/repair_orders/${ro.id}/vehicle_ready`, {});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: { id: 'gatekeeper' } });
    expect(JSON.stringify(res.body)).toContain('opcode_missing');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    await setGroup('gatekeeper_settings', (g) => ({ ...g, vehicle_ready: { ...g.vehicle_ready, target: 'opted_in_and_no_status' } }));
    expect((await advisor.post(`/api/repair_orders/${ro.id}/vehicle_ready`, {})).status).toBe(200);
  });
});

/** The store's wall clock `minutes` from now, HH:MM (quiet hours are set on it). */
function wallClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

describe('a text held for quiet hours', () => {
  it("asks its rule again when it goes, a board's kind (the CSI survey) as the core's", async () => {
    await setGroup('service_settings', (s) => ({ ...s, welcome_enabled: false, quiet_hours_start: wallClock(-60), quiet_hours_end: wallClock(60) }));
    await writeSettings(store.companyId, store.locationId, 'csi_settings', { ...(await readSettings(store.companyId, store.locationId, 'csi_settings')), enabled: true, send_on: 'closed' }, 'agt_test');
    await setGroup('gatekeeper_settings', (g) => ({ ...g, csi: { ...g.csi, target: 'opted_in', text: '' } }));
    // Opted in by the advisor: not written consent.
    const customer = customerRecord({ company_id: store.companyId, location_id: store.locationId, opt_in: 'in', opt_metadata: { initiator: 'agent', opcode: null, timestamp: new Date().toISOString(), agent: null } });
    await saveCustomer(customer);
    const ro = repairOrderRecord(customer, { agent: desk(), closed: true, closed_at: new Date().toISOString() });
    await saveRepairOrder(ro, null);
    try {
      await offerSurvey(ro, 'closed');
      const [held] = (await messagesOf(store.companyId, ro.message_thread.id, 0, 10)).filter((m) => m.metadata.automated === 'csi_survey');
      expect(held?.metadata.status).toBe('scheduled');
      // The manager tightens the survey's rule overnight: written consent only.
      await setGroup('gatekeeper_settings', (g) => ({ ...g, csi: { ...g.csi, target: 'green_only' } }));
      await sendDueMessages(new Date(Date.parse(held!.metadata.send_at!) + 1000));
      expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
      expect((await getMessage(store.companyId, held!.id))?.metadata).toMatchObject({ status: 'not sent', error_code: 'no_written_consent' });
    } finally {
      await setGroup('service_settings', (s) => ({ ...s, quiet_hours_start: '00:00', quiet_hours_end: '00:00' }));
    }
  });
});

describe('the service reminder', () => {
  it("answers to the service_reminder rule: refused, it leaves \"Notification won't be delivered.\" with the reason", async () => {
    await writeSettings(store.companyId, store.locationId, 'reminder_settings', { ...(await readSettings(store.companyId, store.locationId, 'reminder_settings')), enabled: true, remind_months_after: 6 }, 'agt_test');
    await setGroup('gatekeeper_settings', (g) => ({ ...g, service_reminder: { ...g.service_reminder, target: 'opted_in' } }));
    const customer = await customerOf('unknown');
    const visit = new Date(Date.now() - 200 * DAY).toISOString();
    const ro = repairOrderRecord(customer, { agent: desk(), closed: true, closed_at: visit });
    await saveRepairOrder(ro, null);
    await scheduleServiceReminder(ro);
    await sendServiceReminders();
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const [note] = await messagesOf(store.companyId, ro.message_thread.id, 0, 1);
    expect(note).toMatchObject({ text: "Notification won't be delivered.", metadata: { note: { key: 'not_delivered', kind: 'service_reminder', reason_id: 'not_opted_in' } } });
  });
});
