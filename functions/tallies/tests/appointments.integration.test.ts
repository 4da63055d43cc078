/**
 * The appointments report's figures against the local stack, in a dealership of its own:
 * appointments at two stores booked, confirmed, reminded, cancelled (by the DMS, taken back and made
 * again), moved, and their customers' repair orders opened before or after the appointment was
 * written, at its store or another, on its day or the next, or by a text; each write's change handed
 * to the reports' listener twice and out of order. The answers, `showed` included, are worked out
 * here from the script in the store's days (New York).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportSheet } from '../../../shared/reports/types.js';
import { newAppointmentRecord } from '../../appointments/booking.js';
import { appointmentKeys, saveAppointment, type AppointmentRecord } from '../../appointments/records.js';
import { saveCustomer, type CustomerRecord } from '../../customers/records.js';
import { newId } from '../../lib/ids.js';
import { repairOrderKeys, saveRepairOrder } from '../../repairOrders/records.js';
import { createAgent, createOwnStore, type OwnStore } from '../../../test/support/ownStore.js';
import { customerRecord, repairOrderRecord, useStackEnv } from '../../../test/support/service.js';
import { figureRecords } from '../records.js';
import { forgetStores } from '../stores.js';
import { appointmentsSheets } from '../types/appointments.js';
import { ChangeLog, sheetsOf } from './changeLog.js';

const NY = 'America/New_York';
const ny = (day: number, hhmm: string) => new Date(`2026-10-${String(day).padStart(2, '0')}T${hhmm}:00-04:00`).toISOString();
const RANGE = { from: '2026-10-05', to: '2026-10-09' };
const inRange = (at: string | null | undefined): at is string => !!at && at >= ny(5, '00:00') && at < ny(10, '00:00');
const nyDay = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: NY }).format(new Date(at));

type Person = { id: string; first_name: string; last_name: string };
type Where = 'main' | 'east';

/** What happens to one appointment and its customer's orders, in the order it is written. */
type Step =
  | { do: 'book'; at: string; scheduled: string }
  | { do: 'confirm'; at: string }
  | { do: 'cancel'; at: string }
  | { do: 'uncancel'; at: string }
  | { do: 'remind'; at: string }
  | { do: 'move'; at: string; scheduled: string }
  | { do: 'order'; opened: string; store: Where; textedIn?: boolean };

interface Story {
  store: Where;
  advisor: Person | null;
  steps: Step[];
}

let store: OwnStore;
let ana: Person;
let ben: Person;
const log = new ChangeLog();
let stories: Story[];

async function live(story: Story): Promise<void> {
  const locationOf = (w: Where) => (w === 'main' ? store.locationId : store.otherLocationId);
  const customer: CustomerRecord = customerRecord({ company_id: store.companyId, location_id: locationOf(story.store), opt_in: 'in' });
  await saveCustomer(customer);
  const id = newId('apt');
  const key = appointmentKeys.appointment(store.companyId, id);
  let current: AppointmentRecord | null = null;
  const write = async (at: string, change: Partial<AppointmentRecord>) => {
    const next: AppointmentRecord = { ...current!, ...change, version: current!.version + 1, updated_at: at };
    await log.around(key, () => saveAppointment(next, current));
    current = next;
  };
  for (const step of story.steps) {
    if (step.do === 'book') {
      const booked = { ...newAppointmentRecord({ id, company_id: store.companyId, location_id: locationOf(story.store), customer_id: customer.id, scheduled_at: step.scheduled }, step.at), agent: story.advisor };
      await log.around(key, () => saveAppointment(booked, null));
      current = booked;
    } else if (step.do === 'confirm') await write(step.at, { confirmed: true });
    else if (step.do === 'cancel') await write(step.at, { cancelled: true });
    else if (step.do === 'uncancel') await write(step.at, { cancelled: false });
    else if (step.do === 'remind') await write(step.at, { reminder_sent: true, remind_at: null, reminder_message: { id: newId('msg'), sent_at: step.at, send_at: null, metadata: { sms_status: 'queued' } } });
    else if (step.do === 'move') await write(step.at, { scheduled_at: step.scheduled });
    else {
      const orderOf = { ...customer, location_id: locationOf(step.store) };
      const ro = repairOrderRecord(orderOf, { opened_at: step.opened, activity_at: step.opened, agent: story.advisor, ...(step.textedIn ? { ro_id: '' } : {}) });
      await log.around(repairOrderKeys.repairOrder(store.companyId, ro.id), () => saveRepairOrder(ro, null));
    }
  }
}

