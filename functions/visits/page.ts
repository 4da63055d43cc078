/**
 * The customer's visit page (issue 21 part 5): the token opens one repair order; the
 * parts (functions/visits/parts.ts) are loaded in parallel and shown in position order. A
 * part that fails is left out and logged, so the customer still sees the rest of the visit.
 */
import type { VisitPage, VisitPartPayload } from '../../shared/visits/page.js';
import { logger } from '../lib/log.js';
import type { VisitContext, VisitPart } from './part.js';
import { VISIT_PARTS } from './parts.js';
import { visitNotFound } from './links.js';
import { visitOf } from './open.js';

/** The part as the page gets it: its data, and the words of its link at the top of the page when it offers one. */
async function payloadOf(part: VisitPart, context: VisitContext, data: object | null): Promise<VisitPartPayload | null> {
  if (!data) return null;
  const shortcut = await part.shortcut?.(context, data);
  return shortcut ? { kind: part.kind, data, shortcut } : { kind: part.kind, data };
}

async function loadPart(part: VisitPart, context: VisitContext): Promise<VisitPartPayload | null> {
  try {
    return await payloadOf(part, context, await part.load(context));
  } catch (error) {
    logger.error('a part of the visit page failed to load', { part: part.kind, company_id: context.visit.company_id, repair_order_id: context.visit.repair_order_id, error: error as Error });
    return null;
  }
}

export async function visitPage(token: string, now = new Date(), declared: readonly VisitPart[] = VISIT_PARTS): Promise<VisitPage> {
  const { context, header } = await visitOf(token, now);
  const loaded = await Promise.all(declared.map((part) => loadPart(part, context)));
  return { ...header, parts: loaded.filter((p): p is VisitPartPayload => p !== null) };
}

/** A part's action (`POST …/{kind}/{action}`): 404 for a kind or action nobody declares. */
export async function actOnVisit(token: string, kind: string, action: string, body: unknown, now = new Date(), declared: readonly VisitPart[] = VISIT_PARTS): Promise<VisitPartPayload | null> {
  const part = declared.find((p) => p.kind === kind);
  const run = part?.actions && Object.hasOwn(part.actions, action) ? part.actions[action] : undefined;
  if (!part || !run) throw visitNotFound();
  const { context } = await visitOf(token, now);
  return payloadOf(part, context, await run(context, body));
}
