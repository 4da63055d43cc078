/**
 * The demo dealership's service board, seeded once with the rest of the demo (seed.ts): each
 * store's business information (name, phone, service texting number) and DMS settings, then
 * customers and open repair orders that arrive through the DMS feed's own ingest code (as a DMS
 * would send them), a few past texts on each conversation, and the cases a person trying the
 * console should meet: an opted-out customer (with the ledger line a STOP leaves), a landline, a
 * VoIP line, an order nobody is assigned to, promise times overdue / due within 1h31m / later, and
 * a handful of unread conversations. The README's "DMS feed" section lists who shows which case.
 * Multi-point inspections are on at both Demo Motors stores, each with a default car form and a
 * motorcycle form, so every order arriving there gets its sheet in the pool; at North one sheet is
 * claimed by the technician and Maria Gonzalez's is completed by him, waiting for the advisor.
 */
import pLimit from 'p-limit';
import { monotonicFactory } from 'ulid';
import { dmsRepairOrder, type DmsRepairOrder } from '../../shared/schemas/dms.js';
import { completeSettings } from '../../shared/schemas/settings.js';
import type { AgentRef } from '../../shared/people.js';
import { changeConsent } from '../../functions/customers/consent.js';
import { getCustomer, saveCustomer } from '../../functions/customers/records.js';
import { feedContext, ingestEach } from '../../functions/dms/feed.js';
import { repairOrderIdOf, ingestRepairOrder } from '../../functions/dms/repairOrders.js';
import { withOptOutLine } from '../../functions/lib/customerTexts.js';
import { dmsRecordId, newId } from '../../functions/lib/ids.js';
import { readSettings, writeSettings } from '../../functions/lib/settings.js';
import { getAgent } from '../../functions/lib/agents.js';
import { transactWrite, type TransactWrite } from '../../functions/lib/table.js';
import { claimAsTechnician, completeAsTechnician } from '../../functions/inspections/claims.js';
import { getSheet, updateSheet, type SheetRecord } from '../../functions/inspections/records.js';
import { defaultPointerItem, templateItem, type TemplateRecord } from '../../functions/inspections/templates.js';
import { ITEM_STATUS, type ItemStatus, type Recommendation } from '../../shared/inspections/inspections.js';
import { appendMessage, newMessage } from '../../functions/messages/records.js';
import { writeReadMark } from '../../functions/messages/readMarks.js';
import { getRepairOrder, type RepairOrderRecord } from '../../functions/repairOrders/records.js';
import { lineTypeByConvention } from './carrier.js';
import { DEMO_AGENTS, DEMO_COMPANY, DEMO_LOCATIONS, DEMO_SHEET_TEMPLATES, RIVAL_COMPANY } from './demo.js';
import { repairOrderOwner } from '../../functions/repairOrders/owner.js';

/** Who seeds settings (the settings record names who saved them last). */
const SEEDER = 'seed';

export interface DemoStore {
  companyId: string;
  locationId: string;
  dealershipName: string;
  /** The service texting number customers text to and receive from. */
  serviceNumber: string;
  /** Agents whose boards show the store's orders: their read marks decide what is unread. */
  readers: string[];
}

/** Texting numbers outside the local carrier's landline/VoIP convention for customers' numbers. */
export const DEMO_STORES: DemoStore[] = [
  { companyId: DEMO_COMPANY.id, locationId: 'loc_demo_north', dealershipName: 'Demo Motors North', serviceNumber: '+16175550123', readers: ['agt_advisor', 'agt_manager', 'agt_admin'] },
  { companyId: DEMO_COMPANY.id, locationId: 'loc_demo_south', dealershipName: 'Demo Motors South', serviceNumber: '+12145550123', readers: ['agt_admin'] },
  { companyId: RIVAL_COMPANY.id, locationId: 'loc_rival_main', dealershipName: 'Rival Auto', serviceNumber: '+442079460123', readers: ['agt_rival'] },
];

type Line = [direction: 'in' | 'out', minutesAgo: number, text: string];

export interface DemoOrder {
  /** The DMS's repair-order number. */
  ro: string;
  customer: { dms: string; first: string; last: string; cell: string; email?: string; language?: string; dmsOptIn?: boolean };
  advisor: 'advisor@demo.example' | 'manager@demo.example' | 'south@demo.example' | 'rival@demo.example' | null;
  vehicle: [make: string, model: string, year: number, vin: string | null, mileage: number | null];
  openedHoursAgo: number;
  /** Promise time from now, in minutes (negative: overdue). */
  promiseIn: number | null;
  code: 'E' | 'I' | 'C';
  opcodes: string[];
  waiting?: boolean;
  delivery?: boolean;
  /** Past texts, oldest first; minutes before the seed. */
  texts: Line[];
  /** Leave the conversation unread for everyone (its last text is the customer's). */
  unread?: boolean;
  /** The customer texted STOP at the end of the conversation. */
  stop?: boolean;
  /** What this order shows, for the README's table. */
  shows?: string;
}

