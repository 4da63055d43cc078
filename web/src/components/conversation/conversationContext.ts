import type { Locale } from '../../../../shared/locales.js';

/** What every part of a conversation needs to know about where and for whom it works. */
export interface ConversationContext {
  /** The acting agent (the one viewed as, when impersonating). */
  agentId: string;
  locationId: string;
  /** The location's timezone: every time in the conversation is written in it. */
  timeZone: string;
  locale: Locale;
  /** Access level 1 or more: the consent ledger. */
  manager: boolean;
  /** service_settings.safe_mode: customers who have not opted in cannot be texted. */
  safeMode: boolean;
}
