/**
 * The two addresses of the console (SPEC §2): /app/ for computers and tablets, /m/ for phones. Both
 * serve the same build; /m/ is where a phone is sent after sign-in, and whoever prefers the desktop
 * layout on a phone can say so once (kept in this browser) and is not sent there again.
 */
import { isMobile } from 'is-mobile';
import { STORED, readStored, writeStored } from './storage.js';

/** The phone site's base path. */
export const PHONE_SITE = '/m/';

export type Layout = 'phone' | 'desktop';

/** Whether this page was opened under /m/. */
export function onPhoneSite(pathname = window.location.pathname): boolean {
  return pathname === '/m' || pathname.startsWith(PHONE_SITE);
}

/** The base path the router and full-page links use on this page: /m/ or /app/. */
export function siteBase(pathname = window.location.pathname): string {
  return onPhoneSite(pathname) ? PHONE_SITE : import.meta.env.BASE_URL;
}

/**
 * A phone, by its browser's own words (tablets are not: the console fits them as it is). A
 * well-kept detector (`is-mobile`) knows the user-agent words of phones better than a regex of ours.
 */
export function isPhoneDevice(userAgent = navigator.userAgent): boolean {
  return isMobile({ ua: userAgent, tablet: false });
}

/** The layout this browser's person chose, if they chose one. */
export function chosenLayout(): Layout | null {
  const stored = readStored(STORED.layout);
  return stored === 'phone' || stored === 'desktop' ? stored : null;
}

/**
 * Where a page of /app/ should go instead, or null to stay: a phone goes to the same screen on /m/
 * unless its person chose the desktop layout.
 */
export function phoneSiteAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>, userAgent = navigator.userAgent): string | null {
  if (onPhoneSite(location.pathname) || !isPhoneDevice(userAgent) || chosenLayout() === 'desktop') return null;
  const screen = location.pathname.replace(/^\/app\/?/, '');
  // Signing in is done by then: the phone lands on its board, not on a second sign-in page.
  if (SIGN_IN_PAGES.some((page) => screen === page || screen.startsWith(`${page}/`))) return PHONE_SITE;
  return `${PHONE_SITE}${screen}${location.search}${location.hash}`;
}

/** The pages that start a session (router.tsx): after them the console opens at its start. */
const SIGN_IN_PAGES = ['sign_in', 'password_reset', 'magicLogin', 'login', 'logout', 'tray_app'];

/** The same screen in the other layout: `/m/appointments?x` ⇄ `/app/appointments?x`. */
export function addressInLayout(layout: Layout, location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const screen = location.pathname.replace(/^\/(app|m)(\/|$)/, '');
  return `${layout === 'phone' ? PHONE_SITE : import.meta.env.BASE_URL}${screen}${location.search}${location.hash}`;
}

/** Remembers the choice and opens the current screen in that layout. */
export function switchLayout(layout: Layout): void {
  // A phone on the phone site is where it would be sent anyway: nothing to remember.
  if (layout === 'phone' && isPhoneDevice()) writeStored(STORED.layout, null);
  else writeStored(STORED.layout, layout);
  window.location.assign(addressInLayout(layout, window.location));
}
