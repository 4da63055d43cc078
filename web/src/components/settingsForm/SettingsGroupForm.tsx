/**
 * One form for every settings tab (SettingsTabDeclaration): loads its sources, shows the stored
 * values (defaults included), checks a change with the server's schema before sending, sends only
 * the fields that changed, and shows a refusal beside the field it names. A save made on another
 * console reaches this one through the stream: the values reload, and edits not yet saved are kept
 * with a notice that the stored values changed.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR from 'swr';
import type { StreamEvent } from '../../../../shared/events.js';
import { reportFailure } from '../../lib/failures.js';
import { useStoreCountry } from '../customers/CustomerPick.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { ApiError } from '../../lib/request.js';
import { errorId, serverMessage } from '../../lib/request-errors.js';
import { reloadSettingsGroup } from '../../lib/session.js';
import { SettingsFieldInput, fieldProblem } from './SettingsFieldInput.js';
import { changesOf, fieldOfError, fieldPath, type SettingsField, type SettingsTabDeclaration } from './settingsFields.js';
import type { SettingsValues } from './settingsSources.js';
import './settings-form.css';

type BySource = Record<string, SettingsValues>;

/** `children`: what the tab shows above its form (the developer tab's addresses). */
export function SettingsGroupForm({ tab, locationId, children }: { tab: SettingsTabDeclaration; locationId: string; children?: ReactNode }) {
  const { t } = useTranslation(tab.namespace);
  const swrKey = ['settings-form', locationId, ...tab.sources.map((s) => s.key)];
  const { data, error, mutate } = useSWR<BySource>(
    swrKey,
    async () => Object.fromEntries(await Promise.all(tab.sources.map(async (source) => [source.key, await source.load(locationId)] as const))),
    { revalidateOnFocus: false },
  );

  useStreamEvents((event: StreamEvent) => {
    const changed = tab.sources.filter((source) => source.heard(event, locationId));
    if (!changed.length) return;
    void mutate();
    // The boards' copy of the rules (safe mode, quiet hours…) follows too.
    for (const source of changed) if (source.sessionGroup) void reloadSettingsGroup(locationId, source.sessionGroup).catch(() => undefined);
  }, () => void mutate());

  return (
    <div className="settings-form" data-testid={`settings-${tab.name}`}>
      <h2 className="settings__heading">{t(tab.title)}</h2>
      {tab.hint ? <p className="settings__muted">{t(tab.hint)}</p> : null}
      {children}
      {data ? (
        <SettingsFormBody tab={tab} locationId={locationId} stored={data} saved={(next) => void mutate(next, { revalidate: false })} />
      ) : (
        <p className="settings__muted" role={error ? 'alert' : 'status'}>
          {error ? t('settings_form.load_failed') : t('settings_form.loading')}
        </p>
      )}
    </div>
  );
}

