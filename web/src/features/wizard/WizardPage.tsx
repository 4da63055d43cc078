/**
 * The public setup wizard (SPEC §2 "/public/location/:token/wizard", §4, §5, §8): seven pages,
 * intro to thank-you, for the staff of a new store; no sign-in, the link's token is the key. The
 * pages start from the location's current settings. Next on an input page saves what changed on it
 * (SPEC §7 `PUT /api/wizard/locations/{token}`) and moves on only when the save succeeds; the last
 * input page's Submit saves, then finishes. What was saved is no longer pending, so each save
 * carries only what is new. The thank-you page downloads a PDF of the answers as saved.
 */
import { Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BUTTON_CSS_CLASSES } from '../../../../shared/guests/schemas.js';
import {
  PAGE_SECTION,
  WIZARD_LAST_PAGE,
  WIZARD_LIMITS,
  WIZARD_PAGES,
  wizardAnswers,
  wizardErrorId,
  type WizardAnswers,
  type WizardSection,
  type WizardValues,
  type WizardView,
} from '../../../../shared/wizard/schemas.js';
import { Spinner } from '../../components/Spinner.js';
import { currentLocale } from '../../lib/i18n.js';
import { ApiError } from '../../lib/request.js';
import { useStore } from '../../lib/store.js';
import { useDocumentTitle } from '../../lib/title.js';
import { finishWizard, openWizard, saveAnswers, summaryPdf } from './requests.js';
import { TagInput } from './TagInput.js';
import './wizard.css';

type Problem = { kind: 'invalid'; messages: string[] } | { kind: 'failed' };
type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; view: WizardView };
type Field<S extends WizardSection> = keyof WizardValues[S] & string;

/** The fields of the pages that share a section (the other input pages save their whole section). */
const PAGE_FIELDS: Partial<Record<(typeof WIZARD_PAGES)[number], readonly string[]>> = {
  vehicle_ready: ['vehicle_ready_message'],
  work_declined: ['work_declined_opcodes', 'work_declined_notification_after_days', 'work_declined_notification_message'],
};

/** The last input page: its button submits the wizard. */
const SUBMIT_PAGE = WIZARD_LAST_PAGE - 1;

export function WizardPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <Wizard />
    </Suspense>
  );
}

function errorsOf(body: unknown): string[] {
  const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
  return Array.isArray(errors) ? errors.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean) : [];
}

/**
 * A page's answers: its own fields of its section (another page's pending answers wait for that
 * page's Next), without the numbers left empty, which keep their current setting.
 */
function answered(section: Partial<Record<string, unknown>> | undefined, fields: readonly string[] | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(section ?? {}).filter(([field, value]) => value !== undefined && (!fields || fields.includes(field))));
}

