/**
 * The advisor's side of recommended work: agents' decisions, the PDF preview, and sending the
 * inspection to the customer. Sheets are written through the sheet store (functions/inspections/
 * records.ts) in the state each test needs.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newSheet, saveSheet, type SheetRecord } from '../../functions/inspections/records.js';
import { channels, cursorAt, eventsAfter } from '../../functions/lib/realtime.js';
import { readSettings } from '../../functions/lib/settings.js';
import type { CustomerRecord } from '../../functions/customers/records.js';
import type { RepairOrderRecord } from '../../functions/repairOrders/records.js';
import type { Recommendation, SheetState } from '../../shared/inspections/inspections.js';
import { BRAKE_GROUPS, BRAKE_TEMPLATE, TECHNICIAN, brakeRecommendations } from '../support/inspections.js';
import { api, signIn, textsTo, type ApiClient } from '../support/api.js';
import { ADVISOR, createRepairOrder, DEMO_NORTH, ensureServiceNumber, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const carrierUrl = inject('carrierUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));

let advisor: ApiClient;
let rival: ApiClient;
let tech: ApiClient;

beforeAll(async () => {
  useStackEnv();
  [advisor, rival, tech] = await Promise.all([as('advisor@demo.example'), as('rival@demo.example'), as('tech@demo.example')]);
  const info = await readSettings(DEMO_NORTH.companyId, DEMO_NORTH.locationId, 'business_information');
  if (!info.texting_numbers.service) await ensureServiceNumber(DEMO_NORTH.companyId, DEMO_NORTH.locationId, '+16175550150');
});



/** An order with a sheet in `state`, filled out with two priced recommendations. */
async function orderWithSheet(
  state: SheetState,
  options: { customer?: Partial<CustomerRecord>; sheet?: Partial<SheetRecord> } = {},
): Promise<{ ro: RepairOrderRecord; customer: CustomerRecord; sheet: SheetRecord }> {
  const { ro, customer } = await createRepairOrder({ customer: options.customer });
  const now = new Date().toISOString();
  const fresh = newSheet(ro, BRAKE_TEMPLATE, now);
  const techDone = state !== 'unclaimed' && !(state === 'claimed' && !options.sheet?.holder);
  const sheet: SheetRecord = {
    ...fresh,
    state,
    technician: TECHNICIAN,
    holder: state === 'claimed' || state === 'reclaimed' ? { ...TECHNICIAN, role: 'technician' } : null,
    groups: BRAKE_GROUPS,
    recommendations: brakeRecommendations(),
    completed_by_technician_at: techDone ? now : null,
    ...(state === 'completed_by_advisor' ? { advisor: ADVISOR, completed_by_advisor_at: now } : {}),
    ...options.sheet,
  };
  await saveSheet(sheet, null);
  return { ro, customer, sheet };
}

async function notesOf(client: ApiClient, roId: string): Promise<{ text: string; agent: { id: string } | null; metadata: { note: Record<string, string> } }[]> {
  const res = await client.get(`/api/repair_orders/${roId}/messages?limit=50`);
  return res.body.messages.filter((m: { behaviour: string | null }) => m.behaviour === 'RECOMMENDED_WORK_STATUS');
}

const decision = (roId: string, recId: string) => `/api/tech/mpi/repair_orders/${roId}/recommendations/${recId}`;

