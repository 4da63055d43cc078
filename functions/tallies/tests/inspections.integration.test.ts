/**
 * The inspections report's figures against the local stack, in a dealership of its own: sheets of
 * repair orders at two stores moved through their life by the sheet store (made, claimed, filled,
 * completed, sent, sent again, re-saved; work approved, set back and approved again), each write's
 * change handed to the reports' listener twice and out of order. The answers are worked out here
 * from the script, in the store's days (New York), and the figures, totals and the records behind
 * them must match them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Recommendation, SheetGroup } from '../../../shared/inspections/inspections.js';
import type { ReportSheet } from '../../../shared/reports/types.js';
import { saveCustomer } from '../../customers/records.js';
import { newSheet, saveSheet, updateSheet } from '../../inspections/records.js';
import { sheetKeys } from '../../inspections/shelf.js';
import { saveRepairOrder, type RepairOrderRecord } from '../../repairOrders/records.js';
import { BRAKE_TEMPLATE, recommendation } from '../../../test/support/inspections.js';
import { accessFlags, createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { figureRecords } from '../records.js';
import { forgetStores } from '../stores.js';
import { inspectionsSheets } from '../types/inspections.js';
import { ChangeLog, sheetsOf } from './changeLog.js';

/** A New York wall-clock time in October 2026 (EDT, UTC−4) as an instant. */
const ny = (day: number, hhmm: string) => new Date(`2026-10-${String(day).padStart(2, '0')}T${hhmm}:00-04:00`).toISOString();
const RANGE = { from: '2026-10-05', to: '2026-10-09' };
const inRange = (at: string) => at >= ny(5, '00:00') && at < ny(10, '00:00');

type Person = { id: string; first_name: string; last_name: string };

/** One sheet's story: who, where, and when each thing happened to it. */
interface Story {
  store: 'main' | 'east';
  advisor: Person | null;
  technician: Person | null;
  claimedBy: 'technician' | 'advisor' | null;
  claimedAt: string | null;
  groups: SheetGroup[];
  work: Recommendation[];
  sentAt: string | null;
  /** Decisions in order: the work, approved (true), declined (false) or set back (null), and when. */
  decisions: { id: string; approved: boolean | null; at: string }[];
}

const item = (name: string, dmg: 0 | 1 | 2 | -1) => ({ name, dmg, comment: '' });

let store: OwnStore;
let ana: Person;
let ben: Person;
let tom: Person;
let tia: Person;
const log = new ChangeLog();
let stories: Story[];

/** Writes the story through the sheet store, each write's change kept, with a re-save and a second sending after the first. */
async function live(story: Story): Promise<void> {
  const locationId = story.store === 'main' ? store.locationId : store.otherLocationId;
  const customer = customerRecord({ company_id: store.companyId, location_id: locationId, opt_in: 'in' });
  await saveCustomer(customer);
  const ro: RepairOrderRecord = repairOrderRecord(customer, { agent: story.advisor });
  await saveRepairOrder(ro, null);
  const key = sheetKeys.sheet(store.companyId, ro.id);
  const template = { ...BRAKE_TEMPLATE, groups: story.groups.map((g) => ({ name: g.name, items: g.items.map((i) => ({ name: i.name })) })) };
  await log.around(key, () => saveSheet(newSheet(ro, template, ny(1, '08:00')), null));
  const change = (fields: Parameters<typeof updateSheet>[2]) => log.around(key, () => updateSheet(store.companyId, ro.id, fields));
  if (!story.claimedAt) return;
  const holder = story.claimedBy === 'technician' ? story.technician! : story.advisor!;
  await change(() => ({
    state: 'claimed',
    holder: { ...holder, role: story.claimedBy! },
    ...(story.claimedBy === 'technician' ? { technician: story.technician } : { advisor: story.advisor }),
    claimed_at: story.claimedAt,
  }));
  await change(() => ({ groups: story.groups, recommendations: story.work }));
  if (!story.sentAt) return;
  await change(() => ({ state: 'completed_by_advisor', holder: null, advisor: story.advisor, completed_by_advisor_at: story.sentAt }));
  await change(() => ({ sent_to_customer_at: story.sentAt }));
  for (const d of story.decisions) {
    await change((sheet) => ({
      recommendations: sheet.recommendations.map((r) => (r.id === d.id ? { ...r, approved: d.approved, decided_at: d.approved === null ? null : d.at, metadata: { approver: null } } : r)),
    }));
  }
  await change(() => ({ damage_details: { comment: 'Scratch on the rear bumper' } }));
  await change(() => ({ sent_to_customer_at: ny(9, '17:00') }));
}

