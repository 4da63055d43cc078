/**
 * The store's generated reports (GET …/reports, 20 a page), newest first: what each counts, who
 * made it and when, and whether it is ready ('This report is not generated yet' with its progress
 * while it is prepared, SPEC §8). Download asks for a fresh address each time; refresh counts it
 * again; rename; delete asks first and says it cannot be undone. The list follows the reports'
 * own events (`report.changed` on the location's reports channel): progress moves in place, a
 * report turning ready, failing, renamed or deleted anywhere reads the page again, and so does a
 * stream that was lost and is back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { LocationRef } from '../../../../shared/api.js';
import { REPORT_EVENTS, type ReportEvent } from '../../../../shared/reports/events.js';
import type { Report } from '../../../../shared/reports/types.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { reportFailure } from '../../lib/failures.js';
import { ApiError } from '../../lib/request.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { useStore } from '../../lib/store.js';
import { DownloadDialog } from './DownloadDialog.js';
import { Pager } from '../../components/Pager.js';
import { RenameDialog } from './RenameDialog.js';
import { REPORTS_PER_PAGE, deleteReport, readReport, refreshReport, reportsPagePath, type ReportsPage } from './requests.js';
import { reportSummary } from './words.js';

export const isPreparing = (report: Pick<Report, 'status'>) => report.status === 'pending' || report.status === 'running';

/** Hands the browser a file to save, as a link the manager clicked would. */
function save(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function ReportList({ location, mayChooseCompany }: { location: LocationRef; mayChooseCompany: boolean }) {
  const { t } = useTranslation('reports');
  const locale = useStore(currentLocale);
  const [offset, setOffset] = useState(0);
  const [ordering, setOrdering] = useState(false);
  const [renaming, setRenaming] = useState<Report | null>(null);
  const [deleting, setDeleting] = useState<Report | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const { data, error, mutate } = useSWR<ReportsPage>(reportsPagePath(location.id, offset), { keepPreviousData: true, revalidateOnFocus: false });

  useStreamEvents<ReportEvent>(
    (event) => {
      if (event.type !== 'report.changed' || event.data.location_id !== location.id) return;
      const changed = event.data;
      const listed = data?.reports.find((report) => report.id === changed.id);
      // Rows written so far: the report moves on the page as it is, nothing to read again.
      if (listed && !changed.deleted && changed.status === listed.status && isPreparing(changed)) {
        void mutate((page) => page && { ...page, reports: page.reports.map((report) => (report.id === changed.id ? { ...report, progress: changed.progress } : report)) }, { revalidate: false });
        return;
      }
      void mutate();
    },
    () => void mutate(),
    REPORT_EVENTS,
  );

  async function act(report: Report, work: () => Promise<unknown>, done?: string) {
    setBusy(report.id);
    try {
      await work();
      if (done) toast.success(done);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(null);
    }
  }

  async function download(report: Report) {
    setBusy(report.id);
    try {
      const { report: fresh } = await readReport(report.id);
      if (fresh.attachment) save(fresh.attachment.url, fresh.attachment.file_name);
      else toast.info(t('reports.not_generated'));
    } catch (failure) {
      // Made again by someone else since the list was read: not ready after all.
      if (failure instanceof ApiError && failure.status === 409) {
        toast.info(t('reports.not_generated'));
        void mutate();
      } else reportFailure(failure);
    } finally {
      setBusy(null);
    }
  }

  const status = (report: Report) => {
    if (isPreparing(report)) {
      const progress = report.progress;
      return (
        <span className="reports__status" data-testid="report-status" data-status={report.status}>
          <span>{t('reports.not_generated')}</span>
          {progress && progress.total ? (
            <>
              <progress max={progress.total} value={progress.done} aria-label={t('reports.progress_label', { name: report.name })} />
              <span className="reports__muted">{t('reports.progress', { done: progress.done, total: progress.total })}</span>
            </>
          ) : (
            <span className="reports__muted">{t('reports.please_wait')}</span>
          )}
        </span>
      );
    }
    if (report.status === 'failed') {
      return (
        <span className="reports__status reports__status--failed" data-testid="report-status" data-status="failed">
          {t('reports.failed')}
        </span>
      );
    }
    return (
      <span className="reports__status reports__muted" data-testid="report-status" data-status="ready">
        {report.generated_at ? t('reports.generated_at', { when: formatDateTime(report.generated_at, locale, location.timezone) }) : null}
      </span>
    );
  };

  return (
    <>
      <div className="reports__toolbar">
        <p className="reports__muted">{t('reports.downloads_hint')}</p>
        <button type="button" className="button button--primary" data-testid="report-new" onClick={() => setOrdering(true)}>
          {t('reports.new_report')}
        </button>
      </div>
      {!data ? (
        <p className="reports__muted" role={error ? 'alert' : 'status'}>
          {error ? t('reports.list_failed') : t('reports.loading')}
        </p>
      ) : data.reports.length === 0 ? (
        <p className="reports__muted" data-testid="report-list-empty">
          {t('reports.list_empty')}
        </p>
      ) : (
        <ul className="reports__list" aria-label={t('reports.list_label')} data-testid="report-list">
          {data.reports.map((report) => (
            <li key={report.id} className="reports__item" data-testid="report-item" data-report-id={report.id}>
              <div className="reports__about">
                <span className="reports__name" data-testid="report-name">
                  {report.name}
                </span>
                <span className="reports__muted">{reportSummary(t, report, locale)}</span>
                <span className="reports__muted">
                  {report.created_by
                    ? t('reports.made_by', { name: report.created_by.name, when: formatDateTime(report.created_at, locale, location.timezone) })
                    : t('reports.made_by_schedule', { when: formatDateTime(report.created_at, locale, location.timezone) })}
                </span>
                {status(report)}
              </div>
              <div className="reports__actions">
                <button
                  type="button"
                  className="button button--small button--primary"
                  disabled={report.status !== 'ready' || busy === report.id}
                  aria-label={t('reports.download_named', { name: report.name })}
                  data-testid="report-download"
                  onClick={() => void download(report)}
                >
                  {t('reports.download')}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={isPreparing(report) || busy === report.id}
                  aria-label={t('reports.refresh_named', { name: report.name })}
                  data-testid="report-refresh"
                  onClick={() => void act(report, () => refreshReport(report.id), t('reports.refresh_started', { name: report.name }))}
                >
                  {t('reports.refresh')}
                </button>
                <button type="button" className="button button--small" aria-label={t('reports.rename_named', { name: report.name })} data-testid="report-rename" onClick={() => setRenaming(report)}>
                  {t('reports.rename')}
                </button>
                <button type="button" className="button button--small reports__delete" aria-label={t('reports.delete_named', { name: report.name })} data-testid="report-delete" onClick={() => setDeleting(report)}>
                  {t('reports.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager paging={data.meta.paging} perPage={REPORTS_PER_PAGE} onPage={setOffset} label={t('reports.list_pages')} testId="report-list-pager" /> : null}
      <DownloadDialog
        open={ordering}
        location={location}
        mayChooseCompany={mayChooseCompany}
        onClose={() => setOrdering(false)}
        onOrdered={() => {
          setOrdering(false);
          setOffset(0);
          void mutate();
        }}
      />
      <RenameDialog
        report={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={() => {
          setRenaming(null);
          void mutate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('reports.delete_title', { name: deleting.name }) : ''}
        body={t('reports.delete_body')}
        keepLabel={t('reports.delete_keep')}
        confirmLabel={t('reports.delete_confirm')}
        busy={deleting !== null && busy === deleting.id}
        testId="report-delete-dialog"
        onConfirm={() => {
          const report = deleting;
          if (report) void act(report, () => deleteReport(report.id), t('reports.deleted', { name: report.name })).then(() => setDeleting(null));
        }}
      />
    </>
  );
}
