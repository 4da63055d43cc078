/**
 * One value a screen keeps in the address (`?appointment=…`), so a reload or a shared link opens
 * the same thing. Changing it replaces the history entry: picking rows is not navigation the Back
 * button should walk through.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
