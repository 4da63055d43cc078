/**
 * Which screen the page shows, from where the visit's load is and whether the words of the
 * page's language are at hand. Kept apart from the component so the rules can be tested alone.
 */
import type { FailureState } from './api.js';

export type LoadState = 'loading' | 'ready' | FailureState;

export type Screen =
  | { kind: 'skeleton' }
  /** No words of any language could be loaded: only a language-free retry button can be offered. */
  | { kind: 'bare-retry' }
  | { kind: 'notice'; state: FailureState; message: 'link_expired' | 'link_not_found' | 'load_failed' }
  | { kind: 'visit' };

export interface ScreenInputs {
  load: LoadState;
  /** The words loaded: none yet, another language's (the page's own are on their way), or the page's own. */
  words: 'none' | 'other' | 'page';
  /** The last load of the page's words failed. */
  wordsFailed: boolean;
  /** The visit was on screen before: a language switch keeps it there, in the old words, until the new ones arrive. */
  shownBefore: boolean;
}

const MESSAGES = { expired: 'link_expired', 'not-found': 'link_not_found', error: 'load_failed' } as const;

function notice(state: FailureState): Screen {
  return { kind: 'notice', state, message: MESSAGES[state] };
}

export function screenOf({ load, words, wordsFailed, shownBefore }: ScreenInputs): Screen {
  if (words === 'none') return wordsFailed ? { kind: 'bare-retry' } : { kind: 'skeleton' };
  const readable = words === 'page' || shownBefore;
  if (!readable) {
    if (!wordsFailed) return { kind: 'skeleton' };
    // The page's words are missing: say so in the words at hand, keeping a link refusal as it is.
    return notice(load === 'expired' || load === 'not-found' ? load : 'error');
  }
  if (load === 'loading') return { kind: 'skeleton' };
  if (load === 'ready') return { kind: 'visit' };
  return notice(load);
}
