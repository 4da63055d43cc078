/**
 * The gatekeeper tab of settings (SPEC §2, §3 "Gatekeeper settings"; issue 22): for each of the
 * twelve kinds of automatic text, which customers may receive it (the target), its words where the
 * rule's text is what the customer reads (the welcome and the prewelcome; the other kinds are worded
 * in their own features' settings), and the store's internal notes; with the welcome and prewelcome
 * switches and timing, which live in the service and appointments groups. A table on a wide screen,
 * one card per kind on a phone (gatekeeper.css). Saved through /gatekeeper_settings and the generic
 * route; a save on another console arrives as `settings_updated` and is read again here.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import type { StreamEvent } from '../../../../shared/events.js';
import { GATEKEEPER_MESSAGE_TYPES, settingsSchemas, type SettingsOf } from '../../../../shared/schemas/settings.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { useStreamEvents } from '../../lib/realtime.js';
import { asErrorBody, serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { useReadySession } from '../../lib/session.js';
import './gatekeeper.css';

type Gatekeeper = SettingsOf<'gatekeeper_settings'>;
type MessageType = (typeof GATEKEEPER_MESSAGE_TYPES)[number];
type Target = Gatekeeper[MessageType]['target'];
type Timing = {
  welcome_enabled: boolean;
  welcome_frequency_days: number;
  prewelcome_enabled: boolean;
  prewelcome_hours_before: number;
};

const TARGETS: readonly Target[] = ['ro_with_opcode', 'opted_in', 'opted_in_and_no_status', 'green_only'];
/**
 * The kinds whose customer-facing words are the rule's text when the store writes one: the welcome and
 * the prewelcome (else the catalogue's wording), vehicle ready and the CSI survey (else their own
 * settings' wording). The others' words are not the rule's, so the tab offers no field for them.
 */
const WORDED_HERE: ReadonlySet<MessageType> = new Set(['service_welcome', 'prewelcome', 'vehicle_ready', 'csi']);
/** Of those, the ones whose words fall back to the catalogue's (shown as the placeholder). */
const CATALOGUE_WORDED: ReadonlySet<MessageType> = new Set(['service_welcome', 'prewelcome']);
/** Hours before the visit the prewelcome may go (the schema allows 1 to 72). */
export const PREWELCOME_HOURS: readonly number[] = [1, 2, 3, 4, 6, 12, 24, 48, 72];
/** The prewelcome's placeholders, shown as written. */
const VISIT = { date: '{{date}}', time: '{{time}}' };

const enc = encodeURIComponent;
export const gatekeeperPath = (locationId: string) => `/gatekeeper_settings?location_id=${enc(locationId)}`;
const groupPath = (locationId: string, key: 'service_settings' | 'appointments_settings') => `/api/locations/${enc(locationId)}/${key}`;
const LIVE_KEYS = new Set(['gatekeeper_settings', 'service_settings', 'appointments_settings']);

export function GatekeeperTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('settings');
  const paths = { gatekeeper: gatekeeperPath(locationId), service: groupPath(locationId, 'service_settings'), appointments: groupPath(locationId, 'appointments_settings') };
  const gatekeeper = useSWR<{ gatekeeper_settings: Gatekeeper }>(paths.gatekeeper, { revalidateOnFocus: false });
  const service = useSWR<{ service_settings: SettingsOf<'service_settings'> }>(paths.service, { revalidateOnFocus: false });
  const appointments = useSWR<{ appointments_settings: SettingsOf<'appointments_settings'> }>(paths.appointments, { revalidateOnFocus: false });

  // Another console saved one of these groups: read it again (the form starts over from what was saved).
  useStreamEvents((event: StreamEvent) => {
    if (event.type !== 'settings_updated' || event.data.location_id !== locationId || !LIVE_KEYS.has(event.data.key)) return;
    if (event.data.key === 'gatekeeper_settings') void gatekeeper.mutate();
    if (event.data.key === 'service_settings') void service.mutate();
    if (event.data.key === 'appointments_settings') void appointments.mutate();
  }, () => {
    // Back from a lost connection: a save made meanwhile was not heard.
    void gatekeeper.mutate();
    void service.mutate();
    void appointments.mutate();
  });

  const loaded = gatekeeper.data && service.data && appointments.data;
  const failed = gatekeeper.error || service.error || appointments.error;
  const timing: Timing | null = loaded
    ? {
        welcome_enabled: service.data!.service_settings.welcome_enabled,
        welcome_frequency_days: service.data!.service_settings.welcome_frequency_days,
        prewelcome_enabled: appointments.data!.appointments_settings.prewelcome_enabled,
        prewelcome_hours_before: appointments.data!.appointments_settings.prewelcome_hours_before,
      }
    : null;
  return (
    <div className="gatekeeper" data-testid="settings-gatekeeper">
      <h2 className="settings__heading">{t('gatekeeper.title')}</h2>
      <p className="settings__muted">{t('gatekeeper.intro')}</p>
      {loaded && timing ? (
        <GatekeeperForm key={JSON.stringify([gatekeeper.data, timing])} locationId={locationId} paths={paths} initial={gatekeeper.data!.gatekeeper_settings} initialTiming={timing} />
      ) : (
        <p className="settings__muted">{failed ? t('settings.load_failed') : t('common.loading')}</p>
      )}
    </div>
  );
}

