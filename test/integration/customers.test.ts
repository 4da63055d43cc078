import { beforeAll, describe, expect, inject, it } from 'vitest';
import { recordCall } from '../../functions/customers/calls.js';
import { changeConsent } from '../../functions/customers/consent.js';
import { consentLedger } from '../../functions/customers/consentLedger.js';
import { getCustomer, saveCustomer } from '../../functions/customers/records.js';
import { getAgent } from '../../functions/lib/agents.js';
import { newId } from '../../functions/lib/ids.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { messagesOf } from '../../functions/messages/records.js';
import { getRepairOrder, saveRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { Call } from '../../shared/customers.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { createRepairOrder, customerRecord, DEMO_NORTH, repairOrderRecord, uniquePhone, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

let advisor: ApiClient;
let manager: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  useStackEnv();
  [advisor, manager, rival] = await Promise.all([as('advisor@demo.example'), as('manager@demo.example'), as('rival@demo.example')]);
});

async function notesOf(ro: RepairOrderRecord) {
  return (await messagesOf(DEMO_NORTH.companyId, ro.message_thread.id, 0, 50)).filter((m) => m.metadata.direction === 'system');
}

function call(customerId: string, overrides: Partial<Call> = {}): Call {
  return {
    id: newId('call'),
    customer_id: customerId,
    board: 'service',
    agent: null,
    direction: 'inbound',
    status: 'completed',
    dial_status: 'no-answer',
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

describe('GET /api/customers/{id}', () => {
  it('answers the customer without stored internals; 404 to another company', async () => {
    const { customer } = await createRepairOrder();
    const res = await advisor.get(`/api/customers/${customer.id}`);
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ id: customer.id, opt_in: 'unknown', phones: { cell: customer.phones.cell }, blocked_at: null });
    expect(res.body.customer.version).toBeUndefined();
    expect(res.body.customer.company_id).toBeUndefined();
    expect((await rival.get(`/api/customers/${customer.id}`)).status).toBe(404);
  });
});

describe('PUT /api/customers/{id}/opt_out', () => {
  it('opts out every record of the company sharing the cell, one ledger line and one note each', async () => {
    // prepare: the same person twice at North (two DMS ids) and once at South
    const phone = uniquePhone();
    const first = await createRepairOrder({ customer: { phones: { cell: phone, work: null, alternate: null }, opt_in: 'in' } });
    const second = await createRepairOrder({ customer: { phones: { cell: phone, work: null, alternate: null } } });
    const south = customerRecord({ location_id: 'loc_demo_south', phones: { cell: phone, work: null, alternate: null } });
    await saveCustomer(south);
    const other = await createRepairOrder();

    // act
    const res = await advisor.put(`/api/customers/${first.customer.id}/opt_out`);

    // assess
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      id: first.customer.id,
      opt_in: 'out',
      opt_metadata: { initiator: 'agent', opcode: null, agent: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' } },
    });
    for (const id of [first.customer.id, second.customer.id, south.id]) {
      expect((await getCustomer(DEMO_NORTH.companyId, id))?.opt_in, id).toBe('out');
      const ledger = await consentLedger(DEMO_NORTH.companyId, id);
      expect(ledger, id).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ customer_id: id, source_customer_id: first.customer.id, status: 'out', initiator: 'agent', method: 'agent_opt_out' });
    }
    expect((await getCustomer(DEMO_NORTH.companyId, other.customer.id))?.opt_in).toBe('unknown');
    const [firstNote] = await notesOf(first.ro);
    expect(firstNote).toMatchObject({ behaviour: 'AGENT_OPT_OUT', text: 'Opted out by Priya Raman.', agent: { id: 'agt_advisor' } });
    const [secondNote] = await notesOf(second.ro);
    expect(secondNote?.behaviour).toBe('AGENT_OPT_OUT');
    expect(secondNote?.metadata.note?.source_customer_id).toBe(first.customer.id);
    const ledger = (await manager.get(`/api/customers/${second.customer.id}/consent`)).body.consent;
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ previous: 'unknown', status: 'out', phone });
  });

  it('answers an opted-out customer unchanged, with no second ledger line or note', async () => {
    const { customer, ro } = await createRepairOrder();
    await advisor.put(`/api/customers/${customer.id}/opt_out`);
    const again = await manager.put(`/api/customers/${customer.id}/opt_out`);
    expect(again.status).toBe(200);
    expect(again.body.customer.opt_metadata.agent.id).toBe('agt_advisor');
    expect(await consentLedger(DEMO_NORTH.companyId, customer.id)).toHaveLength(1);
    expect(await notesOf(ro)).toHaveLength(1);
  });

  it('answers 404 to another company and changes nothing', async () => {
    const { customer } = await createRepairOrder();
    expect((await rival.put(`/api/customers/${customer.id}/opt_out`)).status).toBe(404);
    expect((await getCustomer(DEMO_NORTH.companyId, customer.id))?.opt_in).toBe('unknown');
  });
});