function SettingsFormBody({ tab, locationId, stored, saved }: { tab: SettingsTabDeclaration; locationId: string; stored: BySource; saved: (next: BySource) => void }) {
  const { t } = useTranslation(tab.namespace);
  const ids = useId();
  const country = useStoreCountry(locationId);
  const fields = tab.sections.flatMap((section) => section.fields);
  const [edits, setEdits] = useState<BySource>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What was stored when the first unsaved edit was made: a change after that came from elsewhere.
  const baseline = useRef<string | null>(null);

  const changes = Object.fromEntries(tab.sources.map((source) => [source.key, changesOf(source.key, edits, stored)]));
  const dirty = Object.values(changes).some((c) => Object.keys(c).length > 0);
  if (!dirty) baseline.current = null;
  const storedChanged = dirty && baseline.current !== null && baseline.current !== JSON.stringify(stored);

  function valueOf(field: SettingsField): unknown {
    const top = field.field in (edits[field.source] ?? {}) ? edits[field.source]![field.field] : stored[field.source]?.[field.field];
    return field.sub ? (top as SettingsValues | undefined)?.[field.sub] : top;
  }

  function change(field: SettingsField, value: unknown) {
    if (!dirty) baseline.current = JSON.stringify(stored);
    setProblems(({ [fieldPath(field)]: _gone, ...rest }) => rest);
    setFormProblem(null);
    setEdits((current) => {
      const own = current[field.source] ?? {};
      const top = field.field in own ? own[field.field] : stored[field.source]?.[field.field];
      const next = field.sub ? { ...(top as SettingsValues), [field.sub]: value } : value;
      return { ...current, [field.source]: { ...own, [field.field]: next } };
    });
  }

  /** A refusal's words beside its field: the form's own translation where the field's kind says what went wrong. */
  function place(errors: { message: string; path?: string }[]): Record<string, string> {
    const placed: Record<string, string> = {};
    const loose: string[] = [];
    for (const problem of errors) {
      const field = problem.path ? fieldOfError(fields, problem.path) : null;
      if (!field) loose.push(problem.message);
      else placed[fieldPath(field)] ??= fieldProblem(field, valueOf(field), country, t) ?? problem.message;
    }
    if (loose.length) setFormProblem(loose.join('\n'));
    return placed;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || busy) return;
    // Checked here as the server will: every field's own rule, then the group's schema.
    const found: Record<string, string> = {};
    for (const field of fields) {
      if (!(field.field in (edits[field.source] ?? {}))) continue;
      const problem = fieldProblem(field, valueOf(field), country, t);
      if (problem) found[fieldPath(field)] = problem;
    }
    const checked: BySource = {};
    for (const source of tab.sources) {
      const own = changes[source.key]!;
      if (!Object.keys(own).length) continue;
      const result = source.check(own);
      if (result.ok) checked[source.key] = result.changes;
      else Object.assign(found, { ...place(result.errors), ...found });
    }
    if (Object.keys(found).length) {
      setProblems(found);
      return;
    }
    setBusy(true);
    const next: BySource = { ...stored };
    try {
      for (const source of tab.sources) {
        const own = checked[source.key];
        if (!own) continue;
        next[source.key] = await source.save(locationId, own);
        setEdits(({ [source.key]: _done, ...rest }) => rest);
      }
      setProblems({});
      toast.success(t('settings_form.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') refused(error);
      else reportFailure(error);
    } finally {
      saved(next);
      setBusy(false);
    }
  }

  function refused(error: ApiError) {
    const body = error.body as { errors?: { message: string; path?: string }[] } | null;
    if (error.status === 409 && errorId(body) === 'texting_number_taken') {
      // The server does not say which number: every number this save claims is a candidate.
      const claimed = fields.filter((field) => field.field === 'texting_numbers' && JSON.stringify(valueOf(field)) !== JSON.stringify((stored[field.source]?.texting_numbers as SettingsValues | undefined)?.[field.sub ?? '']));
      setProblems(Object.fromEntries(claimed.map((field) => [fieldPath(field), t('settings_form.error_number_taken')])));
      if (!claimed.length) setFormProblem(t('settings_form.error_number_taken'));
      return;
    }
    if (error.status === 403) {
      setFormProblem(t('settings_form.error_forbidden'));
      return;
    }
    const listed = Array.isArray(body?.errors) ? body.errors : [];
    if (listed.length) setProblems(place(listed));
    else setFormProblem(serverMessage(body) || t('settings_form.invalid_values'));
  }

  const problemCount = Object.keys(problems).length;
  return (
    <form className="form settings__form settings-form__form" noValidate onSubmit={(event) => void submit(event)}>
      {storedChanged ? (
        <p className="notice notice--info" role="status" data-testid={`settings-${tab.name}-stored-changed`}>
          {t('settings_form.stored_changed')}
        </p>
      ) : null}
      {tab.sections.map((section, index) => (
        <fieldset key={section.legend} className="settings-form__section settings__card">
          <legend className="settings-form__legend">{t(section.legend)}</legend>
          {section.hint ? (
            <p className="field__hint" id={`${ids}-section-${index}`}>
              {t(section.hint)}
            </p>
          ) : null}
          {section.fields.map((field) => (
            <SettingsFieldInput
              key={fieldPath(field)}
              id={`${ids}-${fieldPath(field).replace(/\./g, '-')}`}
              field={field}
              value={valueOf(field)}
              problem={problems[fieldPath(field)] ?? null}
              country={country}
              t={t}
              onChange={(value) => change(field, value)}
            />
          ))}
        </fieldset>
      ))}
      {formProblem ? (
        <p className="notice notice--error" role="alert" data-testid={`settings-${tab.name}-problem`}>
          {formProblem}
        </p>
      ) : problemCount ? (
        <p className="notice notice--error" role="alert">
          {t('settings_form.invalid_values')}
        </p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" data-testid={`settings-${tab.name}-save`} disabled={busy || !dirty} aria-busy={busy || undefined}>
          {t('settings_form.save')}
        </button>
      </div>
    </form>
  );
}
