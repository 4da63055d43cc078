/** A schedule's form: what report, for which period, how often and at what hour, and to whom it goes. */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LocationRef } from '../../../../shared/api.js';
import { MAX_RECIPIENTS, MAX_REPORT_NAME, SCHEDULE_PERIODS } from '../../../../shared/reports/fileSchemas.js';
import { REPORT_TYPES, type ReportSchedule, type ReportScope, type ReportType, type ScheduleCadence, type SchedulePeriod } from '../../../../shared/reports/types.js';
import { Dialog } from '../../components/Dialog.js';
import { DialogFormActions, useDialogForm, type ServerTexts } from '../../components/DialogForm.js';
import { TextField } from '../../components/TextField.js';
import { currentLocale } from '../../lib/i18n.js';
import { useStore } from '../../lib/store.js';
import { changeSchedule, createSchedule, type ScheduleFields } from './requests.js';
import { reportFileTextKey } from './serverTexts.js';
import { HOURS, MONTH_DAYS, WEEKDAYS, hourName, readRecipients, weekdayName } from './scheduleWords.js';

export type ScheduleEditing = { kind: 'new' } | { kind: 'edit'; schedule: ReportSchedule } | null;

type ScheduleField = 'name' | 'type' | 'scope' | 'period' | 'cadence' | 'recipients';

const scheduleTexts: ServerTexts<ScheduleField> = {
  fieldOf: (path) => {
    const part = path?.split('.')[1];
    return part === 'name' || part === 'type' || part === 'scope' || part === 'period' || part === 'cadence' || part === 'recipients' ? part : null;
  },
  keyOf: reportFileTextKey,
  fallback: 'reports.schedule_refused',
};

/** Monday 7:00 for the last week: the schedule managers ask for most. */
const FIRST: ScheduleFields = { name: '', type: 'texting', scope: 'location', period: 'last_week', cadence: { kind: 'weekly', weekday: 1, hour: 7 }, recipients: [] };

