/**
 * The customer's side of the public visit API (no sign-in: the link's token is the key):
 * GET /api/public/visits/{token}, POST …/{kind}/{action}. Links sent before the visit page
 * (/app/public/inspections/{token}, /app/public/surveys/{token}) are turned into their visit's link
 * by their own API (GET …/{token}/visit) and the page moves there. Plain fetch: the console's
 * request layer (bearer, X-OID, SWR) has no place on this page.
 */
import type { VisitPage, VisitPartPayload } from '../../../shared/visits/page.js';

/** What the page shows when it cannot show the visit. */
export type FailureState = 'expired' | 'not-found' | 'error';

/** A refused or failed call: the HTTP status (0 when the network failed) and the API's error id. */
export class VisitCallFailed extends Error {
  constructor(
    readonly status: number,
    readonly errorId: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'VisitCallFailed';
  }
}

/**
 * The page state of a failed load: an expired link (410) asks the customer for a new one; a link
 * that names nothing (404) says so; anything else (the network, a server error) offers a retry,
 * since trying again may work.
 */
export function failureStateOf(failure: unknown): FailureState {
  if (!(failure instanceof VisitCallFailed)) return 'error';
  if (failure.errorId === 'link_expired' || failure.status === 410) return 'expired';
  if (failure.errorId === 'link_not_found' || failure.status === 404) return 'not-found';
  return 'error';
}

/**
 * The text key for an action that was not saved: a link that expired or no longer opens this
 * visit says so (a new link is needed); anything else may work when tried again.
 */
export function actionFailureKey(failure: unknown): 'link_expired' | 'link_not_found' | 'decision_failed' {
  const state = failureStateOf(failure);
  if (state === 'expired') return 'link_expired';
  if (failure instanceof VisitCallFailed && failure.errorId === 'link_not_found') return 'link_not_found';
  return 'decision_failed';
}

/** A link the page answers: the visit's own, or one sent before the visit page (its part's anchor). */
export type PageLink = { kind: 'visit'; token: string } | { kind: 'inspections' | 'surveys'; token: string };

export const LEGACY_ANCHOR = { inspections: 'inspection', surveys: 'survey' } as const;

/** The link of a path `/app/public/{visits|inspections|surveys}/{token}`; null when the path is not one. */
export function linkOfPath(pathname: string): PageLink | null {
  const match = /^\/app\/public\/(visits|inspections|surveys)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const token = decodeURIComponent(match[2]!);
    return match[1] === 'visits' ? { kind: 'visit', token } : { kind: match[1] as 'inspections' | 'surveys', token };
  } catch {
    return null;
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: 'no-store', headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    throw new VisitCallFailed(0, null, error instanceof Error ? error.message : String(error));
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: { id?: string; message?: string } }) | null;
  if (!res.ok || body === null) {
    const error = body?.error;
    throw new VisitCallFailed(res.status, error?.id ?? null, error?.message ?? `HTTP ${res.status}`);
  }
  return body;
}

const base = (token: string) => `/api/public/visits/${encodeURIComponent(token)}`;

export async function fetchVisit(token: string): Promise<VisitPage> {
  return (await call<{ visit: VisitPage }>(base(token))).visit;
}

/** A part's action; the answer is the part as it now is (null: nothing to show any more). */
export async function actOnPart(token: string, kind: string, action: string, body: unknown = {}): Promise<VisitPartPayload | null> {
  const reply = await call<{ part: VisitPartPayload | null }>(`${base(token)}/${encodeURIComponent(kind)}/${encodeURIComponent(action)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return reply.part;
}

/** The visit's link for a link sent before the visit page (its own API opens it: 404 and 410 as before). */
export async function visitLinkOf(link: { kind: 'inspections' | 'surveys'; token: string }): Promise<string> {
  return (await call<{ visit: { url: string } }>(`/api/public/${link.kind}/${encodeURIComponent(link.token)}/visit`)).visit.url;
}
