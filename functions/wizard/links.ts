/**
 * Wizard links (issue 23): a manager gives the store's staff a link to the public setup wizard. The
 * token is 32 random bytes, base64url, shown once; the table keeps only its SHA-256, in a lookup
 * item that names exactly one location (a read of the table does not yield working links). The
 * location's list of its links is a partition of the location's own. A link works for
 * WIZARD_LINK_DAYS; a revoked link's lookup item is deleted at once, an expired one is kept until its
 * TTL. Unknown, malformed, revoked and expired tokens all answer the same 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import { WIZARD_LINK_DAYS, type WizardLink } from '../../shared/wizard/schemas.js';
import { DomainError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { fields, getItem, isConditionFailure, queryAll, transactWrite, updateItem, type Item } from '../lib/table.js';

const DAY_MS = 86_400_000;
/** The table forgets an expired link's lookup item this long after it stopped working. */
const EXPIRED_KEPT_DAYS = 7;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Keys of the records this store owns (docs/data-model.md "Wizard links"). */
const wizardKeys = {
  /** The link a token opens, by the token's hash. */
  byToken: (tokenHash: string) => ({ pk: `WIZARD#${tokenHash}`, sk: 'WIZARD' }),
  /** A location's links (tenant first in the key). */
  link: (companyId: string, locationId: string, linkId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#WIZARD`, sk: `LINK#${linkId}` }),
  linksOf: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}#WIZARD`, skPrefix: 'LINK#' }),
} as const;

export interface WizardLinkRecord extends WizardLink {
  company_id: string;
  token_hash: string;
}

interface TokenRecord {
  company_id: string;
  location_id: string;
  link_id: string;
  valid_until: string;
}

/** What a working token opens: one location of one company, through one link. */
export interface OpenedWizard {
  link: WizardLinkRecord;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const ttlOf = (validUntil: string) => Math.floor((Date.parse(validUntil) + EXPIRED_KEPT_DAYS * DAY_MS) / 1000);

/** One answer for every token that opens nothing, so a caller learns nothing of why. */
export const wizardNotFound = () => new DomainError('not_found', 'not_found', 'This link is not valid. Please ask your manager for a new one.');

export const linkView = ({ company_id: _company, token_hash: _hash, ...link }: WizardLinkRecord): WizardLink => link;

/** A new link for a location; the token is in the answer only. */
export async function createWizardLink(
  companyId: string,
  locationId: string,
  by: { id: string; name: string },
  now = new Date(),
): Promise<{ link: WizardLinkRecord; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const validUntil = new Date(now.getTime() + WIZARD_LINK_DAYS * DAY_MS).toISOString();
  const link: WizardLinkRecord = {
    id: newId('wzl'),
    company_id: companyId,
    location_id: locationId,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    created_by: by,
    valid_until: validUntil,
    finished_at: null,
    revoked_at: null,
  };
  const lookup: Item<TokenRecord> = { ...wizardKeys.byToken(link.token_hash), company_id: companyId, location_id: locationId, link_id: link.id, valid_until: validUntil, expires_at: ttlOf(validUntil) };
  await transactWrite([
    { Put: { Item: { ...wizardKeys.link(companyId, locationId, link.id), ...link }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: lookup, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  return { link, token };
}

/** A location's links, newest first. */
export async function wizardLinksOf(companyId: string, locationId: string): Promise<WizardLinkRecord[]> {
  const key = wizardKeys.linksOf(companyId, locationId);
  const items = await queryAll<WizardLinkRecord>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.skPrefix },
    ScanIndexForward: false,
  });
  return items.map((item) => fields(item)).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function getWizardLink(companyId: string, locationId: string, linkId: string): Promise<WizardLinkRecord | undefined> {
  const item = await getItem<WizardLinkRecord>(wizardKeys.link(companyId, locationId, linkId), true);
  return item && fields(item);
}

/** Revokes a link: its token stops working at once (its lookup item goes), the list keeps it as revoked. */
export async function revokeWizardLink(link: WizardLinkRecord, now = new Date()): Promise<WizardLinkRecord> {
  if (link.revoked_at) return link;
  const revoked = { ...link, revoked_at: now.toISOString() };
  await transactWrite([
    {
      Update: {
        Key: wizardKeys.link(link.company_id, link.location_id, link.id),
        UpdateExpression: 'SET revoked_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': revoked.revoked_at },
      },
    },
    { Delete: { Key: wizardKeys.byToken(link.token_hash) } },
  ]);
  return revoked;
}

/** The link a token opens: 404 for a malformed, unknown, revoked or expired one alike. */
export async function openWizard(token: string, now = new Date()): Promise<OpenedWizard> {
  if (!TOKEN_PATTERN.test(token)) throw wizardNotFound();
  const hash = hashToken(token);
  const item = await getItem<TokenRecord>(wizardKeys.byToken(hash), true);
  if (!item) throw wizardNotFound();
  const lookup = fields(item);
  if (Date.parse(lookup.valid_until) <= now.getTime()) throw wizardNotFound();
  const link = await getWizardLink(lookup.company_id, lookup.location_id, lookup.link_id);
  // The link must name the same hash back: a lookup item is only ever trusted with its link.
  if (!link || link.revoked_at || link.token_hash !== hash) throw wizardNotFound();
  return { link };
}

/** The wizard was submitted (SPEC §7 `…/finish`); the first time counts. */
export async function markFinished(link: WizardLinkRecord, now = new Date()): Promise<WizardLinkRecord> {
  if (link.finished_at) return link;
  try {
    const updated = await updateItem<WizardLinkRecord>({
      Key: wizardKeys.link(link.company_id, link.location_id, link.id),
      UpdateExpression: 'SET finished_at = :at',
      // Stored as null until then; two submits at once keep the first time.
      ConditionExpression: 'attribute_exists(pk) AND finished_at = :none',
      ExpressionAttributeValues: { ':at': now.toISOString(), ':none': null },
    });
    if (updated) return fields(updated);
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  return (await getWizardLink(link.company_id, link.location_id, link.id)) ?? link;
}