const store = (locationId: string): DemoStore => DEMO_STORES.find((s) => s.locationId === locationId)!;

/** Demo Motors North: 25 open orders. Numbers 1001–1099 stay clear of the tests' and the simulator's. */
export const NORTH_ORDERS: DemoOrder[] = [
  {
    ro: '7010231', customer: { dms: 'C-40112', first: 'Maria', last: 'Gonzalez', cell: '+16175551001', email: 'maria.gonzalez@example.com', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Honda', 'CR-V', 2021, '2HKRW2H85MH612345', 28410], openedHoursAgo: 5, promiseIn: -45, code: 'I', opcodes: ['01FZ', 'TEXT'], waiting: true,
    texts: [
      ['out', 290, "Hi Maria, this is Priya at Demo Motors North. Your CR-V is checked in for its 30k service; I'll text you when the technician has had a look."],
      ['in', 240, 'Thanks Priya. Any idea when it will be ready? I need it by 3.'],
      ['out', 235, "We're aiming for 2:30. I'll keep you posted."],
      ['in', 12, "It's past 3 now, is it nearly done?"],
    ],
    unread: true, shows: 'overdue promise time, unread reply',
  },
  {
    ro: '7010232', customer: { dms: 'C-40113', first: 'James', last: "O'Connor", cell: '+16175551002', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Ford', 'F-150', 2019, '1FTEW1E47KFA23456', 61200], openedHoursAgo: 3, promiseIn: 40, code: 'I', opcodes: ['BRK2', 'TEXT'],
    texts: [
      ['out', 170, 'Good morning James, your F-150 is in the shop. The front brake pads are at 2 mm, so we recommend replacing pads and rotors ($412.80). Shall we go ahead?'],
      ['in', 160, 'Yes go ahead'],
      ['out', 158, 'Thanks, parts are in stock. Should be ready early afternoon.'],
    ],
    shows: 'promise time within 1h31m',
  },
  {
    ro: '7010233', customer: { dms: 'C-40114', first: 'Aisha', last: 'Khan', cell: '+16175551003', email: 'aisha.khan@example.com' },
    advisor: 'manager@demo.example', vehicle: ['Toyota', 'RAV4', 2022, 'JTMB1RFV7ND012345', 18750], openedHoursAgo: 2, promiseIn: 240, code: 'E', opcodes: ['01FZ'],
    texts: [
      ['out', 100, 'Hi Aisha, Marcus from Demo Motors North. We have your RAV4 and will start the inspection shortly.'],
      ['in', 95, 'Great, thank you!'],
    ],
    shows: 'promise time later today',
  },
  {
    ro: '7010234', customer: { dms: 'C-40115', first: 'Gloria', last: 'Estevez', cell: '+16175551004', language: 'es' },
    advisor: 'advisor@demo.example', vehicle: ['Nissan', 'Rogue', 2018, '5N1AT2MV8JC712345', 74300], openedHoursAgo: 26, promiseIn: 180, code: 'I', opcodes: ['TIRE4'],
    texts: [
      ['out', 1500, 'Hola Gloria, su Rogue ya está en el taller. Le avisaremos cuando esté lista.'],
      ['in', 1490, 'STOP'],
    ],
    stop: true, shows: 'opted out by texting STOP (message bar hidden; ledger line; SMS_OPT_OUT note)',
  },
  {
    ro: '7010235', customer: { dms: 'C-40116', first: 'Harold', last: 'Finch', cell: '+16175550142' },
    advisor: 'advisor@demo.example', vehicle: ['Buick', 'Enclave', 2017, '5GAKVCKD3HJ312345', 88900], openedHoursAgo: 4, promiseIn: 300, code: 'E', opcodes: ['DIAG'],
    texts: [], shows: 'landline number (texting refused)',
  },
  {
    ro: '7010236', customer: { dms: 'C-40117', first: 'Vera', last: 'Nakamura', cell: '+16175550242', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Subaru', 'Outback', 2020, '4S4BTAFC5L3212345', 40210], openedHoursAgo: 6, promiseIn: 150, code: 'I', opcodes: ['01FZ', 'TEXT'],
    texts: [['out', 330, 'Hi Vera, your Outback is on the lift now. Oil change and tyre rotation, ready by mid-afternoon.']],
    shows: 'VoIP number (warning when texting)',
  },
  {
    ro: '7010237', customer: { dms: 'C-40118', first: 'Tom', last: 'Okafor', cell: '+16175551007' },
    advisor: null, vehicle: ['Chevrolet', 'Malibu', 2016, '1G1ZE5ST1GF312345', 102400], openedHoursAgo: 1, promiseIn: 360, code: 'E', opcodes: ['CEL'],
    texts: [['in', 20, 'Hi, I dropped off the Malibu this morning. Who is my advisor?']],
    unread: true, shows: 'no advisor assigned (texting and vehicle ready refused)',
  },
  {
    ro: '7010238', customer: { dms: 'C-40119', first: 'Linda', last: 'Park', cell: '+16175551008', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Hyundai', 'Tucson', 2023, 'KM8JBCAE5PU012345', 9800], openedHoursAgo: 7, promiseIn: -120, code: 'C', opcodes: ['01FZ', 'TEXT'],
    texts: [
      ['out', 400, 'Hi Linda, your Tucson is in for its first service. Free of charge under the maintenance plan.'],
      ['in', 390, 'Perfect'],
      ['out', 130, "All done! We're just washing it."],
      ['in', 8, 'On my way to pick it up, see you in 10'],
    ],
    unread: true, shows: 'overdue, work complete (Tech Status C), unread',
  },
  {
    ro: '7010239', customer: { dms: 'C-40120', first: 'Robert', last: 'Schmidt', cell: '+16175551009', language: 'de' },
    advisor: 'manager@demo.example', vehicle: ['Volkswagen', 'Tiguan', 2019, 'WVGBV7AX5KW512345', 55600], openedHoursAgo: 28, promiseIn: 1200, code: 'I', opcodes: ['TRANS'],
    texts: [
      ['out', 1620, 'Guten Tag Herr Schmidt, Ihr Tiguan ist bei uns. Das Getriebeteil ist bestellt und kommt morgen.'],
      ['in', 1600, 'Danke für die Info.'],
    ],
    shows: 'promise time tomorrow',
  },
  {
    ro: '7010240', customer: { dms: 'C-40121', first: 'Emily', last: 'Chen', cell: '+16175551010', email: 'emily.chen@example.com', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Tesla', 'Model 3', 2021, '5YJ3E1EA1MF912345', 35200], openedHoursAgo: 2, promiseIn: 75, code: 'I', opcodes: ['ALIGN', 'TEXT'], delivery: true,
    texts: [
      ['out', 110, 'Hi Emily, alignment is under way. We can deliver the car to your office at 4 as requested.'],
      ['in', 100, 'Wonderful, 4 works.'],
    ],
    shows: 'within 1h31m, delivery requested',
  },
  {
    ro: '7010241', customer: { dms: 'C-40122', first: 'Daniel', last: 'Rossi', cell: '+16175551011', language: 'it' },
    advisor: 'advisor@demo.example', vehicle: ['Jeep', 'Grand Cherokee', 2018, '1C4RJFBG5JC312345', 81200], openedHoursAgo: 9, promiseIn: 200, code: 'I', opcodes: ['SUSP'],
    texts: [
      ['out', 530, 'Hi Daniel, the front sway bar links are worn. Replacing both is $286. Approve?'],
      ['in', 500, 'Yes please, thanks'],
      ['out', 495, 'Approved, thank you. Parts arrive at noon.'],
    ],
  },
  {
    ro: '7010242', customer: { dms: 'C-40123', first: 'Sophie', last: 'Martin', cell: '+16175551012', language: 'fr', dmsOptIn: true },
    advisor: 'manager@demo.example', vehicle: ['Mazda', 'CX-5', 2020, 'JM3KFBDM5L0812345', 47800], openedHoursAgo: 3, promiseIn: 25, code: 'C', opcodes: ['01FZ', 'TEXT'], waiting: true,
    texts: [
      ['out', 160, 'Hi Sophie, your CX-5 is almost done; the car wash is next.'],
      ['in', 5, 'Merci! I am in the waiting room.'],
    ],
    unread: true, shows: 'customer waiting, due within 1h31m, unread',
  },
  {
    ro: '7010243', customer: { dms: 'C-40124', first: 'Michael', last: 'Brown', cell: '+16175551013', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Ram', '1500', 2021, '1C6SRFFT5MN612345', 30100], openedHoursAgo: 4, promiseIn: 420, code: 'E', opcodes: ['DIAG', 'TEXT'],
    texts: [['out', 220, 'Hi Michael, we are diagnosing the rattle now. I will send the estimate within the hour.']],
  },
  {
    ro: '7010244', customer: { dms: 'C-40125', first: 'Priyanka', last: 'Desai', cell: '+16175551014', email: 'p.desai@example.com' },
    advisor: 'advisor@demo.example', vehicle: ['Kia', 'Telluride', 2022, '5XYP5DHC5NG212345', 22600], openedHoursAgo: 30, promiseIn: -300, code: 'I', opcodes: ['RECALL'],
    texts: [
      ['out', 1780, 'Hi Priyanka, your Telluride is in for the recall. The part is on back-order; expected tomorrow.'],
      ['in', 1700, 'OK, can I get a loaner?'],
      ['out', 1690, 'Of course, the loaner is ready at the service desk.'],
    ],
    shows: 'overdue since this morning',
  },
  {
    ro: '7010245', customer: { dms: 'C-40126', first: 'Kevin', last: 'Walsh', cell: '+16175551015', dmsOptIn: true },
    advisor: 'manager@demo.example', vehicle: ['GMC', 'Sierra', 2017, '3GTU2NEC5HG312345', 97300], openedHoursAgo: 5, promiseIn: 90, code: 'I', opcodes: ['BATT', 'TEXT'],
    texts: [
      ['out', 280, 'Hi Kevin, the battery tested bad. Replacement is $219 installed. OK to proceed?'],
      ['in', 270, 'Do it'],
    ],
    shows: 'promise time within 1h31m',
  },
  {
    ro: '7010246', customer: { dms: 'C-40127', first: 'Olivia', last: 'Bennett', cell: '+16175551016' },
    advisor: 'advisor@demo.example', vehicle: ['Audi', 'Q5', 2019, 'WA1BNAFY5K2112345', 51200], openedHoursAgo: 1, promiseIn: 480, code: 'E', opcodes: ['01FZ'],
    texts: [],
  },
  {
    ro: '7010247', customer: { dms: 'C-40128', first: 'Carlos', last: 'Mendoza', cell: '+16175551017', language: 'es', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Toyota', 'Camry', 2020, '4T1G11AK5LU312345', 44100], openedHoursAgo: 6, promiseIn: 120, code: 'I', opcodes: ['01FZ', 'TEXT', 'WIPER'],
    texts: [
      ['out', 350, 'Hola Carlos, su Camry está en servicio. ¿Desea cambiar también las escobillas ($38)?'],
      ['in', 340, 'Sí, gracias'],
    ],
  },
  {
    ro: '7010248', customer: { dms: 'C-40129', first: 'Hannah', last: 'Lindqvist', cell: '+16175551018', language: 'sv' },
    advisor: 'manager@demo.example', vehicle: ['Volvo', 'XC60', 2021, 'YV4A22RK5M1712345', 26900], openedHoursAgo: 8, promiseIn: 60, code: 'C', opcodes: ['01FZ'],
    texts: [
      ['out', 470, 'Hi Hannah, your XC60 is in for its annual service.'],
      ['in', 30, 'Hi! Will it be ready before 5?'],
    ],
    unread: true, shows: 'unread question, due within the hour',
  },
  {
    ro: '7010249', customer: { dms: 'C-40130', first: 'Brian', last: 'Murphy', cell: '+16175551019', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Honda', 'Accord', 2015, '1HGCR2F35FA112345', 128400], openedHoursAgo: 50, promiseIn: 1500, code: 'I', opcodes: ['ENG', 'TEXT'],
    texts: [
      ['out', 2990, 'Hi Brian, the timing chain tensioner needs replacing. Estimate $1,140. Approve?'],
      ['in', 2900, 'Approved. No rush.'],
      ['out', 1450, 'Parts arrived; the job will take most of tomorrow.'],
    ],
  },
  {
    ro: '7010250', customer: { dms: 'C-40131', first: 'Grace', last: 'Adeyemi', cell: '+16175551020' },
    advisor: 'advisor@demo.example', vehicle: ['Lexus', 'RX 350', 2020, '2T2HZMDA5LC212345', 33800], openedHoursAgo: 2, promiseIn: 210, code: 'E', opcodes: ['01FZ', 'ROT'],
    texts: [['out', 90, 'Hi Grace, Priya here. Your RX is checked in; estimated ready time 3:30.']],
  },
  {
    ro: '7010251', customer: { dms: 'C-40132', first: 'Samuel', last: 'Levi', cell: '+16175551021', dmsOptIn: true },
    advisor: 'manager@demo.example', vehicle: ['BMW', 'X3', 2018, '5UXTR9C55JL312345', 69400], openedHoursAgo: 4, promiseIn: -15, code: 'C', opcodes: ['BRK1', 'TEXT'],
    texts: [
      ['out', 230, 'Hi Samuel, rear brakes done. Washing the car now.'],
      ['in', 225, 'Thanks Marcus'],
    ],
    shows: 'overdue by a few minutes',
  },
  {
    ro: '7010252', customer: { dms: 'C-40133', first: 'Nora', last: 'Fitzgerald', cell: '+16175551022' },
    advisor: 'advisor@demo.example', vehicle: ['Mini', 'Cooper', 2016, 'WMWXP5C55G2D12345', 58100], openedHoursAgo: 3, promiseIn: 330, code: 'I', opcodes: ['AC'],
    texts: [
      ['out', 170, 'Hi Nora, the A/C compressor clutch has failed. Estimate $690. Shall we proceed?'],
      ['in', 150, 'Hmm, can you call me first?'],
    ],
  },
  {
    ro: '7010253', customer: { dms: 'C-40134', first: 'Victor', last: 'Petrov', cell: '+16175551023', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Chevrolet', 'Equinox', 2022, '3GNAXUEV5NL212345', 15200], openedHoursAgo: 1, promiseIn: 100, code: 'E', opcodes: ['01FZ', 'TEXT'],
    texts: [],
  },
  {
    ro: '7010254', customer: { dms: 'C-40135', first: 'Isabel', last: 'Costa', cell: '+16175551024', language: 'pt' },
    advisor: 'manager@demo.example', vehicle: ['Fiat', '500X', 2019, 'ZFBNFYB15KP712345', 39900], openedHoursAgo: 10, promiseIn: 540, code: 'I', opcodes: ['CLUTCH'],
    texts: [
      ['out', 590, 'Olá Isabel, o seu 500X está na oficina. A embraiagem será substituída hoje.'],
      ['in', 580, 'Obrigada!'],
    ],
  },
  {
    ro: '7010255', customer: { dms: 'C-40136', first: 'Ethan', last: 'Wright', cell: '+16175551025', dmsOptIn: true },
    advisor: 'advisor@demo.example', vehicle: ['Ford', 'Explorer', 2020, '1FMSK8DH5LGA12345', 52700], openedHoursAgo: 5, promiseIn: 30, code: 'C', opcodes: ['01FZ', 'TEXT'], waiting: true,
    texts: [
      ['out', 300, 'Hi Ethan, your Explorer is in for an oil change and inspection.'],
      ['in', 3, 'How much longer? Been here two hours'],
    ],
    unread: true, shows: 'customer waiting, unread',
  },
];

/** Demo Motors South: 8 orders, most with Carmen Reyes, three waiting for someone to assign them. */
export const SOUTH_ORDERS: DemoOrder[] = (
  [
    ['8020101', 'S-100', 'Luis', 'Hernandez', ['Toyota', 'Tacoma', 2020], 60, 'I', true],
    ['8020102', 'S-101', 'Karen', 'Mitchell', ['Honda', 'Pilot', 2019], -30, 'C', false],
    ['8020103', 'S-102', 'DeShawn', 'Jackson', ['Dodge', 'Charger', 2018], 200, 'E', true],
    ['8020104', 'S-103', 'Yuki', 'Tanaka', ['Nissan', 'Altima', 2021], 90, 'I', false],
    ['8020105', 'S-104', 'Rebecca', 'Stone', ['Ford', 'Escape', 2017], 400, 'E', true],
    ['8020106', 'S-105', 'Mohammed', 'Ali', ['Chevrolet', 'Tahoe', 2022], -90, 'I', true],
    ['8020107', 'S-106', 'Patricia', 'Nguyen', ['Kia', 'Sorento', 2020], 150, 'C', false],
    ['8020108', 'S-107', 'William', 'Turner', ['GMC', 'Acadia', 2019], 1300, 'I', true],
  ] as const
).map(([ro, dms, first, last, [make, model, year], promiseIn, code, optIn], i): DemoOrder => ({
  ro,
  customer: { dms, first, last, cell: `+1214555${1001 + i}`, dmsOptIn: optIn },
  advisor: i % 3 === 2 ? null : 'south@demo.example',
  vehicle: [make, model, year, null, 30000 + i * 7300],
  openedHoursAgo: 2 + i,
  promiseIn,
  code,
  opcodes: ['01FZ'],
  texts: i % 3 === 0 ? [['in', 40 + i, `Hi, this is ${first}. Is my ${model} ready yet?`] satisfies Line] : [],
  unread: i % 3 === 0,
}));

/** Rival Auto: 3 orders, only ever visible to Rival Auto. */
export const RIVAL_ORDERS: DemoOrder[] = [
  {
    ro: 'R-5501', customer: { dms: 'RV-1', first: 'Oliver', last: 'Smith', cell: '+447911000301', dmsOptIn: true },
    advisor: 'rival@demo.example', vehicle: ['Vauxhall', 'Corsa', 2019, null, 41000], openedHoursAgo: 3, promiseIn: 120, code: 'I', opcodes: ['MOT'],
    texts: [['out', 170, 'Hello Oliver, your Corsa is in for its MOT. We will text you when it is ready for collection.']],
  },
  {
    ro: 'R-5502', customer: { dms: 'RV-2', first: 'Amelia', last: 'Jones', cell: '+447911000302' },
    advisor: 'rival@demo.example', vehicle: ['Ford', 'Fiesta', 2017, null, 66000], openedHoursAgo: 5, promiseIn: -60, code: 'C', opcodes: ['SERV'],
    texts: [['in', 25, 'Is the Fiesta ready? Thanks']], unread: true,
  },
  {
    ro: 'R-5503', customer: { dms: 'RV-3', first: 'Harry', last: 'Williams', cell: '+447911000303', dmsOptIn: true },
    advisor: 'rival@demo.example', vehicle: ['Land Rover', 'Discovery', 2020, null, 38000], openedHoursAgo: 8, promiseIn: 600, code: 'E', opcodes: ['DIAG'],
    texts: [],
  },
];

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The record a DMS would post for the order. */
export function dmsRecordOf(order: DemoOrder, now: number): DmsRepairOrder {
  const [make, model, year, vin, mileage] = order.vehicle;
  return dmsRepairOrder.parse({
    dms_ro_id: order.ro,
    dms_customer_id: order.customer.dms,
    customer: {
      first_name: order.customer.first,
      last_name: order.customer.last,
      phones: { cell: order.customer.cell },
      ...(order.customer.email ? { email: order.customer.email } : {}),
      ...(order.customer.language ? { language: order.customer.language } : {}),
      ...(order.customer.dmsOptIn ? { dms_opt_in: 'in' } : {}),
    },
    advisor_email: order.advisor,
    vehicle: { make, model, year, vin, mileage },
    opened_at: iso(now - order.openedHoursAgo * 60 * MINUTE),
    promise_time: order.promiseIn === null ? null : iso(now + order.promiseIn * MINUTE),
    status: 'open',
    work_order_status_code: order.code,
    opcodes: order.opcodes,
    customer_waiting: order.waiting ?? false,
    delivery_requested: order.delivery ?? false,
  });
}

const advisorRef = (email: string | null): AgentRef | null => {
  const agent = DEMO_AGENTS.find((a) => a.email === email);
  return agent ? { id: agent.id, first_name: agent.first_name, last_name: agent.last_name } : null;
};

/** The past conversation: texts as the carrier delivered them, the first carrying the opt-out notice. */
async function pastTexts(demo: DemoStore, order: DemoOrder, ro: RepairOrderRecord, now: number): Promise<number> {
  const customer = await getCustomer(ro.company_id, ro.customer_id, true);
  if (!customer?.phones.cell || order.texts.length === 0) return 0;
  const agent = advisorRef(order.advisor);
  let noticeAt: string | null = null;
  for (const [direction, minutesAgo, text] of order.texts) {
    const at = now - minutesAgo * MINUTE;
    const outbound = direction === 'out';
    const first = outbound && !noticeAt && !customer.opt_notice_sent_at;
    if (first) noticeAt = iso(at);
    const message = newMessage(repairOrderOwner(ro), {
      // Time-ordered by when it was sent, as if the conversation had happened then.
      id: `msg_${nextId(at).toLowerCase()}`,
      direction: outbound ? 'outbound' : 'inbound',
      text: first ? withOptOutLine(text, customer.language, demo.dealershipName) : text,
      at: iso(at),
      agent: outbound ? agent : null,
      status: outbound ? 'delivered' : null,
      statusAt: outbound ? iso(at + 4000) : null,
      from: outbound ? demo.serviceNumber : customer.phones.cell,
      to: outbound ? customer.phones.cell : demo.serviceNumber,
    });
    await appendMessage(repairOrderOwner(ro), message);
  }
  if (noticeAt) await saveCustomer({ ...customer, opt_notice_sent_at: noticeAt, version: customer.version + 1, updated_at: iso(now) });
  return order.texts.length;
}

const nextId = monotonicFactory();

async function storeSettings(demo: DemoStore): Promise<void> {
  const location = DEMO_LOCATIONS.find((l) => l.id === demo.locationId)!;
  const info = await readSettings(demo.companyId, demo.locationId, 'business_information');
  await writeSettings(
    demo.companyId,
    demo.locationId,
    'business_information',
    completeSettings('business_information', {
      ...info,
      dealership_name: demo.dealershipName,
      phone: location.phone,
      address: location.address,
      texting_numbers: { ...info.texting_numbers, service: demo.serviceNumber },
    }),
    SEEDER,
  );
  const dms = await readSettings(demo.companyId, demo.locationId, 'dms_settings');
  await writeSettings(demo.companyId, demo.locationId, 'dms_settings', { ...dms, provider: 'Demo DMS', opcode_text: 'TEXT', require_opcode_for_text: false }, SEEDER);
}

/** How many orders are seeded at once: DynamoDB Local answers several calls in parallel. */
const SEED_CONCURRENCY = 6;

/** Seeds one store's orders through the feed's ingest, with their past texts, opt-outs and read marks. */
async function seedOrders(demo: DemoStore, orders: DemoOrder[], now: number): Promise<{ orders: number; texts: number }> {
  // The demo's numbers follow the local carrier's convention; the carrier itself is not up yet.
  const ctx = await feedContext(demo.companyId, demo.locationId, { lineType: async (phone) => lineTypeByConvention(phone) });
  const limit = pLimit(SEED_CONCURRENCY);
  const texts = await Promise.all(
    orders.map((order) =>
      limit(async () => {
        const [result] = await ingestEach([dmsRecordOf(order, now)], dmsRepairOrder, () => ({ id: null, dmsId: order.ro }), (record, raw) =>
          ingestRepairOrder(ctx, record, raw),
        );
        if (result?.status === 'error') throw new Error(`Demo order ${order.ro} was refused: ${result.error}`);
        const ro = await getRepairOrder(demo.companyId, repairOrderIdOf(ctx, order.ro), true);
        if (!ro) return 0;
        // A seed cut short is redone: texts only where the conversation is still empty; the rest is idempotent.
        const count = ro.metadata.message_count === 0 ? await pastTexts(demo, order, ro, now) : 0;
        if (order.stop) {
          const customer = (await getCustomer(ro.company_id, ro.customer_id, true))!;
          await changeConsent({ companyId: ro.company_id, customer, status: 'out', initiator: 'customer', method: 'sms_keyword', wording: 'STOP', agent: null });
        }
        // Whoever sees the board has read everything but the conversations left unread.
        if (!order.unread) await Promise.all(demo.readers.map((agentId) => writeReadMark(ro.company_id, { kind: 'repair_order', id: ro.id }, agentId, false)));
        return count;
      }),
    ),
  );
  return { orders: orders.length, texts: texts.reduce((a, b) => a + b, 0) };
}

/** Stores where multi-point inspections are on in the demo (Rival Auto shows a store without them). */
const MPI_STORES = new Set(['loc_demo_north', 'loc_demo_south']);

export const demoTemplateId = (locationId: string, id: string) => `mpt_${locationId.replace(/^loc_/, '')}_${id}`;

/**
 * MPI on, and the store's inspection forms, each the default of its vehicle type: written before
 * the orders arrive, so the feed's ingest gives every new order its unclaimed sheet.
 */
async function inspectionForms(demo: DemoStore, now: number): Promise<void> {
  if (!MPI_STORES.has(demo.locationId)) return;
  const mpi = await readSettings(demo.companyId, demo.locationId, 'mpi_settings');
  await writeSettings(demo.companyId, demo.locationId, 'mpi_settings', { ...mpi, enabled: true }, SEEDER);
  // The store's "technicians use the console" switches say what its technicians do: on where a
  // demo technician works the MPI area (Settings → Tech would otherwise show them off).
  if (DEMO_AGENTS.some((a) => a.location_id === demo.locationId && a.active && a.access_level.technician && a.technician_settings.enabled)) {
    const technicians = await readSettings(demo.companyId, demo.locationId, 'technician_settings');
    await writeSettings(demo.companyId, demo.locationId, 'technician_settings', { ...technicians, enabled: true, mpi_enabled: true }, SEEDER);
  }
  const writes: TransactWrite[] = DEMO_SHEET_TEMPLATES.flatMap((form): TransactWrite[] => {
    const template: TemplateRecord = {
      id: demoTemplateId(demo.locationId, form.id),
      company_id: demo.companyId,
      location_id: demo.locationId,
      form_name: form.form_name,
      vehicle_type: form.vehicle_type,
      default: true,
      archived: false,
      header: form.header,
      groups: form.groups.map(([name, items]) => ({ name, items: items.map((item) => ({ name: item })) })),
      version: 1,
      created_at: iso(now),
      updated_at: iso(now),
    };
    return [{ Put: { Item: templateItem(template) } }, { Put: { Item: defaultPointerItem(template) } }];
  });
  await transactWrite(writes);
}

/** What the technician found on Maria Gonzalez's CR-V: item → condition and comment; everything else green. */
const MARIA_FINDINGS: Record<string, [ItemStatus, string]> = {
  'Brakes/Front brake pads': [ITEM_STATUS.RED, '2 mm left on both sides; metal-to-metal soon.'],
  'Lights & wipers/Wiper blades': [ITEM_STATUS.YELLOW, 'Streaking on the driver side.'],
  'Tires/Right front tire tread': [ITEM_STATUS.YELLOW, '4/32" tread, wearing on the inner edge.'],
  'Tires/Spare tire': [ITEM_STATUS.NA, 'Tire repair kit, no spare.'],
};

function inspected(sheet: SheetRecord): Partial<SheetRecord> {
  const work = (group: string, item: string, cents: number, comment: string): Recommendation => ({
    id: newId('rec'),
    group,
    item,
    est_cost_in_cents: cents,
    comment,
    notes: '',
    approved: null,
    decided_at: null,
    metadata: { approver: null },
  });
  return {
    groups: sheet.groups.map((g) => ({
      name: g.name,
      items: g.items.map((i) => {
        const [dmg, comment] = MARIA_FINDINGS[`${g.name}/${i.name}`] ?? [ITEM_STATUS.GREEN, ''];
        return { name: i.name, dmg, comment };
      }),
    })),
    recommendations: [
      work('Brakes', 'Front brake pads', 24000, 'Replace front brake pads and resurface rotors.'),
      work('Lights & wipers', 'Wiper blades', 4500, 'Replace both front wiper blades.'),
    ],
    damage_details: { comment: 'Small scratch on the rear bumper, present at check-in.' },
  };
}

/**
 * The inspection story of Demo Motors North: every order has its sheet in the pool, except one
 * that Luis Ortega (tech@demo.example) has claimed, and Maria Gonzalez's, which he has completed
 * with a red and two yellow items and two recommendations, waiting for the advisor. Only sheets
 * still in the pool are moved, so a seed redone changes nothing twice.
 */
async function inspectionStory(): Promise<void> {
  const north = store('loc_demo_north');
  const technician = await getAgent(north.companyId, 'agt_tech');
  if (!technician) throw new Error('The demo technician is missing');
  const orderOf = async (dmsRoId: string) => {
    const ro = await getRepairOrder(north.companyId, dmsRecordId('ro', north.companyId, north.locationId, 'repair_order', dmsRoId), true);
    const sheet = ro && (await getSheet(ro.company_id, ro.id, true));
    return ro && sheet?.state === 'unclaimed' ? ro : null;
  };
  const claimed = await orderOf('7010232');
  if (claimed) await claimAsTechnician(claimed, technician);
  const maria = await orderOf('7010231');
  if (maria) {
    await claimAsTechnician(maria, technician);
    await updateSheet(maria.company_id, maria.id, inspected);
    await completeAsTechnician(maria, technician);
  }
}

/** Seeds the service data of every demo store; answers how many orders and past texts. */
export async function seedDemoService(now = Date.now()): Promise<{ orders: number; texts: number }> {
  const seeded = await Promise.all(
    (
      [
        ['loc_demo_north', NORTH_ORDERS],
        ['loc_demo_south', SOUTH_ORDERS],
        ['loc_rival_main', RIVAL_ORDERS],
      ] as const
    ).map(async ([locationId, orders]) => {
      const demo = store(locationId);
      await storeSettings(demo);
      await inspectionForms(demo, now);
      return seedOrders(demo, orders, now);
    }),
  );
  await inspectionStory();
  return { orders: seeded.reduce((n, s) => n + s.orders, 0), texts: seeded.reduce((n, s) => n + s.texts, 0) };
}

/** The service board's part of the demo (functions/repairOrders/board.ts `local.demo`). */
export const seedDemo = () => seedDemoService();