const isOrder = (st: Step): st is Extract<Step, { do: 'order' }> => st.do === 'order';

/** The script's counts, worked out without the reports' code: `showed` from the appointment as it ended and its customer's orders. */
function expected(of: Story[]) {
  const count = (what: Step['do']) => of.reduce((n, s) => n + s.steps.filter((st) => st.do === what && 'at' in st && inRange(st.at)).length, 0);
  const showed = of.filter((s) => {
    const scheduled = [...s.steps].reverse().find((st): st is Extract<Step, { scheduled: string }> => 'scheduled' in st)!.scheduled;
    const cancelled = [...s.steps].reverse().find((st) => st.do === 'cancel' || st.do === 'uncancel')?.do === 'cancel';
    const visit = s.steps.some((st) => isOrder(st) && !st.textedIn && st.store === s.store && nyDay(st.opened) === nyDay(scheduled));
    return !cancelled && visit && inRange(scheduled);
  }).length;
  return { booked: count('book'), confirmed: count('confirm'), cancelled: count('cancel'), reminded: count('remind'), showed };
}

const rowOf = (sheet: ReportSheet, key: string) => (key === 'total' ? sheet.total! : sheet.rows.find((r) => r.key === key)!);

beforeAll(async () => {
  useStackEnv();
  process.env.LOG_LEVEL = 'silent';
  forgetStores();
  store = await createOwnStore('tly_apt');
  const tag = Date.now().toString(36);
  await createAgent(store, `agt_ana_${tag}`, 'Ana', 'Berg');
  await createAgent(store, `agt_ben_${tag}`, 'Ben', 'Cole');
  ana = { id: `agt_ana_${tag}`, first_name: 'Ana', last_name: 'Berg' };
  ben = { id: `agt_ben_${tag}`, first_name: 'Ben', last_name: 'Cole' };
  stories = [
    // Booked, reminded, confirmed; the customer's order opened on the day, after the appointment was written.
    { store: 'main', advisor: ana, steps: [{ do: 'book', at: ny(5, '09:00'), scheduled: ny(7, '10:00') }, { do: 'remind', at: ny(6, '10:00') }, { do: 'confirm', at: ny(6, '12:00') }, { do: 'order', opened: ny(7, '09:40'), store: 'main' }] },
    // The order opened first, the appointment (booked before the range) written after it by the DMS.
    { store: 'main', advisor: ben, steps: [{ do: 'order', opened: ny(8, '08:00'), store: 'main' }, { do: 'book', at: ny(1, '09:00'), scheduled: ny(8, '09:00') }] },
    // Cancelled, and the customer came anyway: not a showed appointment.
    { store: 'east', advisor: ana, steps: [{ do: 'book', at: ny(6, '09:00'), scheduled: ny(9, '10:00') }, { do: 'cancel', at: ny(7, '09:00') }, { do: 'order', opened: ny(9, '10:10'), store: 'east' }] },
    // The DMS cancels, takes it back, cancels again: two cancellations.
    { store: 'main', advisor: ben, steps: [{ do: 'book', at: ny(5, '08:00'), scheduled: ny(12, '10:00') }, { do: 'cancel', at: ny(5, '11:00') }, { do: 'uncancel', at: ny(6, '09:00') }, { do: 'cancel', at: ny(8, '09:00') }] },
    // Nobody's appointment: the customer's order at the other store, and one a text opened here, are no visit.
    { store: 'main', advisor: null, steps: [{ do: 'book', at: ny(8, '09:00'), scheduled: ny(9, '15:00') }, { do: 'order', opened: ny(9, '14:50'), store: 'east' }, { do: 'order', opened: ny(9, '15:05'), store: 'main', textedIn: true }] },
    // The order opened the next day, just after midnight in New York.
    { store: 'main', advisor: ana, steps: [{ do: 'book', at: ny(6, '15:00'), scheduled: ny(9, '16:00') }, { do: 'order', opened: ny(10, '00:30'), store: 'main' }] },
    // Moved to the day the customer's order had already opened: found when it moves.
    { store: 'main', advisor: ben, steps: [{ do: 'book', at: ny(5, '10:00'), scheduled: ny(6, '10:00') }, { do: 'order', opened: ny(8, '10:05'), store: 'main' }, { do: 'move', at: ny(7, '10:00'), scheduled: ny(8, '10:00') }] },
    // Booked late on the 4th in New York (the 5th in UTC): before the range.
    { store: 'main', advisor: ana, steps: [{ do: 'book', at: ny(4, '23:30'), scheduled: ny(20, '10:00') }] },
  ];
  for (const story of stories) await live(story);
  await log.count();
});