describe('PUT …/recommendations/{recommendation_id} (an agent decides)', () => {
  it('approves the work with the agent as approver, notes it in the conversation and tells the location', async () => {
    // prepare
    const { ro } = await orderWithSheet('completed_by_technician');
    const since = Date.now() - 1000;
    // act
    const res = await advisor.put(decision(ro.id, 'rec_pads'), { approved: true });
    // assess
    expect(res.status).toBe(200);
    const decided = res.body.sheet.recommendations.find((r: Recommendation) => r.id === 'rec_pads');
    expect(decided).toMatchObject({ approved: true, decided_at: expect.any(String), metadata: { approver: { initiator: 'agent', agent: { id: 'agt_advisor' } } } });
    expect(res.body.repair_order).toMatchObject({ id: ro.id, ro_id: ro.ro_id });
    const notes = await notesOf(advisor, ro.id);
    expect(notes.map((n) => n.text)).toEqual(['Priya Raman approved Front brake pads ($240.00)']);
    expect(notes[0]!.metadata.note).toMatchObject({ recommendation_id: 'rec_pads', status: 'approved', initiator: 'agent' });
    const events = await eventsAfter(DEMO_NORTH.companyId, channels.location(DEMO_NORTH.locationId), cursorAt(since));
    expect(events.filter((e) => e.type === 'mpi.decision').map((e) => e.data)).toContainEqual(
      expect.objectContaining({ repair_order_id: ro.id, recommendation_id: 'rec_pads', approved: true, initiator: 'agent' }),
    );
    const order = await advisor.get(`/api/repair_orders/${ro.id}`);
    expect(order.body.repair_order.sheet.recommendations).toMatchObject({ total: 2, approved: 1, undecided: 1, approved_cents: 24000, total_cents: 27500 });
  });

  it('changes a decision and sets it back to undecided, each change noted', async () => {
    // prepare
    const { ro } = await orderWithSheet('completed_by_advisor');
    await advisor.put(decision(ro.id, 'rec_wipers'), { approved: true });
    // act
    const declined = await advisor.put(decision(ro.id, 'rec_wipers'), { approved: false });
    const undecided = await advisor.put(decision(ro.id, 'rec_wipers'), { approved: null });
    // assess
    expect(declined.body.sheet.recommendations[1]).toMatchObject({ approved: false });
    expect(undecided.body.sheet.recommendations[1]).toMatchObject({ approved: null, decided_at: null, metadata: { approver: null } });
    const texts = (await notesOf(advisor, ro.id)).map((n) => n.text).sort();
    expect(texts).toEqual(
      ['Priya Raman approved Wiper blades ($35.00)', 'Priya Raman declined Wiper blades ($35.00)', 'Priya Raman set Wiper blades ($35.00) back to undecided'].sort(),
    );
    const order = await advisor.get(`/api/repair_orders/${ro.id}`);
    expect(order.body.repair_order.sheet.recommendations).toMatchObject({ approved: 0, rejected: 0, undecided: 2 });
  });

  it('changes nothing when the decision is the current one: no note, no new version', async () => {
    // prepare
    const { ro } = await orderWithSheet('completed_by_technician');
    const first = await advisor.put(decision(ro.id, 'rec_pads'), { approved: false });
    // act
    const again = await advisor.put(decision(ro.id, 'rec_pads'), { approved: false });
    // assess
    expect(again.status).toBe(200);
    expect(again.body.sheet.version).toBe(first.body.sheet.version);
    expect(await notesOf(advisor, ro.id)).toHaveLength(1);
  });

  it('answers 404 unknown_recommendation for an id that is not on the sheet', async () => {
    const { ro } = await orderWithSheet('completed_by_technician');

    const res = await advisor.put(decision(ro.id, 'rec_nothing'), { approved: true });

    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ id: 'unknown_recommendation', message: 'Recommendation not found' });
  });

  it('refuses while the technician still holds the sheet', async () => {
    const { ro } = await orderWithSheet('claimed', { sheet: { completed_by_technician_at: null } });

    const res = await advisor.put(decision(ro.id, 'rec_pads'), { approved: true });

    expect(res.status).toBe(409);
    expect(res.body.error.id).toBe('not_decidable');
  });

  it('lets an advisor who holds the sheet decide', async () => {
    const { ro } = await orderWithSheet('claimed', { sheet: { holder: { ...ADVISOR, role: 'advisor' }, advisor: ADVISOR } });

    const res = await advisor.put(decision(ro.id, 'rec_pads'), { approved: true });

    expect(res.status).toBe(200);
  });

  it('answers 404 to another company and 403 to an agent without the service board', async () => {
    const { ro } = await orderWithSheet('completed_by_technician');

    expect((await rival.put(decision(ro.id, 'rec_pads'), { approved: true })).status).toBe(404);
    expect((await tech.put(decision(ro.id, 'rec_pads'), { approved: true })).status).toBe(403);
    expect(await notesOf(advisor, ro.id)).toHaveLength(0);
  });

  it('refuses a body without a decision', async () => {
    const { ro } = await orderWithSheet('completed_by_technician');

    expect((await advisor.put(decision(ro.id, 'rec_pads'), { approved: 'yes' })).status).toBe(422);
  });
});

