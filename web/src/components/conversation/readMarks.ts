/**
 * Read marks of a conversation, whichever board owns it (SPEC §4, §9): a conversation is marked
 * read 750 ms after it is opened, only for its assigned agent (or the one being viewed as); the
 * read/unread buttons show at once and call the server 600 ms later, so a double click sends one
 * call, the last one.
 */
import type { AgentRef } from '../../../../shared/people.js';

export const AUTO_READ_DELAY_MS = 750;
export const READ_CALL_DELAY_MS = 600;

/** What the read rules read of an owner (a repair order, an appointment). */
export interface ReadState {
  is_unread: boolean;
  disable_read_mark: boolean;
  agent: Pick<AgentRef, 'id'> | null;
}

/** `agentId` is the acting agent: when a manager views as an advisor, the advisor's rules apply. */
export function mayAutoMarkRead(owner: ReadState, agentId: string): boolean {
  return owner.is_unread && !owner.disable_read_mark && owner.agent?.id === agentId;
}

export interface DelayedCalls<V> {
  /** Ask for `value` on `key`; an earlier request for the same key not yet sent is replaced. */
  request(key: string, value: V): void;
  /** Forget what is waiting (the screen is going away). */
  cancelAll(): void;
}

export function createDelayedCalls<V>(delayMs: number, run: (key: string, value: V) => void): DelayedCalls<V> {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    request(key, value) {
      const earlier = waiting.get(key);
      if (earlier !== undefined) clearTimeout(earlier);
      waiting.set(
        key,
        setTimeout(() => {
          waiting.delete(key);
          run(key, value);
        }, delayMs),
      );
    },
    cancelAll() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
