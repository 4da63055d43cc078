/**
 * The signed-in agent and where they work (SPEC §4 "App start"): refresh the session, load the agent,
 * pick the location (admins choose among all), load the location's settings for the agent's boards,
 * then the console is ready. Also sign-out and the focus check that notices another sign-in.
 */
import { mutate } from 'swr';
import { actsAsImpersonated, settingsToLoad, type SettingsKey } from '../../../shared/access.js';
import type { Agent, Location, LocationRef, MeResponse, SessionTokens, Theme } from '../../../shared/api.js';
import { isLocale } from '../../../shared/locales.js';
import { PARTNER_PROVIDER } from '../../../shared/partnerSignIn/contract.js';
import { api } from './api.js';
import { reportFailure } from './failures.js';
import { currentLocale, hasChosenLocale, switchLocale } from './i18n.js';
import { fetchAllPages } from './paging.js';
import { endPartnerSession, forgetPartner, keepPartnerRefreshToken, seamlessErrorPath, seamlessFailure, wantsSeamless } from './partner.js';
import { readPartnerCookies } from './partnerCookies.js';
import { ApiError } from './request.js';
import { retry } from './retry.js';
import { phoneSiteAddress, siteBase } from './site.js';
import { STORED, clearLocalData, readStored, writeStored } from './storage.js';
import { createStore, useStore } from './store.js';
import { chooseTeam } from './team.js';
import { accessToken, clearAccessToken, storeTokens, tokenClaims, tokensFrom } from './tokens.js';

export type LocationSettings = Partial<Record<SettingsKey, Record<string, unknown>>>;

export interface ReadySession {
  status: 'ready';
  /** Who signed in. */
  agent: Agent;
  /** Who they are viewing as, if anyone. */
  impersonated: Agent | null;
  /** Whose permissions apply (SPEC §6 impersonation rule). */
  acting: Agent;
  /** Every location of the company for admins; the agent's own otherwise. */
  locations: LocationRef[];
  location: LocationRef;
  settings: LocationSettings;
}

export type SessionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'signed_out' }
  /** Signed in, but the server cannot be reached: keep the tokens and try again when back online. */
  | { status: 'unreachable' }
  | ReadySession;

export const session = createStore<SessionState>({ status: 'idle' });

/**
 * Where the app start sends the browser instead of the page it opened (a failed seamless sign-in,
 * SPEC §8): SessionGate navigates there and clears it. A store of its own, not a session state, as
 * the bootstrap may go on (to ready or signed_out) before React renders the redirect.
 */
export const sessionRedirect = createStore<string | null>(null);

export const LOCATIONS_PAGE = 20;
export const FOCUS_CHECK_DELAY_MS = 500;

let generation = 0;

/** Starts the bootstrap once; later calls while it runs or after it finished do nothing. */
export function ensureStarted(): void {
  if (session.get().status === 'idle') void bootstrap(false);
}

/** After sign-in, password reset or a magic link: the tokens are new, so no refresh first. */
export async function signedIn(tokens: SessionTokens, email: string): Promise<void> {
  storeTokens(tokens);
  writeStored(STORED.email, email);
  // Someone else signed in on this browser: the partner cookies of the one before would sign
  // them back in at the next start (SPEC §4), so they go.
  const partnerEmail = readPartnerCookies().email;
  if (partnerEmail && partnerEmail.toLowerCase() !== email.toLowerCase()) await forgetPartner();
  return bootstrap(true);
}

let signingOut: Promise<void> | null = null;

/** Ends the session on the server (failure ignored), clears the browser, starts over. Once, however often asked. */
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    // A partner session (SPEC §7): the partner's refresh token is revoked too, or the next app start
    // would sign the agent in again seamlessly.
    if (tokenClaims(accessToken())?.login_provider === PARTNER_PROVIDER) await endPartnerSession();
    if (accessToken()) {
      try {
        await api.request('/agent_sessions/logout_jwt', { method: 'DELETE' });
      } catch {
        // The server session may already be gone; signing out locally is what matters.
      }
    }
    clearLocalData();
    // A full page load drops every cached answer of the agent who signed out.
    window.location.replace(siteBase());
  })();
  return signingOut;
}

export function actingAgent(me: MeResponse): Agent {
  const { agent, impersonated_agent: other } = me;
  return other && actsAsImpersonated(agent.access_level, other.access_level) ? other : agent;
}

