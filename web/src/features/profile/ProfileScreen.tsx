import { useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { pickerLocales, type Locale } from '../../../../shared/locales.js';
import { profileChanges, type OwnProfileView, type ProfileChanges, type ProfileField } from '../../../../shared/profile/schemas.js';
import { useStoreCountry } from '../../components/customers/CustomerPick.js';
import { TextField } from '../../components/TextField.js';
import { LANGUAGE_NAMES } from '../../lib/i18n.js';
import { phoneProblem } from '../../lib/personForm.js';
import { formatPhone } from '../../lib/phone.js';
import { ApiError } from '../../lib/request.js';
import { asErrorBody } from '../../lib/request-errors.js';
import { useReadySession } from '../../lib/session.js';
import { ChangePasswordDialog } from '../../components/ChangePasswordDialog.js';
import { saveProfile, useLiveProfile } from './profileRequests.js';
import { problemKey } from './profileWords.js';
import './profile.css';

const WITH_DEBUG = import.meta.env.DEV || import.meta.env.VITE_DEBUG_LANGUAGE === 'true';
const LANGUAGES = pickerLocales(WITH_DEBUG);

interface Draft {
  first_name: string;
  last_name: string;
  email_notifications_enabled: boolean;
  sms_notifications_enabled: boolean;
  sms_notifications_phone: string;
  call_phone: string;
  locale: Locale;
}

const draftOf = (profile: OwnProfileView): Draft => ({
  ...profile,
  sms_notifications_phone: profile.sms_notifications_phone ? formatPhone(profile.sms_notifications_phone) : '',
  call_phone: profile.call_phone ? formatPhone(profile.call_phone) : '',
});

type Problems = Partial<Record<ProfileField, string>>;

const VIEW_FIELDS = ['first_name', 'last_name', 'email_notifications_enabled', 'sms_notifications_enabled', 'sms_notifications_phone', 'call_phone', 'locale'] as const;
const sameProfile = (a: OwnProfileView, b: OwnProfileView) => VIEW_FIELDS.every((field) => a[field] === b[field]);
/** A `profile.changed` heard on the agent's channel; `recent`: since this tab's stream connected. */
interface Heard {
  profile: OwnProfileView;
  recent: boolean;
}

export interface ProfileScreenProps {
  /** The presence feature's control (away, auto-reply, routing), composed in app/. */
  Presence: ComponentType;
}

/**
 * My profile (issue 22; SPEC §2 "my profile", §3 Agent): the agent's own name, e-mail and SMS
 * notifications and the number SMS notifications go to, the phone "call customer" rings first
 * (issue 25), the console's language (applied at once
 * and kept on the agent, so another browser opens in it), their presence and auto-reply (the
 * presence feature's own control), and changing their password. A save made in another console of
 * theirs shows here as it lands.
 */
export function ProfileScreen({ Presence }: ProfileScreenProps) {
  const { t } = useTranslation('profile');
  const { agent } = useReadySession();
  const [changingPassword, setChangingPassword] = useState(false);
  const country = useStoreCountry(agent.location.id);
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(agent));
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<'saved' | 'changed_elsewhere' | null>(null);

  // This console's own save comes back on the stream too, before or after its answer: that echo is
  // not "another window", and must not undo what the agent typed since. What is heard while a save
  // is in flight waits for its answer, which says which of it is older (see `submit`).
  const heardWhileSaving = useRef<Heard[] | null>(null);
  const ownEcho = useRef<OwnProfileView | null>(null);

  function follow({ profile, recent }: Heard) {
    setDraft(draftOf(profile));
    setProblems({});
    setResult(recent ? 'changed_elsewhere' : null);
  }

  useLiveProfile(agent.id, (profile, recent) => {
    if (heardWhileSaving.current) heardWhileSaving.current.push({ profile, recent });
    else if (ownEcho.current && sameProfile(profile, ownEcho.current)) ownEcho.current = null;
    else follow({ profile, recent });
  });

  function change<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setResult(null);
  }

  /** The same rules as the server's, so a slip shows at once, in the agent's language. */
  function check(): { changes: ProfileChanges | null; found: Problems } {
    const found: Problems = {};
    const parsed = profileChanges.safeParse({ ...draft, sms_notifications_phone: draft.sms_notifications_phone.trim() || null, call_phone: draft.call_phone.trim() || null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ProfileField | undefined;
        if (field && !found[field]) found[field] = t(problemKey(issue.message));
      }
    }
    const phone = draft.sms_notifications_phone.trim();
    if (phone || draft.sms_notifications_enabled) {
      const problem = phoneProblem(phone, country);
      if (problem) found.sms_notifications_phone = t(`errors.phone_${problem}`);
    }
    // No phone for calls is fine: "call customer" rings the SMS notification number then.
    const callPhone = draft.call_phone.trim();
    if (callPhone) {
      const problem = phoneProblem(callPhone, country);
      if (problem) found.call_phone = t(`errors.phone_${problem}`);
    }
    return { changes: parsed.success && Object.keys(found).length === 0 ? parsed.data : null, found };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { changes, found } = check();
    if (!changes) {
      setProblems(found);
      return;
    }
    setBusy(true);
    const heard: Heard[] = [];
    heardWhileSaving.current = heard;
    try {
      const saved = await saveProfile(changes);
      // The channel keeps the order of saves: what came before this save's echo is older than its
      // answer, what came after is newer. With no echo yet, all of it is older, and the echo is to come.
      const echo = heard.findLastIndex((event) => sameProfile(event.profile, saved));
      ownEcho.current = echo < 0 ? saved : null;
      setDraft(draftOf(saved));
      setProblems({});
      setResult('saved');
      toast.success(t('saved', { lng: saved.locale === 'debug' ? undefined : saved.locale }));
      const newer = echo >= 0 && echo < heard.length - 1 ? heard.at(-1) : undefined;
      if (newer) follow(newer);
    } catch (error) {
      // Nothing of this console's was saved: what was heard is another window's.
      const last = heard.at(-1);
      if (last) follow(last);
      if (error instanceof ApiError && error.status === 422) {
        const placed: Problems = {};
        for (const problem of asErrorBody(error.body).errors ?? []) {
          const field = (problem.path ?? '').replace(/^agent\./, '') as ProfileField;
          placed[field] ??= t(problemKey(problem.message), { defaultValue: problem.message });
        }
        setProblems(placed);
      }
    } finally {
      setBusy(false);
      heardWhileSaving.current = null;
    }
  }

  const fieldId = (name: string) => `${ids}-${name}`;
  const smsProblem = problems.sms_notifications_phone ?? null;
  const callProblem = problems.call_phone ?? null;
  const problemCount = Object.keys(problems).length;
  return (
    <section className="profile" aria-labelledby={fieldId('title')} data-testid="profile">
      <h1 className="profile__title" id={fieldId('title')}>
        {t('title')}
      </h1>
      <p className="profile__muted">{t('intro', { email: agent.email, store: agent.location.name })}</p>

      <form className="form profile__card" noValidate onSubmit={(event) => void submit(event)} data-testid="profile-form">
        <fieldset className="profile__section">
          <legend className="profile__legend">{t('name_legend')}</legend>
          <div className="profile__pair">
            <TextField id={fieldId('first')} label={t('first_name')} value={draft.first_name} autoComplete="given-name" error={problems.first_name ?? null} testId="profile-first-name" onChange={(value) => change('first_name', value)} />
            <TextField id={fieldId('last')} label={t('last_name')} value={draft.last_name} autoComplete="family-name" error={problems.last_name ?? null} testId="profile-last-name" onChange={(value) => change('last_name', value)} />
          </div>
        </fieldset>

        <fieldset className="profile__section">
          <legend className="profile__legend">{t('language_legend')}</legend>
          <div className="field">
            <label htmlFor={fieldId('locale')}>{t('language')}</label>
            <select
              id={fieldId('locale')}
              value={draft.locale}
              aria-describedby={`${fieldId('locale')}-hint${problems.locale ? ` ${fieldId('locale')}-error` : ''}`}
              aria-invalid={problems.locale ? true : undefined}
              data-testid="profile-language"
              onChange={(event) => change('locale', event.target.value as Locale)}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code === 'debug' ? undefined : code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
            <p className="field__hint" id={`${fieldId('locale')}-hint`}>
              {t('language_hint')}
            </p>
            {problems.locale ? (
              <p className="field__error" id={`${fieldId('locale')}-error`}>
                {problems.locale}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="profile__section">
          <legend className="profile__legend">{t('notifications_legend')}</legend>
          <p className="field__hint">{t('notifications_hint')}</p>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.email_notifications_enabled}
              data-testid="profile-email-notifications"
              onChange={(event) => change('email_notifications_enabled', event.target.checked)}
            />
            {t('email_notifications', { email: agent.email })}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.sms_notifications_enabled}
              data-testid="profile-sms-notifications"
              onChange={(event) => {
                change('sms_notifications_enabled', event.target.checked);
                setProblems(({ sms_notifications_phone: _gone, ...rest }) => rest);
              }}
            />
            {t('sms_notifications')}
          </label>
          <div className="field">
            <label htmlFor={fieldId('sms')}>{t('sms_phone')}</label>
            <input
              id={fieldId('sms')}
              type="tel"
              autoComplete="tel"
              value={draft.sms_notifications_phone}
              aria-invalid={smsProblem ? true : undefined}
              aria-describedby={`${fieldId('sms')}-hint${smsProblem ? ` ${fieldId('sms')}-error` : ''}`}
              data-testid="profile-sms-phone"
              onChange={(event) => change('sms_notifications_phone', event.target.value)}
            />
            <p className="field__hint" id={`${fieldId('sms')}-hint`}>
              {t('sms_phone_hint')}
            </p>
            {smsProblem ? (
              <p className="field__error" id={`${fieldId('sms')}-error`} data-testid="profile-sms-phone-error">
                {smsProblem}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="profile__section">
          <legend className="profile__legend">{t('calls_legend')}</legend>
          <div className="field">
            <label htmlFor={fieldId('call')}>{t('call_phone')}</label>
            <input
              id={fieldId('call')}
              type="tel"
              autoComplete="tel"
              value={draft.call_phone}
              aria-invalid={callProblem ? true : undefined}
              aria-describedby={`${fieldId('call')}-hint${callProblem ? ` ${fieldId('call')}-error` : ''}`}
              data-testid="profile-call-phone"
              onChange={(event) => change('call_phone', event.target.value)}
            />
            <p className="field__hint" id={`${fieldId('call')}-hint`}>
              {t('call_phone_hint')}
            </p>
            {callProblem ? (
              <p className="field__error" id={`${fieldId('call')}-error`} data-testid="profile-call-phone-error">
                {callProblem}
              </p>
            ) : null}
          </div>
        </fieldset>

        <div className="profile__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="profile-save">
            {busy ? t('saving') : t('save')}
          </button>
          <p className="profile__result" role="status" data-testid="profile-result">
            {problemCount ? t('fix_fields', { count: problemCount }) : result ? t(result) : ''}
          </p>
        </div>
      </form>

      <section className="profile__card profile__section" aria-labelledby={fieldId('presence')}>
        <h2 className="profile__legend" id={fieldId('presence')}>
          {t('presence_legend')}
        </h2>
        <p className="field__hint">{t('presence_hint')}</p>
        <Presence />
      </section>

      <section className="profile__card profile__section" aria-labelledby={fieldId('password')}>
        <h2 className="profile__legend" id={fieldId('password')}>
          {t('password_legend')}
        </h2>
        <p className="field__hint">{t('password_hint')}</p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setChangingPassword(true)} data-testid="profile-change-password">
          {t('password_change')}
        </button>
        <ChangePasswordDialog agent={changingPassword ? agent : null} own onClose={() => setChangingPassword(false)} />
      </section>
    </section>
  );
}
