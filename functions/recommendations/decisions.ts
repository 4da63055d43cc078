/**
 * Decisions on recommended work (SPEC §3, §4 "Recommended work": undecided, approved, rejected),
 * by an agent from the console or by the customer from the inspection link. One domain function
 * for both: the sheet is written without a version check (a price saved meanwhile must not make a
 * decision fail), the order's conversation gets a RECOMMENDED_WORK_STATUS note, every open board
 * hears `mpi.decision`, and a rejection registers the work-declined notice in the same transaction.
 */
import type { ApproverInitiator, Recommendation } from '../../shared/inspections/inspections.js';
import type { MpiEvent } from '../../shared/inspections/events.js';
import { MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { DEFAULT_LOCALE, currencySymbol } from '../../shared/locales.js';
import { formatMoney } from '../../shared/money.js';
import type { AgentRef } from '../../shared/people.js';
import { conflict, DomainError } from '../lib/errors.js';
import { getLocation } from '../lib/locations.js';
import { channels, publish } from '../lib/realtime.js';
import { readSettings } from '../lib/settings.js';
import { addSystemNote } from '../messages/notes.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { announceSheet, updateSheet, type SheetRecord } from '../inspections/records.js';
import { declinedNoticeWrites } from './declinedWork.js';
import { repairOrderOwner } from '../repairOrders/owner.js';

export interface Approver {
  initiator: ApproverInitiator;
  agent: AgentRef | null;
}

export interface DecisionInput {
  ro: RepairOrderRecord;
  recommendationId: string;
  approved: boolean | null;
  approver: Approver;
  /** Whether this approver may decide on the sheet as it is now: a refusal, or null. */
  refusal: (sheet: SheetRecord) => DomainError | null;
}

export interface DecisionOutcome {
  sheet: SheetRecord;
  recommendation: Recommendation;
  /** False when the decision was already the current one: nothing was written or told. */
  changed: boolean;
}

export const NOT_DECIDABLE = MPI_ERRORS.not_decidable;

/**
 * Agents decide once the technician is done: while the sheet is back with the advisors, held by
 * an advisor (who prices and asks the customer on the phone), or completed by the advisor. While a
 * technician holds it the work is still being written up.
 */
export function agentDecisionRefusal(sheet: SheetRecord): DomainError | null {
  const { state, holder } = sheet;
  if (state === 'completed_by_technician' || state === 'completed_by_advisor') return null;
  if ((state === 'claimed' || state === 'reclaimed') && holder?.role === 'advisor') return null;
  return conflict('not_decidable', NOT_DECIDABLE);
}

export const unknownRecommendation = () => new DomainError('not_found', 'unknown_recommendation', MPI_ERRORS.unknown_recommendation);

/** Thrown inside the sheet update when the decision is already the current one. */
class Unchanged extends Error {
  constructor(readonly sheet: SheetRecord, readonly recommendation: Recommendation) {
    super('unchanged');
  }
}

function decisionWord(approved: boolean | null): 'approved' | 'declined' | 'undecided' {
  return approved === true ? 'approved' : approved === false ? 'declined' : 'undecided';
}

/** "Customer approved Front brake pads ($240.00)", "Priya Shah set Front brake pads ($240.00) back to undecided". */
export function decisionNoteText(actor: string, recommendation: Pick<Recommendation, 'item'>, amount: string, approved: boolean | null): string {
  const work = `${recommendation.item} (${amount})`;
  if (approved === null) return `${actor} set ${work} back to undecided`;
  return `${actor} ${decisionWord(approved)} ${work}`;
}

/** The agent who decided, or null when the customer did (from the link, or with no agent to name). */
const decidingAgent = (approver: Approver): string | null =>
  approver.initiator === 'customer' || !approver.agent ? null : `${approver.agent.first_name} ${approver.agent.last_name}`.trim();

export async function decide(input: DecisionInput): Promise<DecisionOutcome> {
  const { ro, recommendationId, approved, approver } = input;
  const [service, location] = await Promise.all([readSettings(ro.company_id, ro.location_id, 'service_settings'), getLocation(ro.company_id, ro.location_id)]);
  const decidedAt = new Date().toISOString();

  let update;
  try {
    update = await updateSheet(
      ro.company_id,
      ro.id,
      (sheet) => {
        const current = sheet.recommendations.find((r) => r.id === recommendationId);
        if (!current) throw unknownRecommendation();
        const refused = input.refusal(sheet);
        if (refused) throw refused;
        if (current.approved === approved) throw new Unchanged(sheet, current);
        const decided: Recommendation = {
          ...current,
          approved,
          decided_at: approved === null ? null : decidedAt,
          metadata: { approver: approved === null ? null : { initiator: approver.initiator, agent: approver.agent } },
        };
        return { recommendations: sheet.recommendations.map((r) => (r.id === recommendationId ? decided : r)) };
      },
      { extra: (before, after) => declinedNoticeWrites(before, after, recommendationId, service.work_declined_notification_after_days) },
    );
  } catch (err) {
    if (err instanceof Unchanged) return { sheet: err.sheet, recommendation: err.recommendation, changed: false };
    throw err;
  }

  const { after } = update;
  const recommendation = after.recommendations.find((r) => r.id === recommendationId)!;
  const locale = location?.locale ?? DEFAULT_LOCALE;
  const amount = formatMoney(recommendation.est_cost_in_cents, locale);
  const agentName = decidingAgent(approver);
  const actor = agentName ?? 'Customer';
  await addSystemNote(repairOrderOwner(ro), {
    behaviour: 'RECOMMENDED_WORK_STATUS',
    text: decisionNoteText(actor, recommendation, amount, approved),
    agent: approver.initiator === 'agent' ? approver.agent : null,
    note: {
      key: 'recommendation_decided',
      params: {
        decision: decisionWord(approved),
        by: agentName === null ? 'customer' : 'agent',
        agent_name: agentName ?? '',
        item: recommendation.item,
        amount_in_cents: recommendation.est_cost_in_cents,
        currency: currencySymbol(locale),
      },
    },
    // As notes were before keys: exports and older consoles read these.
    extra: {
      recommendation_id: recommendation.id,
      group: recommendation.group,
      amount,
      est_cost_in_cents: String(recommendation.est_cost_in_cents),
      status: decisionWord(approved),
      initiator: approver.initiator,
      actor,
    },
  });
  const event: MpiEvent = {
    type: 'mpi.decision',
    data: {
      location_id: after.location_id,
      repair_order_id: after.repair_order_id,
      sheet_id: after.id,
      recommendation_id: recommendation.id,
      approved,
      initiator: approver.initiator,
      version: after.version,
    },
  };
  await Promise.all([announceSheet(after, ro, 'decision'), publish(after.company_id, channels.location(after.location_id), event)]);
  return { sheet: after, recommendation, changed: true };
}
