/**
 * Which appointments a mass text goes to (SPEC §4 "Selection": single, multiple, all on the page,
 * all, optionally skipping opted-out customers). Pure, and the request it becomes is the shared
 * `massMessageBody`, so what the agent picked is what the server texts.
 *
 * "All" means every appointment the server lists, loaded or not; the body says `all: true`. Taking
 * one out of "all" turns it into the loaded rows minus that one, since the contract has no "all
 * except" (and an agent unticking a row is looking at the loaded rows).
 */
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import type { MassMessageBody } from '../../../../shared/schemas/massTexts.js';
import { isOptedOut } from './appointmentList.js';

export type Selection = { kind: 'some'; ids: ReadonlySet<string> } | { kind: 'all' };

export const NOTHING_SELECTED: Selection = { kind: 'some', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'all' || selection.ids.has(id);
}

/** Only this one (a click on a row's own box while nothing else is picked reads the same). */
export function selectOnly(id: string): Selection {
  return { kind: 'some', ids: new Set([id]) };
}

/** Adds or removes one appointment; `rows` are the loaded rows, which "all" falls back to. */
export function toggle(selection: Selection, id: string, rows: readonly Appointment[]): Selection {
  const ids = new Set(selection.kind === 'all' ? rows.map((r) => r.id) : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'some', ids };
}

/** Every row shown; opted-out customers left out when the agent asked to skip them. */
export function selectPage(selection: Selection, shown: readonly Appointment[], skipOptedOut: boolean): Selection {
  if (selection.kind === 'all') return selection;
  const ids = new Set(selection.ids);
  for (const row of shown) if (!skipOptedOut || !isOptedOut(row)) ids.add(row.id);
  return { kind: 'some', ids };
}

/** Whether every row shown is picked (the header box reads ticked). */
export function pageSelected(selection: Selection, shown: readonly Appointment[], skipOptedOut: boolean): boolean {
  const eligible = shown.filter((r) => !skipOptedOut || !isOptedOut(r));
  return eligible.length > 0 && eligible.every((r) => isSelected(selection, r.id));
}

export function unselectPage(selection: Selection, shown: readonly Appointment[], rows: readonly Appointment[]): Selection {
  const base = selection.kind === 'all' ? rows.map((r) => r.id) : [...selection.ids];
  const leaving = new Set(shown.map((r) => r.id));
  return { kind: 'some', ids: new Set(base.filter((id) => !leaving.has(id))) };
}

export function selectAll(): Selection {
  return { kind: 'all' };
}

/** Picked appointments no longer listed (archived, gone by the event stream) drop out of the pick. */
export function keepListed(selection: Selection, rows: readonly Appointment[]): Selection {
  if (selection.kind === 'all') return selection;
  const listed = new Set(rows.map((r) => r.id));
  if ([...selection.ids].every((id) => listed.has(id))) return selection;
  return { kind: 'some', ids: new Set([...selection.ids].filter((id) => listed.has(id))) };
}

export interface SelectionCount {
  /** Appointments picked. */
  picked: number;
  /** Of those, customers who opted out: skipped when asked, otherwise reported as not texted. */
  optedOut: number;
}

/**
 * How many are picked. For "all", `total` is the server's count; the opted-out among them are
 * counted from the loaded rows (all of them once the list has finished loading).
 */
export function countSelection(selection: Selection, rows: readonly Appointment[], total: number | null): SelectionCount {
  if (selection.kind === 'all') {
    // Rows booked or heard of since the count came are on the list too.
    return { picked: Math.max(total ?? 0, rows.length), optedOut: rows.filter(isOptedOut).length };
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  let optedOut = 0;
  for (const id of selection.ids) if (byId.get(id) && isOptedOut(byId.get(id)!)) optedOut += 1;
  return { picked: selection.ids.size, optedOut };
}

export function isEmpty(selection: Selection): boolean {
  return selection.kind === 'some' && selection.ids.size === 0;
}

/** The mass text's request body (shared/appointments/schemas.ts massMessageBody). */
export function massMessageRequest(selection: Selection, text: string, skipOptedOut: boolean): MassMessageBody {
  const recipients = selection.kind === 'all' ? { all: true } : { ids: [...selection.ids] };
  return { mass_message: { board: 'appointments', text, skip_opted_out: skipOptedOut, ...recipients } };
}
