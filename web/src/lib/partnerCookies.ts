/**
 * The partner sign-in cookies (SPEC §4 "Seamless sign-in", §8): the partner account's e-mail and its
 * refresh token. They are cookies, not local storage, because the partner's own sites set and read
 * them too when the deployment shares a parent domain with the partner (sso_config.cookies.domain).
 *
 * document.cookie is enough for two names; the string building and parsing is pure and takes the
 * jar as a parameter so its rules are tested without a browser.
 */

import { PARTNER_COOKIES } from '../../../shared/partnerSignIn/contract.js';

export { PARTNER_COOKIES };

/** The partner refresh token outlives a browser restart; a token the partner no longer takes is cleared by the seamless start. */
export const PARTNER_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export interface CookieScope {
  /** The parent domain shared with the partner, or null for this host only. */
  domain: string | null;
  /** Over https the cookies are never sent in clear. */
  secure: boolean;
}

export interface PartnerCookieValues {
  email: string | null;
  refreshToken: string | null;
}

const browserJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

/** This page's scope: the configured domain, Secure when the console is served over https. */
export function pageScope(domain: string | null): CookieScope {
  return { domain, secure: typeof location !== 'undefined' && location.protocol === 'https:' };
}

/** The value of one cookie in a `document.cookie` string, decoded; null when absent or empty. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value some other site wrote without encoding it: taken as it is.
      return raw;
    }
  }
  return null;
}

/** One Set-Cookie line as document.cookie takes it; `maxAge` 0 deletes. */
export function cookieLine(name: string, value: string, scope: CookieScope, maxAge: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAge}`, 'SameSite=Lax'];
  if (scope.domain) parts.push(`Domain=${scope.domain}`);
  if (scope.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The lines that delete a cookie wherever it may have been set: host-only and under the shared
 * domain are two different cookies to the browser, and either may be left from an earlier visit.
 */
export function clearingLines(name: string, scope: CookieScope): string[] {
  const lines = [cookieLine(name, '', { domain: null, secure: scope.secure }, 0)];
  if (scope.domain) lines.push(cookieLine(name, '', scope, 0));
  return lines;
}

export function readPartnerCookies(jar: CookieJar = browserJar): PartnerCookieValues {
  const all = jar.read();
  return { email: cookieValue(all, PARTNER_COOKIES.email), refreshToken: cookieValue(all, PARTNER_COOKIES.refresh_token) };
}

/** True when a partner account signed in on this browser (the seamless start and the partner brand look at it). */
export function hasPartnerEmail(jar: CookieJar = browserJar): boolean {
  return readPartnerCookies(jar).email !== null;
}

export function writePartnerEmail(email: string, scope: CookieScope, jar: CookieJar = browserJar): void {
  jar.write(cookieLine(PARTNER_COOKIES.email, email, scope, PARTNER_COOKIE_MAX_AGE_S));
}

export function writePartnerRefreshToken(token: string, scope: CookieScope, jar: CookieJar = browserJar): void {
  jar.write(cookieLine(PARTNER_COOKIES.refresh_token, token, scope, PARTNER_COOKIE_MAX_AGE_S));
}

export function clearPartnerCookies(scope: CookieScope, jar: CookieJar = browserJar): void {
  for (const name of [PARTNER_COOKIES.email, PARTNER_COOKIES.refresh_token]) {
    for (const line of clearingLines(name, scope)) jar.write(line);
  }
}
