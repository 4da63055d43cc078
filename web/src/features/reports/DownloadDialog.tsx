/**
 * The reports download modal (SPEC §2): type, period, scope and an optional name; the report is
 * prepared in the background and appears in the list, where it is downloaded once ready.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LocationRef } from '../../../../shared/api.js';
import { MAX_REPORT_NAME } from '../../../../shared/reports/fileSchemas.js';
import { storeDay } from '../../../../shared/reports/periods.js';
import { Dialog } from '../../components/Dialog.js';
import { DialogFormActions, useDialogForm, type ServerTexts } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { ChoiceFields, type ChoiceField } from './ChoiceFields.js';
import { orderReport } from './requests.js';
import { reportFileTextKey } from './serverTexts.js';
import { periodText } from './words.js';
import { DEFAULT_CHOICE, periodProblem, type ReportChoice } from './reportQuery.js';

type OrderField = ChoiceField | 'name';

/** The server's refusals by the field they name (`report.period.from` → from). */
const orderTexts: ServerTexts<OrderField> = {
  fieldOf: (path) => {
    const last = path?.split('.').pop();
    return last === 'name' || last === 'type' || last === 'scope' || last === 'from' || last === 'to' || last === 'date' ? last : last === 'period' || last === 'kind' ? 'period' : null;
  },
  keyOf: reportFileTextKey,
  fallback: 'reports.order_refused',
};

export function DownloadDialog({ open, location, mayChooseCompany, onClose, onOrdered }: { open: boolean; location: LocationRef; mayChooseCompany: boolean; onClose: () => void; onOrdered: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={`${ids}-title`}>
      {open ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {t('reports.download_title')}
          </h2>
          <OrderForm location={location} mayChooseCompany={mayChooseCompany} onClose={onClose} onOrdered={onOrdered} />
        </>
      ) : null}
    </Dialog>
  );
}

function OrderForm({ location, mayChooseCompany, onClose, onOrdered }: { location: LocationRef; mayChooseCompany: boolean; onClose: () => void; onOrdered: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const [choice, setChoice] = useState<ReportChoice>(DEFAULT_CHOICE);
  const [name, setName] = useState('');
  const form = useDialogForm<OrderField>('reports', orderTexts);
  const locale = useStore(currentLocale);
  const today = storeDay(new Date(), location.timezone);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = periodProblem(choice.period, today);
    if (problem) {
      form.show({ [problem.field]: `reports.problem_${problem.problem}` });
      return;
    }
    // Without a name of the manager's own, the report is called by its type and period in their words.
    const named = name.trim() || t('reports.summary', { type: t(`reports.type_${choice.type}`), period: periodText(t, choice.period, locale) }).slice(0, MAX_REPORT_NAME);
    form.send(
      (key) => orderReport({ location_id: location.id, type: choice.type, period: choice.period, scope: choice.scope, name: named }, key),
      (answer) => {
        toast.success(t('reports.ordered', { name: answer.report.name }));
        onOrdered();
      },
    );
  }

  return (
    <form ref={form.form} className="form reports-form" noValidate onSubmit={submit} data-testid="report-order-form">
      <ChoiceFields
        idPrefix={`${ids}-choice`}
        choice={choice}
        today={today}
        mayChooseCompany={mayChooseCompany}
        problems={{ type: form.textAt('type'), period: form.textAt('period'), from: form.textAt('from'), to: form.textAt('to'), date: form.textAt('date'), scope: form.textAt('scope') }}
        onChange={(next) => {
          form.changed();
          setChoice(next);
        }}
      />
      <TextField
        id={`${ids}-name`}
        label={t('reports.name_optional')}
        value={name}
        onChange={(value) => {
          form.changed();
          setName(value.slice(0, MAX_REPORT_NAME));
        }}
        error={form.textAt('name')}
        autoComplete="off"
        testId="report-order-name"
      />
      <p className="field__hint">{t('reports.order_hint')}</p>
      <DialogFormActions
        formText={form.textAt('form')}
        closeLabel={t('reports.cancel')}
        submitLabel={[t('reports.order'), t('reports.ordering')]}
        sending={form.sending}
        submitTestId="report-order-submit"
        onClose={onClose}
      />
    </form>
  );
}