/** What the script says a group of stories counts over the range, worked out without the reports' code. */
function expected(of: Story[]) {
  const started = of.filter((s) => s.claimedAt && inRange(s.claimedAt));
  const sent = of.filter((s) => s.sentAt && inRange(s.sentAt));
  const items = (dmg: number) => sent.reduce((n, s) => n + s.groups.flatMap((g) => g.items).filter((i) => i.dmg === dmg).length, 0);
  const recommended = sent.flatMap((s) => s.work);
  const approvals = of.flatMap((s) => {
    const was = new Map<string, boolean | null>();
    return s.decisions.flatMap((d) => {
      const counts = d.approved === true && was.get(d.id) !== true && inRange(d.at);
      was.set(d.id, d.approved);
      return counts ? [s.work.find((w) => w.id === d.id)!] : [];
    });
  });
  const cents = (work: Recommendation[]) => work.reduce((n, w) => n + w.est_cost_in_cents, 0);
  return {
    started: started.length,
    sent: sent.length,
    sent_rate: started.length ? sent.length / started.length : null,
    red_items: items(2),
    yellow_items: items(1),
    recommended_lines: recommended.length,
    recommended_amount: cents(recommended),
    approved_lines: approvals.length,
    approved_amount: cents(approvals),
    approved_lines_share: recommended.length ? approvals.length / recommended.length : null,
    approved_amount_share: cents(recommended) ? cents(approvals) / cents(recommended) : null,
  };
}

const rowOf = (sheet: ReportSheet, key: string) => (key === 'total' ? sheet.total! : sheet.rows.find((r) => r.key === key)!);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  forgetStores();
  store = await createOwnStore('tly_mpi');
  const tag = Date.now().toString(36);
  const agent = async (id: string, first: string, last: string, technician = false): Promise<Person> => {
    await createAgent(store, `${id}_${tag}`, first, last, technician ? { access_level: accessFlags('technician') } : {});
    return { id: `${id}_${tag}`, first_name: first, last_name: last };
  };
  [ana, ben, tom, tia] = [await agent('agt_ana', 'Ana', 'Berg'), await agent('agt_ben', 'Ben', 'Cole'), await agent('agt_tom', 'Tom', 'Diaz', true), await agent('agt_tia', 'Tia', 'Moss', true)];
  const brake = [{ name: 'Brakes', items: [item('Front brake pads', 2), item('Wiper blades', 1), item('Rotors', 0)] }];
  stories = [
    // Ana's order: Tom's sheet, sent, the pads approved the next day.
    { store: 'main', advisor: ana, technician: tom, claimedBy: 'technician', claimedAt: ny(5, '09:10'), groups: brake, work: [recommendation('rec_pads', 'Front brake pads', 24000), recommendation('rec_wipers', 'Wiper blades', 3500)], sentAt: ny(5, '11:00'), decisions: [{ id: 'rec_pads', approved: true, at: ny(6, '10:00') }, { id: 'rec_wipers', approved: false, at: ny(6, '10:01') }] },
    // Ben's order: Tia's sheet, two reds and a yellow; the work approved, set back, approved again: two approvals.
    { store: 'main', advisor: ben, technician: tia, claimedBy: 'technician', claimedAt: ny(6, '08:30'), groups: [{ name: 'Tyres', items: [item('Front left', 2), item('Front right', 2), item('Rear', 1), item('Spare', -1)] }], work: [recommendation('rec_tyres', 'Front left', 12000)], sentAt: ny(6, '12:00'), decisions: [{ id: 'rec_tyres', approved: true, at: ny(6, '13:00') }, { id: 'rec_tyres', approved: null, at: ny(6, '13:05') }, { id: 'rec_tyres', approved: true, at: ny(6, '13:10') }] },
    // At the east store Ana claims the sheet herself: started, no technician, never sent.
    { store: 'east', advisor: ana, technician: null, claimedBy: 'advisor', claimedAt: ny(7, '10:00'), groups: brake, work: [], sentAt: null, decisions: [] },
    // An order nobody is assigned to: Tom's sheet sent with nothing recommended.
    { store: 'main', advisor: null, technician: tom, claimedBy: 'technician', claimedAt: ny(8, '09:00'), groups: brake, work: [], sentAt: ny(8, '10:00'), decisions: [] },
    // Started and sent late on the 4th in New York (already the 5th in UTC): before the range; its approval on the 5th is in it.
    { store: 'main', advisor: ana, technician: tom, claimedBy: 'technician', claimedAt: ny(4, '22:00'), groups: brake, work: [recommendation('rec_late', 'Front brake pads', 9900)], sentAt: ny(4, '23:30'), decisions: [{ id: 'rec_late', approved: true, at: ny(5, '08:15') }] },
    // A sheet left in the pool counts nothing.
    { store: 'main', advisor: ben, technician: null, claimedBy: null, claimedAt: null, groups: brake, work: [], sentAt: null, decisions: [] },
  ];
  for (const story of stories) await live(story);
  await log.count();
});

