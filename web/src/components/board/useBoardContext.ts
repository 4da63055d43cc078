import { useMemo } from 'react';
import { accessLevel } from '../../../../shared/access.js';
import { currentLocale } from '../../lib/i18n.js';
import { useReadySession } from '../../lib/session.js';
import { useStore } from '../../lib/store.js';
import type { ConversationContext } from '../conversation/conversationContext.js';

/** Where and for whom a board works, as its conversation and details need it (access level 1 or more: a manager). */
export function useBoardContext(): ConversationContext {
  const { acting, location, settings } = useReadySession();
  const locale = useStore(currentLocale);
  return useMemo<ConversationContext>(
    () => ({
      agentId: acting.id,
      locationId: location.id,
      timeZone: location.timezone,
      locale,
      manager: accessLevel(acting.access_level) >= 1,
      safeMode: settings.service_settings?.safe_mode === true,
    }),
    [acting.id, acting.access_level, location.id, location.timezone, locale, settings.service_settings],
  );
}
