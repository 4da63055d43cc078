/**
 * A report's figures on screen (GET …/reports/figures): one table per section, numbers in the
 * reader's format and the store's currency. Every cell that has records behind it is a button that
 * opens them. The choice lives in the address; a period still being typed shows its problem at
 * the field and keeps the last figures on screen.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { LocationRef } from '../../../../shared/api.js';
import { storeDay } from '../../../../shared/reports/periods.js';
import type { DrillRef, ReportColumn, ReportFigures, ReportRow, ReportSheet } from '../../../../shared/reports/types.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { formatCell, isNumeric, type CellReader } from './cells.js';
import { ChoiceFields } from './ChoiceFields.js';
import { RecordsDialog } from './RecordsDialog.js';
import { choiceFromParams, figuresPath, periodProblem, withChoice, type ReportChoice } from './reportQuery.js';
import { rangeText, rowLabel, useFigureName } from './words.js';

export interface OpenDrill {
  drill: DrillRef;
  column: ReportColumn;
  /** "Sent · Dana Reyes": what the list is of. */
  title: string;
}

export function FiguresView({ location, mayChooseCompany }: { location: LocationRef; mayChooseCompany: boolean }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params, mayChooseCompany);
  const [draft, setDraft] = useState<ReportChoice>(choice);
  const applied = JSON.stringify(choice);
  // The address changed under the form (back, forward, a link): the form shows what is asked now.
  useEffect(() => setDraft(JSON.parse(applied) as ReportChoice), [applied]);
  const [open, setOpen] = useState<OpenDrill | null>(null);
  const today = storeDay(new Date(), location.timezone);
  const problem = periodProblem(draft.period, today);

  function change(next: ReportChoice) {
    setDraft(next);
    if (!periodProblem(next.period, today)) setParams((previous) => withChoice(previous, next), { replace: true });
  }

  const { data: answer, error, isValidating } = useSWR<{ figures: ReportFigures }>(figuresPath(location.id, choice), { keepPreviousData: true, revalidateOnFocus: false });
  const data = answer?.figures;

  return (
    <div className="reports__figures">
      <ChoiceFields
        idPrefix={`${ids}-choice`}
        choice={draft}
        today={today}
        mayChooseCompany={mayChooseCompany}
        problems={problem ? { [problem.field]: t(`reports.problem_${problem.problem}`) } : {}}
        onChange={change}
      />
      {/* A refusal of what is asked now wins over the figures of what was asked before. */}
      {error || !data ? (
        <p className="reports__muted" role={error ? 'alert' : 'status'} data-testid="report-figures-status">
          {error ? t('reports.figures_failed') : t('reports.loading')}
        </p>
      ) : (
        <Figures figures={data} busy={isValidating} onDrill={setOpen} />
      )}
      <RecordsDialog open={open} choice={choice} location={location} figures={data ?? null} onClose={() => setOpen(null)} />
    </div>
  );
}

function Figures({ figures, busy, onDrill }: { figures: ReportFigures; busy: boolean; onDrill: (open: OpenDrill) => void }) {
  const { t } = useTranslation('reports');
  const locale = useStore(currentLocale);
  const reader: CellReader = { locale, currency: figures.currency };
  const counted = figures.locations.map((each) => each.name).join(', ');
  return (
    <div className="reports__sheets" aria-busy={busy || undefined} data-testid="report-figures">
      <p className="reports__muted" data-testid="report-range">
        {t('reports.counted', { range: rangeText(t, figures.range, locale), count: figures.locations.length, locations: counted })}
      </p>
      {figures.sheets.every((sheet) => sheet.rows.length === 0) ? <p className="reports__muted">{t('reports.figures_empty')}</p> : null}
      {figures.sheets.map((sheet) => (
        <SheetTable key={sheet.id} sheet={sheet} reader={reader} onDrill={onDrill} />
      ))}
    </div>
  );
}

function SheetTable({ sheet, reader, onDrill }: { sheet: ReportSheet; reader: CellReader; onDrill: (open: OpenDrill) => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const figureName = useFigureName();
  const [first, ...figures] = sheet.columns;
  const titleId = `${ids}-title`;

  const cell = (row: ReportRow, column: ReportColumn) => {
    const value = row.cells[column.id];
    const text = formatCell(value, column.format, reader);
    const drill = column.drills ? row.drill?.[column.id] : undefined;
    const label = rowLabel(t, row);
    if (text === null) {
      return (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t('reports.nothing_to_measure')}</span>
        </>
      );
    }
    // Nothing stands behind a zero: it is read, not opened.
    if (!drill || value === 0) return text;
    const title = t('reports.drill_title', { figure: figureName(column.id), row: label });
    return (
      <button type="button" className="link-button reports__drill" aria-label={t('reports.drill_label', { title, value: text })} data-testid="report-drill" data-figure={column.id} onClick={() => onDrill({ drill, column, title })}>
        {text}
      </button>
    );
  };

  const line = (row: ReportRow, total = false) => (
    <tr key={row.key} className={total ? 'reports__total' : undefined} data-testid={total ? 'report-total' : 'report-row'} data-row={row.key}>
      <th scope="row">{first && first.id !== 'label' ? (formatCell(row.cells[first.id], first.format, reader) ?? rowLabel(t, row)) : rowLabel(t, row)}</th>
      {figures.map((column) => (
        <td key={column.id} className={isNumeric(column.format) ? 'reports__number' : undefined}>
          {cell(row, column)}
        </td>
      ))}
    </tr>
  );

  return (
    <section className="reports__sheet" aria-labelledby={titleId} data-testid="report-sheet" data-sheet={sheet.id}>
      <h2 id={titleId} className="reports__sheet-title">
        {t(`reports.sheet.${sheet.id}`, { defaultValue: sheet.id.replace(/_/g, ' ') })}
      </h2>
      {sheet.rows.length === 0 ? (
        <p className="reports__muted">{t('reports.sheet_empty')}</p>
      ) : (
        // A wide table scrolls inside its own region on a phone; the region takes the keyboard so it can be scrolled without a mouse.
        <div className="reports__scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="reports__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{first && first.id !== 'label' ? figureName(first.id) : t(`reports.rows_of.${sheet.id}`, { defaultValue: t('reports.rows_of_any') })}</th>
                {figures.map((column) => (
                  <th key={column.id} scope="col" className={isNumeric(column.format) ? 'reports__number' : undefined}>
                    {figureName(column.id)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{sheet.rows.map((row) => line(row))}</tbody>
            {sheet.total ? <tfoot>{line(sheet.total, true)}</tfoot> : null}
          </table>
        </div>
      )}
    </section>
  );
}
