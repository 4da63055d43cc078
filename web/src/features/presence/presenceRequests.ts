/**
 * The agent's presence as the console keeps it: one SWR entry for the header's picker and the away
 * banner, kept current by the agent's own channel (`presence.changed`, from their other tabs) while a
 * screen holds the event stream, and by SWR's refetch when the tab comes back into focus.
 */
import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import type { PresenceAnswer, PresenceChoice } from '../../../../shared/presence.js';
import { send } from '../../lib/api.js';
import { subscribe } from '../../lib/realtime.js';

export const PRESENCE_PATH = '/api/agents/me/presence';

export function usePresence(): PresenceAnswer | undefined {
  const { data } = useSWR<PresenceAnswer>(PRESENCE_PATH);
  useEffect(
    () =>
      subscribe('presence.changed', ({ presence }) => {
        void mutate<PresenceAnswer>(PRESENCE_PATH, (current) => (current ? { ...current, presence } : current), { revalidate: false });
      }),
    [],
  );
  return data;
}

/**
 * Writes the agent's choice. A refusal at a field (422) is the caller's to show beside the field;
 * anything else is shown the standard way.
 */
export async function choosePresence(choice: PresenceChoice): Promise<PresenceAnswer> {
  const answer = await send<PresenceAnswer>(PRESENCE_PATH, { method: 'PUT', body: { presence: choice }, expected: { statuses: [422] } });
  await mutate(PRESENCE_PATH, answer, { revalidate: false });
  return answer;
}
