/**
 * The agent's own profile as the console keeps it: the ready session's agent (the header names
 * them from it), changed by a save here or by `profile.changed` from the agent's other consoles,
 * which also switch to the language chosen, as it is kept on the agent.
 */
import type { Agent } from '../../../../shared/api.js';
import type { EventData } from '../../../../shared/events.js';
import { PROFILE_EVENTS, type ProfileEvent } from '../../../../shared/profile/events.js';
import type { OwnProfileView, ProfileChanges } from '../../../../shared/profile/schemas.js';
import { send } from '../../lib/api.js';
import { currentLocale, switchLocale } from '../../lib/i18n.js';
import { isCatchUpEvent, useStreamEvents } from '../../lib/realtime.js';
import { session } from '../../lib/session.js';

export const PROFILE_PATH = '/api/agents/me';

/** The signed-in agent as saved, in the session (and as the agent acts, unless they view as someone). */
function keep(profile: Partial<Agent> & OwnProfileView, agentId: string): void {
  const current = session.get();
  if (current.status !== 'ready' || current.agent.id !== agentId) return;
  const agent = { ...current.agent, ...profile };
  session.set({ ...current, agent, acting: current.acting.id === agentId ? { ...current.acting, ...profile } : current.acting });
}

/** The console speaks the agent's language at once, and keeps it for this browser's next visit. */
async function speak(locale: OwnProfileView['locale']): Promise<void> {
  if (locale !== currentLocale.get()) await switchLocale(locale, { remember: true });
}

/** Saves the changes; a refusal (422, its fields named) is the caller's to show beside the fields. */
export async function saveProfile(changes: ProfileChanges): Promise<Agent> {
  const { agent } = await send<{ agent: Agent }>(PROFILE_PATH, { method: 'PUT', body: { agent: changes }, expected: { statuses: [422] } });
  keep(agent, agent.id);
  await speak(agent.locale);
  return agent;
}

/**
 * A save made in another console of the agent's (`profile.changed` on their own channel): the
 * header's name and the language follow on whatever screen this console shows (the shell mounts
 * ProfileFollower), as long as a screen holds the event stream.
 */
export function followProfile(data: EventData<'profile.changed'>): void {
  keep(data.profile, data.agent_id);
  void speak(data.profile.locale).catch((error: unknown) => console.error(error));
}

/**
 * The open profile form follows those saves too (and holds the stream while it is open); `recent`
 * is false for a save from before this tab's stream connected, which the form takes without saying so.
 */
export function useLiveProfile(agentId: string, onChanged: (profile: OwnProfileView, recent: boolean) => void): void {
  useStreamEvents<ProfileEvent>(
    (event) => {
      if (event.type === 'profile.changed' && event.data.agent_id === agentId) onChanged(event.data.profile, !isCatchUpEvent());
    },
    undefined,
    PROFILE_EVENTS,
  );
}
