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
