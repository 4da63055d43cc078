/**
 * Read marks of a conversation, whichever board owns it (SPEC §4, §9): a conversation is marked
 * read 750 ms after it is opened, only for its assigned agent (or the one being viewed as, or the
 * colleague its away agent routes it to: shared/presence.ts); the
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
  /** For the agent reading: the away agent who routes this conversation to them, else null. */
  routed_from?: Pick<AgentRef, 'id'> | null;
}

/** Whether the agent looks after the conversation now: its own agent, or the colleague it is routed to. */
export function looksAfter(owner: Pick<ReadState, 'agent' | 'routed_from'>, agentId: string): boolean {
  return owner.agent?.id === agentId || Boolean(owner.routed_from);
}

/** `agentId` is the acting agent: when a manager views as an advisor, the advisor's rules apply. */
export function mayAutoMarkRead(owner: ReadState, agentId: string): boolean {
  return owner.is_unread && !owner.disable_read_mark && looksAfter(owner, agentId);
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
