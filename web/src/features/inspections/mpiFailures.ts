/**
 * The MPI routes refuse with `{ error: { id, message } }` (shared/inspections/inspections.ts MPI_ERRORS). The
 * console says the refusal in the agent's language (`mpi_errors.<id>`), and the server's own words
 * when it has no translation. Sign-outs and the offline banner go the standard way.
 */
import { toast } from 'sonner';
import { MPI_ERRORS, type MpiErrorId } from '../../../../shared/inspections/inspections.js';
import { reportFailure } from '../../lib/failures.js';
import { i18n } from '../../lib/i18n.js';
import { ApiError } from '../../lib/request.js';
import { serverRefusalText } from '../../lib/sendRefusals.js';

export function isMpiErrorId(id: string | null | undefined): id is MpiErrorId {
  return typeof id === 'string' && Object.hasOwn(MPI_ERRORS, id);
}

/** The translated text of a refusal id. */
export function mpiErrorText(id: MpiErrorId): string {
  return i18n.t(`mpi_errors.${id}`, { defaultValue: MPI_ERRORS[id] });
}

/** Whether this failure is one the console handles elsewhere (signed out, offline, cancelled). */
function handledElsewhere(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const kind = error.action.kind;
  if (kind === 'aborted') return true;
  if (kind === 'session_expired' || kind === 'inactive' || kind === 'offline') {
    reportFailure(error);
    return true;
  }
  return false;
}

/** What to tell the agent about a failed MPI call; null when nothing should be said here. */
export function mpiFailureText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return i18n.t('errors.generic_text');
  // "Send to customer" is refused by the texting rules (and the gatekeeper) in the words the composer uses.
  const refusedText = serverRefusalText(error.body);
  if (refusedText) return refusedText;
  if (isMpiErrorId(error.id)) return mpiErrorText(error.id);
  return error.message && !/^HTTP \d+$/.test(error.message) ? error.message : i18n.t('errors.generic_text');
}

/**
 * Shows why an action failed; `title` heads the toast (e.g. "The MPI was not sent"). A conflict
 * (409: mpi_changed, claimed meanwhile) means the sheet on screen is stale, so `reload` runs.
 */
export function showMpiFailure(error: unknown, options: { title?: string; reload?: () => void } = {}): void {
  if (handledElsewhere(error)) return;
  const text = mpiFailureText(error) ?? i18n.t('errors.generic_text');
  if (isMpiChanged(error)) toast.info(text, { id: 'mpi-changed' });
  else if (options.title) toast.error(options.title, { description: text });
  else toast.error(text, { id: text });
  if (error instanceof ApiError && error.status === 409) options.reload?.();
}

/**
 * SPEC §8 "Claim failure shows server error.message": what the server said, naming who has the
 * sheet, in the agent's language (issue 10) when the console knows the refusal; the server's own
 * words only for a refusal it does not know.
 */
export function showClaimFailure(error: unknown): void {
  if (handledElsewhere(error)) return;
  const message = claimFailureText(error);
  if (message) toast.error(message, { id: `claim-${message}` });
}

/** Who holds the sheet, as the already_claimed refusal names them. */
function holderName(body: unknown): string | null {
  const error = body && typeof body === 'object' ? (body as { error?: { holder?: unknown } }).error : undefined;
  const holder = error?.holder;
  if (!holder || typeof holder !== 'object') return null;
  const { first_name: first, last_name: last } = holder as { first_name?: unknown; last_name?: unknown };
  const name = [first, last].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
  return name || null;
}

export function claimFailureText(error: unknown): string | null {
  if (error instanceof ApiError) {
    const name = error.id === 'already_claimed' ? holderName(error.body) : null;
    if (name) return i18n.t('mpi.already_claimed_by', { ns: 'inspections', name });
    if (isMpiErrorId(error.id)) return mpiErrorText(error.id);
    if (error.message && !/^HTTP \d+$/.test(error.message)) return error.message;
  }
  return mpiFailureText(error);
}

export function isMpiChanged(error: unknown): boolean {
  return error instanceof ApiError && error.id === 'mpi_changed';
}
