/**
 * A board's read marks for its life (the timers of readMarking.ts): the row and the open record show
 * the flag at once (`show`), the server hears it (`send`, which answers the record as it is then, for
 * the board to `keep`), and when that fails the board asks the server what it is (`fetch`), since the
 * flag shown may be wrong. Opening a record marks it read 750 ms later once it has loaded, when the
 * board says it may (`mayAutoMark`, asked then); only the opening does, so an agent who marks the
 * open one unread keeps it so. The board's functions are read when the timers fire, never stale.
 */
import { useEffect, useMemo, useRef } from 'react';
import { createReadMarking, type ReadMarking } from './readMarking.js';

export interface ReadMarkBoard<R> {
  show(id: string, unread: boolean): void;
  send(id: string, unread: boolean): Promise<R>;
  keep(record: R): void;
  fetch(id: string): Promise<R>;
}

export function useReadMarks<R extends { id: string }>(board: ReadMarkBoard<R>, open: R | null, openId: string | null, mayAutoMark: (record: R) => boolean): ReadMarking {
  const latest = useRef({ board, open, mayAutoMark });
  latest.current = { board, open, mayAutoMark };
  const marking = useMemo(
    () =>
      createReadMarking({
        show: (id, unread) => latest.current.board.show(id, unread),
        send(id, unread) {
          const side = latest.current.board;
          side
            .send(id, unread)
            .then((record) => side.keep(record))
            .catch(() => side.fetch(id).then((record) => side.keep(record), () => undefined));
        },
      }),
    [],
  );
  useEffect(() => () => marking.dispose(), [marking]);

  const openLoaded = open !== null && open.id === openId;
  useEffect(() => {
    const { open: record, mayAutoMark: may } = latest.current;
    if (!openLoaded || !record || !may(record)) return;
    marking.reading(record.id);
    return () => marking.leave();
  }, [openLoaded, openId, marking]);
  return marking;
}
