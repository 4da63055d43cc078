/**
 * A board's pick for a mass text, kept while the board is shown: the selection, the "skip opted-out"
 * box, and whether the dialog is open. Picked rows that leave the list leave the pick; a finished
 * text clears it (what went is in its summary).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  NOTHING_SELECTED,
  isEmpty,
  isSelected,
  keepListed,
  selectAll,
  toggle,
  unselectPage,
  type BoardSelection,
  type Pickable,
  type Selection,
  type SelectionCount,
} from './selection.js';

export interface MassSelection<R extends Pickable> {
  model: BoardSelection<R>;
  selection: Selection;
  count: SelectionCount;
  /** Everything the board's list holds, loaded or not ("all" picks this many). */
  listed: number;
  nothingPicked: boolean;
  skipOptedOut: boolean;
  setSkipOptedOut(skip: boolean): void;
  picked(id: string): boolean;
  toggle(id: string): void;
  /** Picks (or unpicks) every row shown. */
  pickShown(shown: readonly R[], on: boolean): void;
  shownPicked(shown: readonly R[]): boolean;
  pickAll(): void;
  clear(): void;
  dialogOpen: boolean;
  openDialog(): void;
  /** The dialog closed; `finished`: the text went (or was held), so the pick is done with. */
  closeDialog(finished: boolean): void;
}

/** `rows`: the loaded rows of the board's list; `total`: the server's count of the whole list. */
export function useMassSelection<R extends Pickable>(model: BoardSelection<R>, rows: readonly R[], total: number | null): MassSelection<R> {
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [skipOptedOut, setSkipOptedOut] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => setSelection((current) => keepListed(current, rows)), [rows]);

  const pickOne = useCallback((id: string) => setSelection((current) => toggle(current, id, rowsRef.current)), []);
  const pickShown = useCallback(
    (shown: readonly R[], on: boolean) =>
      setSelection((current) => (on ? model.selectPage(current, shown, skipOptedOut) : unselectPage(current, shown, rowsRef.current))),
    [model, skipOptedOut],
  );
  const closeDialog = useCallback((finished: boolean) => {
    setDialogOpen(false);
    if (finished) setSelection(NOTHING_SELECTED);
  }, []);

  return useMemo<MassSelection<R>>(
    () => ({
      model,
      selection,
      count: model.countSelection(selection, rows, total),
      listed: Math.max(total ?? 0, rows.length),
      nothingPicked: isEmpty(selection),
      skipOptedOut,
      setSkipOptedOut,
      picked: (id) => isSelected(selection, id),
      toggle: pickOne,
      pickShown,
      shownPicked: (shown) => model.pageSelected(selection, shown, skipOptedOut),
      pickAll: () => setSelection(selectAll()),
      clear: () => setSelection(NOTHING_SELECTED),
      dialogOpen,
      openDialog: () => setDialogOpen(true),
      closeDialog,
    }),
    [model, selection, rows, total, skipOptedOut, pickOne, pickShown, dialogOpen, closeDialog],
  );
}
