/**
 * Record ids. New records get a time-ordered ULID; records the DMS owns get an id derived from the
 * DMS's own id, so a repeated feed finds the same record instead of creating a second one (and
 * records an inbound text opens, from the carrier's message id, so a redelivery finds them too).
 */
import { createHash } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

export const newId = (prefix: string): string => `${prefix}_${next().toLowerCase()}`;

/** Stable id derived from what identifies the record outside the console: same parts → same id. */
export function derivedId(prefix: string, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('base64url');
  return `${prefix}_${digest.slice(0, 22).toLowerCase().replace(/[-_]/g, 'x')}`;
}

/** Stable id of a DMS record: same company, location, kind and DMS id → same id. */
export function dmsRecordId(prefix: string, companyId: string, locationId: string, kind: string, dmsId: string): string {
  return derivedId(prefix, companyId, locationId, kind, dmsId);
}
