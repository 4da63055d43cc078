/**
 * One recommendation's decision (SPEC §3 recommendations, §4 "Recommended work"): what was decided,
 * by the customer or by which agent, and when; for agents who may decide, Approve / Decline /
 * Undecided. Changing a decision already made asks first ("Changing state prompts").
 */
import { useId, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recommendation, SheetReply } from '../../../../../shared/inspections/inspections.js';
import { Dialog } from '../../../components/Dialog.js';
import { fullName } from '../../../lib/names.js';
import { formatWhen, useAdvisorPlace } from './advisorFormat.js';
import { decide } from './advisorRequests.js';
import { decisionKind, decisionNeedsConfirmation, type DecisionKind } from './advisorRules.js';
import { showMpiFailure } from '../mpiFailures.js';
import './advisor.css';

const CHOICES: readonly { kind: DecisionKind; approved: boolean | null; testId: string }[] = [
  { kind: 'approved', approved: true, testId: 'mpi-decision-approve' },
  { kind: 'declined', approved: false, testId: 'mpi-decision-decline' },
  { kind: 'undecided', approved: null, testId: 'mpi-decision-undecided' },
];

export function DecisionControl({
  roId,
  recommendation,
  canDecide,
  onReply,
}: {
  roId: string;
  recommendation: Recommendation;
  canDecide: boolean;
  onReply: (reply: SheetReply) => void;
}): JSX.Element {
  const { t } = useTranslation('inspections');
  const place = useAdvisorPlace();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<boolean | null | undefined>(undefined);
  const current = recommendation.approved;
  const kind = decisionKind(current);
  const approver = recommendation.metadata.approver;
  const who = approver ? (approver.initiator === 'customer' ? t('mpi_advisor.by_customer') : approver.agent ? fullName(approver.agent) : t('mpi_advisor.by_agent')) : '';
  const when = formatWhen(recommendation.decided_at, place.locale, place.timeZone);

  async function apply(approved: boolean | null) {
    setBusy(true);
    try {
      onReply(await decide(roId, recommendation.id, approved));
      setPending(undefined);
    } catch (error) {
      setPending(undefined);
      showMpiFailure(error);
    } finally {
      setBusy(false);
    }
  }

  function choose(approved: boolean | null) {
    if (approved === current) return;
    if (decisionNeedsConfirmation(current, approved)) setPending(approved);
    else void apply(approved);
  }

  let text = t('mpi_advisor.decision_undecided');
  if (kind !== 'undecided') {
    text = when
      ? t(`mpi_advisor.decision_${kind}_by_at`, { who, when })
      : who
        ? t(`mpi_advisor.decision_${kind}_by`, { who })
        : t(`mpi_advisor.decision_${kind}`);
  }

  return (
    <div className="mpi-decision">
      <span
        className={`mpi-decision__state mpi-decision__state--${kind}`}
        data-testid="mpi-decision-state"
        data-approved={String(current)}
        data-initiator={approver?.initiator ?? ''}
        role="status"
      >
        {text}
      </span>
      {canDecide ? (
        <span className="mpi-decision__choices" role="group" aria-label={t('mpi_advisor.decision_label')}>
          {CHOICES.map((choice) => (
            <button
              key={choice.kind}
              type="button"
              className={`button button--small mpi-decision__choice mpi-decision__choice--${choice.kind}`}
              data-testid={choice.testId}
              aria-pressed={current === choice.approved}
              disabled={busy || current === choice.approved}
              onClick={() => choose(choice.approved)}
            >
              {t(`mpi_advisor.choice_${choice.kind}`)}
            </button>
          ))}
        </span>
      ) : null}
      <Dialog open={pending !== undefined} onClose={() => setPending(undefined)} labelledBy={titleId}>
        <h2 className="dialog__title" id={titleId}>
          {t('mpi_advisor.change_decision_title')}
        </h2>
        <p>
          {t('mpi_advisor.change_decision_text', {
            item: recommendation.item,
            from: t(`mpi_advisor.kind_${kind}`),
            to: t(`mpi_advisor.kind_${decisionKind(pending ?? null)}`),
          })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setPending(undefined)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            data-testid="mpi-decision-confirm"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void apply(pending ?? null)}
          >
            {t('mpi_advisor.change_decision_confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
