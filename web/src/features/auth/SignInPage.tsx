import { useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginJwtBody } from '../../../../shared/schemas/auth.js';
import { api } from '../../lib/api.js';
import { switchLocale } from '../../lib/i18n.js';
import {
  PartnerError,
  connectUrlOf,
  partnerProblem,
  partnerTokensForm,
  passwordGrant,
  rememberPartnerSignIn,
  ssoConfig,
  type SsoConfig,
} from '../../lib/partner.js';
import { hasPartnerEmail } from '../../lib/partnerCookies.js';
import { ApiError } from '../../lib/request.js';
import { ensureStarted, session, sessionRedirect, signedIn } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import { STORED, clearFlash, peekFlash, readStored } from '../../lib/storage.js';
import { tokensFrom, type ReceivedTokens } from '../../lib/tokens.js';
import { AuthFrame } from './AuthFrame.js';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.js';
import { signInProblem, type SignInProblem } from './sign-in-errors.js';

/** The public tray app page: the help page needs a session, and whoever follows this link has none. */
const TRAY_APP_PAGE = '/tray_app';

/** /sign_in (SPEC §2): probe the address, sign in with the password (or through the partner, SPEC §7), land on the agent's board. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId();
  const [email, setEmail] = useState(() => readStored(STORED.email) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [flash] = useState(peekFlash);
  // The partner's brand: asked for by the partner's link (?partner=), remembered by the partner
  // cookie, or learnt from the probe. It shows only when the deployment has that partner.
  const [partnerWanted, setPartnerWanted] = useState(() => params.get('partner') !== null || hasPartnerEmail());
  const [partner, setPartner] = useState<SsoConfig | null>(null);
  const asked = params.get('partner');

  useEffect(() => clearFlash(), []);

  // The partner's link in a browser that has the partner's cookies: the app start's seamless
  // sign-in (SPEC §4) instead of a second password. Only on the partner's link: a plain sign-in
  // page stays usable for someone else on a shared computer whatever the cookies say. The start
  // runs once per page load (ensureStarted), so a failure cannot bounce between here and '/'.
  const started = useStore(session);
  const redirect = useStore(sessionRedirect);
  useEffect(() => {
    if (asked !== null && hasPartnerEmail()) ensureStarted();
  }, [asked]);
  useEffect(() => {
    if (started.status === 'ready') navigate('/', { replace: true });
  }, [started.status, navigate]);
  useEffect(() => {
    if (!redirect) return;
    sessionRedirect.set(null);
    // '/' is where a failed start sends the signed-out: this page.
    if (redirect !== '/') navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  const starting = started.status === 'loading';

  useEffect(() => {
    if (!partnerWanted) return;
    let live = true;
    ssoConfig()
      .then((config) => {
        // A link for another partner than this deployment's keeps the console's own look.
        if (live && config && (asked === null || asked === config.provider)) setPartner(config);
      })
      .catch((error: unknown) => {
        // Without the settings the page keeps the console's look; signing in still works.
        console.warn(error);
      });
    return () => {
      live = false;
    };
  }, [partnerWanted, asked]);

  useEffect(() => {
    const lang = params.get('lang');
    if (!lang) return;
    switchLocale(lang, { remember: true }).catch((error: unknown) => {
      // An unknown ?lang= keeps the page as it is; the address was wrong, not the agent.
      console.warn(error);
    });
  }, [params]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginJwtBody.safeParse({ agent: { email, password, remember_me: remember } });
    if (!parsed.success) {
      setProblem({ kind: 'text', key: 'sign_in.provide_credentials' });
      return;
    }
    const agent = parsed.data.agent;
    setProblem(null);
    setBusy(true);
    try {
      const probe = await api.request<unknown>('/agent_sessions/login_probe', { method: 'POST', body: { agent: { email: agent.email } }, auth: false });
      let tokens: ReceivedTokens | null;
      if (probeSaysSso(probe)) {
        setPartnerWanted(true);
        const config = await ssoConfig();
        if (!config) {
          setProblem({ kind: 'text', key: 'sign_in.sso_not_configured' });
          return;
        }
        setPartner(config);
        const signed = await signInThroughPartner(config, agent.email, agent.password);
        if (signed === 'redirected') return;
        if ('problem' in signed) {
          setProblem(signed.problem);
          return;
        }
        tokens = signed.tokens;
      } else {
        tokens = tokensFrom(await api.request<unknown>('/agent_sessions/login_jwt', { method: 'POST', body: { agent }, auth: false }));
      }
      if (!tokens) throw new Error('Sign-in answer without tokens');
      await signedIn(tokens, agent.email);
      if (session.get().status !== 'ready') throw new Error('Signed in, but the agent could not be loaded');
      navigate('/', { replace: true });
    } catch (error) {
      setProblem(signInProblem(error));
    } finally {
      setBusy(false);
    }
  }

  // The partner manages its agents' passwords: "forgot" leads to the partner's site, not to our reset mail.
  const forgot = partner ? () => window.location.assign(partner.connect_url) : () => setForgotOpen(true);
  const errorId = `${ids}-error`;
  const flagged = problem?.kind === 'text' && problem.key === 'sign_in.provide_credentials';
  return (
    <AuthFrame title={partner ? t('sign_in.partner_title', { partner: partner.name }) : t('sign_in.title')} partner={partner?.name ?? null}>
      {flash ? (
        <p className="notice notice--info" role="status">
          {t(flash)}
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? errorId : undefined}>
        {problem ? (
          <div className="notice notice--error" role="alert" id={errorId} data-error={problemId(problem)}>
            <ProblemText problem={problem} onForgot={forgot} />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${ids}-email`}>{t('sign_in.email')}</label>
          <input
            id={`${ids}-email`}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            aria-invalid={flagged && !email.trim() ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-password`}>{t('sign_in.password')}</label>
          <input
            id={`${ids}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={flagged && !password ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="form__row">
          <label className="check">
            <input type="checkbox" name="remember_me" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            {t('sign_in.remember_me')}
          </label>
          <button type="button" className="link-button" onClick={forgot}>
            {t('sign_in.forgot_password')}
          </button>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy || starting} aria-busy={busy || starting}>
          {busy || starting ? t('sign_in.submitting') : t('sign_in.submit')}
        </button>
      </form>
      <p className="auth__footer">
        <Link to={TRAY_APP_PAGE} data-testid="tray-app-link">
          {t('sign_in.tray_app')}
        </Link>
      </p>
      {/* Once the reset mail is on its way, what the form asked for before (credentials, a wrong password) is past. */}
      <ForgotPasswordDialog open={forgotOpen} initialEmail={email} onClose={() => setForgotOpen(false)} onSent={() => setProblem(null)} />
    </AuthFrame>
  );
}

