/** Previous and next page of a SPEC §7 paged list, and where the agent is in it (the Users lists, history search). */
import { useTranslation } from 'react-i18next';
import type { Paging } from '../../../shared/api.js';
import './pager.css';

export function Pager({ paging, perPage, onPage, label, testId }: { paging: Paging; perPage: number; onPage: (offset: number) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  const { total, current_offset: offset } = paging;
  if (total <= perPage) return null;
  const last = Math.min(offset + perPage, total);
  return (
    <nav className="pager" aria-label={label} data-testid={testId}>
      <button type="button" className="button button--small" disabled={offset === 0} data-testid={`${testId}-previous`} onClick={() => onPage(Math.max(0, offset - perPage))}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.showing', { first: offset + 1, last, total })}</span>
      <button type="button" className="button button--small" disabled={last >= total} data-testid={`${testId}-next`} onClick={() => onPage(offset + perPage)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
