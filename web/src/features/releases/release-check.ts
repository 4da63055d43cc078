/** Whether the running console is the released one (SPEC §8 "New version", §9 release check). */
import type { Release } from '../../../../shared/api.js';

/** SPEC §9: the release is asked for every 1,800,000 ms (and when the browser comes back online). */
export const RELEASE_CHECK_MS = 1_800_000;

export type ReleaseVerdict = 'current' | 'notice' | 'reload';

/**
 * A forced release reloads at once, but only once per version: if the reload still runs another
 * version (a cache in between, a deploy half done), the notice stays instead of reloading forever.
 */
export function releaseVerdict(running: string, release: Release['app'] | undefined, reloadedFor: string | null): ReleaseVerdict {
  if (!release?.version || release.version === running) return 'current';
  if (release.forced && reloadedFor !== release.version) return 'reload';
  return 'notice';
}
