/**
 * Inspections at work (issue 4 "npm run bench"): the time a technician waits for a claim
 * (PUT …/technician/claim, once per sheet over N fresh sheets) and for the save of a 60-item sheet
 * (PUT …/sheet, each save from the version the last one answered), median and p95, with the
 * DynamoDB capacity of one call. Orders and their sheets are made in this process with the records'
 * own builders (the stack runs in it); everything measured goes over HTTP.
 */
import pLimit from 'p-limit';
import { saveCustomer, type CustomerRecord } from '../functions/customers/records.js';
import { newId } from '../functions/lib/ids.js';
import { ensureSheet } from '../functions/inspections/sheets.js';
import { newRepairOrder, saveRepairOrder } from '../functions/repairOrders/records.js';
import { capacityOf, type Capacity } from './service.js';

const COMPANY = 'cmp_demo';
const LOCATION = 'loc_demo_north';
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };

export interface InspectionFigures {
  name: string;
  calls: number;
  median_ms: number;
  p95_ms: number;
  write_capacity_units: number;
  read_capacity_units: number;
  dynamodb_calls: number;
}

export interface InspectionsBench {
  measured_at: string;
  sheets_claimed: number;
  sheet_items: number;
  claim: InspectionFigures;
  save: InspectionFigures;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (n: number) => +n.toFixed(2);

function figures(name: string, times: number[], capacity: Capacity): InspectionFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    calls: times.length,
    median_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    write_capacity_units: round(capacity.write),
    read_capacity_units: round(capacity.read),
    dynamodb_calls: capacity.calls,
  };
}

/** Orders at the North store, each with its unclaimed sheet from the default template. */
async function ordersWithSheets(count: number): Promise<string[]> {
  const limit = pLimit(6);
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      limit(async () => {
        const now = new Date().toISOString();
        const customer: CustomerRecord = {
          id: newId('cus'),
          location_id: LOCATION,
          dms_customer_id: null,
          first_name: `Inspected${i}`,
          middle_name: '',
          last_name: 'Bench',
          opt_in: 'unknown',
          opt_metadata: null,
          blocked_at: null,
          carrier: { type: 'mobile' },
          phones: { cell: `+1617555${String(7000 + (i % 2999)).padStart(4, '0')}`, work: null, alternate: null },
          email: null,
          address: null,
          alternate_contacts: [],
          default_contact: 'cell',
          language: null,
          company_id: COMPANY,
          opt_notice_sent_at: null,
          opt_in_requested_at: null,
          created_at: now,
          updated_at: now,
          version: 1,
        };
        await saveCustomer(customer);
        const ro = newRepairOrder(
          { id: newId('ro'), ro_id: String(900000 + i), company_id: COMPANY, location_id: LOCATION, customer, opened_at: now },
          { vehicle: { make: 'Honda', model: 'Accord', year: 2020, vin: null, mileage: 40000 + i }, agent: ADVISOR },
          now,
        );
        await saveRepairOrder(ro, null);
        if (!(await ensureSheet(ro))) throw new Error('MPI is not on at the North store: the demo seed must run first');
        return ro.id;
      }),
    ),
  );
}

/** A form of `items` items in six groups, saved by the manager. */
async function largeTemplate(url: string, manager: Record<string, string>, items: number): Promise<string> {
  const groups = Array.from({ length: 6 }, (_, g) => ({
    name: `Group ${g + 1}`,
    items: Array.from({ length: Math.ceil(items / 6) }, (_, i) => ({ name: `Item ${g + 1}.${i + 1}` })).slice(0, Math.max(0, items - g * Math.ceil(items / 6))),
  })).filter((g) => g.items.length > 0);
  const res = await fetch(`${url}/api/locations/${LOCATION}/tech/mpi/sheet_templates`, {
    method: 'POST',
    headers: { ...manager, 'content-type': 'application/json' },
    body: JSON.stringify({ sheet_template: { form_name: `Bench ${items}-item inspection`, vehicle_type: 'car', groups } }),
  });
  const body = (await res.json()) as { sheet_template?: { id: string } };
  if (res.status !== 201 || !body.sheet_template) throw new Error(`template failed: ${res.status} ${JSON.stringify(body)}`);
  return body.sheet_template.id;
}

