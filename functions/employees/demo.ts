/**
 * The demo dealership's employees board (functions/lib/boardModule.ts `local.demo`), seeded once
 * after the service board's part (whose business information it adds the employees number to):
 * each Demo Motors store gets its employees texting number and a few employees with a short
 * conversation, through the board's own code (as HR adds them): at North one whose reply is
 * unread, one who texted STOP (opted out, texting refused), one on a VoIP line, and the store's
 * advisor and manager as the console users they are (their presence shows); at South the advisor
 * and two more. The numbers follow the local carrier's convention (the carrier is not up yet).
 * A seed cut short is redone: an employee whose number is on the board already is left as is.
 * The README's "Employees board" lists who shows which case.
 */
import { monotonicFactory } from 'ulid';
import { completeSettings } from '../../shared/schemas/settings.js';
import { changeConsent } from '../customers/consent.js';
import { getCustomer, saveCustomer } from '../customers/records.js';
import { getAgent } from '../lib/agents.js';
import { withOptOutLine } from '../lib/customerTexts.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { appendMessage, newMessage } from '../messages/records.js';
import { writeReadMark } from '../messages/readMarks.js';
import { lineTypeByConvention } from '../../infra/local/carrier.js';
import { employeeOwner } from './owner.js';
import { employeeWithPhone, getEmployee, type EmployeeRecord } from './records.js';
import { addEmployee } from './roster.js';

type Line = [direction: 'in' | 'out', minutesAgo: number, text: string];

export interface DemoEmployee {
  first: string;
  last: string;
  position: string;
  team: string;
  cell: string;
  /** The console user they are (a demo agent's id). */
  agent?: string;
  /** Past texts, oldest first; minutes before the seed. */
  texts: Line[];
  /** Their last text is theirs and nobody has read it. */
  unread?: boolean;
  /** They texted STOP at the end. */
  stop?: boolean;
  /** What it shows, for the README's table. */
  shows?: string;
}

interface DemoStore {
  companyId: string;
  locationId: string;
  /** The business information's employees texting number. */
  employeesNumber: string;
  /** HR text from this agent. */
  hr: string;
  /** Agents whose boards show the store's employees: their read marks decide what is unread. */
  readers: string[];
  employees: DemoEmployee[];
}

export const DEMO_EMPLOYEE_STORES: DemoStore[] = [
  {
    companyId: 'cmp_demo',
    locationId: 'loc_demo_north',
    employeesNumber: '+16175550124',
    hr: 'agt_hr',
    readers: ['agt_hr', 'agt_manager', 'agt_admin'],
    employees: [
      {
        first: 'Alicia', last: 'Moreno', position: 'Service technician', team: 'Main shop', cell: '+16175551401',
        texts: [
          ['out', 180, 'Hi Alicia, this is Tom from HR. Your new uniforms are in: pick them up at the front desk any time today.'],
          ['in', 9, "Thanks Tom! I'll grab them at lunch. Is the safety training still on Thursday?"],
        ],
        unread: true, shows: 'unread reply',
      },
      {
        first: 'Ben', last: 'Carter', position: 'Parts counter', team: 'Parts', cell: '+16175551402',
        texts: [
          ['out', 2900, 'Reminder from HR: benefits enrollment closes Friday at 5 pm.'],
          ['in', 2880, 'STOP'],
        ],
        stop: true, shows: 'opted out (STOP): texting refused',
      },
      {
        first: 'Dev', last: 'Patel', position: 'Detailer', team: 'Main shop', cell: '+16175550260',
        texts: [['out', 1500, 'Hi Dev, the detail bay is closed tomorrow morning for the floor repair. Start at 1 pm.']],
        shows: 'VoIP line (texts may not be delivered)',
      },
      {
        first: 'Priya', last: 'Raman', position: 'Service advisor', team: 'Express service', cell: '+16175551403', agent: 'agt_advisor',
        texts: [
          ['out', 600, 'Hi Priya, please sign your updated schedule in the portal when you have a minute.'],
          ['in', 590, 'Done, thanks!'],
        ],
        shows: 'a console user (advisor@demo.example): presence',
      },
      { first: 'Marcus', last: 'Bell', position: 'Service manager', team: 'Main shop', cell: '+16175551404', agent: 'agt_manager', texts: [], shows: 'never texted' },
    ],
  },
  {
    companyId: 'cmp_demo',
    locationId: 'loc_demo_south',
    employeesNumber: '+12145550124',
    hr: 'agt_admin',
    readers: ['agt_admin'],
    employees: [
      {
        first: 'Tyrone', last: 'Jackson', position: 'Lot attendant', team: 'Sales', cell: '+12145551401',
        texts: [
          ['out', 240, 'Morning Tyrone, please move the demo cars to the front row before 9.'],
          ['in', 235, 'On it.'],
        ],
      },
      { first: 'Hannah', last: 'Schultz', position: 'Cashier', team: 'Service', cell: '+12145551402', texts: [['out', 3000, 'Hi Hannah, the register upgrade is on Monday: come in 15 minutes early.']] },
      { first: 'Carmen', last: 'Reyes', position: 'Service advisor', team: 'Main shop', cell: '+12145551403', agent: 'agt_south_advisor', texts: [] },
    ],
  },
];

