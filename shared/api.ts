/** Shapes of the API's answers (SPEC §7), as the console reads them. */
import type { AccessFlags, TechnicianSettings } from './access.js';
import type { Locale } from './locales.js';
import type { PresenceMode } from './presence.js';

export interface Paging {
  total: number;
  current_offset: number;
  per_page: number;
}
export interface PagedMeta {
  meta: { paging: Paging };
}

export interface ErrorBody {
  error?: { id: string; message: string; [extra: string]: unknown };
  errors?: { message: string; path?: string }[];
  message?: string;
}

export type Theme = 'default' | 'dark' | 'partner' | 'cao';

export interface LocationRef {
  id: string;
  name: string;
  timezone: string;
  theme: Theme;
  whitelabel: boolean;
}

export interface Location extends LocationRef {
  company_id: string;
  locale: Locale;
  address: string;
  phone: string;
  ip_allowlist: string[];
  /** Teams an agent can switch between on the boards; the choice is kept in the browser. */
  teams: string[];
  created_at: string;
}

export interface Agent {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  access_level: AccessFlags;
  level: 0 | 1 | 2;
  company: { id: string; name: string };
  location: LocationRef;
  team: string | null;
  /** From activity: online while active, away while active after choosing away, offline once quiet (the presence sweep). */
  online_status: 'online' | 'away' | 'offline';
  /** The agent's own choice (shared/presence.ts): activity never changes it. */
  presence: PresenceMode;
  email_notifications_enabled: boolean;
  sms_notifications_enabled: boolean;
  /** Where SMS notifications go (E.164), or null while the agent has given none. */
  sms_notifications_phone: string | null;
  /** The phone an advisor's "call customer" rings first (E.164), or null (then their SMS notifications number). */
  call_phone: string | null;
  technician_settings: TechnicianSettings;
  active: boolean;
  locale: Locale;
}

export interface Colleague {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  level: 0 | 1 | 2;
  /** Board permissions, e.g. who can be assigned a repair order (service). */
  access_level: AccessFlags;
  active: boolean;
  location_id: string;
  online_status: Agent['online_status'];
  presence: PresenceMode;
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

export interface MeResponse {
  agent: Agent;
  impersonated_agent: Agent | null;
}

export interface Release {
  app: { version: string; forced: boolean; released_at: string };
}
