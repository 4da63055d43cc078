/**
 * What the advisor's side of an inspection offers, decided from the sheet's state and the acting
 * agent (SPEC §4 "MPI", §6): pure, so the rules are tested without a browser. The server enforces
 * the same rules; these only keep buttons that would be refused off the screen.
 */
import type { Recommendation, RecommendationCounts, Sheet, SheetState } from '../../../../../shared/inspections/inspections.js';

export interface AdvisorActor {
  id: string;
  /** The service flag: advisors claim, reclaim, decide and send. */
  service: boolean;
  /** Access level 1 or more (manager, admin): may complete a sheet someone else holds. */
  manager: boolean;
}

export type AdvisorTool = 'claim' | 'reclaim' | 'complete' | 'preview_pdf' | 'send_to_customer' | 'retemplate';

/** Tools that change the sheet's state: with unsaved edits in the editor they wait for a save. */
export const STATE_CHANGING_TOOLS: readonly AdvisorTool[] = ['claim', 'reclaim', 'complete', 'send_to_customer', 'retemplate'];

const HELD: readonly SheetState[] = ['claimed', 'reclaimed'];
const ADVISOR_CLAIMABLE: readonly SheetState[] = ['unclaimed', 'completed_by_technician'];
/** Re-templating throws away items; once completed, a sheet is a record and keeps its form. */
const RETEMPLATABLE: readonly SheetState[] = ['unclaimed', 'claimed', 'reclaimed'];

/** Whether the advisor's toolbar shows at all: a technician without the service flag has none of it. */
export function seesAdvisorTools(actor: AdvisorActor): boolean {
  return actor.service || actor.manager;
}

/** The tools this agent has on this sheet, in toolbar order. */
export function advisorTools(sheet: Pick<Sheet, 'state' | 'holder'>, actor: AdvisorActor): AdvisorTool[] {
  if (!seesAdvisorTools(actor)) return [];
  const tools: AdvisorTool[] = [];
  if (actor.service && ADVISOR_CLAIMABLE.includes(sheet.state)) tools.push('claim');
  if (actor.service) tools.push('reclaim');
  const holdsAsAdvisor = sheet.holder?.id === actor.id && sheet.holder.role === 'advisor';
  if (HELD.includes(sheet.state) && (holdsAsAdvisor || actor.manager)) tools.push('complete');
  tools.push('preview_pdf');
  if (actor.service && sheet.state === 'completed_by_advisor') tools.push('send_to_customer');
  if (actor.service && RETEMPLATABLE.includes(sheet.state)) tools.push('retemplate');
  return tools;
}

/** A tool is held back while the editor has unsaved edits (the transition would lose or race them). */
export function waitsForSave(tool: AdvisorTool, dirty: boolean): boolean {
  return dirty && STATE_CHANGING_TOOLS.includes(tool);
}

/**
 * SPEC §4 "Changing state prompts": a first decision on undecided work goes straight through;
 * changing a decision already made (approved ↔ declined, or back to undecided) asks first.
 */
export function decisionNeedsConfirmation(current: boolean | null, next: boolean | null): boolean {
  return current !== null && next !== current;
}

export type DecisionKind = 'approved' | 'declined' | 'undecided';

export function decisionKind(approved: boolean | null): DecisionKind {
  return approved === null ? 'undecided' : approved ? 'approved' : 'declined';
}

/** Counts and sums of a sheet's recommended work, the same figures the order's summary carries. */
export function recommendationTotals(recommendations: readonly Recommendation[]): RecommendationCounts {
  const totals: RecommendationCounts = { total: 0, approved: 0, rejected: 0, undecided: 0, approved_cents: 0, total_cents: 0 };
  for (const rec of recommendations) {
    totals.total += 1;
    totals.total_cents += rec.est_cost_in_cents;
    if (rec.approved === true) {
      totals.approved += 1;
      totals.approved_cents += rec.est_cost_in_cents;
    } else if (rec.approved === false) totals.rejected += 1;
    else totals.undecided += 1;
  }
  return totals;
}

export interface PickableAgent {
  id: string;
  first_name: string;
  last_name: string;
  role: 'technician' | 'advisor';
}

/**
 * Whom a sheet can be reclaimed for: the location's technicians, then its active service advisors
 * (an agent who is both is listed once, as a technician), each list by name.
 */
export function reclaimCandidates(
  technicians: readonly { id: string; first_name: string; last_name: string }[],
  agents: readonly { id: string; first_name: string; last_name: string; active: boolean; access_level: { service: boolean } }[],
): PickableAgent[] {
  const byName = (a: PickableAgent, b: PickableAgent) => `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`);
  const techs: PickableAgent[] = technicians.map((t) => ({ id: t.id, first_name: t.first_name, last_name: t.last_name, role: 'technician' as const })).sort(byName);
  const seen = new Set(techs.map((t) => t.id));
  const advisors: PickableAgent[] = agents
    .filter((a) => a.active && a.access_level.service && !seen.has(a.id))
    .map((a) => ({ id: a.id, first_name: a.first_name, last_name: a.last_name, role: 'advisor' as const }))
    .sort(byName);
  return [...techs, ...advisors];
}
