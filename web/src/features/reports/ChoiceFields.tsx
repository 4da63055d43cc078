/**
 * The report asked for (SPEC §2 reports download modal): its type, its period (MTD, YTD, last
 * month, custom from–to, a single date; the store's days) and, for admins, the scope. The same
 * fields above the figures and in the download dialog.
 */
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES, type ReportPeriodKind, type ReportScope, type ReportType } from '../../../../shared/reports/types.js';
import { PERIOD_KINDS, switchPeriod, type ReportChoice } from './reportQuery.js';

export type ChoiceField = 'type' | 'period' | 'from' | 'to' | 'date' | 'scope';

export function ChoiceFields({
  idPrefix,
  choice,
  today,
  mayChooseCompany,
  problems,
  onChange,
}: {
  idPrefix: string;
  choice: ReportChoice;
  /** The store's today (YYYY-MM-DD): no later day can be picked. */
  today: string;
  mayChooseCompany: boolean;
  /** Texts to show at fields, already in the reader's words. */
  problems: Partial<Record<ChoiceField, string | null>>;
  onChange: (next: ReportChoice) => void;
}) {
  const { t } = useTranslation('reports');
  const { period } = choice;
  const set = (change: Partial<ReportChoice>) => onChange({ ...choice, ...change });

  const error = (field: ChoiceField) => {
    const text = problems[field];
    return text ? (
      <p className="field__error" id={`${idPrefix}-${field}-error`} data-testid={`report-${field}-error`}>
        {text}
      </p>
    ) : null;
  };
  const aria = (field: ChoiceField) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${field}-error` } : {});

  const day = (field: 'from' | 'to' | 'date', value: string, change: (value: string) => void) => (
    <div className="field reports__day">
      <label htmlFor={`${idPrefix}-${field}`}>{t(`reports.period_${field}`)}</label>
      <input id={`${idPrefix}-${field}`} type="date" max={today} value={value} data-testid={`report-${field}`} {...aria(field)} onChange={(event) => change(event.target.value)} />
      {error(field)}
    </div>
  );

  return (
    <div className="reports__choice">
      <div className="field">
        <label htmlFor={`${idPrefix}-type`}>{t('reports.type')}</label>
        <select id={`${idPrefix}-type`} value={choice.type} data-testid="report-type" onChange={(event) => set({ type: event.target.value as ReportType })}>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`reports.type_${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-period`}>{t('reports.period')}</label>
        <select id={`${idPrefix}-period`} value={period.kind} data-testid="report-period" onChange={(event) => set({ period: switchPeriod(period, event.target.value as ReportPeriodKind, today) })}>
          {PERIOD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`reports.period_${kind}`)}
            </option>
          ))}
        </select>
      </div>
      {period.kind === 'custom' ? (
        <>
          {day('from', period.from, (from) => set({ period: { ...period, from } }))}
          {day('to', period.to, (to) => set({ period: { ...period, to } }))}
        </>
      ) : null}
      {period.kind === 'date' ? day('date', period.date, (date) => set({ period: { ...period, date } })) : null}
      {mayChooseCompany ? (
        <div className="field">
          <label htmlFor={`${idPrefix}-scope`}>{t('reports.scope')}</label>
          <select id={`${idPrefix}-scope`} value={choice.scope} data-testid="report-scope" onChange={(event) => set({ scope: event.target.value as ReportScope })}>
            <option value="location">{t('reports.scope_location')}</option>
            <option value="company">{t('reports.scope_company')}</option>
          </select>
        </div>
      ) : null}
    </div>
  );
}
