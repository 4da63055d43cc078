/**
 * The reports' names for things the server names by id: figures (`median_first_response`), rows
 * with a `label_id` (a channel, a status), periods and day ranges. An id the console has no words
 * for yet is shown made readable rather than as a raw key.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales.js';
import type { DayRange, Report, ReportPeriod, ReportRow } from '../../../../shared/reports/types.js';
import { formatDay } from './cells.js';

const readable = (id: string) => id.replace(/_/g, ' ');

export function figureName(t: TFunction, id: string): string {
  return t(`reports.figure.${id}`, { defaultValue: readable(id) });
}

export function useFigureName(): (id: string) => string {
  const { t } = useTranslation('reports');
  return (id) => figureName(t, id);
}

export function rowLabel(t: TFunction, row: Pick<ReportRow, 'label' | 'label_id'>): string {
  return row.label_id ? t(`reports.row.${row.label_id}`, { defaultValue: row.label || readable(row.label_id) }) : row.label;
}

export function rangeText(t: TFunction, range: DayRange, locale: Locale): string {
  return range.from === range.to ? formatDay(range.from, locale) : t('reports.range', { from: formatDay(range.from, locale), to: formatDay(range.to, locale) });
}

/** A period as a list says it: its name for the relative ones, its days for the others. */
export function periodText(t: TFunction, period: ReportPeriod, locale: Locale): string {
  switch (period.kind) {
    case 'custom':
      return rangeText(t, period, locale);
    case 'date':
      return formatDay(period.date, locale);
    default:
      return t(`reports.period_${period.kind}`);
  }
}

/** "Texting activity · Month to date (MTD) (11/01/2026 – 11/27/2026)", and what an export of a figure's records lists. */
export function reportSummary(t: TFunction, report: Pick<Report, 'type' | 'period' | 'range' | 'scope'> & Partial<Pick<Report, 'drill'>>, locale: Locale): string {
  const period = periodText(t, report.period, locale);
  const relative = report.period.kind !== 'custom' && report.period.kind !== 'date';
  const words = { type: t(`reports.type_${report.type}`), period: relative ? t('reports.period_with_days', { period, days: rangeText(t, report.range, locale) }) : period };
  if (report.drill) return t('reports.summary_records', { ...words, figure: figureName(t, report.drill.figure) });
  return t(report.scope === 'company' ? 'reports.summary_company' : 'reports.summary', words);
}
