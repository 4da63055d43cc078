/**
 * Refusals of the MPI routes: `{ error: { id, message } }` with the ids and texts of MPI_ERRORS,
 * so the console can show its own translation of `mpi_errors.<id>`.
 */
import { MPI_ERRORS, type MpiErrorId } from '../../shared/inspections/inspections.js';
import type { GroupsCheck } from '../../shared/inspections/schemas.js';
import { DomainError } from '../lib/errors.js';

/** What kind of refusal an MPI rule makes (http.ts gives each its status). */
export type MpiRefusalKind = 'forbidden' | 'conflict' | 'refused';

export function refusal(kind: MpiRefusalKind, id: MpiErrorId, extra: Record<string, unknown> = {}): DomainError {
  return new DomainError(kind, id, MPI_ERRORS[id], extra);
}

/** A sheet that is past the point where its form can change. */
export const notRetemplatable = () => refusal('conflict', 'not_retemplatable');

/** SPEC §5 sheet and template rules: the groups to keep, or a refusal naming the rule (and the item, for a duplicate). */
export function keptGroups<G extends { name: string; items: { name: string }[] }>(check: GroupsCheck<G>): G[] {
  if (check.ok) return check.groups;
  const { error, group, item } = check;
  throw refusal('refused', error, { ...(group === undefined ? {} : { group }), ...(item === undefined ? {} : { item }) });
}