function forget(): void {
  clearAccessToken();
  writeStored(STORED.refreshToken, null);
  chooseTeam(null);
}

/** Network trouble is worth a few more tries; an answer from the server is final. */
function persistent<T>(operation: () => Promise<T>): Promise<T> {
  return retry(operation, { shouldRetry: (error) => error instanceof ApiError && error.action.kind === 'offline' });
}

async function bootstrap(fresh: boolean): Promise<void> {
  const run = ++generation;
  if (!fresh) {
    const seamless = await seamlessStart(run);
    if (run !== generation || seamless === 'left') return;
    // New tokens from the partner: no refresh needed before loading the agent.
    if (seamless === 'signed_in') fresh = true;
  }
  if (!accessToken()) {
    session.set({ status: 'signed_out' });
    return;
  }
  session.set({ status: 'loading' });
  let me: MeResponse;
  try {
    if (!fresh && !(await persistent(() => api.refreshSession()))) throw new Error('session ended');
    me = await persistent(() => api.request<MeResponse>('/api/agents/me'));
  } catch (error) {
    if (run !== generation) return;
    if (error instanceof ApiError && error.action.kind === 'offline') {
      session.set({ status: 'unreachable' });
      return;
    }
    forget();
    session.set({ status: 'signed_out' });
    return;
  }
  if (run !== generation) return;
  // SPEC §4: a phone is sent to the phone site once the session is known to be good.
  const phoneSite = phoneSiteAddress(window.location);
  if (phoneSite) {
    window.location.replace(phoneSite);
    return;
  }
  if (!hasChosenLocale() && isLocale(me.agent.locale) && me.agent.locale !== currentLocale.get()) {
    await switchLocale(me.agent.locale);
  }
  await settle(me, run);
}

/**
 * SPEC §4 "Seamless sign-in": with the partner's e-mail cookie and no token of that agent, trade the
 * partner refresh token for a session of ours. Failures route as SPEC §8 says; 'left' means the
 * browser is on its way to the seamless error page.
 */
async function seamlessStart(run: number): Promise<'skipped' | 'signed_in' | 'failed' | 'left'> {
  const cookies = readPartnerCookies();
  const tokenEmail = tokenClaims(accessToken())?.agent_email ?? null;
  if (!wantsSeamless(cookies.email, tokenEmail)) return 'skipped';
  session.set({ status: 'loading' });
  try {
    const body = await persistent(() =>
      api.request<unknown>('/agent_sessions/seamless', { method: 'POST', body: { email: cookies.email, refresh_token: cookies.refreshToken ?? '' }, auth: false }),
    );
    const tokens = tokensFrom(body);
    if (!tokens) throw new Error('Seamless answer without tokens');
    if (run !== generation) return 'failed';
    // Another agent's choices (their team) do not carry over to the partner's agent.
    if (tokenEmail) chooseTeam(null);
    storeTokens(tokens);
    writeStored(STORED.email, cookies.email);
    if (tokens.partner_refresh_token) await keepPartnerRefreshToken(tokens.partner_refresh_token);
    return 'signed_in';
  } catch (error) {
    if (run !== generation) return 'failed';
    const failure = seamlessFailure(error);
    if (failure.kind === 'error_page') {
      sessionRedirect.set(seamlessErrorPath(failure.status));
      // A later visit to a signed-in screen starts over (and tries again).
      session.set({ status: 'idle' });
      return 'left';
    }
    if (failure.kind === 'forget_partner') await forgetPartner();
    sessionRedirect.set('/');
    // Without any token the agent is signed out (SPEC §4 "goes to /logout"): the browser's data is
    // cleared as /logout would, without its page load, which would try the same seamless start again.
    if (!accessToken()) clearLocalData();
    return 'failed';
  }
}

/** Location, team and settings for this agent (or the one they view as); then ready. */
async function settle(me: MeResponse, run: number): Promise<void> {
  const acting = actingAgent(me);
  const flags = acting.access_level;
  let locations: LocationRef[] = [acting.location];
  if (flags.admin) {
    try {
      const all = await fetchAllPages<'locations', Location>((path) => api.request(path), '/api/locations', 'locations', LOCATIONS_PAGE);
      if (all.length) locations = all;
    } catch (error) {
      reportFailure(error);
    }
  }
  if (run !== generation) return;
  const stored = readStored(STORED.location);
  const location = locations.find((l) => l.id === stored) ?? locations[0] ?? acting.location;
  writeStored(STORED.location, location.id);
  // Managers and admins see every team; a team left over from an earlier choice would hide work.
  if (flags.admin || flags.manager) chooseTeam(null);
  applyTheme(location.theme);
  const settings = await loadSettings(location.id, acting);
  if (run !== generation) return;
  session.set({ status: 'ready', agent: me.agent, impersonated: me.impersonated_agent, acting, locations, location, settings });
}

