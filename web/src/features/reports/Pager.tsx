/** Previous and next page of a SPEC §7 paged list, and where the manager is in it. */
import { useTranslation } from 'react-i18next';
import type { Paging } from '../../../../shared/api.js';

export function Pager({ paging, perPage, onPage, label, testId }: { paging: Paging; perPage: number; onPage: (offset: number) => void; label: string; testId: string }) {
  const { t } = useTranslation('reports');
  const { total, current_offset: offset } = paging;
  if (total <= perPage) return null;
  const last = Math.min(offset + perPage, total);
  return (
    <nav className="reports__pager" aria-label={label} data-testid={testId}>
      <button type="button" className="button button--small" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - perPage))}>
        {t('reports.previous')}
      </button>
      <span aria-live="polite">{t('reports.showing', { first: offset + 1, last, total })}</span>
      <button type="button" className="button button--small" disabled={last >= total} data-testid={`${testId}-next`} onClick={() => onPage(offset + perPage)}>
        {t('reports.next')}
      </button>
    </nav>
  );
}
