/**
 * How the advisor's tools show a refused MPI action: the server's MPI_ERRORS id in the agent's
 * language (mpi_errors.<id>, falling back to the server's own words); a send refused by the
 * texting rules in the words the service board's composer uses. 'MPI has changed. Reloading'
 * also reloads the sheet.
 */
import { toast } from 'sonner';
import type { SendErrorId } from '../../../../../shared/serviceTexts.js';
import { reportFailure } from '../../../lib/failures.js';
import { i18n } from '../../../lib/i18n.js';
import { serverMessage } from '../../../lib/request-errors.js';
import { ApiError } from '../../../lib/request.js';

/** The texting refusals of SEND_ERRORS, worded as the composer words them (the same locale keys). */
const SEND_REFUSAL_KEYS: Partial<Record<SendErrorId, string>> = {
  opted_out: 'composer.hidden_opted_out',
  unknown_in_safe_mode: 'composer.hidden_unknown_in_safe_mode',
  landline: 'composer.disabled_landline',
  blocked: 'composer.disabled_blocked',
  closed: 'composer.disabled_closed',
  no_phone: 'composer.disabled_no_phone',
  no_advisor: 'composer.disabled_no_advisor',
  opcode_missing: 'composer.refused_opcode_missing',
  awaiting_opt_in: 'composer.refused_awaiting_opt_in',
  no_texting_number: 'composer.refused_no_texting_number',
};

/** The words for a refusal: a known MPI id, a known texting refusal, else the server's message. */
export function refusalText(id: string | null, message: string): string {
  if (id && id in SEND_REFUSAL_KEYS) return i18n.t(SEND_REFUSAL_KEYS[id as SendErrorId]!);
  if (id) return i18n.t(`mpi_errors.${id}`, { defaultValue: message || i18n.t('errors.generic_text') });
  return message || i18n.t('errors.generic_text');
}

/** A refusal the server explained (the caller marked 4xx as expected); other failures are not refusals. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.action.kind === 'expected';
}

/**
 * Shows why an action failed. `title` heads the toast (e.g. "The MPI was not sent"); on
 * mpi_changed, or any other conflict (409), the sheet on screen is stale, so `reload` runs.
 */
export function showMpiFailure(error: unknown, options: { title?: string; reload?: () => void } = {}): void {
  if (!isRefusal(error)) {
    reportFailure(error);
    return;
  }
  const text = refusalText(error.id, serverMessage(error.body));
  if (error.id === 'mpi_changed') {
    toast.info(text, { id: 'mpi-changed' });
    options.reload?.();
    return;
  }
  if (options.title) toast.error(options.title, { description: text });
  else toast.error(text, { id: text });
  // A conflict (claimed meanwhile, moved on by someone else) means the sheet on screen is out of date.
  if (error.status === 409) options.reload?.();
}
