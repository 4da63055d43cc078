/**
 * The payments report's figures against the local stack, in a dealership of its own: payment
 * requests of repair orders at two stores made and moved by the payment store (sent, delivered,
 * viewed, declined, cancelled, paid; a replayed "paid"), each write's change handed to the reports'
 * listener twice and out of order. The answers are worked out here from the script, in the store's
 * days (New York): requests and their amount, payments and the amount collected, days to pay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentState } from '../../../shared/payments/payments.js';
import type { ReportSheet } from '../../../shared/reports/types.js';
import { saveCustomer } from '../../customers/records.js';
import { createRequest, moveRequest, paymentKeys, type PaymentRequestRecord } from '../../payments/records.js';
import { saveRepairOrder } from '../../repairOrders/records.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { figureRecords } from '../records.js';
import { forgetStores } from '../stores.js';
import { paymentsSheets } from '../types/payments.js';
import { ChangeLog, sheetsOf } from './changeLog.js';

const ny = (day: number, hhmm: string) => new Date(`2026-10-${String(day).padStart(2, '0')}T${hhmm}:00-04:00`).toISOString();
const RANGE = { from: '2026-10-05', to: '2026-10-09' };
const inRange = (at: string | null): at is string => at !== null && at >= ny(5, '00:00') && at < ny(10, '00:00');

type Person = { id: string; first_name: string; last_name: string };

interface Story {
  store: 'main' | 'east';
  advisor: Person | null;
  cents: number;
  madeAt: string;
  /** The moves the gateway and the advisors made, in order. */
  moves: { to: PaymentState; at: string }[];
}

let store: OwnStore;
let ana: Person;
let ben: Person;
const log = new ChangeLog();
let stories: Story[];

async function live(story: Story): Promise<void> {
  const locationId = story.store === 'main' ? store.locationId : store.otherLocationId;
  const customer = customerRecord({ company_id: store.companyId, location_id: locationId, opt_in: 'in' });
  await saveCustomer(customer);
  const ro = repairOrderRecord(customer, { agent: story.advisor });
  await saveRepairOrder(ro, null);
  const amounts = { invoice_total_in_cents: story.cents + 5_000, insurance_in_cents: 5_000, prepaid_in_cents: 0, customer_pay_in_cents: story.cents };
  const input = { company_id: store.companyId, location_id: locationId, repair_order_id: ro.id, ro_id: ro.ro_id, customer_id: customer.id, provider: 'stripe' as const, account: 'acct_test', currency: 'usd', automatic: false, requested_by: ana, ...amounts };
  // The request's key is known once it is made: its insert is read after the write.
  let request: PaymentRequestRecord = await createRequest(input, story.madeAt);
  const key = paymentKeys.request(request);
  await log.inserted(key);
  for (const m of story.moves) {
    const after = await log.around(key, () => moveRequest(request, { to: m.to, at: m.at }));
    if (after) request = after;
  }
  // The gateway tells "paid" again: the store writes nothing.
  if (request.state === 'paid') expect(await log.around(key, () => moveRequest(request, { to: 'paid', at: ny(9, '20:00') }))).toBeNull();
}

function expected(of: Story[]) {
  const timeOf = (s: Story, to: PaymentState) => s.moves.find((m) => m.to === to)?.at ?? null;
  const requested = of.filter((s) => inRange(timeOf(s, 'sent')));
  const paid = of.filter((s) => inRange(timeOf(s, 'paid')));
  const seconds = paid.reduce((n, s) => n + (Date.parse(timeOf(s, 'paid')!) - Date.parse(timeOf(s, 'sent') ?? s.madeAt)) / 1000, 0);
  const cents = (list: Story[]) => list.reduce((n, s) => n + s.cents, 0);
  return {
    requested: requested.length,
    requested_amount: cents(requested),
    paid: paid.length,
    collected: cents(paid),
    paid_share: requested.length ? paid.length / requested.length : null,
    average_days_to_pay: paid.length ? seconds / paid.length / 86_400 : null,
  };
}

