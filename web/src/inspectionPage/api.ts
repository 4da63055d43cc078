/**
 * The customer's side of the public inspection API (no sign-in: the link's token is the key):
 * GET /api/public/inspections/{token}, PUT …/recommendations/{id} `{ approved }`, GET …/pdf.
 * Plain fetch: the console's request layer (bearer, X-OID, SWR) has no place on this page.
 */
import type { CustomerInspection, MpiErrorId } from '../../../shared/inspections/inspections.js';

/** What the page shows when it cannot show the inspection. */
export type FailureState = 'expired' | 'not-found' | 'error';

/** A refused or failed call: the HTTP status (0 when the network failed) and the API's error id. */
export class InspectionCallFailed extends Error {
  constructor(
    readonly status: number,
    readonly errorId: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'InspectionCallFailed';
  }
}

/**
 * The page state of a failed load: an expired link (410, link_expired) asks the customer to call
 * the dealership; a link that names nothing (404, link_not_found) says so; anything else (the
 * network, a server error) offers a retry, since trying again may work.
 */
export function failureStateOf(failure: unknown): FailureState {
  if (!(failure instanceof InspectionCallFailed)) return 'error';
  const expired: MpiErrorId = 'link_expired';
  const notFound: MpiErrorId = 'link_not_found';
  if (failure.errorId === expired || failure.status === 410) return 'expired';
  if (failure.errorId === notFound || failure.status === 404) return 'not-found';
  return 'error';
}

/**
 * The text key for a decision that was not saved: a link that expired or no longer opens this
 * inspection says so (a new link is needed); anything else may work when tried again.
 */
export function decisionFailureKey(failure: unknown): 'link_expired' | 'link_not_found' | 'decision_failed' {
  if (!(failure instanceof InspectionCallFailed)) return 'decision_failed';
  const notFound: MpiErrorId = 'link_not_found';
  if (failureStateOf(failure) === 'expired') return 'link_expired';
  if (failure.errorId === notFound) return 'link_not_found';
  return 'decision_failed';
}

/** The token of a link `/app/public/inspections/{token}`; null when the path is not one. */
export function tokenOfPath(pathname: string): string | null {
  const match = /^\/app\/public\/inspections\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

function base(token: string): string {
  return `/api/public/inspections/${encodeURIComponent(token)}`;
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: 'no-store', headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    throw new InspectionCallFailed(0, null, error instanceof Error ? error.message : String(error));
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: { id?: string; message?: string } }) | null;
  if (!res.ok || body === null) {
    const error = body?.error;
    throw new InspectionCallFailed(res.status, error?.id ?? null, error?.message ?? `HTTP ${res.status}`);
  }
  return body;
}

export async function fetchInspection(token: string): Promise<CustomerInspection> {
  return (await call<{ inspection: CustomerInspection }>(base(token))).inspection;
}

/** The customer's decision on one recommendation; the answer is the whole inspection as it now is. */
export async function decideRecommendation(token: string, recommendationId: string, approved: boolean): Promise<CustomerInspection> {
  const reply = await call<{ inspection: CustomerInspection }>(`${base(token)}/recommendations/${encodeURIComponent(recommendationId)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ approved }),
  });
  return reply.inspection;
}

/** A fresh signed URL of the inspection's PDF (signed URLs expire; the page may have been open for hours). */
export async function fetchPdfUrl(token: string): Promise<string> {
  return (await call<{ pdf: { url: string } }>(`${base(token)}/pdf`)).pdf.url;
}
