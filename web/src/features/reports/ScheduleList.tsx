/**
 * The store's report schedules: a report made on a cadence (daily, weekly on a weekday, monthly on
 * a day, at an hour of the store's clock) for a period relative to the run, e-mailed to the listed
 * addresses. Deleting one asks first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { LocationRef } from '../../../../shared/api.js';
import { reportPaths } from '../../../../shared/reports/routes.js';
import type { ReportSchedule } from '../../../../shared/reports/types.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { reportFailure } from '../../lib/failures.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { ScheduleDialog, type ScheduleEditing } from './ScheduleDialog.js';
import { deleteSchedule } from './requests.js';
import { cadenceText } from './scheduleWords.js';

export function ScheduleList({ location, mayChooseCompany }: { location: LocationRef; mayChooseCompany: boolean }) {
  const { t } = useTranslation('reports');
  const locale = useStore(currentLocale);
  const [editing, setEditing] = useState<ScheduleEditing>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, mutate } = useSWR<{ report_schedules: ReportSchedule[] }>(reportPaths.schedules(location.id), { revalidateOnFocus: false });

  async function remove(schedule: ReportSchedule) {
    setBusy(true);
    try {
      await deleteSchedule(schedule.id);
      toast.success(t('reports.schedule_deleted', { name: schedule.name }));
      setDeleting(null);
      await mutate();
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="reports__toolbar">
        <p className="reports__muted">{t('reports.schedules_hint')}</p>
        <button type="button" className="button button--primary" data-testid="schedule-new" onClick={() => setEditing({ kind: 'new' })}>
          {t('reports.schedule_new')}
        </button>
      </div>
      {!data ? (
        <p className="reports__muted" role={error ? 'alert' : 'status'}>
          {error ? t('reports.schedules_failed') : t('reports.loading')}
        </p>
      ) : data.report_schedules.length === 0 ? (
        <p className="reports__muted" data-testid="schedule-list-empty">
          {t('reports.schedules_empty')}
        </p>
      ) : (
        <ul className="reports__list" aria-label={t('reports.schedules_label')} data-testid="schedule-list">
          {data.report_schedules.map((schedule) => (
            <li key={schedule.id} className="reports__item" data-testid="schedule-item" data-schedule-id={schedule.id}>
              <div className="reports__about">
                <span className="reports__name">{schedule.name}</span>
                <span className="reports__muted">
                  {t(schedule.scope === 'company' ? 'reports.summary_company' : 'reports.summary', { type: t(`reports.type_${schedule.type}`), period: t(`reports.schedule_period_${schedule.period}`) })}
                </span>
                <span>{cadenceText(t, schedule.cadence, locale)}</span>
                <span className="reports__muted reports__recipients">{t('reports.sent_to', { addresses: schedule.recipients.join(', ') })}</span>
                <span className="reports__muted">{t('reports.next_run', { when: formatDateTime(schedule.next_run_at, locale, location.timezone) })}</span>
              </div>
              <div className="reports__actions">
                <button type="button" className="button button--small" aria-label={t('reports.schedule_edit_named', { name: schedule.name })} data-testid="schedule-edit" onClick={() => setEditing({ kind: 'edit', schedule })}>
                  {t('reports.schedule_edit')}
                </button>
                <button type="button" className="button button--small reports__delete" aria-label={t('reports.schedule_delete_named', { name: schedule.name })} data-testid="schedule-delete" onClick={() => setDeleting(schedule)}>
                  {t('reports.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ScheduleDialog
        editing={editing}
        location={location}
        mayChooseCompany={mayChooseCompany}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void mutate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('reports.schedule_delete_title', { name: deleting.name }) : ''}
        body={t('reports.schedule_delete_body')}
        keepLabel={t('reports.delete_keep')}
        confirmLabel={t('reports.schedule_delete_confirm')}
        busy={busy}
        testId="schedule-delete-dialog"
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );
}