describe('GET /api/customers/{id}/consent', () => {
  it('shows managers the ledger newest first and refuses advisors with 403', async () => {
    const { customer } = await createRepairOrder();
    await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'in', initiator: 'dms', method: 'dms_feed', wording: 'dms_opt_in: in', agent: null });
    await advisor.put(`/api/customers/${customer.id}/opt_out`);
    const res = await manager.get(`/api/customers/${customer.id}/consent`);
    expect(res.status).toBe(200);
    expect(res.body.consent.map((e: { status: string; initiator: string }) => `${e.initiator}:${e.status}`)).toEqual(['agent:out', 'dms:in']);
    expect(res.body.meta.paging).toEqual({ total: 2, current_offset: 0, per_page: 50 });
    expect((await advisor.get(`/api/customers/${customer.id}/consent`)).status).toBe(403);
    expect((await rival.get(`/api/customers/${customer.id}/consent`)).status).toBe(404);
  });
});

describe('changeConsent', () => {
  it("takes a DMS opt-in on a customer without status, with the DMS_OPT_IN note", async () => {
    const { customer, ro } = await createRepairOrder();
    const { changed } = await changeConsent({
      companyId: DEMO_NORTH.companyId,
      customer,
      status: 'in',
      initiator: 'dms',
      method: 'dms_feed',
      wording: 'dms_opt_in: in',
      agent: null,
      opcode: 'TXT',
    });
    expect(changed.map((c) => c.opt_in)).toEqual(['in']);
    expect(changed[0]?.opt_metadata).toMatchObject({ initiator: 'dms', opcode: 'TXT', agent: null });
    const [note] = await notesOf(ro);
    expect(note).toMatchObject({ behaviour: 'DMS_OPT_IN', text: 'Opted in by the DMS (op code TXT).' });
  });

  it("keeps the customer's STOP over a later DMS opt-in, until the customer texts START", async () => {
    // prepare
    const { customer, ro } = await createRepairOrder({ customer: { opt_in: 'in' } });
    await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'Stop. Thank you', agent: null });
    // act
    const dms = await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'in', initiator: 'dms', method: 'dms_feed', wording: 'dms_opt_in: in', agent: null });
    // assess
    expect(dms.changed).toEqual([]);
    expect((await getCustomer(DEMO_NORTH.companyId, customer.id))?.opt_in).toBe('out');
    const start = await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'in', initiator: 'customer', method: 'sms_keyword', wording: 'START', agent: null });
    expect(start.changed.map((c) => c.opt_in)).toEqual(['in']);
    expect((await notesOf(ro)).map((n) => n.behaviour).sort()).toEqual(['OPT_IN', 'SMS_OPT_OUT']);
    expect((await consentLedger(DEMO_NORTH.companyId, customer.id)).map((e) => e.status)).toEqual(['in', 'out']);
  });

  it('never takes an opt-out from the DMS', async () => {
    const { customer } = await createRepairOrder({ customer: { opt_in: 'in' } });
    const { changed } = await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'out', initiator: 'dms', method: 'dms_feed', wording: 'opt out', agent: null });
    expect(changed).toEqual([]);
    expect(await consentLedger(DEMO_NORTH.companyId, customer.id)).toEqual([]);
  });

  it('notes nothing on archived conversations', async () => {
    const { customer, ro } = await createRepairOrder({ ro: { archived: true, archived_at: new Date().toISOString() } });
    const agent = (await getAgent(DEMO_NORTH.companyId, 'agt_manager')) ?? null;
    await changeConsent({ companyId: DEMO_NORTH.companyId, customer, status: 'out', initiator: 'agent', method: 'agent_opt_out', wording: 'button', agent });
    expect(await notesOf(ro)).toEqual([]);
    expect(await consentLedger(DEMO_NORTH.companyId, customer.id)).toHaveLength(1);
  });
});

