/**
 * The customer's inspection link (issue 4 part 5): an unguessable token (32 random bytes,
 * base64url) that is never stored; the table keeps only its SHA-256 with the order and sheet it
 * opens and until when. Each send issues a fresh link; earlier ones keep working until they expire.
 *
 * An expired link answers 410 with the text telling the customer to ask for a new one. So that it
 * can, the item outlives its validity: the TTL attribute (`expires_at`) is set EXPIRED_GRACE_DAYS
 * after `valid_until`, after which the table forgets it and the link answers 404 like any unknown one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { config } from '../lib/config.js';
import { DomainError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { fields, getItem, putItem, transactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const linkKeys = {
  /** The customer's inspection link, by the hash of its token (the token itself is never stored). */
  inspectionLink: (tokenHash: string) => ({ pk: `MPILINK#${tokenHash}`, sk: 'MPILINK' }),
} as const;

const DAY_MS = 86_400_000;
export const EXPIRED_GRACE_DAYS = 30;
/** 32 bytes in base64url: 43 characters of A–Z a–z 0–9 - _. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface InspectionLink {
  company_id: string;
  location_id: string;
  repair_order_id: string;
  sheet_id: string;
  created_at: string;
  /** ISO: the link opens the inspection until then. */
  valid_until: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const linkUrl = (token: string): string => `${config.publicUrl}/app/public/inspections/${token}`;

export const linkNotFound = () => new DomainError('not_found', 'link_not_found', MPI_ERRORS.link_not_found);
export const linkExpired = () => new DomainError('gone', 'link_expired', MPI_ERRORS.link_expired);

/** Stores a link to the sheet, valid `days` days from `now`; answers the token (shown once, in the text). */
export async function issueLink(
  target: Pick<InspectionLink, 'company_id' | 'location_id' | 'repair_order_id' | 'sheet_id'>,
  days: number,
  now = new Date(),
): Promise<{ token: string; url: string; link: InspectionLink }> {
  const token = randomBytes(32).toString('base64url');
  const link: InspectionLink = { ...target, created_at: now.toISOString(), valid_until: new Date(now.getTime() + days * DAY_MS).toISOString() };
  await writeLink(token, link);
  return { token, url: linkUrl(token), link };
}

/** Writes a link item for a token (tests write expired ones this way). */
export async function writeLink(token: string, link: InspectionLink): Promise<void> {
  const ttl = Math.floor((Date.parse(link.valid_until) + EXPIRED_GRACE_DAYS * DAY_MS) / 1000);
  await putItem({ ...linkKeys.inspectionLink(hashToken(token)), ...link, expires_at: ttl });
}

/** Withdraws a link whose text was not sent. */
export async function revokeLink(token: string): Promise<void> {
  await transactWrite([{ Delete: { Key: linkKeys.inspectionLink(hashToken(token)) } }]);
}

/** The link a token opens: 404 link_not_found for a malformed or unknown token, 410 link_expired after its time. */
export async function openLink(token: string, now = new Date()): Promise<InspectionLink> {
  if (!TOKEN_PATTERN.test(token)) throw linkNotFound();
  const item = await getItem<InspectionLink>(linkKeys.inspectionLink(hashToken(token)));
  if (!item) throw linkNotFound();
  const link = fields(item);
  if (Date.parse(link.valid_until) <= now.getTime()) throw linkExpired();
  return link;
}
