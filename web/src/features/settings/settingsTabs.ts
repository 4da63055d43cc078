/**
 * The settings screen's tabs (SPEC §2 "Settings tabs"), in the spec's order. The address picks one
 * with ?tab=: a number indexes this list from 0 (so /app/settings?tab=5, the card provider's return
 * address, opens "pay online"), a name names it.
 */
export const SETTINGS_TABS = [
  'account',
  'business_information',
  'service',
  'csi',
  'landing_pages',
  'pay_online',
  'appointments',
  'employee',
  'developer',
  'inventory',
  'voice_calls',
  'templates',
  'tech',
  'gatekeeper_settings',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'account';

/** Shorter names people type or link: "gatekeeper", "business", "payonline", "voice". */
const ALIASES: Record<string, SettingsTab> = {
  gatekeeper: 'gatekeeper_settings',
  business: 'business_information',
  business_info: 'business_information',
  payonline: 'pay_online',
  payments: 'pay_online',
  landing: 'landing_pages',
  voice: 'voice_calls',
  calls: 'voice_calls',
  mpi: 'tech',
  vhc: 'tech',
};

/** The tab ?tab= asks for; anything unknown (or nothing) opens the first tab. */
export function settingsTabOf(param: string | null): SettingsTab {
  const raw = (param ?? '').trim().toLowerCase();
  if (!raw) return DEFAULT_SETTINGS_TAB;
  if (/^\d+$/.test(raw)) return SETTINGS_TABS[Number(raw)] ?? DEFAULT_SETTINGS_TAB;
  const name = raw.replace(/[\s-]+/g, '_');
  if ((SETTINGS_TABS as readonly string[]).includes(name)) return name as SettingsTab;
  return ALIASES[name] ?? DEFAULT_SETTINGS_TAB;
}

/** The tab next to this one for arrow keys in the tab list (wrapping, as WAI-ARIA tabs do). */
export function neighbourTab(tab: SettingsTab, by: -1 | 1): SettingsTab {
  const index = SETTINGS_TABS.indexOf(tab);
  return SETTINGS_TABS[(index + by + SETTINGS_TABS.length) % SETTINGS_TABS.length]!;
}
