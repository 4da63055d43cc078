/**
 * The work-declined notice: declined recommended work is texted about once, some days after the
 * decision (service_settings.work_declined_notification_after_days and _message), by the
 * work_declined_notices job. The job runs here in the test process against the test stack.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newSheet, saveSheet, type SheetRecord } from '../../functions/inspections/records.js';
import { readSettings } from '../../functions/lib/settings.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import { sendWorkDeclinedNotices } from '../../functions/recommendations/workDeclined.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { BRAKE_TEMPLATE, brakeRecommendations } from '../support/inspections.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { ADVISOR, createRepairOrder, DEMO_NORTH, ensureServiceNumber, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const DAY = 86_400_000;
const MESSAGE = 'You declined some recommended work ({{items}}). Reply to book it in.';
const serviceSettings = `/api/locations/${DEMO_NORTH.locationId}/service_settings`;

let advisor: ApiClient;
let admin: ApiClient;
let saved: { work_declined_notification_message: string; work_declined_notification_after_days: number; work_declined_opcodes: string[] };

beforeAll(async () => {
  useStackEnv();
  const [advisorToken, adminToken] = await Promise.all([signIn(baseUrl, 'advisor@demo.example'), signIn(baseUrl, 'admin@demo.example')]);
  advisor = api(baseUrl, advisorToken);
  admin = api(baseUrl, adminToken);
  const info = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'business_information');
  if (!info.texting_numbers.service) await ensureServiceNumber(DEMO_NORTH.companyId, DEMO_NORTH.locationId, '+16175550150');
  const service = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_settings');
  saved = {
    work_declined_notification_message: service.work_declined_notification_message,
    work_declined_notification_after_days: service.work_declined_notification_after_days,
    work_declined_opcodes: service.work_declined_opcodes,
  };
  await setService({ work_declined_notification_message: MESSAGE, work_declined_notification_after_days: 3, work_declined_opcodes: [] });
});

afterAll(async () => {
  await setService(saved);
});

async function setService(values: Record<string, unknown>): Promise<void> {
  const res = await admin.post(serviceSettings, { service_settings: values });
  expect(res.status).toBe(200);
}



async function completedInspection(customer: Partial<CustomerRecord> = {}, ro: Partial<RepairOrderRecord> = {}) {
  const created = await createRepairOrder({ customer, ro });
  const now = new Date().toISOString();
  const sheet: SheetRecord = {
    ...newSheet(created.ro, BRAKE_TEMPLATE, now),
    state: 'completed_by_advisor',
    advisor: ADVISOR,
    recommendations: brakeRecommendations(),
    completed_by_technician_at: now,
    completed_by_advisor_at: now,
  };
  await saveSheet(sheet, null);
  return created;
}

const decide = (roId: string, recId: string, approved: boolean | null) => advisor.put(`/api/tech/mpi/repair_orders/${roId}/recommendations/${recId}`, { approved });
const inDays = (days: number) => new Date(Date.now() + days * DAY + 60_000);
const textsOf = async (customer: CustomerRecord) => (await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text);

describe('work_declined_notices job', () => {
  it('texts the customer once, after the configured days, about every declined item of the order', async () => {
    // prepare
    const { ro, customer } = await completedInspection();
    await decide(ro.id, 'rec_pads', false);
    await decide(ro.id, 'rec_wipers', false);
    // act
    await sendWorkDeclinedNotices(inDays(2));
    const textsEarly = await textsOf(customer);
    const due = await sendWorkDeclinedNotices(inDays(3));
    const again = await sendWorkDeclinedNotices(inDays(4));
    // assess
    expect(textsEarly).toHaveLength(0);
    expect(due.sent).toBeGreaterThanOrEqual(1);
    const texts = await textsOf(customer);
    expect(texts).toHaveLength(1);
    // The store's own wording, named: it does not say which store it is from.
    expect(texts[0]).toMatch(/^Demo Motors North: You declined some recommended work \(/);
    expect(texts[0]).toContain('Front brake pads');
    expect(texts[0]).toContain('Wiper blades');
    expect(again.sent).toBe(0);
  });

  it('sends nothing twice when two runs race', async () => {
    const { ro, customer } = await completedInspection();
    await decide(ro.id, 'rec_pads', false);

    await Promise.all([sendWorkDeclinedNotices(inDays(3)), sendWorkDeclinedNotices(inDays(3))]);

    expect(await textsOf(customer)).toHaveLength(1);
  });

  it('sends nothing when the customer approved the work after declining it', async () => {
    const { ro, customer } = await completedInspection();
    await decide(ro.id, 'rec_pads', false);
    await decide(ro.id, 'rec_pads', true);

    await sendWorkDeclinedNotices(inDays(5));

    expect(await textsOf(customer)).toHaveLength(0);
  });

  it('drops the notice when the location has no work-declined message', async () => {
    // prepare
    const { ro, customer } = await completedInspection();
    await decide(ro.id, 'rec_pads', false);
    await setService({ work_declined_notification_message: '' });
    // act
    try {
      await sendWorkDeclinedNotices(inDays(3));
    } finally {
      await setService({ work_declined_notification_message: MESSAGE });
    }
    await sendWorkDeclinedNotices(inDays(3));
    // assess: not sent then, and not later either
    expect(await textsOf(customer)).toHaveLength(0);
  });

  it('leaves the advisor a note instead of texting when the gatekeeper refuses (work-declined op codes)', async () => {
    // prepare
    const { ro, customer } = await completedInspection({}, { metadata: { dms_status: 'open', opcodes: ['BRAKES'], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 } });
    await decide(ro.id, 'rec_pads', false);
    const gatekeeper = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'gatekeeper_settings');
    await admin.post(`/api/locations/${DEMO_NORTH.locationId}/gatekeeper_settings`, { gatekeeper_settings: { mpi_work_declined: { ...gatekeeper.mpi_work_declined, target: 'ro_with_opcode' } } });
    await setService({ work_declined_opcodes: ['DECLINED'] });
    // act
    let run;
    try {
      run = await sendWorkDeclinedNotices(inDays(3));
    } finally {
      await setService({ work_declined_opcodes: [] });
      await admin.post(`/api/locations/${DEMO_NORTH.locationId}/gatekeeper_settings`, { gatekeeper_settings: { mpi_work_declined: gatekeeper.mpi_work_declined } });
    }
    // assess
    expect(run.refused).toBeGreaterThanOrEqual(1);
    expect(await textsOf(customer)).toHaveLength(0);
    const messages = await advisor.get(`/api/repair_orders/${ro.id}/messages?limit=50`);
    const note = messages.body.messages.find((m: { behaviour: string | null }) => m.behaviour === 'GENERIC_SYSTEM');
    expect(note).toMatchObject({ text: "Notification won't be delivered.", metadata: { note: { kind: 'work_declined', reason: expect.stringContaining('DECLINED') } } });
  });

  it('lets the notice through when the order carries one of the work-declined op codes', async () => {
    const { ro, customer } = await completedInspection({}, { metadata: { dms_status: 'open', opcodes: ['DECLINED'], invoiced_at: null, missed_call: false, last_call_at: null, message_count: 0 } });
    await decide(ro.id, 'rec_pads', false);
    const gatekeeper = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'gatekeeper_settings');
    await admin.post(`/api/locations/${DEMO_NORTH.locationId}/gatekeeper_settings`, { gatekeeper_settings: { mpi_work_declined: { ...gatekeeper.mpi_work_declined, target: 'ro_with_opcode' } } });
    await setService({ work_declined_opcodes: ['OTHER', 'DECLINED'] });
    try {
      await sendWorkDeclinedNotices(inDays(3));
    } finally {
      await setService({ work_declined_opcodes: [] });
      await admin.post(`/api/locations/${DEMO_NORTH.locationId}/gatekeeper_settings`, { gatekeeper_settings: { mpi_work_declined: gatekeeper.mpi_work_declined } });
    }

    expect(await textsOf(customer)).toHaveLength(1);
  });
});
