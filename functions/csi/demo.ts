/**
 * CSI's part of the demo dealership (functions/lib/boardModule.ts `local.demo`, after the service
 * board's): surveys on at Demo Motors North (sent when the DMS closes an order, a review link, the
 * default threshold of 6), and three closed orders there: one rated 9 by reply (green on the
 * board), one rated 3 on the page (red), and one whose survey is still waiting (black).
 */
import type { SurveyAnswerVia } from '../../shared/csi/surveys.js';
import { saveCustomer, type CustomerRecord } from '../customers/records.js';
import { dmsRecordId } from '../lib/ids.js';
import { readSettings, writeSettings } from '../lib/settings.js';
import { systemMessage } from '../messages/notes.js';
import { appendMessage } from '../messages/records.js';
import { repairOrderOwner } from '../repairOrders/owner.js';
import { newRepairOrder, saveRepairOrder } from '../repairOrders/records.js';
import { putSurveys, type SurveyRecord } from './records.js';

const COMPANY = 'cmp_demo';
const NORTH = 'loc_demo_north';
const HOUR = 3_600_000;
const ADVISOR = { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman' };

interface DemoSurvey {
  key: string;
  first: string;
  last: string;
  cell: string;
  roNumber: string;
  closedHoursAgo: number;
  answer: { rating: number; comment: string; via: SurveyAnswerVia } | null;
}

const SURVEYS: DemoSurvey[] = [
  { key: 'csi_rated', first: 'Helen', last: 'Okafor', cell: '+16175557301', roNumber: '7301', closedHoursAgo: 30, answer: { rating: 9, comment: 'Quick and friendly, thank you Priya', via: 'text' } },
  { key: 'csi_low', first: 'Tom', last: 'Becker', cell: '+16175557302', roNumber: '7302', closedHoursAgo: 20, answer: { rating: 3, comment: 'Waited two hours past the promised time', via: 'page' } },
  { key: 'csi_waiting', first: 'Ana', last: 'Lima', cell: '+16175557303', roNumber: '7303', closedHoursAgo: 3, answer: null },
];

function customerOf(survey: DemoSurvey, at: string): CustomerRecord {
  return {
    id: dmsRecordId('cus', COMPANY, NORTH, 'customer', survey.key),
    location_id: NORTH,
    dms_customer_id: null,
    first_name: survey.first,
    middle_name: '',
    last_name: survey.last,
    opt_in: 'in',
    opt_metadata: { initiator: 'dms', opcode: null, timestamp: at, agent: null },
    blocked_at: null,
    carrier: { type: 'mobile', checked_at: at },
    phones: { cell: survey.cell, work: null, alternate: null },
    email: null,
    address: null,
    alternate_contacts: [],
    default_contact: 'cell',
    language: null,
    company_id: COMPANY,
    opt_notice_sent_at: at,
    opt_in_requested_at: null,
    created_at: at,
    updated_at: at,
    version: 1,
  };
}

export async function seedDemo(now = Date.now()): Promise<void> {
  const csi = await readSettings(COMPANY, NORTH, 'csi_settings');
  await writeSettings(COMPANY, NORTH, 'csi_settings', { ...csi, enabled: true, send_on: 'closed', review_link: 'https://reviews.example.com/demo-motors-north' }, 'seed');

  const surveys: SurveyRecord[] = [];
  for (const demo of SURVEYS) {
    const closedAt = new Date(now - demo.closedHoursAgo * HOUR).toISOString();
    const openedAt = new Date(now - (demo.closedHoursAgo + 6) * HOUR).toISOString();
    const customer = customerOf(demo, openedAt);
    await saveCustomer(customer);
    const ro = newRepairOrder(
      { id: dmsRecordId('ro', COMPANY, NORTH, 'repair_order', demo.key), ro_id: demo.roNumber, company_id: COMPANY, location_id: NORTH, customer, opened_at: openedAt },
      {
        vehicle: { make: 'Toyota', model: 'RAV4', year: 2020, vin: null, mileage: 42000 },
        agent: ADVISOR,
        closed: true,
        closed_at: closedAt,
        activity_at: closedAt,
        satisfaction_poll: demo.answer ? { rating: demo.answer.rating } : null,
        metadata: { dms_status: 'closed', opcodes: [], invoiced_at: closedAt, missed_call: false, last_call_at: null, message_count: 0 },
      },
    );
    await saveRepairOrder(ro, null);
    const answeredAt = demo.answer ? new Date(Date.parse(closedAt) + 2 * HOUR).toISOString() : null;
    surveys.push({
      company_id: COMPANY,
      ro_id: ro.id,
      location_id: NORTH,
      customer_id: customer.id,
      state: demo.answer ? 'answered' : 'open',
      sent_at: closedAt,
      reminded_at: null,
      closes_at: new Date(Date.parse(closedAt) + 14 * 24 * HOUR).toISOString(),
      rating: demo.answer?.rating ?? null,
      comment: demo.answer?.comment ?? '',
      answered_at: answeredAt,
      via: demo.answer?.via ?? null,
      remind_at: demo.answer ? null : new Date(Date.parse(closedAt) + 24 * HOUR).toISOString(),
      message_id: null,
    });
    if (demo.answer && answeredAt) {
      const { rating, comment, via } = demo.answer;
      await appendMessage(
        repairOrderOwner(ro),
        systemMessage(repairOrderOwner(ro), { behaviour: 'GENERIC_SYSTEM', text: `The customer rated the visit ${rating} out of 10. Comment: "${comment}"`, note: { key: 'survey_answered', params: { rating, comment, via } } }, answeredAt),
      );
    }
  }
  await putSurveys(surveys);
}
