/**
 * API keys of the DMS feed. A dealership's DMS (or its integration partner) posts with a key of one
 * location; managers and admins create and revoke keys in the console. Only the SHA-256 of a
 * secret is stored, so a copy of the table gives nobody a working key; the secret is shown once,
 * when the key is made.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { DomainError, forbidden } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { keys } from '../lib/keys.js';
import { secretHash } from '../lib/passwords.js';
import { db, fields, getItem, isConditionFailure, putItemIf, queryAll, updateItem } from '../lib/table.js';

/** Keys of the records this store owns (docs/data-model.md). */
const apiKeyKeys = {
  /** A DMS feed API key, by the hash of its secret. */
  dmsKey: (secretHash: string) => ({ pk: `DMSKEY#${secretHash}`, sk: 'DMSKEY' }),
  /** gsi1 on DMS keys: the keys of a location. */
  dmsKeysOfLocation: (companyId: string, locationId: string) => ({ gsi1pk: `COMPANY#${companyId}#LOCATION#${locationId}#DMSKEYS` }),
} as const;

/** Marks the secret for what it is in logs and secret scanners. */
export const DMS_KEY_PREFIX = 'dms_live_';
/** last_used_at is written at most this often, so a busy feed does not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface DmsKeyRecord {
  id: string;
  company_id: string;
  location_id: string;
  label: string;
  secret_hash: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
}

/** What the console lists: never the secret or its hash. */
export interface DmsKeyView {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export function dmsKeyView(key: DmsKeyRecord): DmsKeyView {
  return { id: key.id, label: key.label, created_at: key.created_at, last_used_at: key.last_used_at };
}

export const invalidApiKey = () => new DomainError('unauthenticated', 'invalid_api_key', 'The API key is missing or not valid');
export const keyOfAnotherLocation = () => forbidden('This API key belongs to another location');

export async function createDmsKey(
  companyId: string,
  locationId: string,
  label: string,
  createdBy: string | null,
): Promise<{ key: DmsKeyRecord; secret: string }> {
  const secret = `${DMS_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const key: DmsKeyRecord = {
    id: newId('dk'),
    company_id: companyId,
    location_id: locationId,
    label,
    secret_hash: secretHash(secret),
    created_at: new Date().toISOString(),
    created_by: createdBy,
    last_used_at: null,
  };
  await putItemIf(
    { ...apiKeyKeys.dmsKey(key.secret_hash), ...apiKeyKeys.dmsKeysOfLocation(companyId, locationId), gsi1sk: `${key.created_at}#${key.id}`, ...key },
    'attribute_not_exists(pk)',
  );
  return { key, secret };
}

/** The location's keys, oldest first. */
export async function dmsKeysOfLocation(companyId: string, locationId: string): Promise<DmsKeyRecord[]> {
  const items = await queryAll<DmsKeyRecord>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': apiKeyKeys.dmsKeysOfLocation(companyId, locationId).gsi1pk },
  });
  return items.map(fields);
}

/** Revokes a key of the location; false when there is no such key (any more). */
export async function revokeDmsKey(companyId: string, locationId: string, keyId: string): Promise<boolean> {
  const key = (await dmsKeysOfLocation(companyId, locationId)).find((k) => k.id === keyId);
  if (!key) return false;
  try {
    await db().send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: apiKeyKeys.dmsKey(key.secret_hash),
        ConditionExpression: 'id = :id AND location_id = :loc',
        ExpressionAttributeValues: { ':id': keyId, ':loc': locationId },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The key a secret belongs to, or undefined for a wrong or revoked one. */
export async function findDmsKey(secret: string): Promise<DmsKeyRecord | undefined> {
  if (!secret.startsWith(DMS_KEY_PREFIX)) return undefined;
  const item = await getItem<DmsKeyRecord>(apiKeyKeys.dmsKey(secretHash(secret)), true);
  return item && fields(item);
}

/**
 * The key of a feed request to `/dms/v1/locations/{locationId}/…`: 401 for a missing, wrong or
 * revoked key, 403 for a key of another location. Notes the use (at most once a minute).
 */
export async function authenticateDmsKey(secret: string | undefined, locationId: string, now = Date.now()): Promise<DmsKeyRecord> {
  const key = secret ? await findDmsKey(secret.trim()) : undefined;
  if (!key) throw invalidApiKey();
  if (key.location_id !== locationId) throw keyOfAnotherLocation();
  if (!key.last_used_at || Date.parse(key.last_used_at) <= now - LAST_USED_RESOLUTION_MS) {
    const at = new Date(now).toISOString();
    try {
      // Conditional, so concurrent requests write it once and a revoked key is not brought back.
      await updateItem({
        Key: apiKeyKeys.dmsKey(key.secret_hash),
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR attribute_type(last_used_at, :null) OR last_used_at <= :cutoff)',
        ExpressionAttributeValues: { ':at': at, ':null': 'NULL', ':cutoff': new Date(now - LAST_USED_RESOLUTION_MS).toISOString() },
      });
      key.last_used_at = at;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return key;
}