function Wizard() {
  const { t } = useTranslation('wizard');
  const { token = '' } = useParams();
  const locale = useStore(currentLocale);
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [values, setValues] = useState<WizardValues | null>(null);
  const [pending, setPending] = useState<WizardAnswers>({});
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [page, setPage] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useDocumentTitle(t('wizard.title'));

  /**
   * The server's values on screen, with the answers still pending on other pages kept over them
   * (a save of one page must not undo what another page has that is not saved yet).
   */
  function show(view: WizardView, still: WizardAnswers = {}) {
    const merged = Object.fromEntries(
      (Object.keys(view.values) as WizardSection[]).map((of) => [of, { ...view.values[of], ...answered(still[of], undefined) }]),
    ) as unknown as WizardValues;
    setValues(merged);
    const raw = (of: WizardSection, field: string, saved: number) => {
      const kept = (still[of] as Record<string, unknown> | undefined)?.[field];
      return kept === undefined ? String(saved) : String(kept);
    };
    setNumbers({
      work_declined_notification_after_days: raw('service_settings', 'work_declined_notification_after_days', view.values.service_settings.work_declined_notification_after_days),
      remind_days_prior: raw('appointment_settings', 'remind_days_prior', view.values.appointment_settings.remind_days_prior),
      remind_days_after: raw('reminder_settings', 'remind_days_after', view.values.reminder_settings.remind_days_after),
    });
  }

  useEffect(() => {
    let live = true;
    openWizard(token).then(
      ({ wizard }) => {
        if (!live) return;
        show(wizard);
        setLoaded({ kind: 'ready', view: wizard });
        // A finished wizard opens on its thank-you page, where the summary is.
        if (wizard.finished_at) setPage(WIZARD_LAST_PAGE);
      },
      (error: unknown) => {
        if (live) setLoaded({ kind: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  // Each page's heading takes the focus when the page changes, so keyboard and screen reader users start at its top.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [page]);

  if (loaded.kind === 'loading') return <Spinner />;
  if (loaded.kind !== 'ready' || !values) {
    return (
      <main className="wizard" id="content">
        <div className="wizard__card">
          <h1 className="wizard__title">{loaded.kind === 'missing' ? t('wizard.missing_title') : t('wizard.error_title')}</h1>
          <p role="alert">{loaded.kind === 'missing' ? t('wizard.missing_text') : t('wizard.error_text')}</p>
        </div>
      </main>
    );
  }

  const name = WIZARD_PAGES[page]!;
  const section = PAGE_SECTION[name];

  function go(next: number) {
    moved.current = true;
    setProblem(null);
    setPage(next);
  }

  function answer<S extends WizardSection>(of: S, field: Field<S>, value: unknown) {
    setValues((current) => (current ? { ...current, [of]: { ...current[of], [field]: value } } : current));
    setPending((current) => ({ ...current, [of]: { ...current[of], [field]: value } }));
  }

  function answerNumber<S extends WizardSection>(of: S, field: Field<S>, raw: string) {
    setNumbers((current) => ({ ...current, [field]: raw }));
    const value = raw.trim() === '' ? undefined : Number(raw);
    setPending((current) => ({ ...current, [of]: { ...current[of], [field]: value } }));
  }

  const words = (messages: string[]) => messages.map((message) => {
    const id = wizardErrorId(message);
    return id ? t(`errors.${id}`) : message;
  });

  /** Saves this page's pending answers; true when saved (or nothing was pending). */
  async function save(): Promise<boolean> {
    if (!section) return true;
    const fields = PAGE_FIELDS[name];
    const own = answered(pending[section], fields);
    // Nothing new on this page: nothing to send.
    if (Object.keys(own).length === 0) return true;
    const body: WizardAnswers = { [section]: own };
    const checked = wizardAnswers.safeParse(body);
    if (!checked.success) {
      setProblem({ kind: 'invalid', messages: words(checked.error.issues.map((issue) => issue.message)) });
      return false;
    }
    try {
      const { wizard } = await saveAnswers(token, checked.data);
      // What was saved is no longer pending; another page's answers of the same section still are.
      const rest = Object.fromEntries(Object.entries(pending[section] ?? {}).filter(([field]) => fields !== undefined && !fields.includes(field)));
      const still: WizardAnswers = { ...pending, [section]: Object.keys(rest).length > 0 ? rest : undefined };
      setPending(still);
      show(wizard, still);
      return true;
    } catch (error) {
      const messages = error instanceof ApiError && error.status === 422 ? errorsOf(error.body) : [];
      setProblem(messages.length > 0 ? { kind: 'invalid', messages: words(messages) } : { kind: 'failed' });
      return false;
    }
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (!(await save())) return;
      if (page === SUBMIT_PAGE) {
        try {
          await finishWizard(token);
        } catch {
          setProblem({ kind: 'failed' });
          return;
        }
      }
      go(Math.min(page + 1, WIZARD_LAST_PAGE));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      const { pdf } = await summaryPdf(token, locale);
      const bytes = Uint8Array.from(atob(pdf.content_base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = pdf.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setProblem({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  }

  const text = <S extends WizardSection>(of: S, field: Field<S>, label: string, options: { multiline?: boolean; hint?: string; max?: number } = {}) => {
    const id = `${ids}-${field}`;
    const value = String(values[of][field] ?? '');
    const common = {
      id,
      value,
      maxLength: options.max,
      'aria-describedby': options.hint ? `${id}-hint` : undefined,
      'data-testid': `wizard-${field}`,
    };
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {options.multiline ? (
          <textarea {...common} rows={3} onChange={(event) => answer(of, field, event.target.value)} />
        ) : (
          <input {...common} type="text" onChange={(event) => answer(of, field, event.target.value)} />
        )}
        {options.hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {options.hint}
          </p>
        ) : null}
      </div>
    );
  };

  const number = <S extends WizardSection>(of: S, field: Field<S>, label: string, limits: { min: number; max: number }) => {
    const id = `${ids}-${field}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="wizard__number"
          type="number"
          inputMode="numeric"
          min={limits.min}
          max={limits.max}
          step={1}
          value={numbers[field] ?? ''}
          aria-describedby={`${id}-hint`}
          data-testid={`wizard-${field}`}
          onChange={(event) => answerNumber(of, field, event.target.value)}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {t('wizard.range', limits)}
        </p>
      </div>
    );
  };

  const button = values.marketing_buttons;
  const pages: Record<(typeof WIZARD_PAGES)[number], ReactNode> = {
    intro: <p>{t('pages.intro.text', { dealership: loaded.view.location_name })}</p>,
    appraisal_button: (
      <>
        <p className="wizard__lead">{t('pages.appraisal_button.text')}</p>
        {text('marketing_buttons', 'label', t('fields.label'), { max: 60 })}
        {text('marketing_buttons', 'placeholder', t('fields.placeholder'), { hint: t('fields.placeholder_hint'), max: 200 })}
        <div className="field">
          <label htmlFor={`${ids}-css`}>{t('fields.css_class')}</label>
          <select id={`${ids}-css`} data-testid="wizard-css_class" value={button.css_class} onChange={(event) => answer('marketing_buttons', 'css_class', event.target.value)}>
            {BUTTON_CSS_CLASSES.map((style) => (
              <option key={style} value={style}>
                {t(`css.${style}`)}
              </option>
            ))}
          </select>
        </div>
        {text('marketing_buttons', 'autoreply_template', t('fields.autoreply'), { multiline: true, hint: t('fields.autoreply_hint') })}
        {text('marketing_buttons', 'outro_text', t('fields.outro'), { multiline: true, max: 500 })}
        <TagInput
          label={t('fields.sms_recipients')}
          hint={t('fields.tags_hint')}
          inputMode="tel"
          testId="wizard-sms-recipients"
          tags={button.sms_notification_recipients}
          onChange={(next) => answer('marketing_buttons', 'sms_notification_recipients', next)}
        />
        {text('marketing_buttons', 'sms_notification_template', t('fields.sms_template'), { multiline: true })}
        <TagInput
          label={t('fields.email_recipients')}
          hint={t('fields.tags_hint')}
          inputMode="email"
          testId="wizard-email-recipients"
          tags={button.email_notification_recipients}
          onChange={(next) => answer('marketing_buttons', 'email_notification_recipients', next)}
        />
        {text('marketing_buttons', 'email_notification_template', t('fields.email_template'), { multiline: true })}
      </>
    ),
    vehicle_ready: (
      <>
        <p className="wizard__lead">{t('pages.vehicle_ready.text')}</p>
        {text('service_settings', 'vehicle_ready_message', t('fields.vehicle_ready_message'), { multiline: true })}
      </>
    ),
    work_declined: (
      <>
        <p className="wizard__lead">{t('pages.work_declined.text')}</p>
        <TagInput
          label={t('fields.opcodes')}
          hint={t('fields.tags_hint')}
          testId="wizard-opcodes"
          tags={values.service_settings.work_declined_opcodes}
          onChange={(next) => answer('service_settings', 'work_declined_opcodes', next)}
        />
        {number('service_settings', 'work_declined_notification_after_days', t('fields.work_declined_days'), WIZARD_LIMITS.work_declined_days)}
        {text('service_settings', 'work_declined_notification_message', t('fields.message'), { multiline: true })}
      </>
    ),
    appointment_reminders: (
      <>
        <p className="wizard__lead">{t('pages.appointment_reminders.text')}</p>
        {number('appointment_settings', 'remind_days_prior', t('fields.remind_days_prior'), WIZARD_LIMITS.remind_days_prior)}
        {text('appointment_settings', 'reminder_template', t('fields.message'), { multiline: true })}
      </>
    ),
    service_reminders: (
      <>
        <p className="wizard__lead">{t('pages.service_reminders.text')}</p>
        {number('reminder_settings', 'remind_days_after', t('fields.remind_months_after'), WIZARD_LIMITS.remind_months_after)}
        {text('reminder_settings', 'reminder_template', t('fields.message'), { multiline: true })}
      </>
    ),
    thank_you: (
      <>
        <p>{t('pages.thank_you.text', { dealership: loaded.view.location_name })}</p>
        <button type="button" className="button button--primary" data-testid="wizard-pdf" disabled={busy} aria-busy={busy || undefined} onClick={() => void download()}>
          {t('wizard.download_pdf')}
        </button>
      </>
    ),
  };

  return (
    <main className="wizard" id="content">
      <form className="wizard__card" noValidate onSubmit={(event) => void next(event)} aria-labelledby={`${ids}-heading`} data-testid={`wizard-page-${name}`}>
        <header className="wizard__header">
          <p className="wizard__brand">
            {loaded.view.location_name} · {t('wizard.title')}
          </p>
          {page > 0 ? (
            <p className="wizard__counter" data-testid="wizard-counter">
              {t('wizard.counter', { n: page, total: WIZARD_LAST_PAGE })}
            </p>
          ) : null}
        </header>
        <h1 className="wizard__title" id={`${ids}-heading`} ref={heading} tabIndex={-1}>
          {t(`pages.${name}.title`)}
        </h1>
        {problem ? (
          <div className="notice notice--error" role="alert" data-testid="wizard-problem">
            {problem.kind === 'invalid' ? (
              <>
                <p className="wizard__problem-title">{t('wizard.fix_errors')}</p>
                <ul>
                  {problem.messages.map((message, index) => (
                    <li key={index}>{message}</li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <p className="wizard__problem-title">{t('wizard.error_title')}</p>
                <p>{t('wizard.error_text')}</p>
              </>
            )}
          </div>
        ) : null}
        <div className="wizard__fields">{pages[name]}</div>
        <div className="wizard__actions">
          {page > 0 ? (
            <button type="button" className="button" data-testid="wizard-back" onClick={() => go(page - 1)} disabled={busy}>
              {t('wizard.back')}
            </button>
          ) : null}
          {page < WIZARD_LAST_PAGE ? (
            <button type="submit" className="button button--primary" data-testid="wizard-next" disabled={busy} aria-busy={busy || undefined}>
              {page === 0 ? t('wizard.start') : page === SUBMIT_PAGE ? t('wizard.submit') : t('wizard.next')}
            </button>
          ) : null}
        </div>
      </form>
    </main>
  );
}
