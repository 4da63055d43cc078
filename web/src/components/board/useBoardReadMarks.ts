/**
 * The read marks of a board whose records anyone working it reads (readMarking.ts): one marking for
 * the board's life, its timers reaching the latest `show` and `send` (they outlive renders), and
 * the open record marked read 750 ms after it has loaded (SPEC §4, §9) when `mayAutoRead` says so;
 * only the opening does: an agent who marks the open one unread keeps it so.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createReadMarking, type ReadMarking, type ReadMarkSide } from './readMarking.js';

export function useBoardReadMarks<R extends { id: string }>(side: ReadMarkSide, open: { id: string | null; record: R | null }, mayAutoRead: (record: R) => boolean): ReadMarking {
  const latest = useRef({ side, open, mayAutoRead });
  latest.current = { side, open, mayAutoRead };
  const marking = useMemo(
    () =>
      createReadMarking({
        show: (id, unread) => latest.current.side.show(id, unread),
        send: (id, unread) => latest.current.side.send(id, unread),
      }),
    [],
  );
  useEffect(() => () => marking.dispose(), [marking]);

  const openLoaded = open.record !== null && open.record.id === open.id;
  useEffect(() => {
    const record = latest.current.open.record;
    if (!openLoaded || !record || !latest.current.mayAutoRead(record)) return;
    marking.reading(record.id);
    return () => marking.leave();
  }, [openLoaded, open.id, marking]);
  return marking;
}