type PartnerSignIn = { tokens: ReceivedTokens | null } | { problem: SignInProblem } | 'redirected';

/**
 * SPEC §7: the password grant at the partner, its answer to login_sso (as a form), then the partner
 * cookies for the next app start. An agent the partner has not given the console's role is sent to
 * the partner's connect site (SPEC §6).
 */
async function signInThroughPartner(config: SsoConfig, email: string, password: string): Promise<PartnerSignIn> {
  let grant;
  try {
    grant = await passwordGrant(config, email, password);
  } catch (error) {
    if (error instanceof PartnerError) return { problem: partnerProblem(error, config.name) };
    throw error;
  }
  try {
    const body = await api.request<unknown>('/agent_sessions/login_sso', { method: 'POST', body: partnerTokensForm(grant), auth: false });
    rememberPartnerSignIn(config, email, grant.refresh_token);
    return { tokens: tokensFrom(body) };
  } catch (error) {
    if (error instanceof ApiError && error.id === 'sso_insufficient_roles') {
      const target = connectUrlOf(error.body, config);
      if (target) {
        window.location.assign(target);
        return 'redirected';
      }
    }
    throw error;
  }
}

/** login_probe answers 'sso' or 'password', as plain text or as a JSON string. */
function probeSaysSso(answer: unknown): boolean {
  return typeof answer === 'string' && answer.trim().replace(/^"|"$/g, '') === 'sso';
}

function problemId(problem: SignInProblem): string {
  if (problem.kind === 'text') return problem.key.replace(/^.*\./, '');
  return problem.kind;
}

function ProblemText({ problem, onForgot }: { problem: SignInProblem; onForgot: () => void }) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case 'wrong_credentials':
      return (
        <Trans
          i18nKey="sign_in.wrong_credentials"
          components={{ forgot: <button type="button" className="link-button link-button--inline" onClick={onForgot} /> }}
        />
      );
    case 'old_tray_app':
      return <Trans i18nKey="sign_in.old_tray_app" components={{ download: <Link to={TRAY_APP_PAGE} /> }} />;
    case 'text':
      return <>{t(problem.key, problem.values)}</>;
    case 'raw':
      return <span className="preserve-lines">{problem.message}</span>;
  }
}
