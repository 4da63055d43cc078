/** @jsxImportSource preact */
/**
 * "Change your decision?": a decided recommendation flips only after the customer confirms
 * (SPEC §4 "Changing state prompts"). A native modal dialog: focus stays inside, Esc cancels.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Translate } from '../../../visitPage/texts.js';

export interface ChangeDecisionProps {
  item: string;
  price: string;
  /** The decision the customer asked for. */
  approved: boolean;
  onConfirm(): void;
  onCancel(): void;
  t: Translate;
}

export function ChangeDecision({ item, price, approved, onConfirm, onCancel, t }: ChangeDecisionProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="change"
      aria-labelledby="change-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="change-title">{t('change_title')}</h2>
      <p>{t(approved ? 'change_to_approve' : 'change_to_decline')}</p>
      <p class="change-item">
        <strong>{item}</strong> · {price}
      </p>
      <div class="actions">
        <button type="button" class={approved ? 'approve' : 'decline'} data-testid="inspection-confirm" onClick={onConfirm}>
          {t(approved ? 'confirm_approve' : 'confirm_decline')}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {t('keep_decision')}
        </button>
      </div>
    </dialog>
  );
}
