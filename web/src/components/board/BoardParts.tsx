/**
 * What every board shows the same way: its title with the unread pill, a phone's Back and Details
 * buttons in the conversation's bar, and the notices under its list. The words stay each board's
 * own (their locale keys are passed in); the look and the test ids are shared.
 */
import { useTranslation } from 'react-i18next';
import { askDesktopPermission, useDesktopPermission } from '../../lib/notifications.js';
import './board.css';

export function BoardTitle({ id, title, unread, unreadLabel }: { id: string; title: string; unread: number; unreadLabel: string }) {
  return (
    <>
      <h1 id={id} className="board__title">
        {title}
      </h1>
      <span className={`count-pill${unread ? ' count-pill--some' : ''}`} role="status" data-testid="unread-count">
        {unreadLabel}
      </span>
    </>
  );
}

/** A phone shows the list or the open conversation: this leads back to the list. */
export function BackToList({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <button type="button" className="button button--small board-back" data-testid="back-to-list" onClick={onBack}>
      <span aria-hidden="true">←</span> {label}
    </button>
  );
}

/** A phone has no room for the details beside the conversation: this opens them in a sheet. */
export function DetailsButton({ label, sheetOpen, onOpen }: { label: string; sheetOpen: boolean; onOpen: () => void }) {
  return (
    <button type="button" className="button button--small" aria-haspopup="dialog" aria-expanded={sheetOpen} data-testid="detail-open" onClick={onOpen}>
      {label}
    </button>
  );
}

/**
 * Desktop notices for replies need the browser's permission, which only a click may ask for; once
 * given (or refused) there is nothing to offer.
 */
export function DesktopNoticesButton({ label }: { label: string }) {
  const permission = useDesktopPermission();
  if (permission !== 'default') return null;
  return (
    <button type="button" className="button button--small button--quiet" data-testid="notices-enable" onClick={() => void askDesktopPermission()}>
      {label}
    </button>
  );
}

/**
 * Under the list: loading, failed or empty while there are no rows (`emptyText` says why it is
 * empty), and that more pages are coming while some rows already show.
 */
export function ListNotices({
  rowCount,
  loading,
  loadingRest,
  failed,
  failedText,
  emptyText,
  moreText,
  testId,
}: {
  rowCount: number;
  loading: boolean;
  loadingRest: boolean;
  failed: boolean;
  failedText: string;
  emptyText: string;
  moreText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  let notice: string | null = null;
  if (loading && !rowCount) notice = t('common.loading');
  else if (failed && !rowCount) notice = failedText;
  else if (!rowCount) notice = emptyText;
  return (
    <>
      {notice ? (
        <p className="list-notice" role="status" data-testid={testId}>
          {notice}
        </p>
      ) : null}
      {loadingRest && rowCount ? (
        <p className="list-notice list-notice--more" role="status">
          {moreText}
        </p>
      ) : null}
    </>
  );
}