const context = (company: boolean) => ({
  type: 'appointments' as const,
  companyId: store.companyId,
  range: RANGE,
  scope: company ? ('company' as const) : ('location' as const),
  agentNames: new Map([ana, ben].map((p) => [p.id, `${p.first_name} ${p.last_name}`])),
  locations: [{ id: store.locationId, name: 'Main', timezone: NY }, ...(company ? [{ id: store.otherLocationId, name: 'East', timezone: NY }] : [])],
});

describe('the appointments report', () => {
  it("counts each advisor's appointments booked, confirmed, cancelled, reminded and showed as the script did", async () => {
    const byAdvisor = (await sheetsOf(appointmentsSheets, context(true))).find((s) => s.id === 'by_advisor')!;
    expect(rowOf(byAdvisor, `agent:${ana.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ana)));
    expect(rowOf(byAdvisor, `agent:${ben.id}`).cells).toEqual(expected(stories.filter((s) => s.advisor === ben)));
    expect(rowOf(byAdvisor, 'agent:none').cells).toEqual(expected(stories.filter((s) => s.advisor === null)));
    expect(byAdvisor.total!.cells).toEqual(expected(stories));
    // By hand: 6 booked in the range, 1 confirmed, 3 cancellations, 1 reminder, and the first, second and moved appointments showed.
    expect(expected(stories)).toEqual({ booked: 6, confirmed: 1, cancelled: 3, reminded: 1, showed: 3 });
  });

  it("a company's report has each store's figures; a store's report only its own", async () => {
    const byLocation = (await sheetsOf(appointmentsSheets, context(true))).find((s) => s.id === 'by_location')!;
    expect(rowOf(byLocation, `location:${store.otherLocationId}`).cells).toEqual(expected(stories.filter((s) => s.store === 'east')));
    const main = await sheetsOf(appointmentsSheets, context(false));
    expect(main[0]!.total!.cells).toEqual(expected(stories.filter((s) => s.store === 'main')));
  });

  it('showed opens the appointments the customers came to, at their times', async () => {
    const locations = [{ id: store.locationId, timezone: NY }, { id: store.otherLocationId, timezone: NY }];
    const showed = await figureRecords({ companyId: store.companyId, locations, type: 'appointments', figure: 'showed', dims: {}, range: RANGE, offset: 0, limit: 50 });
    expect(showed.total).toBe(3);
    expect(showed.records.map((r) => r.at).sort()).toEqual([ny(7, '10:00'), ny(8, '09:00'), ny(8, '10:00')]);
    expect(showed.records.every((r) => r.record.kind === 'appointment' && r.link === `/appointments?appointment=${r.record.id}`)).toBe(true);
  });
});
