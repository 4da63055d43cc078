/**
 * The customer's visit link (issue 21 part 5): one unguessable token per repair order (32 random
 * bytes, base64url) that every text about the visit carries, so the customer keeps one page for the
 * whole visit instead of a link per text. The lookup item is keyed by the token's SHA-256 (a read of
 * the table does not yield working links by its keys); the order keeps its current token so the next
 * text names the same page. Each text extends the link to VISIT_DAYS from then; an expired link
 * answers 410 (the customer asks for a new one) until EXPIRED_GRACE_DAYS later the table forgets it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { config } from '../lib/config.js';
import { DomainError } from '../lib/errors.js';
import { fields, getItem, isConditionFailure, transactWrite } from '../lib/table.js';
import type { VisitOrder } from './part.js';

const DAY_MS = 86_400_000;
export const VISIT_DAYS = 30;
export const EXPIRED_GRACE_DAYS = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const VISIT_ERRORS = {
  link_not_found: 'This link is not valid. Please ask your service advisor for a new one.',
  link_expired: 'This link has expired. Please ask your service advisor for a new one.',
} as const;

/** Keys of the records this store owns (docs/data-model.md "The visit page"). */
const visitKeys = {
  /** The visit a token opens, by the token's hash. */
  byToken: (tokenHash: string) => ({ pk: `VISIT#${tokenHash}`, sk: 'VISIT' }),
  /** The order's current token (tenant first in the key). */
  ofOrder: (companyId: string, roId: string) => ({ pk: `VISITOF#${companyId}#${roId}`, sk: 'VISITOF' }),
} as const;

export interface VisitLink extends VisitOrder {
  created_at: string;
  /** ISO: the link opens the visit until then. */
  valid_until: string;
}

interface OrderToken extends VisitLink {
  token: string;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const ttlOf = (validUntil: string) => Math.floor((Date.parse(validUntil) + EXPIRED_GRACE_DAYS * DAY_MS) / 1000);

/** The page's address; `part` is the anchor of what the text is about (`payment`, `album`, …). */
export const visitUrlOf = (token: string, part?: string): string => `${config.publicUrl}/app/public/visits/${token}${part ? `#${part}` : ''}`;

export const visitNotFound = () => new DomainError('not_found', 'link_not_found', VISIT_ERRORS.link_not_found);
export const visitExpired = () => new DomainError('gone', 'link_expired', VISIT_ERRORS.link_expired);

function writes(record: OrderToken) {
  const { token, ...link } = record;
  const ttl = ttlOf(record.valid_until);
  return {
    byToken: { ...visitKeys.byToken(hashToken(token)), ...link, expires_at: ttl },
    ofOrder: { ...visitKeys.ofOrder(record.company_id, record.repair_order_id), ...record, expires_at: ttl },
  };
}

/**
 * Stores the order's link with a token of the caller's: the demo dealership's documented visit page
 * (a link a reader of the README can open), never a text's link.
 */
export async function writeVisitLink(link: VisitLink, token: string): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw new Error('A visit token is 43 characters of A-Z a-z 0-9 - _');
  const items = writes({ ...link, token });
  await transactWrite([{ Put: { Item: items.byToken } }, { Put: { Item: items.ofOrder } }]);
  return visitUrlOf(token);
}

/**
 * The visit's link for a text about to go out: the order's token, extended to VISIT_DAYS from now,
 * or a new one when it has none or its own has expired. Two texts at once agree on one token.
 */
export async function visitUrl(visit: VisitOrder, part?: string, now = new Date()): Promise<string> {
  const validUntil = new Date(now.getTime() + VISIT_DAYS * DAY_MS).toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await getItem<OrderToken>(visitKeys.ofOrder(visit.company_id, visit.repair_order_id), true);
    const current = stored ? fields(stored) : undefined;
    const live = current && Date.parse(current.valid_until) > now.getTime();
    const record: OrderToken = live
      ? { ...current, valid_until: validUntil > current.valid_until ? validUntil : current.valid_until }
      : { ...visit, token: randomBytes(32).toString('base64url'), created_at: now.toISOString(), valid_until: validUntil };
    const items = writes(record);
    try {
      await transactWrite([
        { Put: { Item: items.byToken } },
        {
          Put: {
            Item: items.ofOrder,
            // Another text may have issued or extended the token meanwhile: then read it again.
            ConditionExpression: current ? '#token = :token AND valid_until = :until' : 'attribute_not_exists(pk)',
            ...(current ? { ExpressionAttributeNames: { '#token': 'token' }, ExpressionAttributeValues: { ':token': current.token, ':until': current.valid_until } } : {}),
          },
        },
      ]);
      return visitUrlOf(record.token, part);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new Error('The visit link changed three times while a text was being written');
}

/** The visit a token opens: 404 link_not_found for a malformed or unknown token, 410 link_expired after its time. */
export async function openVisit(token: string, now = new Date()): Promise<VisitLink> {
  if (!TOKEN_PATTERN.test(token)) throw visitNotFound();
  const item = await getItem<VisitLink>(visitKeys.byToken(hashToken(token)));
  if (!item) throw visitNotFound();
  const link = fields(item);
  if (Date.parse(link.valid_until) <= now.getTime()) throw visitExpired();
  return { company_id: link.company_id, location_id: link.location_id, repair_order_id: link.repair_order_id, created_at: link.created_at, valid_until: link.valid_until };
}