export function ScheduleDialog({ editing, location, mayChooseCompany, onClose, onSaved }: { editing: ScheduleEditing; location: LocationRef; mayChooseCompany: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  return (
    <Dialog open={editing !== null} onClose={onClose} labelledBy={`${ids}-title`}>
      {editing ? (
        <>
          <h2 id={`${ids}-title`} className="dialog__title">
            {editing.kind === 'new' ? t('reports.schedule_new_title') : t('reports.schedule_edit_title', { name: editing.schedule.name })}
          </h2>
          <ScheduleForm key={editing.kind === 'edit' ? editing.schedule.id : 'new'} editing={editing} location={location} mayChooseCompany={mayChooseCompany} onClose={onClose} onSaved={onSaved} />
        </>
      ) : null}
    </Dialog>
  );
}

function ScheduleForm({ editing, location, mayChooseCompany, onClose, onSaved }: { editing: NonNullable<ScheduleEditing>; location: LocationRef; mayChooseCompany: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('reports');
  const ids = useId();
  const locale = useStore(currentLocale);
  const before = editing.kind === 'edit' ? editing.schedule : null;
  const [fields, setFields] = useState<ScheduleFields>(before ? { name: before.name, type: before.type, scope: before.scope, period: before.period, cadence: before.cadence, recipients: before.recipients } : FIRST);
  const [typed, setTyped] = useState(before ? before.recipients.join(', ') : '');
  const form = useDialogForm<ScheduleField>('reports', scheduleTexts);
  const set = (change: Partial<ScheduleFields>) => {
    form.changed();
    setFields((current) => ({ ...current, ...change }));
  };
  const setCadence = (cadence: ScheduleCadence) => set({ cadence });

  function changeKind(kind: ScheduleCadence['kind']) {
    const hour = fields.cadence.hour;
    setCadence(kind === 'daily' ? { kind, hour } : kind === 'weekly' ? { kind, weekday: 1, hour } : { kind, day: 1, hour });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = (fields.name ?? '').trim();
    const { addresses, invalid } = readRecipients(typed);
    const found: Partial<Record<ScheduleField, string>> = {};
    if (invalid.length) found.recipients = t('reports.recipients_invalid', { addresses: invalid.join(', ') });
    else if (!addresses.length) found.recipients = 'reports.recipients_required';
    else if (addresses.length > MAX_RECIPIENTS) found.recipients = t('reports.recipients_over_limit', { max: MAX_RECIPIENTS });
    if (Object.keys(found).length) {
      form.show(found);
      return;
    }
    // Without a name of the manager's own, the schedule is called by its report and period in their words.
    const named = name || t('reports.summary', { type: t(`reports.type_${fields.type}`), period: t(`reports.schedule_period_${fields.period}`) }).slice(0, MAX_REPORT_NAME);
    const schedule: ScheduleFields = { ...fields, name: named, recipients: addresses };
    form.send(
      (key) => (before ? changeSchedule(before.id, schedule) : createSchedule(location.id, schedule, key)),
      (answer) => {
        toast.success(t('reports.schedule_saved', { name: answer.report_schedule.name }));
        onSaved();
      },
    );
  }

  const select = (field: string, label: string, value: string | number, options: readonly (string | number)[], words: (option: string | number) => string, change: (value: string) => void) => (
    <div className="field">
      <label htmlFor={`${ids}-${field}`}>{label}</label>
      <select id={`${ids}-${field}`} value={value} data-testid={`schedule-${field}`} onChange={(event) => change(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {words(option)}
          </option>
        ))}
      </select>
    </div>
  );

  const { cadence } = fields;
  const recipientsError = form.textAt('recipients');
  return (
    <form ref={form.form} className="form reports-form" noValidate onSubmit={submit} data-testid="schedule-form">
      <TextField id={`${ids}-name`} label={t('reports.name_optional')} value={fields.name ?? ''} onChange={(name) => set({ name: name.slice(0, MAX_REPORT_NAME) })} error={form.textAt('name')} autoComplete="off" testId="schedule-name" />
      <div className="reports__choice">
        {select('type', t('reports.type'), fields.type, REPORT_TYPES, (type) => t(`reports.type_${type}`), (type) => set({ type: type as ReportType }))}
        {select('period', t('reports.period'), fields.period, SCHEDULE_PERIODS, (period) => t(`reports.schedule_period_${period}`), (period) => set({ period: period as SchedulePeriod }))}
        {mayChooseCompany
          ? select('scope', t('reports.scope'), fields.scope, ['location', 'company'], (scope) => t(`reports.scope_${scope}`), (scope) => set({ scope: scope as ReportScope }))
          : null}
      </div>
      <fieldset className="reports-form__cadence">
        <legend>{t('reports.cadence')}</legend>
        <div className="reports__choice">
          {select('cadence', t('reports.cadence_kind'), cadence.kind, ['daily', 'weekly', 'monthly'], (kind) => t(`reports.cadence_${kind}`), (kind) => changeKind(kind as ScheduleCadence['kind']))}
          {cadence.kind === 'weekly'
            ? select('weekday', t('reports.cadence_weekday'), cadence.weekday, WEEKDAYS, (weekday) => weekdayName(Number(weekday), locale), (weekday) =>
                setCadence({ ...cadence, weekday: Number(weekday) as (typeof WEEKDAYS)[number] }),
              )
            : null}
          {cadence.kind === 'monthly' ? select('day', t('reports.cadence_day'), cadence.day, MONTH_DAYS, (day) => String(day), (day) => setCadence({ ...cadence, day: Number(day) })) : null}
          {select('hour', t('reports.cadence_hour'), cadence.hour, HOURS, (hour) => hourName(Number(hour), locale), (hour) => setCadence({ ...cadence, hour: Number(hour) }))}
        </div>
        <p className="field__hint">{t('reports.cadence_hint')}</p>
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-recipients`}>{t('reports.recipients')}</label>
        <textarea
          id={`${ids}-recipients`}
          rows={3}
          value={typed}
          data-testid="schedule-recipients"
          aria-invalid={recipientsError ? true : undefined}
          aria-describedby={`${ids}-recipients-hint${recipientsError ? ` ${ids}-recipients-error` : ''}`}
          onChange={(event) => {
            form.changed();
            setTyped(event.target.value);
          }}
        />
        <p className="field__hint" id={`${ids}-recipients-hint`}>
          {t('reports.recipients_hint')}
        </p>
        {recipientsError ? (
          <p className="field__error" id={`${ids}-recipients-error`} data-testid="schedule-recipients-error">
            {recipientsError}
          </p>
        ) : null}
      </div>
      <DialogFormActions
        formText={form.textAt('form')}
        closeLabel={t('reports.cancel')}
        submitLabel={[t('reports.save'), t('reports.saving')]}
        sending={form.sending}
        submitTestId="schedule-save"
        onClose={onClose}
      />
    </form>
  );
}
