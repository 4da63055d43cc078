/**
 * System notes as data (issue 10): every note the console writes carries a key and its parameters
 * (shared/systemNotes.ts), so each console words it in its agent's language; the English text stays
 * stored beside it. And the vehicle-ready button: the words it would send can be read first, and
 * the text it sends carries the agent who pressed it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getAgent } from '../../functions/lib/agents.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { completeAsTechnician } from '../../functions/inspections/claims.js';
import { newSheet, saveSheet } from '../../functions/inspections/records.js';
import { onInvoiced } from '../../functions/repairOrders/vehicleReady.js';
import { messagesOf, type MessageRecord } from '../../functions/messages/records.js';
import { repairOrderHousekeeping } from '../../functions/repairOrders/housekeeping.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { SettingsOf } from '../../shared/schemas/settings.js';
import { readNote } from '../../shared/systemNotes.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from '../support/inspections.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { ADVISOR, createRepairOrder, DEMO_NORTH, ensureServiceNumber, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const { companyId, locationId } = DEMO_NORTH;

let advisor: ApiClient;
let savedService: SettingsOf<'service_settings'>;
let savedGate: SettingsOf<'gatekeeper_settings'>;

beforeAll(async () => {
  useStackEnv();
  advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
  const info = await readSettings(companyId, locationId, 'business_information');
  if (!info.texting_numbers.service) await ensureServiceNumber(companyId, locationId, '+16175550150');
  savedService = await readSettings(companyId, locationId, 'service_settings');
  savedGate = await readSettings(companyId, locationId, 'gatekeeper_settings');
});

afterAll(async () => {
  await writeSettings(companyId, locationId, 'service_settings', savedService, 'agt_admin');
  await writeSettings(companyId, locationId, 'gatekeeper_settings', savedGate, 'agt_admin');
});

async function systemNotes(ro: RepairOrderRecord): Promise<MessageRecord[]> {
  return (await messagesOf(companyId, ro.message_thread.id, 0, 20)).filter((m) => m.metadata.direction === 'system');
}

describe('system notes carry a key and parameters beside the English text', () => {
  it('MPI completed by the technician: who, and how many red and yellow items', async () => {
    const { ro } = await createRepairOrder();
    const sheet = { ...newSheet(ro, BRAKE_TEMPLATE, new Date().toISOString()), state: 'claimed' as const, holder: { ...TECHNICIAN, role: 'technician' as const }, groups: BRAKE_GROUPS };
    await saveSheet(sheet, null);
    await completeAsTechnician(ro, (await getAgent(companyId, TECHNICIAN.id))!);
    const [note] = await systemNotes(ro);
    expect(note).toMatchObject({ behaviour: 'MPI_SHEET_COMPLETED_BY_TECH', text: 'Luis Ortega completed the MPI: 1 red, 1 yellow' });
    expect(readNote(note!.metadata.note)).toEqual({ key: 'mpi_completed', params: { technician: 'Luis Ortega', red: 1, yellow: 1 } });
  });

  it('recommendation decided: the decision, who, the item and the amount in cents with its currency', async () => {
    const { ro } = await createRepairOrder();
    const sheet = { ...newSheet(ro, BRAKE_TEMPLATE, new Date().toISOString()), state: 'completed_by_technician' as const, technician: TECHNICIAN, groups: BRAKE_GROUPS, recommendations: brakeRecommendations() };
    await saveSheet(sheet, null);
    const res = await advisor.put(`/api/tech/mpi/repair_orders/${ro.id}/recommendations/rec_pads`, { approved: false });
    expect(res.status).toBe(200);
    const [note] = await systemNotes(ro);
    expect(note!.text).toBe('Priya Raman declined Front brake pads ($240.00)');
    expect(readNote(note!.metadata.note)).toEqual({
      key: 'recommendation_decided',
      params: { decision: 'declined', by: 'agent', agent_name: 'Priya Raman', item: 'Front brake pads', amount_in_cents: 24000, currency: '$' },
    });
  });

  it('order closed for inactivity', async () => {
    await writeSettings(companyId, locationId, 'service_settings', { ...savedService, auto_close_days: 10 }, 'agt_admin');
    const at = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const { ro } = await createRepairOrder({ ro: { opened_at: at, activity_at: at } });
    await repairOrderHousekeeping();
    const [note] = await systemNotes(ro);
    expect(note).toMatchObject({ behaviour: 'RO_CLOSED', text: 'Order has been closed.' });
    expect(readNote(note!.metadata.note)).toEqual({ key: 'order_closed', params: { closed_by: 'inactivity' } });
  });

  it("opt-out by an agent: the agent's name and how", async () => {
    const { ro, customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    expect((await advisor.put(`/api/customers/${customer.id}/opt_out`)).status).toBe(200);
    const [note] = await systemNotes(ro);
    expect(note).toMatchObject({ behaviour: 'AGENT_OPT_OUT', text: 'Opted out by Priya Raman.', agent: { id: ADVISOR.id } });
    expect(readNote(note!.metadata.note)).toEqual({
      key: 'opt_out',
      params: { initiator: 'agent', method: 'agent_opt_out', words: '', opcode: '', agent_name: 'Priya Raman', shared_phone: false },
    });
  });

  it("not delivered: which text, and the gatekeeper's reason as an id", async () => {
    await writeSettings(companyId, locationId, 'gatekeeper_settings', { ...savedGate, vehicle_ready: { ...savedGate.vehicle_ready, target: 'opted_in' } }, 'agt_admin');
    await writeSettings(companyId, locationId, 'service_settings', { ...savedService, vehicle_ready_automated: true }, 'agt_admin');
    const invoiced = { dms_status: 'invoiced' as const, opcodes: [], invoiced_at: new Date().toISOString(), missed_call: false, last_call_at: null, message_count: 0 };
    const { ro } = await createRepairOrder({ customer: { opt_in: 'unknown' }, ro: { metadata: invoiced } });
    const result = await onInvoiced(ro);
    expect(result?.refused).toMatchObject({ id: 'gatekeeper', reason: 'not_opted_in' });
    const [note] = await systemNotes(ro);
    expect(note).toMatchObject({ text: "Notification won't be delivered.", metadata: { note: { reason: 'The customer has not opted in' } } });
    expect(readNote(note!.metadata.note)).toEqual({ key: 'not_delivered', params: { kind: 'vehicle_ready', reason_id: 'not_opted_in', opcode: '' } });
  });
});

describe('GET and POST /api/repair_orders/{id}/vehicle_ready', () => {
  it('shows the exact words the button then sends, and the sent text carries the agent', async () => {
    await writeSettings(companyId, locationId, 'gatekeeper_settings', savedGate, 'agt_admin');
    const { ro, customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const preview = await advisor.get(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(preview.status).toBe(200);
    expect(preview.body.text).toContain('Demo Motors North');
    // Reading the words sends nothing.
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toEqual([]);
    const sent = await advisor.post(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ agent: { id: ADVISOR.id, first_name: 'Priya', last_name: 'Raman' }, metadata: { automated: 'vehicle_ready' } });
    expect((await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text)).toEqual([preview.body.text]);
    // The first text carried the opt-out line; the words shown next time no longer do.
    const again = await advisor.get(`/api/repair_orders/${ro.id}/vehicle_ready`);
    expect(preview.body.text.startsWith(again.body.text)).toBe(true);
    expect(again.body.text.length).toBeLessThan(preview.body.text.length);
  });

  it('leaves the opt-out line out of the words when another record of the same number was told it', async () => {
    const { ro: first, customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    expect((await advisor.post(`/api/repair_orders/${first.id}/vehicle_ready`)).status).toBe(200);
    const { ro: second } = await createRepairOrder({ customer: { opt_in: 'in', phones: { ...customer.phones } } });
    const preview = await advisor.get(`/api/repair_orders/${second.id}/vehicle_ready`);
    expect(preview.body.text).not.toContain('STOP');
    expect((await advisor.post(`/api/repair_orders/${second.id}/vehicle_ready`)).status).toBe(200);
    const texts = (await textsTo(carrierUrl, customer.phones.cell!)).map((t) => t.text);
    // The number was told once, by the first record's text; the second went as previewed.
    expect(texts).toHaveLength(2);
    expect(texts.filter((text) => text.includes('STOP'))).toHaveLength(1);
    expect(texts).toContain(preview.body.text);
  });

  it('answers 404 to another company', async () => {
    const { ro } = await createRepairOrder();
    const rival = api(baseUrl, await signIn(baseUrl, 'rival@demo.example'));
    expect((await rival.get(`/api/repair_orders/${ro.id}/vehicle_ready`)).status).toBe(404);
  });
});