const SEEDER = 'seed';
const nextId = monotonicFactory();
const iso = (ms: number) => new Date(ms).toISOString();

async function storeNumber(store: DemoStore): Promise<void> {
  const info = await readSettings(store.companyId, store.locationId, 'business_information');
  if (info.texting_numbers.employees === store.employeesNumber) return;
  await writeSettings(
    store.companyId,
    store.locationId,
    'business_information',
    completeSettings('business_information', { ...info, texting_numbers: { ...info.texting_numbers, employees: store.employeesNumber } }),
    SEEDER,
  );
}

/** The past conversation, as if it had happened then; the first text to the number carried the opt-out line. */
async function pastTexts(store: DemoStore, record: EmployeeRecord, texts: Line[], now: number): Promise<void> {
  const owner = employeeOwner(record);
  const hr = await getAgent(store.companyId, store.hr);
  const info = await readSettings(store.companyId, store.locationId, 'business_information');
  let noticeAt: string | null = null;
  for (const [direction, minutesAgo, text] of texts) {
    const at = now - minutesAgo * 60_000;
    const outbound = direction === 'out';
    const first = outbound && noticeAt === null;
    if (first) noticeAt = iso(at);
    await appendMessage(
      owner,
      newMessage(owner, {
        id: `msg_${nextId(at).toLowerCase()}`,
        direction: outbound ? 'outbound' : 'inbound',
        text: first ? withOptOutLine(text, null, info.dealership_name) : text,
        at: iso(at),
        agent: outbound && hr ? { id: hr.id, first_name: hr.first_name, last_name: hr.last_name } : null,
        status: outbound ? 'delivered' : null,
        statusAt: outbound ? iso(at + 4000) : null,
        from: outbound ? store.employeesNumber : record.phone,
        to: outbound ? record.phone : store.employeesNumber,
      }),
    );
  }
  const contact = await getCustomer(store.companyId, record.contact_id, true);
  if (noticeAt && contact) await saveCustomer({ ...contact, opt_notice_sent_at: noticeAt, updated_at: iso(now), version: contact.version + 1 });
}

async function seedEmployee(store: DemoStore, employee: DemoEmployee, now: number): Promise<void> {
  if (await employeeWithPhone(store.companyId, store.locationId, employee.cell)) return;
  const input = { first_name: employee.first, last_name: employee.last, phone: employee.cell, position: employee.position, team: employee.team, agent_id: employee.agent ?? null };
  const added = await addEmployee(store.companyId, store.locationId, input, { now: iso(now - 30 * 86_400_000), lookup: async (cell) => lineTypeByConvention(cell) });
  await pastTexts(store, added, employee.texts, now);
  if (employee.stop) {
    const contact = (await getCustomer(store.companyId, added.contact_id, true))!;
    await changeConsent({ companyId: store.companyId, customer: contact, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP', agent: null });
  }
  const record = (await getEmployee(store.companyId, added.id, true))!;
  // Read by everyone who works the board, but for the replies left waiting.
  if (!employee.unread && record.last_inbound_at) {
    for (const reader of store.readers) await writeReadMark(store.companyId, { kind: 'employee', id: record.id }, reader, false);
  }
}

export async function seedDemo(): Promise<{ employees: number }> {
  const now = Date.now();
  let count = 0;
  for (const store of DEMO_EMPLOYEE_STORES) {
    await storeNumber(store);
    for (const employee of store.employees) {
      await seedEmployee(store, employee, now);
      count += 1;
    }
  }
  return { employees: count };
}