const context = (company: boolean) => ({
  type: 'inspections' as const,
  companyId: store.companyId,
  range: RANGE,
  agentNames: new Map([ana, ben, tom, tia].map((p) => [p.id, `${p.first_name} ${p.last_name}`])),
  scope: company ? ('company' as const) : ('location' as const),
  locations: [{ id: store.locationId, name: 'Main', timezone: 'America/New_York' }, ...(company ? [{ id: store.otherLocationId, name: 'East', timezone: 'America/New_York' }] : [])],
});

describe('the inspections report', () => {
  it("counts each advisor's sheets, items and work as the script did, told twice and out of order", async () => {
    const sheets = await sheetsOf(inspectionsSheets, context(true));
    const byAdvisor = sheets.find((s) => s.id === 'by_advisor')!;
    expect(rowOf(byAdvisor, `agent:${ana.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ana)));
    expect(rowOf(byAdvisor, `agent:${ben.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ben)));
    expect(rowOf(byAdvisor, 'agent:none')).toMatchObject({ label_id: 'no_advisor', cells: expected(stories.filter((s) => s.advisor === null)) });
    expect(byAdvisor.total!.cells).toEqual(expected(stories));
    // The script's own sums, counted by hand: 4 started in the range, 3 sent (4 red, 3 yellow items, 3 lines of $395.00); approved: the pads, the tyres twice and the late sheet's work.
    expect(expected(stories)).toMatchObject({ started: 4, sent: 3, red_items: 4, yellow_items: 3, recommended_lines: 3, recommended_amount: 39_500, approved_lines: 4, approved_amount: 57_900 });
  });

  it("counts each technician's, and the sheets an advisor started without one", async () => {
    const sheets = await sheetsOf(inspectionsSheets, context(true));
    const byTechnician = sheets.find((s) => s.id === 'by_technician')!;
    expect(rowOf(byTechnician, `technician:${tom.id}`).cells).toEqual(expected(stories.filter((s) => s.technician === tom)));
    expect(rowOf(byTechnician, `technician:${tia.id}`).cells).toEqual(expected(stories.filter((s) => s.technician === tia)));
    expect(rowOf(byTechnician, 'technician:none').cells).toEqual(expected(stories.filter((s) => s.technician === null)));
  });

  it("a company's report has each store's figures; a store's report only its own", async () => {
    const company = await sheetsOf(inspectionsSheets, context(true));
    const byLocation = company.find((s) => s.id === 'by_location')!;
    expect(rowOf(byLocation, `location:${store.locationId}`).cells).toEqual(expected(stories.filter((s) => s.store === 'main')));
    expect(rowOf(byLocation, `location:${store.otherLocationId}`).cells).toEqual(expected(stories.filter((s) => s.store === 'east')));
    const main = await sheetsOf(inspectionsSheets, context(false));
    expect(main.map((s) => s.id)).toEqual(['by_advisor', 'by_technician']);
    expect(main[0]!.total!.cells).toEqual(expected(stories.filter((s) => s.store === 'main')));
  });

  it('a figure opens exactly the records behind it', async () => {
    const locations = [{ id: store.locationId, timezone: 'America/New_York' }, { id: store.otherLocationId, timezone: 'America/New_York' }];
    const approved = await figureRecords({ companyId: store.companyId, locations, type: 'inspections', figure: 'approved', dims: { agent_id: ben.id }, range: RANGE, offset: 0, limit: 50 });
    expect(approved.total).toBe(2);
    expect(approved.records.map((r) => [r.at, r.value, r.agent?.id])).toEqual([
      [ny(6, '13:10'), 12000, ben.id],
      [ny(6, '13:00'), 12000, ben.id],
    ]);
    expect(approved.records[0]!.link).toMatch(/^\/\?ro=ro_/);
    const startedEast = await figureRecords({ companyId: store.companyId, locations, type: 'inspections', figure: 'started', dims: { location_id: store.otherLocationId }, range: RANGE, offset: 0, limit: 50 });
    expect(startedEast.records.map((r) => [r.at, r.location_id])).toEqual([[ny(7, '10:00'), store.otherLocationId]]);
    const red = await figureRecords({ companyId: store.companyId, locations, type: 'inspections', figure: 'red_items', dims: { technician_id: tia.id }, range: RANGE, offset: 0, limit: 50 });
    expect(red.records.map((r) => r.value)).toEqual([2]);
  });
});
