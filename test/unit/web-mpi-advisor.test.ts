import { describe, expect, it } from 'vitest';
import type { Recommendation, Sheet, SheetHolder, SheetState, SheetSummary } from '../../shared/inspections/inspections.js';
import {
  advisorTools,
  decisionKind,
  decisionNeedsConfirmation,
  reclaimCandidates,
  recommendationTotals,
  seesAdvisorTools,
  waitsForSave,
  type AdvisorActor,
} from '../../web/src/features/inspections/advisor/advisorRules.js';
import { boardMpiChip, shortName } from '../../web/src/features/serviceBoard/BoardTable.js';
import { aSheetSummary } from './web-mpi-fixtures.js';

const advisor: AdvisorActor = { id: 'agt_advisor', service: true, manager: false };
const manager: AdvisorActor = { id: 'agt_manager', service: true, manager: true };
const technician: AdvisorActor = { id: 'agt_tech', service: false, manager: false };
const managerWithoutService: AdvisorActor = { id: 'agt_boss', service: false, manager: true };

function holder(id: string, role: SheetHolder['role']): SheetHolder {
  return { id, first_name: 'Luis', last_name: 'Ortega', role };
}

function sheet(state: SheetState, held: SheetHolder | null = null): Pick<Sheet, 'state' | 'holder'> {
  return { state, holder: held };
}

function aRecommendation(overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id: 'rec_1',
    group: 'Brakes',
    item: 'Front pads',
    est_cost_in_cents: 24_000,
    comment: 'Pads at 2 mm',
    notes: '',
    approved: null,
    decided_at: null,
    metadata: { approver: null },
    ...overrides,
  };
}

describe('advisorTools', () => {
  it('shows a technician without the service flag no advisor tools at all', () => {
    expect(seesAdvisorTools(technician)).toBe(false);
    expect(advisorTools(sheet('completed_by_technician'), technician)).toEqual([]);
  });

  it('offers an advisor the claim from the pool and from the technician, never from a held sheet', () => {
    expect(advisorTools(sheet('unclaimed'), advisor)).toContain('claim');
    expect(advisorTools(sheet('completed_by_technician'), advisor)).toContain('claim');
    expect(advisorTools(sheet('claimed', holder('agt_tech', 'technician')), advisor)).not.toContain('claim');
    expect(advisorTools(sheet('completed_by_advisor'), advisor)).not.toContain('claim');
  });

  it('lets a service agent reclaim in every state (a completed sheet reopens)', () => {
    const states: SheetState[] = ['unclaimed', 'claimed', 'reclaimed', 'completed_by_technician', 'completed_by_advisor'];
    for (const state of states) expect({ state, tools: advisorTools(sheet(state), advisor).includes('reclaim') }).toEqual({ state, tools: true });
  });

  it('offers Complete to the advisor holding the sheet, and to a manager, but not to an advisor who does not hold it', () => {
    expect(advisorTools(sheet('claimed', holder('agt_advisor', 'advisor')), advisor)).toContain('complete');
    expect(advisorTools(sheet('reclaimed', holder('agt_advisor', 'advisor')), advisor)).toContain('complete');
    expect(advisorTools(sheet('claimed', holder('agt_tech', 'technician')), advisor)).not.toContain('complete');
    expect(advisorTools(sheet('claimed', holder('agt_tech', 'technician')), manager)).toContain('complete');
    expect(advisorTools(sheet('completed_by_technician'), manager)).not.toContain('complete');
  });

  it('does not offer Complete to an advisor whom the sheet was reclaimed for as technician', () => {
    expect(advisorTools(sheet('reclaimed', holder('agt_advisor', 'technician')), advisor)).not.toContain('complete');
  });

  it('offers Send to customer only once the advisor completed the sheet', () => {
    expect(advisorTools(sheet('completed_by_advisor'), advisor)).toContain('send_to_customer');
    expect(advisorTools(sheet('completed_by_technician'), advisor)).not.toContain('send_to_customer');
    expect(advisorTools(sheet('claimed', holder('agt_advisor', 'advisor')), advisor)).not.toContain('send_to_customer');
  });

  it('offers Change template while the sheet is open, not once it is completed', () => {
    expect(advisorTools(sheet('unclaimed'), advisor)).toContain('retemplate');
    expect(advisorTools(sheet('claimed', holder('agt_tech', 'technician')), advisor)).toContain('retemplate');
    expect(advisorTools(sheet('completed_by_technician'), advisor)).not.toContain('retemplate');
    expect(advisorTools(sheet('completed_by_advisor'), advisor)).not.toContain('retemplate');
  });

  it('always offers the PDF preview to whoever sees the tools', () => {
    expect(advisorTools(sheet('unclaimed'), advisor)).toContain('preview_pdf');
    expect(advisorTools(sheet('claimed', holder('agt_tech', 'technician')), managerWithoutService)).toEqual(['complete', 'preview_pdf']);
  });

  it('keeps the toolbar in one order', () => {
    expect(advisorTools(sheet('unclaimed'), advisor)).toEqual(['claim', 'reclaim', 'preview_pdf', 'retemplate']);
    expect(advisorTools(sheet('completed_by_advisor'), manager)).toEqual(['reclaim', 'preview_pdf', 'send_to_customer']);
  });
});

describe('waitsForSave', () => {
  it('holds back every state change while the editor has unsaved edits, but not the PDF preview', () => {
    expect(waitsForSave('complete', true)).toBe(true);
    expect(waitsForSave('claim', true)).toBe(true);
    expect(waitsForSave('send_to_customer', true)).toBe(true);
    expect(waitsForSave('retemplate', true)).toBe(true);
    expect(waitsForSave('reclaim', true)).toBe(true);
    expect(waitsForSave('preview_pdf', true)).toBe(false);
    expect(waitsForSave('complete', false)).toBe(false);
  });
});

