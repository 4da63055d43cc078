import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../Dialog.js';

/**
 * Opting out cannot be undone by the dealership: the agent reads that before confirming. `contact`:
 * the kind of person (a board's contact, e.g. `employee`), whose words are the `_<contact>` ones.
 */
export function OptOutDialog({
  open,
  name,
  busy,
  contact,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  contact?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {t('detail.opt_out_title', { context: contact })}
      </h2>
      <p>{t('detail.opt_out_text', { name, context: contact })}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--danger-solid" data-testid="opt-out-confirm" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {t('detail.opt_out_confirm')}
        </button>
      </div>
    </Dialog>
  );
}
