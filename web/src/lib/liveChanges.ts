/**
 * Live changes (stream events, answers to the agent's own actions) applied to a list that SWR
 * loads. SWR throws away the answer of a request that a local mutate overtook, so a change
 * applied while a page was still loading left the screen empty: a conversation or board opened
 * straight from a link, while the stream caught up on the events of the last 30 s, showed "No
 * messages yet" for good. A change that arrives while a request is in flight is therefore not
 * applied; the list is asked again once that request has answered, and the answer includes it.
 */
import { useCallback, useEffect, useRef } from 'react';

/** The part of an SWR (or SWR infinite) result this needs. */
export interface LiveSource<Data> {
  data: Data | undefined;
  isValidating: boolean;
  mutate: (change?: (current: Data | undefined) => Data | undefined, options?: { revalidate: boolean }) => Promise<unknown>;
}

/** A function that applies a change to the loaded data, or asks again when it cannot yet. */
export function useLiveChanges<Data>({ data, isValidating, mutate }: LiveSource<Data>): (change: (current: Data) => Data) => void {
  const busy = useRef(isValidating || data === undefined);
  busy.current = isValidating || data === undefined;
  const missed = useRef(false);

  useEffect(() => {
    if (isValidating || !missed.current) return;
    missed.current = false;
    void mutate();
  }, [isValidating, mutate]);

  return useCallback(
    (change: (current: Data) => Data) => {
      if (busy.current) {
        missed.current = true;
        return;
      }
      void mutate((current) => (current === undefined ? current : change(current)), { revalidate: false });
    },
    [mutate],
  );
}