describe('PUT /api/customers/{id}/block and /unblock', () => {
  it('sets and clears blocked_at', async () => {
    const { customer } = await createRepairOrder();
    const blocked = await advisor.put(`/api/customers/${customer.id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body.customer.blocked_at).toEqual(expect.any(String));
    expect((await advisor.get(`/api/customers/${customer.id}`)).body.customer.blocked_at).toBe(blocked.body.customer.blocked_at);
    const unblocked = await advisor.put(`/api/customers/${customer.id}/unblock`);
    expect(unblocked.body.customer.blocked_at).toBeNull();
    expect((await rival.put(`/api/customers/${customer.id}/block`)).status).toBe(404);
  });
});

describe('calls', () => {
  it('lists a board’s calls newest first, 10 a page, and records each call once', async () => {
    // prepare
    const { customer } = await createRepairOrder();
    const base = Date.now() - 60_000;
    const calls = Array.from({ length: 12 }, (_, i) => call(customer.id, { created_at: new Date(base + i * 1000).toISOString(), dial_status: 'answered' }));
    for (const c of calls) await recordCall(DEMO_NORTH.companyId, customer, c);
    // act
    const again = await recordCall(DEMO_NORTH.companyId, customer, calls[0]!);
    const first = await advisor.get(`/api/customers/${customer.id}/service/calls?limit=10&offset=0`);
    const second = await advisor.get(`/api/customers/${customer.id}/service/calls?limit=10&offset=10`);
    // assess
    expect(again).toBe('unchanged');
    expect(first.status).toBe(200);
    expect(first.body.calls).toHaveLength(10);
    expect(first.body.calls[0].id).toBe(calls[11]!.id);
    expect(first.body.meta.paging).toEqual({ total: 12, current_offset: 0, per_page: 10 });
    expect(second.body.calls.map((c: Call) => c.id)).toEqual([calls[1]!.id, calls[0]!.id]);
    expect((await advisor.get(`/api/customers/${customer.id}/appointments/calls`)).status).toBe(403);
    expect((await manager.get(`/api/customers/${customer.id}/appointments/calls`)).body.calls).toEqual([]);
    expect((await advisor.get(`/api/customers/${customer.id}/pizza/calls`)).status).toBe(404);
    expect((await rival.get(`/api/customers/${customer.id}/service/calls`)).status).toBe(404);
  });

  it('flags a missed call on the open order, and clears it when the next call is answered', async () => {
    const { customer, ro } = await createRepairOrder();
    const missed = call(customer.id, { created_at: new Date(Date.now() - 5000).toISOString() });
    expect(await recordCall(DEMO_NORTH.companyId, customer, missed)).toBe('created');
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.metadata).toMatchObject({ missed_call: true, last_call_at: missed.created_at });

    const answered = call(customer.id, { dial_status: 'answered' });
    await recordCall(DEMO_NORTH.companyId, customer, answered);
    expect((await getRepairOrder(DEMO_NORTH.companyId, ro.id))?.metadata).toMatchObject({ missed_call: false, last_call_at: answered.created_at });
  });

  it('counts a call that is still ringing, or an outbound one, as not missed; a busy inbound one as missed', async () => {
    const { customer, ro } = await createRepairOrder();
    await recordCall(DEMO_NORTH.companyId, customer, call(customer.id, { status: 'ringing', dial_status: null }));
    expect((await getRepairOrder(DEMO_NORTH.companyId, ro.id))?.metadata.missed_call).toBe(false);
    const ringing = call(customer.id, { created_at: new Date(Date.now() + 1000).toISOString(), status: 'completed', dial_status: 'busy' });
    await recordCall(DEMO_NORTH.companyId, customer, ringing);
    expect((await getRepairOrder(DEMO_NORTH.companyId, ro.id))?.metadata.missed_call).toBe(true);
    await recordCall(DEMO_NORTH.companyId, customer, call(customer.id, { created_at: new Date(Date.now() + 2000).toISOString(), direction: 'outbound', dial_status: null }));
    expect((await getRepairOrder(DEMO_NORTH.companyId, ro.id))?.metadata.missed_call).toBe(false);
  });

  it('brings back the latest archived order on an incoming call within the configured days', async () => {
    // prepare
    const settings = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_calls_settings');
    expect(settings).toMatchObject({ unarchive_on_incoming_call: true, unarchive_on_incoming_call_days: 30 });
    const customer = customerRecord();
    await saveCustomer(customer);
    const old = repairOrderRecord(customer, {
      opened_at: new Date(Date.now() - 90 * 86_400_000).toISOString(),
      archived: true,
      archived_at: new Date(Date.now() - 60 * 86_400_000).toISOString(),
    });
    const recent = repairOrderRecord(customer, {
      opened_at: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      archived: true,
      archived_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    await saveRepairOrder(old, null);
    await saveRepairOrder(recent, null);
    // act
    await recordCall(DEMO_NORTH.companyId, customer, call(customer.id, { dial_status: 'answered' }));
    // assess
    expect((await advisor.get(`/api/repair_orders/${recent.id}`)).body.repair_order).toMatchObject({ archived: false, archived_at: null });
    expect((await getRepairOrder(DEMO_NORTH.companyId, old.id))?.archived).toBe(true);
  });

  it('leaves archived orders alone when the setting is off or the archiving is too old', async () => {
    const settings = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_calls_settings');
    const tooOld = await createRepairOrder({ ro: { archived: true, archived_at: new Date(Date.now() - 45 * 86_400_000).toISOString() } });
    await recordCall(DEMO_NORTH.companyId, tooOld.customer, call(tooOld.customer.id));
    expect((await getRepairOrder(DEMO_NORTH.companyId, tooOld.ro.id))?.archived).toBe(true);

    await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_calls_settings', { ...settings, unarchive_on_incoming_call: false }, 'agt_admin');
    try {
      const recent = await createRepairOrder({ ro: { archived: true, archived_at: new Date(Date.now() - 86_400_000).toISOString() } });
      await recordCall(DEMO_NORTH.companyId, recent.customer, call(recent.customer.id));
      expect((await getRepairOrder(DEMO_NORTH.companyId, recent.ro.id))?.archived).toBe(true);
    } finally {
      await writeSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'service_calls_settings', settings, 'agt_admin');
    }
  });
});