async function pdfBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('POST …/pdf (the advisor previews the PDF)', () => {
  it('stores a PDF of the sheet and answers its signed URL', async () => {
    const { ro } = await orderWithSheet('completed_by_advisor');

    const res = await advisor.post(`/api/tech/mpi/repair_orders/${ro.id}/pdf`);

    expect(res.status).toBe(200);
    expect(res.body.pdf).toEqual({ url: expect.stringContaining(`mpi/${DEMO_NORTH.companyId}/${ro.id}/pdf/`), generated_at: expect.any(String) });
    expect((await pdfBytes(res.body.pdf.url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('reuses the stored PDF while the sheet is unchanged and draws it again after a change', async () => {
    // prepare
    const { ro } = await orderWithSheet('completed_by_advisor');
    const first = await advisor.post(`/api/tech/mpi/repair_orders/${ro.id}/pdf`);
    // act
    const unchanged = await advisor.post(`/api/tech/mpi/repair_orders/${ro.id}/pdf`);
    await advisor.put(decision(ro.id, 'rec_pads'), { approved: true });
    const changed = await advisor.post(`/api/tech/mpi/repair_orders/${ro.id}/pdf`);
    // assess
    expect(unchanged.body.pdf.generated_at).toBe(first.body.pdf.generated_at);
    expect(changed.body.pdf.generated_at).not.toBe(first.body.pdf.generated_at);
    expect(new URL(changed.body.pdf.url).pathname).not.toBe(new URL(first.body.pdf.url).pathname);
  });

  it('answers 404 to another company', async () => {
    const { ro } = await orderWithSheet('completed_by_advisor');

    expect((await rival.post(`/api/tech/mpi/repair_orders/${ro.id}/pdf`)).status).toBe(404);
  });
});

describe('POST …/send_to_customer', () => {
  const send = (roId: string) => advisor.post(`/api/tech/mpi/repair_orders/${roId}/send_to_customer`);

  it('texts the customer a link that opens the inspection, and records when', async () => {
    // prepare
    const { ro, customer } = await orderWithSheet('completed_by_advisor');
    // act
    const res = await send(ro.id);
    // assess
    expect(res.status).toBe(200);
    expect(res.body.sheet).toMatchObject({ state: 'completed_by_advisor', sent_to_customer_at: expect.any(String) });
    expect(res.body.message).toMatchObject({ metadata: { direction: 'outbound' }, agent: { id: 'agt_advisor' } });
    const texts = await textsTo(carrierUrl, customer.phones.cell!);
    // The order's visit page, opened at its inspection (issue 21 part 5).
    const link = /https?:\/\/\S+\/app\/public\/visits\/([\w-]+)#inspection/.exec(texts.map((t) => t.text).join('\n'));
    expect(link).not.toBeNull();
    expect(texts[0]!.text).toContain('Demo Motors North: Your vehicle inspection is ready');
    const page = await api(baseUrl).get(`/api/public/visits/${link![1]}`);
    expect(page.status).toBe(200);
    const inspection = page.body.visit.parts.find((p: { kind: string }) => p.kind === 'inspection').data;
    expect(inspection).toMatchObject({ ro_id: ro.ro_id, form_name: 'Brake check' });
    // The customer's copy of the PDF was drawn on send.
    expect(inspection.pdf_url).toEqual(expect.stringContaining('/pdf/'));
  });

  it('refuses a sheet the advisor has not completed', async () => {
    const { ro, customer } = await orderWithSheet('completed_by_technician');

    const res = await send(ro.id);

    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ id: 'not_completed_by_advisor', message: 'Complete the MPI as advisor before sending it to the customer' });
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
  });

  it('sends nothing to an opted-out customer and leaves the sheet unsent', async () => {
    const { ro, customer } = await orderWithSheet('completed_by_advisor', { customer: { opt_in: 'out' } });

    const res = await send(ro.id);

    expect(res.status).toBe(422);
    expect(res.body.error.id).toBe('opted_out_action');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    const order = await advisor.get(`/api/repair_orders/${ro.id}`);
    expect(order.body.repair_order.sheet.sent_to_customer_at).toBeNull();
  });

  it('sends nothing to a landline and leaves the sheet unsent', async () => {
    // The local carrier treats subscriber numbers 0100–0199 as landlines.
    const { ro, customer } = await orderWithSheet('completed_by_advisor', { customer: { phones: { cell: `+1617555${String(100 + Math.floor(Math.random() * 99)).padStart(4, '0')}`, work: null, alternate: null }, carrier: { type: 'landline' } } });

    const res = await send(ro.id);

    expect(res.status).toBe(422);
    expect(res.body.error.id).toBe('landline');
    expect(await textsTo(carrierUrl, customer.phones.cell!)).toHaveLength(0);
    expect((await advisor.get(`/api/repair_orders/${ro.id}`)).body.repair_order.sheet.sent_to_customer_at).toBeNull();
  });

  it('answers 404 to another company', async () => {
    const { ro } = await orderWithSheet('completed_by_advisor');

    expect((await rival.post(`/api/tech/mpi/repair_orders/${ro.id}/send_to_customer`)).status).toBe(404);
  });
});
