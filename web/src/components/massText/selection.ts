/**
 * Which of a board's records a mass text goes to (SPEC §4 "Selection": single, multiple, all on the
 * page, all, optionally skipping opted-out contacts), for any board's rows. Pure, and the request it
 * becomes is the shared `massMessageBody`, so what the agent picked is what the server texts.
 *
 * "All" means every record the server lists, loaded or not; the body says `all: true`. Taking one
 * out of "all" turns it into the loaded rows minus that one, since the contract has no "all except"
 * (and an agent unticking a row is looking at the loaded rows).
 */
import type { MassMessageBody } from '../../../../shared/schemas/massTexts.js';

export type Selection = { kind: 'some'; ids: ReadonlySet<string> } | { kind: 'all' };

/** What a row must have to be picked. */
export interface Pickable {
  id: string;
}

/** Whether a row's contact opted out (the "skip" box leaves those out of a page's pick). */
export type OptedOut<R> = (row: R) => boolean;

export const NOTHING_SELECTED: Selection = { kind: 'some', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'all' || selection.ids.has(id);
}

/** Only this one (a click on a row's own box while nothing else is picked reads the same). */
export function selectOnly(id: string): Selection {
  return { kind: 'some', ids: new Set([id]) };
}

/** Adds or removes one row; `rows` are the loaded rows, which "all" falls back to. */
export function toggle(selection: Selection, id: string, rows: readonly Pickable[]): Selection {
  const ids = new Set(selection.kind === 'all' ? rows.map((r) => r.id) : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'some', ids };
}

/** Every row shown; opted-out contacts left out when the agent asked to skip them. */
export function selectPage<R extends Pickable>(selection: Selection, shown: readonly R[], skipOptedOut: boolean, optedOut: OptedOut<R>): Selection {
  if (selection.kind === 'all') return selection;
  const ids = new Set(selection.ids);
  for (const row of shown) if (!skipOptedOut || !optedOut(row)) ids.add(row.id);
  return { kind: 'some', ids };
}

/** Whether every row shown is picked (the header box reads ticked). */
export function pageSelected<R extends Pickable>(selection: Selection, shown: readonly R[], skipOptedOut: boolean, optedOut: OptedOut<R>): boolean {
  const eligible = shown.filter((r) => !skipOptedOut || !optedOut(r));
  return eligible.length > 0 && eligible.every((r) => isSelected(selection, r.id));
}

export function unselectPage(selection: Selection, shown: readonly Pickable[], rows: readonly Pickable[]): Selection {
  const base = selection.kind === 'all' ? rows.map((r) => r.id) : [...selection.ids];
  const leaving = new Set(shown.map((r) => r.id));
  return { kind: 'some', ids: new Set(base.filter((id) => !leaving.has(id))) };
}

export function selectAll(): Selection {
  return { kind: 'all' };
}

/** Picked rows no longer listed (archived, gone by the event stream) drop out of the pick. */
export function keepListed(selection: Selection, rows: readonly Pickable[]): Selection {
  if (selection.kind === 'all') return selection;
  const listed = new Set(rows.map((r) => r.id));
  if ([...selection.ids].every((id) => listed.has(id))) return selection;
  return { kind: 'some', ids: new Set([...selection.ids].filter((id) => listed.has(id))) };
}

export interface SelectionCount {
  /** Rows picked. */
  picked: number;
  /** Of those, contacts who opted out: skipped when asked, otherwise reported as not texted. */
  optedOut: number;
}

/**
 * How many are picked. For "all", `total` is the server's count; the opted-out among them are
 * counted from the loaded rows (all of them once the list has finished loading).
 */
export function countSelection<R extends Pickable>(selection: Selection, rows: readonly R[], total: number | null, optedOut: OptedOut<R>): SelectionCount {
  if (selection.kind === 'all') {
    // Rows added or heard of since the count came are on the list too.
    return { picked: Math.max(total ?? 0, rows.length), optedOut: rows.filter(optedOut).length };
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  let out = 0;
  for (const id of selection.ids) {
    const row = byId.get(id);
    if (row && optedOut(row)) out += 1;
  }
  return { picked: selection.ids.size, optedOut: out };
}

export function isEmpty(selection: Selection): boolean {
  return selection.kind === 'some' && selection.ids.size === 0;
}

/** The mass text's request body (shared/schemas/massTexts.ts massMessageBody) for a board (functions/boards.ts name). */
export function massMessageRequest(board: string, selection: Selection, text: string, skipOptedOut: boolean): MassMessageBody {
  const recipients = selection.kind === 'all' ? { all: true } : { ids: [...selection.ids] };
  return { mass_message: { board, text, skip_opted_out: skipOptedOut, ...recipients } };
}

/** A board's selection: the model bound to its name and to how its rows say their contact opted out. */
export interface BoardSelection<R extends Pickable> {
  board: string;
  optedOut: OptedOut<R>;
  selectPage(selection: Selection, shown: readonly R[], skipOptedOut: boolean): Selection;
  pageSelected(selection: Selection, shown: readonly R[], skipOptedOut: boolean): boolean;
  countSelection(selection: Selection, rows: readonly R[], total: number | null): SelectionCount;
  massMessageRequest(selection: Selection, text: string, skipOptedOut: boolean): MassMessageBody;
}

export function boardSelection<R extends Pickable>(board: string, optedOut: OptedOut<R>): BoardSelection<R> {
  return {
    board,
    optedOut,
    selectPage: (selection, shown, skipOptedOut) => selectPage(selection, shown, skipOptedOut, optedOut),
    pageSelected: (selection, shown, skipOptedOut) => pageSelected(selection, shown, skipOptedOut, optedOut),
    countSelection: (selection, rows, total) => countSelection(selection, rows, total, optedOut),
    massMessageRequest: (selection, text, skipOptedOut) => massMessageRequest(board, selection, text, skipOptedOut),
  };
}
