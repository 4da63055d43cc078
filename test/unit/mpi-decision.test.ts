import { describe, expect, it } from 'vitest';
import { agentDecisionRefusal, decisionNoteText } from '../../functions/recommendations/decisions.js';
import { customerMessage } from '../../functions/recommendations/sendToCustomer.js';
import { declinedNoticeWrites } from '../../functions/recommendations/declinedWork.js';
import { domainStatus } from '../../functions/lib/http.js';
import type { SheetRecord } from '../../functions/inspections/records.js';
import type { Recommendation } from '../../shared/inspections/inspections.js';

const rec = (approved: boolean | null, decided_at: string | null = null): Recommendation => ({
  id: 'rec_1',
  group: 'Brakes',
  item: 'Front brake pads',
  est_cost_in_cents: 24000,
  comment: '',
  notes: '',
  approved,
  decided_at,
  metadata: { approver: null },
});

function sheet(overrides: Partial<SheetRecord> = {}): SheetRecord {
  return {
    id: 'mpi_1',
    company_id: 'cmp_1',
    repair_order_id: 'ro_1',
    location_id: 'loc_1',
    template_id: 'tpl_1',
    form_name: 'Form',
    header: '',
    vehicle_type: 'car',
    state: 'completed_by_technician',
    holder: null,
    technician: null,
    advisor: null,
    claimed_at: null,
    completed_by_technician_at: null,
    completed_by_advisor_at: null,
    sent_to_customer_at: null,
    groups: [],
    recommendations: [rec(null)],
    attachments: [],
    damage_details: { comment: '' },
    version: 3,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('decision notes', () => {
  it('say who decided what, with the price', () => {
    expect(decisionNoteText('Customer', rec(true), '$240.00', true)).toBe('Customer approved Front brake pads ($240.00)');
    expect(decisionNoteText('Priya Shah', rec(false), '$240.00', false)).toBe('Priya Shah declined Front brake pads ($240.00)');
    expect(decisionNoteText('Priya Shah', rec(null), '$240.00', null)).toBe('Priya Shah set Front brake pads ($240.00) back to undecided');
  });
});

describe('agent decisions by sheet state', () => {
  it('are allowed once the technician is done and while an advisor holds the sheet', () => {
    expect(agentDecisionRefusal(sheet({ state: 'completed_by_technician' }))).toBeNull();
    expect(agentDecisionRefusal(sheet({ state: 'completed_by_advisor' }))).toBeNull();
    expect(agentDecisionRefusal(sheet({ state: 'reclaimed', holder: { id: 'agt_a', first_name: 'A', last_name: 'B', role: 'advisor' } }))).toBeNull();
  });

  it('are refused in the pool and while a technician holds the sheet', () => {
    expect(domainStatus(agentDecisionRefusal(sheet({ state: 'unclaimed' }))!)).toBe(409);
    expect(agentDecisionRefusal(sheet({ state: 'claimed', holder: { id: 'agt_t', first_name: 'T', last_name: 'C', role: 'technician' } }))?.id).toBe('not_decidable');
  });
});

describe('the customer text with the link', () => {
  it('puts the link where {{link}} stands, or at the end', () => {
    expect(customerMessage('See {{link}} now', 'https://x/a')).toBe('See https://x/a now');
    expect(customerMessage('Your inspection is ready.', 'https://x/a')).toBe('Your inspection is ready. https://x/a');
    expect(customerMessage('  ', 'https://x/a')).toBe('https://x/a');
  });
});

describe('work-declined due items', () => {
  it('are added when work becomes rejected, due the configured days after the decision', () => {
    const before = sheet();
    const after = sheet({ version: 4, recommendations: [rec(false, '2026-11-10T12:00:00.000Z')] });

    const writes = declinedNoticeWrites(before, after, 'rec_1', 3);

    expect(writes).toHaveLength(1);
    const put = writes[0] as { Put: { Item: Record<string, unknown> } };
    expect(put.Put.Item).toMatchObject({ gsi2pk: 'WORK_DECLINED#DUE', gsi2sk: '2026-11-13T12:00:00.000Z#mpi_1#rec_1', due_at: '2026-11-13T12:00:00.000Z', repair_order_id: 'ro_1' });
  });

  it('are removed when the decision moves away from rejected, and untouched otherwise', () => {
    const rejected = sheet({ recommendations: [rec(false, '2026-11-10T12:00:00.000Z')] });

    expect(declinedNoticeWrites(rejected, sheet({ recommendations: [rec(true, '2026-11-11T00:00:00.000Z')] }), 'rec_1', 3)).toEqual([
      { Delete: { Key: { pk: 'COMPANY#cmp_1#RO#ro_1', sk: 'WORKDECLINED#DUE#mpi_1#rec_1' } } },
    ]);
    expect(declinedNoticeWrites(sheet(), sheet({ recommendations: [rec(true, '2026-11-11T00:00:00.000Z')] }), 'rec_1', 3)).toEqual([]);
  });
});
