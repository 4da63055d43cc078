/**
 * What the console keeps in the browser (SPEC §9 "Local storage holds ..."), under one set of names.
 * Storage can throw (private windows, full quota, blocked cookies): every access is guarded so a
 * browser that refuses storage still gets a working, if forgetful, console.
 */

export const STORED = {
  token: 'token',
  refreshToken: 'refresh_token',
  currentTeam: 'current_team',
  location: 'location',
  theme: 'theme',
  language: 'language',
  ticket: 'ticket',
  deviceId: 'device_id',
  email: 'email',
  tabId: 'tab_id',
  /** The layout chosen on this browser (web/src/lib/site.ts): kept across sign-outs, like the language. */
  layout: 'layout',
} as const;
export type StoredKey = (typeof STORED)[keyof typeof STORED];

/** Cleared at sign-out. The device id stays (it identifies the browser, not the agent), and so does the
 * language (the sign-in page after sign-out should still speak the agent's language). */
const SESSION_DATA: StoredKey[] = [
  STORED.token,
  STORED.refreshToken,
  STORED.currentTeam,
  STORED.location,
  STORED.theme,
  STORED.ticket,
  STORED.email,
];

export function readStored(key: StoredKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

export function clearLocalData(): void {
  for (const key of SESSION_DATA) writeStored(key, null);
}

/**
 * The flash message shown once on the sign-in page. It is kept in sessionStorage: it must survive the
 * sign-out that clears localStorage and the page load that follows, but not leak into other tabs.
 * The value is a locale key, so the message is shown in the language of the page that shows it.
 */
const FLASH = 'flash';

export function storeFlash(messageKey: string): void {
  try {
    sessionStorage.setItem(FLASH, messageKey);
  } catch {
    // A lost flash only loses the explanation, not the sign-out.
  }
}

/** Read without clearing: render may run twice (StrictMode), so clearing happens in an effect. */
export function peekFlash(): string | null {
  try {
    return sessionStorage.getItem(FLASH);
  } catch {
    return null;
  }
}

export function clearFlash(): void {
  try {
    sessionStorage.removeItem(FLASH);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
