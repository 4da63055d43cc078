/**
 * Refusals of the MPI routes: `{ error: { id, message } }` with the ids and texts of MPI_ERRORS,
 * so the console can show its own translation of `mpi_errors.<id>`.
 */
import { MPI_ERRORS, type MpiErrorId } from '../../shared/inspections.js';
import type { GroupsCheck } from '../../shared/schemas/inspections.js';
import { HttpError } from '../lib/errors.js';

export function refusal(status: number, id: MpiErrorId, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, id, MPI_ERRORS[id], extra);
}

/** A sheet that is past the point where its form can change. */
export const notRetemplatable = () => refusal(409, 'not_retemplatable');

/** SPEC §5 sheet and template rules: the groups to keep, or 422 naming the rule (and the item, for a duplicate). */
export function keptGroups<G extends { name: string; items: { name: string }[] }>(check: GroupsCheck<G>): G[] {
  if (check.ok) return check.groups;
  const { error, group, item } = check;
  throw refusal(422, error, { ...(group === undefined ? {} : { group }), ...(item === undefined ? {} : { item }) });
}
