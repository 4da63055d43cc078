/**
 * The records behind one figure (GET …/reports/records), 20 a page: when, what (opening its screen
 * when it has one), the customer, the advisor and what it added. The list can be exported: the
 * export is a report of its own, prepared in the background and listed under Downloads.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import useSWR, { useSWRConfig } from 'swr';
import type { LocationRef } from '../../../../shared/api.js';
import { MAX_REPORT_NAME } from '../../../../shared/reports/fileSchemas.js';
import { reportPaths } from '../../../../shared/reports/routes.js';
import type { FigureRecord, ReportFigures } from '../../../../shared/reports/types.js';
import { Dialog } from '../../components/Dialog.js';
import { formatDateTime } from '../../components/conversation/times.js';
import { reportFailure } from '../../lib/failures.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { formatCell } from './cells.js';
import type { OpenDrill } from './FiguresView.js';
import { Pager } from '../../components/Pager.js';
import { RECORDS_PER_PAGE, exportRecords, type RecordsPage } from './requests.js';
import { recordsPath, type ReportChoice } from './reportQuery.js';

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function RecordsDialog({
  open,
  choice,
  location,
  figures,
  onClose,
}: {
  open: OpenDrill | null;
  choice: ReportChoice;
  location: LocationRef;
  figures: ReportFigures | null;
  onClose: () => void;
}) {
  const ids = useId();
  return (
    <Dialog open={open !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {open ? (
        <div className="reports-records" data-testid="report-records">
          <h2 id={`${ids}-title`} className="dialog__title">
            {open.title}
          </h2>
          <RecordList open={open} choice={choice} location={location} figures={figures} onClose={onClose} />
        </div>
      ) : null}
    </Dialog>
  );
}

function RecordList({ open, choice, location, figures, onClose }: { open: OpenDrill; choice: ReportChoice; location: LocationRef; figures: ReportFigures | null; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const locale = useStore(currentLocale);
  const { mutate } = useSWRConfig();
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const attempt = useRef(crypto.randomUUID());
  useEffect(() => setOffset(0), [open]);

  const path = recordsPath(location.id, choice, open.drill, { offset, limit: RECORDS_PER_PAGE });
  const { data, error } = useSWR<RecordsPage>(path, { keepPreviousData: true, revalidateOnFocus: false });
  const zones = new Map((figures?.locations ?? []).map((each) => [each.id, each.timezone]));
  const valueFormat = open.column.format === 'count' ? null : open.column.format;

  async function exportList() {
    setExporting(true);
    try {
      // Named as the list's title says it, in the manager's words (the server would name it by ids and days).
      await exportRecords(location.id, { ...open.drill, period: choice.period, scope: choice.scope, name: open.title.slice(0, MAX_REPORT_NAME) }, attempt.current);
      attempt.current = crypto.randomUUID();
      toast.success(t('reports.export_started'));
      await mutate((key) => typeof key === 'string' && key.startsWith(reportPaths.list(location.id)));
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setExporting(false);
    }
  }

  const line = (record: FigureRecord) => {
    const zone = zones.get(record.location_id) ?? location.timezone;
    // A record named by its moment (an appointment, by when it is) is said on the store's clock.
    const label = MOMENT.test(record.record.label) ? formatDateTime(record.record.label, locale, zone) : record.record.label;
    const what = label || t(`reports.record_kind.${record.record.kind}`, { defaultValue: record.record.kind });
    const value = valueFormat && record.value !== null ? formatCell(record.value, valueFormat, { locale, currency: figures?.currency ?? '' }) : null;
    return (
      <li key={record.id} className="reports-records__row" data-testid="report-record">
        <span className="reports-records__what">
          <span className="reports-records__kind">{t(`reports.record_kind.${record.record.kind}`, { defaultValue: record.record.kind })}</span>{' '}
          {record.link ? (
            <Link to={record.link} data-testid="report-record-link" onClick={onClose}>
              {what}
            </Link>
          ) : (
            what
          )}
        </span>
        <span className="reports__muted">{formatDateTime(record.at, locale, zone)}</span>
        {record.customer ? (
          <span>
            {record.customer.name}
            {record.customer.phone ? <span className="reports__muted"> · {record.customer.phone}</span> : null}
          </span>
        ) : null}
        {record.agent ? <span className="reports__muted">{t('reports.record_agent', { name: record.agent.name })}</span> : null}
        {value ? <span className="reports-records__value">{value}</span> : null}
      </li>
    );
  };

  return (
    <>
      <div className="reports-records__bar">
        <span className="reports__muted" data-testid="report-records-total">
          {data ? t('reports.records_count', { count: data.meta.paging.total, number: formatCell(data.meta.paging.total, 'count', { locale, currency: '' }) }) : null}
        </span>
        <button type="button" className="button button--small" disabled={exporting || !data?.records.length} data-testid="report-records-export" onClick={() => void exportList()}>
          {exporting ? t('reports.exporting') : t('reports.export')}
        </button>
      </div>
      {!data ? (
        <p className="reports__muted" role={error ? 'alert' : 'status'}>
          {error ? t('reports.records_failed') : t('reports.loading')}
        </p>
      ) : data.records.length === 0 ? (
        <p className="reports__muted">{t('reports.records_empty')}</p>
      ) : (
        <ul className="reports-records__list" aria-label={open.title} data-testid="report-record-list">
          {data.records.map(line)}
        </ul>
      )}
      {data ? <Pager paging={data.meta.paging} perPage={RECORDS_PER_PAGE} onPage={setOffset} label={t('reports.records_pages')} testId="report-records-pager" /> : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('reports.close')}
        </button>
      </div>
    </>
  );
}
