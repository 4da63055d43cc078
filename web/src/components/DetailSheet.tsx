import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.js';
import './panel-bar.css';
import './detail-sheet.css';

/**
 * A board's details on a phone: a full-screen sheet over the open conversation, its title and a
 * Close button in a bar at the top. On a desktop the same details stand beside the conversation;
 * a phone has no room for that. Every board uses it.
 */
export function DetailSheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="sheet">
        <div className="panel-bar">
          <h2 className="dialog__title sheet__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="button button--small" data-testid="detail-close" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </Dialog>
  );
}
