/**
 * A store's lead form, named on its public landing page by an unguessable token (32 random bytes,
 * base64url) instead of its location id, so nobody can post leads to a store by counting ids. The
 * token is no password: the landing page prints it; it only has to be impossible to guess. A
 * manager may renew it (a form abused from a copied page); the old one stops working at once. The
 * only code that knows these keys.
 */
import { randomBytes } from 'node:crypto';
import { notFound } from '../lib/errors.js';
import { fields, getItem, isConditionFailure, transactWrite } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const leadFormKeys = {
  /** A token → the store whose form it is. */
  byToken: (token: string) => ({ pk: `LEADFORM#${token}`, sk: 'LEADFORM' }),
  /** A store → its current token. */
  ofLocation: (companyId: string, locationId: string) => ({ pk: `COMPANY#${companyId}#LOCATION#${locationId}`, sk: 'LEADFORM' }),
} as const;

/** 32 bytes in base64url: 43 characters of A–Z a–z 0–9 - _. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface LeadFormStore {
  company_id: string;
  location_id: string;
}

export interface LeadForm extends LeadFormStore {
  token: string;
  created_at: string;
}

export const leadFormNotFound = () => notFound('This lead form does not exist');

async function currentForm(companyId: string, locationId: string): Promise<LeadForm | undefined> {
  const item = await getItem<LeadForm>(leadFormKeys.ofLocation(companyId, locationId), true);
  return item && fields(item);
}

/** Writes a new token for the store, replacing `previous` (null: the store had none), conditional on it still being the store's. */
async function writeForm(companyId: string, locationId: string, previous: LeadForm | null): Promise<LeadForm | null> {
  const form: LeadForm = { company_id: companyId, location_id: locationId, token: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() };
  try {
    await transactWrite([
      {
        Put: {
          Item: { ...leadFormKeys.ofLocation(companyId, locationId), ...form },
          ...(previous ? { ConditionExpression: '#token = :token', ExpressionAttributeNames: { '#token': 'token' }, ExpressionAttributeValues: { ':token': previous.token } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      { Put: { Item: { ...leadFormKeys.byToken(form.token), company_id: companyId, location_id: locationId }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(previous ? [{ Delete: { Key: leadFormKeys.byToken(previous.token) } }] : []),
    ]);
    return form;
  } catch (err) {
    // Another request gave the store a token first: theirs stands.
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** The store's lead form, made on first ask (two asking at once get the same one). */
export async function leadFormOf(companyId: string, locationId: string): Promise<LeadForm> {
  const existing = await currentForm(companyId, locationId);
  if (existing) return existing;
  const made = await writeForm(companyId, locationId, null);
  if (made) return made;
  const raced = await currentForm(companyId, locationId);
  if (!raced) throw new Error(`Lead form of ${locationId} neither written nor found`);
  return raced;
}

/**
 * A new token for the store's form; the old one stops working. Two renewals at once both get what
 * they asked for: the one that loses finds the token the other wrote, which the token it saw is not.
 */
export async function renewLeadForm(companyId: string, locationId: string): Promise<LeadForm> {
  const seen = (await currentForm(companyId, locationId)) ?? null;
  const renewed = await writeForm(companyId, locationId, seen);
  if (renewed) return renewed;
  const now = await currentForm(companyId, locationId);
  if (now && now.token !== seen?.token) return now;
  throw new Error(`Lead form of ${locationId} neither renewed nor changed`);
}

/** The store a token names; 404 for a malformed, unknown or renewed-away token. */
export async function storeOfToken(token: string): Promise<LeadFormStore> {
  if (!TOKEN_PATTERN.test(token)) throw leadFormNotFound();
  const item = await getItem<LeadFormStore>(leadFormKeys.byToken(token));
  if (!item) throw leadFormNotFound();
  return { company_id: item.company_id, location_id: item.location_id };
}
