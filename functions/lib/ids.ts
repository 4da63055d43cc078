/**
 * Record ids. New records get a time-ordered ULID; records the DMS owns get an id derived from the
 * DMS's own id, so a repeated feed finds the same record instead of creating a second one.
 */
import { createHash } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

export const newId = (prefix: string): string => `${prefix}_${next().toLowerCase()}`;

/** Stable id of a DMS record: same company, location, kind and DMS id → same id. */
export function dmsRecordId(prefix: string, companyId: string, locationId: string, kind: string, dmsId: string): string {
  const digest = createHash('sha256').update(`${companyId}\u0000${locationId}\u0000${kind}\u0000${dmsId}`).digest('base64url');
  return `${prefix}_${digest.slice(0, 22).toLowerCase().replace(/[-_]/g, 'x')}`;
}
