import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog.js';

/**
 * The question before something that cannot be undone (deleting a report, a schedule or a template,
 * deactivating a user): what it is and what it means, the safe answer first and focused, the lasting
 * one in the danger colour. The caller words both answers so neither reads like an everyday action.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  body,
  keepLabel,
  confirmLabel,
  onConfirm,
  busy,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  body: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  /** The dialog's test id; its confirming button's is `${testId}` with `-dialog` changed to `-confirm`. */
  testId: string;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      {open ? (
        <div data-testid={testId}>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <p>{body}</p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose} autoFocus>
              {keepLabel}
            </button>
            <button type="button" className="button button--danger-solid" data-testid={testId.replace(/-dialog$/, '-confirm')} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
