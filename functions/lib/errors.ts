/** Errors a route throws; the http wrapper turns them into `{ error: { id, message } }` answers. */
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

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, 'forbidden', message);
export const unauthorized = (id = 'unauthorized', message = 'Access token is missing or invalid.') =>
  new HttpError(401, id, message);
export const conflict = (id: string, message: string) => new HttpError(409, id, message);

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