/** Field errors by the server's path ("gatekeeper_settings.csi.text"), and what is not a field's. */
function fieldErrors(body: unknown): { byPath: Record<string, string>; other: string } {
  const byPath: Record<string, string> = {};
  const other: string[] = [];
  for (const error of asErrorBody(body).errors ?? []) {
    if (error.path) byPath[error.path] = error.message;
    else other.push(error.message);
  }
  return { byPath, other: other.join('\n') || (Object.keys(byPath).length ? '' : serverMessage(body)) };
}

interface FormProps {
  locationId: string;
  paths: { gatekeeper: string; service: string; appointments: string };
  initial: Gatekeeper;
  initialTiming: Timing;
}

function GatekeeperForm({ paths, initial, initialTiming }: FormProps) {
  const { t } = useTranslation('settings');
  const { location } = useReadySession();
  const ids = useId();
  const [rules, setRules] = useState<Gatekeeper>(initial);
  const [timing, setTiming] = useState<Timing>(initialTiming);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rulesDirty = JSON.stringify(rules) !== JSON.stringify(initial);
  const welcomeDirty = timing.welcome_enabled !== initialTiming.welcome_enabled || timing.welcome_frequency_days !== initialTiming.welcome_frequency_days;
  const prewelcomeDirty = timing.prewelcome_enabled !== initialTiming.prewelcome_enabled || timing.prewelcome_hours_before !== initialTiming.prewelcome_hours_before;
  const dirty = rulesDirty || welcomeDirty || prewelcomeDirty;

  const setRule = (type: MessageType, field: 'target' | 'text' | 'notes', value: string) => {
    setProblem(null);
    setErrors((current) => ({ ...current, [`gatekeeper_settings.${type}.${field}`]: '' }));
    setRules((current) => ({ ...current, [type]: { ...current[type], [field]: value } }));
  };
  const setTime = <K extends keyof Timing>(key: K, value: Timing[K]) => {
    setProblem(null);
    setErrors((current) => ({ ...current, [key]: '' }));
    setTiming((current) => ({ ...current, [key]: value }));
  };
  const hours = PREWELCOME_HOURS.includes(timing.prewelcome_hours_before) ? PREWELCOME_HOURS : [...PREWELCOME_HOURS, timing.prewelcome_hours_before].sort((a, b) => a - b);

  async function post<T>(path: string, key: string, values: unknown): Promise<T> {
    const answer = await api.request<Record<string, T>>(path, { method: 'POST', body: { [key]: values }, expected: { statuses: [400, 403, 422] } });
    const saved = answer[key];
    if (saved === undefined) throw new Error(`The answer has no ${key}`);
    return saved;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schemas: the form refuses what the server would, next to the field.
    const frequency = settingsSchemas.service_settings.shape.welcome_frequency_days.safeParse(timing.welcome_frequency_days);
    if (!frequency.success) {
      setErrors((current) => ({ ...current, welcome_frequency_days: t('gatekeeper.frequency_invalid') }));
      return;
    }
    setBusy(true);
    try {
      // Each group the form changed, one after the other: a refusal names its field and stops there.
      if (rulesDirty) await mutate(paths.gatekeeper, { gatekeeper_settings: await post<Gatekeeper>(paths.gatekeeper, 'gatekeeper_settings', rules) }, { revalidate: false });
      if (welcomeDirty) {
        const saved = await post<SettingsOf<'service_settings'>>(paths.service, 'service_settings', { welcome_enabled: timing.welcome_enabled, welcome_frequency_days: timing.welcome_frequency_days });
        await mutate(paths.service, { service_settings: saved }, { revalidate: false });
      }
      if (prewelcomeDirty) {
        const saved = await post<SettingsOf<'appointments_settings'>>(paths.appointments, 'appointments_settings', {
          prewelcome_enabled: timing.prewelcome_enabled,
          prewelcome_hours_before: timing.prewelcome_hours_before,
        });
        await mutate(paths.appointments, { appointments_settings: saved }, { revalidate: false });
      }
      toast.success(t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') {
        const found = fieldErrors(error.body);
        // The service and appointments groups name their fields "service_settings.welcome_frequency_days": the form's key is the field's name.
        const byField = Object.fromEntries(Object.entries(found.byPath).map(([path, message]) => [path.startsWith('gatekeeper_settings.') ? path : (path.split('.').pop() ?? path), message]));
        setErrors(byField);
        setProblem(found.other || t('settings.invalid_values'));
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (path: string) => errors[path] || '';
  const describe = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ') || undefined;
  const problemId = `${ids}-problem`;
  return (
    <form className="form gatekeeper__form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined}>
      <section className="settings__card" aria-labelledby={`${ids}-rules`}>
        <h3 id={`${ids}-rules`} className="settings__card-title">
          {t('gatekeeper.rules_title')}
        </h3>
        <table className="gatekeeper__table">
          <thead>
            <tr>
              <th scope="col">{t('gatekeeper.type_header')}</th>
              <th scope="col">{t('gatekeeper.target_header')}</th>
              <th scope="col">{t('gatekeeper.text_header')}</th>
              <th scope="col">{t('gatekeeper.notes_header')}</th>
            </tr>
          </thead>
          <tbody>
            {GATEKEEPER_MESSAGE_TYPES.map((type) => {
              const name = t(`gatekeeper.type_${type}`);
              const rule = rules[type];
              const field = (part: 'target' | 'text' | 'notes') => `gatekeeper_settings.${type}.${part}`;
              const errorId = (part: string) => `${ids}-${type}-${part}-error`;
              return (
                <tr key={type} className="gatekeeper__row" data-testid="gatekeeper-rule" data-type={type}>
                  <th scope="row" className="gatekeeper__type" id={`${ids}-${type}`}>
                    {name}
                  </th>
                  <td data-label={t('gatekeeper.target_header')}>
                    <select
                      aria-label={t('gatekeeper.target_label', { type: name })}
                      data-testid="gatekeeper-target"
                      value={rule.target}
                      aria-invalid={errorOf(field('target')) ? true : undefined}
                      aria-describedby={describe(!!errorOf(field('target')) && errorId('target'))}
                      onChange={(event) => setRule(type, 'target', event.target.value)}
                    >
                      {TARGETS.map((target) => (
                        <option key={target} value={target}>
                          {t(`gatekeeper.target_${target}`)}
                        </option>
                      ))}
                    </select>
                    <FieldError id={errorId('target')} message={errorOf(field('target'))} />
                  </td>
                  <td data-label={t('gatekeeper.text_header')}>
                    {WORDED_HERE.has(type) ? (
                      <>
                        <textarea
                          className="settings__textarea gatekeeper__text"
                          aria-label={t('gatekeeper.text_label', { type: name })}
                          data-testid="gatekeeper-text"
                          rows={3}
                          maxLength={1600}
                          placeholder={
                            type === 'prewelcome'
                              ? t('gatekeeper.default_prewelcome', { dealership: location.name, ...VISIT })
                              : type === 'service_welcome'
                                ? t('gatekeeper.default_service_welcome', { dealership: location.name })
                                : undefined
                          }
                          value={rule.text}
                          aria-invalid={errorOf(field('text')) ? true : undefined}
                          aria-describedby={describe(`${ids}-${type}-text-hint`, !!errorOf(field('text')) && errorId('text'))}
                          onChange={(event) => setRule(type, 'text', event.target.value)}
                        />
                        <p className="field__hint" id={`${ids}-${type}-text-hint`}>
                          {type === 'prewelcome'
                            ? t('gatekeeper.prewelcome_text_hint', VISIT)
                            : CATALOGUE_WORDED.has(type)
                              ? t('gatekeeper.text_hint')
                              : t('gatekeeper.text_hint_own_settings')}
                        </p>
                        <FieldError id={errorId('text')} message={errorOf(field('text'))} />
                      </>
                    ) : (
                      <p className="settings__muted">{t('gatekeeper.text_elsewhere')}</p>
                    )}
                  </td>
                  <td data-label={t('gatekeeper.notes_header')}>
                    <textarea
                      className="settings__textarea gatekeeper__notes"
                      aria-label={t('gatekeeper.notes_label', { type: name })}
                      data-testid="gatekeeper-notes"
                      rows={2}
                      maxLength={1600}
                      value={rule.notes}
                      aria-invalid={errorOf(field('notes')) ? true : undefined}
                      aria-describedby={describe(!!errorOf(field('notes')) && errorId('notes'))}
                      onChange={(event) => setRule(type, 'notes', event.target.value)}
                    />
                    <FieldError id={errorId('notes')} message={errorOf(field('notes'))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section className="settings__card" aria-labelledby={`${ids}-timing`}>
        <h3 id={`${ids}-timing`} className="settings__card-title">
          {t('gatekeeper.timing_title')}
        </h3>
        <div className="settings__pair">
          <div className="gatekeeper__timing">
            <label className="check">
              <input type="checkbox" data-testid="gatekeeper-welcome-enabled" checked={timing.welcome_enabled} onChange={(event) => setTime('welcome_enabled', event.target.checked)} />
              {t('gatekeeper.welcome_enabled')}
            </label>
            <div className="field">
              <label htmlFor={`${ids}-frequency`}>{t('gatekeeper.welcome_frequency')}</label>
              <input
                id={`${ids}-frequency`}
                type="number"
                className="settings__number"
                data-testid="gatekeeper-welcome-frequency"
                min={1}
                max={365}
                step={1}
                required
                aria-invalid={errorOf('welcome_frequency_days') ? true : undefined}
                aria-describedby={describe(`${ids}-frequency-hint`, !!errorOf('welcome_frequency_days') && `${ids}-frequency-error`)}
                value={Number.isNaN(timing.welcome_frequency_days) ? '' : timing.welcome_frequency_days}
                onChange={(event) => setTime('welcome_frequency_days', event.target.valueAsNumber)}
              />
              <p className="field__hint" id={`${ids}-frequency-hint`}>
                {t('gatekeeper.welcome_frequency_hint')}
              </p>
              <FieldError id={`${ids}-frequency-error`} message={errorOf('welcome_frequency_days')} />
            </div>
          </div>
          <div className="gatekeeper__timing">
            <label className="check">
              <input type="checkbox" data-testid="gatekeeper-prewelcome-enabled" checked={timing.prewelcome_enabled} onChange={(event) => setTime('prewelcome_enabled', event.target.checked)} />
              {t('gatekeeper.prewelcome_enabled')}
            </label>
            <div className="field">
              <label htmlFor={`${ids}-hours`}>{t('gatekeeper.prewelcome_hours')}</label>
              <select
                id={`${ids}-hours`}
                data-testid="gatekeeper-prewelcome-hours"
                value={timing.prewelcome_hours_before}
                aria-invalid={errorOf('prewelcome_hours_before') ? true : undefined}
                aria-describedby={describe(!!errorOf('prewelcome_hours_before') && `${ids}-hours-error`)}
                onChange={(event) => setTime('prewelcome_hours_before', Number(event.target.value))}
              >
                {hours.map((count) => (
                  <option key={count} value={count}>
                    {t('gatekeeper.hours_before', { count })}
                  </option>
                ))}
              </select>
              <FieldError id={`${ids}-hours-error`} message={errorOf('prewelcome_hours_before')} />
            </div>
          </div>
        </div>
      </section>

      {problem ? (
        <p className="notice notice--error" role="alert" id={problemId} data-testid="gatekeeper-problem">
          {problem}
        </p>
      ) : null}
      <div className="settings__actions">
        <button type="submit" className="button button--primary" data-testid="gatekeeper-save" disabled={busy || !dirty} aria-busy={busy || undefined}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id} data-testid="gatekeeper-field-error">
      {message}
    </p>
  );
}