describe('decisionNeedsConfirmation', () => {
  it('lets a first decision on undecided work through without asking', () => {
    expect(decisionNeedsConfirmation(null, true)).toBe(false);
    expect(decisionNeedsConfirmation(null, false)).toBe(false);
  });

  it('asks before turning an approval into a decline and back', () => {
    expect(decisionNeedsConfirmation(true, false)).toBe(true);
    expect(decisionNeedsConfirmation(false, true)).toBe(true);
  });

  it('asks before setting a decision back to undecided', () => {
    expect(decisionNeedsConfirmation(true, null)).toBe(true);
    expect(decisionNeedsConfirmation(false, null)).toBe(true);
  });

  it('names the three decisions', () => {
    expect([decisionKind(true), decisionKind(false), decisionKind(null)]).toEqual(['approved', 'declined', 'undecided']);
  });
});

describe('recommendationTotals', () => {
  it('counts each decision and sums the approved work in cents', () => {
    const totals = recommendationTotals([
      aRecommendation({ id: 'a', approved: true, est_cost_in_cents: 24_000 }),
      aRecommendation({ id: 'b', approved: true, est_cost_in_cents: 4_500 }),
      aRecommendation({ id: 'c', approved: false, est_cost_in_cents: 9_900 }),
      aRecommendation({ id: 'd', approved: null, est_cost_in_cents: 1_000 }),
    ]);
    expect(totals).toEqual({ total: 4, approved: 2, rejected: 1, undecided: 1, approved_cents: 28_500, total_cents: 39_400 });
  });

  it('is all zeros without recommendations', () => {
    expect(recommendationTotals([])).toEqual({ total: 0, approved: 0, rejected: 0, undecided: 0, approved_cents: 0, total_cents: 0 });
  });
});

describe('reclaimCandidates', () => {
  it('lists technicians first, then active service advisors, each by name, an agent who is both once', () => {
    const technicians = [
      { id: 't2', first_name: 'Zoe', last_name: 'Brandt' },
      { id: 't1', first_name: 'Luis', last_name: 'Ortega' },
    ];
    const agents = [
      { id: 'a1', first_name: 'Priya', last_name: 'Shah', active: true, access_level: { service: true } },
      { id: 'a2', first_name: 'Gone', last_name: 'Away', active: false, access_level: { service: true } },
      { id: 'a3', first_name: 'Hana', last_name: 'Reception', active: true, access_level: { service: false } },
      { id: 't1', first_name: 'Luis', last_name: 'Ortega', active: true, access_level: { service: true } },
      { id: 'a0', first_name: 'Ann', last_name: 'Bell', active: true, access_level: { service: true } },
    ];
    expect(reclaimCandidates(technicians, agents).map((c) => `${c.id}:${c.role}`)).toEqual(['t1:technician', 't2:technician', 'a0:advisor', 'a1:advisor']);
  });
});

const aSummary = (state: SheetState, overrides: Partial<SheetSummary> = {}): SheetSummary => aSheetSummary({ state, ...overrides });

describe('boardMpiChip (Tech Status column)', () => {
  it('shows nothing for an order without a sheet', () => {
    expect(boardMpiChip(null)).toBeNull();
  });

  it('says pool, the holder, or to advisor as the sheet moves', () => {
    expect(boardMpiChip(aSummary('unclaimed'))).toEqual({ state: 'unclaimed', key: 'pool', values: {} });
    expect(boardMpiChip(aSummary('claimed', { holder: holder('agt_tech', 'technician') }))).toEqual({ state: 'claimed', key: 'held', values: { name: 'Luis O.' } });
    expect(boardMpiChip(aSummary('completed_by_technician'))).toEqual({ state: 'completed_by_technician', key: 'to_advisor', values: {} });
  });

  it('says scheduled, not sent, while the text to the customer waits for the end of quiet hours', () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const recommendations = { total: 2, approved: 0, rejected: 0, undecided: 2, approved_cents: 0, total_cents: 28_500 };
    const held = aSummary('completed_by_advisor', { sent_to_customer_at: later, customer_text_scheduled_for: later, recommendations });
    expect(boardMpiChip(held)).toEqual({ state: 'completed_by_advisor', key: 'scheduled', values: {} });
    // Once its time has passed, it went.
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(boardMpiChip({ ...held, sent_to_customer_at: past, customer_text_scheduled_for: past })?.key).toBe('approved');
  });

  it('counts approvals once the sheet went to the customer', () => {
    const recommendations = { total: 2, approved: 1, rejected: 1, undecided: 0, approved_cents: 24_000, total_cents: 28_500 };
    expect(boardMpiChip(aSummary('completed_by_advisor', { sent_to_customer_at: '2026-11-22T02:10:00.000Z', recommendations }))).toEqual({
      state: 'completed_by_advisor',
      key: 'approved',
      values: { approved: 1, total: 2 },
    });
    expect(boardMpiChip(aSummary('completed_by_advisor'))?.key).toBe('completed');
    expect(boardMpiChip(aSummary('completed_by_advisor', { sent_to_customer_at: '2026-11-22T02:10:00.000Z' }))?.key).toBe('sent');
  });

  it('shortens a name to the first name and the last initial', () => {
    expect(shortName({ first_name: 'Luis', last_name: 'Ortega' })).toBe('Luis O.');
    expect(shortName({ first_name: 'Cher', last_name: '' })).toBe('Cher');
  });
});