const rowOf = (sheet: ReportSheet, key: string) => (key === 'total' ? sheet.total! : sheet.rows.find((r) => r.key === key)!);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  forgetStores();
  store = await createOwnStore('tly_pay');
  const tag = Date.now().toString(36);
  await createAgent(store, `agt_ana_${tag}`, 'Ana', 'Berg');
  await createAgent(store, `agt_ben_${tag}`, 'Ben', 'Cole');
  ana = { id: `agt_ana_${tag}`, first_name: 'Ana', last_name: 'Berg' };
  ben = { id: `agt_ben_${tag}`, first_name: 'Ben', last_name: 'Cole' };
  stories = [
    // Sent, delivered, viewed, paid two days later.
    { store: 'main', advisor: ana, cents: 40_000, madeAt: ny(5, '09:00'), moves: [{ to: 'sent', at: ny(5, '09:05') }, { to: 'delivered', at: ny(5, '09:06') }, { to: 'viewed', at: ny(6, '18:00') }, { to: 'paid', at: ny(7, '09:05') }] },
    // Cancelled while the customer paid: the money was taken, so it is paid.
    { store: 'main', advisor: ana, cents: 15_000, madeAt: ny(6, '10:00'), moves: [{ to: 'sent', at: ny(6, '10:00') }, { to: 'cancelled', at: ny(6, '11:00') }, { to: 'paid', at: ny(6, '11:30') }] },
    // At the east store: sent, the card declined, still open.
    { store: 'east', advisor: ben, cents: 9_050, madeAt: ny(8, '14:00'), moves: [{ to: 'sent', at: ny(8, '14:01') }, { to: 'declined', at: ny(8, '15:00') }] },
    // Sent late on the 4th in New York (the 5th in UTC), before the range; paid in it.
    { store: 'main', advisor: null, cents: 22_000, madeAt: ny(4, '22:50'), moves: [{ to: 'sent', at: ny(4, '23:00') }, { to: 'paid', at: ny(5, '08:00') }] },
    // Waiting for the invoice: it asked nobody.
    { store: 'main', advisor: ben, cents: 7_000, madeAt: ny(6, '09:00'), moves: [] },
  ];
  for (const story of stories) await live(story);
  await log.count();
});

const context = (company: boolean) => ({
  type: 'payments' as const,
  companyId: store.companyId,
  range: RANGE,
  scope: company ? ('company' as const) : ('location' as const),
  agentNames: new Map([ana, ben].map((p) => [p.id, `${p.first_name} ${p.last_name}`])),
  locations: [{ id: store.locationId, name: 'Main', timezone: 'America/New_York' }, ...(company ? [{ id: store.otherLocationId, name: 'East', timezone: 'America/New_York' }] : [])],
});

describe('the payments report', () => {
  it("counts each advisor's requests, payments, money collected and days to pay as the script did", async () => {
    const sheets = await sheetsOf(paymentsSheets, context(true));
    const byAdvisor = sheets.find((s) => s.id === 'by_advisor')!;
    expect(rowOf(byAdvisor, `agent:${ana.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ana)));
    expect(rowOf(byAdvisor, `agent:${ben.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ben)));
    expect(rowOf(byAdvisor, 'agent:none').cells).toEqual(expected(stories.filter((s) => s.advisor === null)));
    expect(byAdvisor.total!.cells).toEqual(expected(stories));
    // By hand: 3 requests in the range ($640.50), 3 paid ($770.00) in 2 days, 1.5 hours and 9 hours.
    expect(expected(stories)).toMatchObject({ requested: 3, requested_amount: 64_050, paid: 3, collected: 77_000 });
    expect(expected(stories).average_days_to_pay).toBeCloseTo((2 * 24 + 1.5 + 9) / 24 / 3, 10);
  });

  it("a company's report has each store's figures; a store's report only its own", async () => {
    const company = await sheetsOf(paymentsSheets, context(true));
    const byLocation = company.find((s) => s.id === 'by_location')!;
    expect(rowOf(byLocation, `location:${store.otherLocationId}`).cells).toEqual(expected(stories.filter((s) => s.store === 'east')));
    const main = await sheetsOf(paymentsSheets, context(false));
    expect(main.map((s) => s.id)).toEqual(['by_advisor']);
    expect(main[0]!.total!.cells).toEqual(expected(stories.filter((s) => s.store === 'main')));
  });

  it('the amount collected opens the payments behind it', async () => {
    const locations = [{ id: store.locationId, timezone: 'America/New_York' }, { id: store.otherLocationId, timezone: 'America/New_York' }];
    const paid = await figureRecords({ companyId: store.companyId, locations, type: 'payments', figure: 'paid', dims: { agent_id: ana.id }, range: RANGE, offset: 0, limit: 50 });
    expect(paid.total).toBe(2);
    expect(paid.records.map((r) => [r.at, r.value, r.record.kind])).toEqual([
      [ny(7, '09:05'), 40_000, 'repair_order'],
      [ny(6, '11:30'), 15_000, 'repair_order'],
    ]);
  });
});