interface SheetShape {
  version: number;
  groups: { name: string; items: { name: string; dmg: number | null; comment: string }[] }[];
}

/**
 * Measures claims over `sheets` fresh sheets and `saves` saves of one `items`-item sheet; the
 * caller passes a way to sign the demo agents in.
 */
export async function benchInspections(
  url: string,
  signIn: (email: string) => Promise<string>,
  options: { sheets?: number; saves?: number; items?: number } = {},
): Promise<InspectionsBench> {
  const sheets = options.sheets ?? Number(process.env.BENCH_MPI_SHEETS ?? 100);
  const saves = options.saves ?? Number(process.env.BENCH_MPI_SAVES ?? 100);
  const items = options.items ?? 60;
  const tech = { authorization: `Bearer ${await signIn('tech@demo.example')}` };
  const manager = { authorization: `Bearer ${await signIn('manager@demo.example')}` };
  const put = (path: string, headers: Record<string, string>, body: unknown = {}) =>
    fetch(`${url}${path}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  // Claims: one per sheet (a claim happens once), after a few to warm the handler.
  const [warm, ...measured] = await ordersWithSheets(sheets + 1);
  await (await put(`/api/tech/mpi/repair_orders/${warm}/technician/claim`, tech)).arrayBuffer();
  const claimTimes: number[] = [];
  let claimCapacity: Capacity = { read: 0, write: 0, calls: 0 };
  for (const roId of measured) {
    const started = performance.now();
    const res = await put(`/api/tech/mpi/repair_orders/${roId}/technician/claim`, tech);
    await res.arrayBuffer();
    claimTimes.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`claim failed: ${res.status}`);
    claimCapacity = capacityOf(res);
  }

  // Saves: one sheet re-templated to the large form and held by the technician, saved again and again.
  const templateId = await largeTemplate(url, manager, items);
  const retemplated = await put(`/api/tech/mpi/repair_orders/${warm}/template`, tech, { template_id: templateId });
  if (retemplated.status !== 200) throw new Error(`re-template failed: ${retemplated.status} ${await retemplated.text()}`);
  let sheet = ((await retemplated.json()) as { sheet: SheetShape }).sheet;
  const saveTimes: number[] = [];
  let saveCapacity: Capacity = { read: 0, write: 0, calls: 0 };
  for (let round = 0; round < saves + 3; round++) {
    // Each save changes a few conditions, as a technician working down the form does.
    const groups = sheet.groups.map((g, gi) => ({
      name: g.name,
      items: g.items.map((item, ii) => ({ ...item, dmg: (gi * 10 + ii + round) % 7 === 0 ? 1 : 0, comment: ii === round % 10 ? `Checked in round ${round}` : item.comment })),
    }));
    const body = { sheet: { version: sheet.version, groups, recommendations: [{ group: groups[0]!.name, item: groups[0]!.items[0]!.name, est_cost_in_cents: 12000 + round, comment: 'Replace', notes: '' }], attachments: [], damage_details: { comment: '' } } };
    const started = performance.now();
    const res = await put(`/api/tech/mpi/repair_orders/${warm}/sheet`, tech, body);
    const answer = (await res.json()) as { sheet: SheetShape };
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`save failed: ${res.status} ${JSON.stringify(answer)}`);
    sheet = answer.sheet;
    if (round < 3) continue; // warm-up
    saveTimes.push(elapsed);
    saveCapacity = capacityOf(res);
  }
  const itemCount = sheet.groups.reduce((n, g) => n + g.items.length, 0);

  return {
    measured_at: new Date().toISOString(),
    sheets_claimed: measured.length,
    sheet_items: itemCount,
    claim: figures('claim: PUT /api/tech/mpi/repair_orders/{id}/technician/claim', claimTimes, claimCapacity),
    save: figures(`save of a ${itemCount}-item sheet: PUT /api/tech/mpi/repair_orders/{id}/sheet`, saveTimes, saveCapacity),
  };
}
