/**
 * What domain code throws (DESIGN.md "Stores own the table"): what went wrong, in the domain's
 * words, with no HTTP in it. functions/lib/http.ts alone decides the status of each kind (and of
 * each send refusal), so a domain module can be tested and reused without a request around it.
 */
export type DomainErrorKind = 'not_found' | 'gone' | 'unauthenticated' | 'forbidden' | 'conflict' | 'refused' | 'too_large';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly id: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A text may not go (a SEND_ERRORS id, `gatekeeper`, …): the texting rules said no. */
export class SendRefused extends DomainError {
  override readonly name = 'SendRefused';
  constructor(id: string, message: string, extra: Record<string, unknown> = {}) {
    super('refused', id, message, extra);
  }
}

/** Another writer changed the record between this read and this write. */
export class VersionConflict extends DomainError {
  override readonly name = 'VersionConflict';
  constructor(id: string, message: string) {
    super('conflict', id, message);
  }
}

/** Errors a route throws with a status of its own (sign-in, sessions); the http wrapper answers `{ error: { id, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A validation failure: answers `{ errors: [{ message, path }] }`. */
export class ValidationError extends Error {
  constructor(readonly errors: { message: string; path?: string }[]) {
    super(errors.map((e) => e.message).join(', '));
  }
}

export const notFound = (what = 'Not found') => new DomainError('not_found', 'not_found', what);
export const forbidden = (message = 'You are not allowed to do this') => new DomainError('forbidden', 'forbidden', message);
export const unauthorized = (id = 'unauthorized', message = 'Access token is missing or invalid.') =>
  new HttpError(401, id, message);
export const conflict = (id: string, message: string, extra: Record<string, unknown> = {}) => new DomainError('conflict', id, message, extra);
export const refused = (id: string, message: string, extra: Record<string, unknown> = {}) => new DomainError('refused', id, message, extra);

/**
 * AWS error names that mean "the service could not answer now; the same request may work in a
 * moment": throttling, a timeout, the service's own fault, a transaction that lost a race.
 */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TransactionConflictException',
  'TransactionInProgressException',
  'SlowDown',
]);

/** Socket errors of a store or service that cannot be reached (stopped, restarting, network gone). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** Reasons inside a cancelled DynamoDB transaction that mean "try again", not "your condition failed". */
const RETRYABLE_CANCEL_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/**
 * True when an error means the store (DynamoDB, S3) or another AWS service could not be reached or
 * is throttling: the request did not fail on its merits and the client should try again (the API
 * answers 503 with retry-after). The one place that classifies these; follows `cause` and the
 * errors of an AggregateError (Node reports a refused localhost connection as one).
 */
export function isServiceUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { name?: unknown; code?: unknown; $fault?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown; errors?: unknown; CancellationReasons?: { Code?: string }[] };
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  if (e.name === 'TransactionCanceledException') {
    const codes = (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return codes.some((c) => RETRYABLE_CANCEL_REASONS.has(c)) && !codes.includes('ConditionalCheckFailed');
  }
  // An AWS service's own failure (5xx) that has no name of the list above.
  if (e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 500) >= 500) return true;
  if (isServiceUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isServiceUnavailable(inner, depth + 1));
}

/** The answer's words while the store cannot be reached; the client retries (same Idempotency-Key). */
export const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Try again in a moment.';
/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;
