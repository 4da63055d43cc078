/**
 * Read marks on the appointments board (SPEC §4, §9): an appointment the agent opens is read 750 ms
 * later, and so is a reply that arrives while they have it open; the read/unread toggle shows at
 * once and reaches the server 600 ms later, so a double click sends one call, the last one. Any
 * toggle stops an automatic mark still waiting: the agent's own choice wins.
 *
 * Plain timers around the shared delayed calls (components/conversation/readMarks.ts), so the
 * timings are tested without React.
 */
import { AUTO_READ_DELAY_MS, READ_CALL_DELAY_MS, createDelayedCalls } from '../conversation/readMarks.js';

export interface ReadMarkSide {
  /** Show the flag on screen now (the list's row and the open appointment). */
  show(id: string, unread: boolean): void;
  /** Tell the server; failures are the caller's to settle. */
  send(id: string, unread: boolean): void;
}

export interface ReadMarking {
  /** The agent is reading this appointment now (opened, or a reply came in while open). */
  reading(id: string): void;
  /** The agent chose read or unread. */
  choose(id: string, unread: boolean): void;
  /** The agent left the appointment before its automatic mark went. */
  leave(): void;
  /** The board is going away: nothing waits any more. */
  dispose(): void;
}

export function createReadMarking(side: ReadMarkSide): ReadMarking {
  const chosen = createDelayedCalls<boolean>(READ_CALL_DELAY_MS, (id, unread) => side.send(id, unread));
  const automatic = createDelayedCalls<boolean>(AUTO_READ_DELAY_MS, (id) => {
    side.show(id, false);
    side.send(id, false);
  });
  return {
    reading: (id) => automatic.request(id, false),
    choose(id, unread) {
      automatic.cancelAll();
      side.show(id, unread);
      chosen.request(id, unread);
    },
    leave: () => automatic.cancelAll(),
    dispose() {
      automatic.cancelAll();
      chosen.cancelAll();
    },
  };
}