async function loadSettings(locationId: string, acting: Agent): Promise<LocationSettings> {
  const keys = settingsToLoad(acting.access_level);
  const loaded = await Promise.all(
    keys.map(async (key) => {
      try {
        const body = await api.request<Partial<Record<SettingsKey, Record<string, unknown>>>>(
          `/api/locations/${encodeURIComponent(locationId)}/${key}`,
        );
        return [key, body[key] ?? {}] as const;
      } catch (error) {
        // A board whose settings did not load still opens; the agent is told something failed.
        reportFailure(error);
        return null;
      }
    }),
  );
  return Object.fromEntries(loaded.filter((entry) => entry !== null));
}

/**
 * A settings group of the current location was saved elsewhere (a manager switched safe mode):
 * read it again if this agent's boards use it, so the rules in the browser match the server's.
 */
export async function reloadSettingsGroup(locationId: string, key: string): Promise<void> {
  const current = session.get();
  if (current.status !== 'ready' || current.location.id !== locationId) return;
  const wanted = settingsToLoad(current.acting.access_level).find((k) => k === key);
  if (!wanted) return;
  const run = generation;
  const body = await api.request<Partial<Record<SettingsKey, Record<string, unknown>>>>(`/api/locations/${encodeURIComponent(locationId)}/${wanted}`);
  const latest = session.get();
  if (run !== generation || latest.status !== 'ready' || latest.location.id !== locationId) return;
  session.set({ ...latest, settings: { ...latest.settings, [wanted]: body[wanted] ?? {} } });
}

/** An admin picks another location: its settings load and every list asks again. */
export async function chooseLocation(locationId: string): Promise<void> {
  const current = session.get();
  if (current.status !== 'ready' || current.location.id === locationId) return;
  const location = current.locations.find((l) => l.id === locationId);
  if (!location) return;
  const run = ++generation;
  writeStored(STORED.location, location.id);
  applyTheme(location.theme);
  const settings = await loadSettings(location.id, current.acting);
  if (run !== generation) return;
  session.set({ ...current, location, settings });
  await revalidateEverything();
}

/** After the impersonation picker changed who the agent views as. */
export async function viewAs(me: MeResponse): Promise<void> {
  const run = ++generation;
  await settle(me, run);
  await revalidateEverything();
}

export function revalidateEverything(): Promise<unknown> {
  return mutate(() => true);
}

export function applyTheme(theme: Theme | null): void {
  const value = theme ?? 'default';
  document.documentElement.dataset.theme = value;
  writeStored(STORED.theme, value);
}

/** The theme remembered from the last visit, so the sign-in page already wears it. */
export function storedTheme(): Theme {
  const value = readStored(STORED.theme);
  return value === 'dark' || value === 'partner' || value === 'cao' ? value : 'default';
}

let focusTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * On window focus (after a short delay, SPEC §4) the stored token is compared with the agent on
 * screen: another tab may have signed in as someone else, or signed out. Then the console re-syncs.
 */
export function watchAccountOnFocus(): void {
  window.addEventListener('focus', () => {
    clearTimeout(focusTimer);
    focusTimer = setTimeout(checkAccount, FOCUS_CHECK_DELAY_MS);
  });
}

function checkAccount(): void {
  const current = session.get();
  if (current.status !== 'ready') return;
  const tokenEmail = tokenClaims(accessToken())?.agent_email ?? null;
  if (tokenEmail?.toLowerCase() === current.agent.email.toLowerCase()) return;
  clearAccessToken();
  void bootstrap(false);
}

/** Try the bootstrap again (the server was unreachable and the network is back). */
export function resync(): void {
  if (session.get().status === 'unreachable') void bootstrap(false);
}

/** The session of a screen behind the gate (app/SessionGate renders those only when ready). */
export function useReadySession(): ReadySession {
  const current = useStore(session);
  if (current.status !== 'ready') throw new Error('useReadySession outside a ready session');
  return current;
}
