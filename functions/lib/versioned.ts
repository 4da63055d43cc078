/**
 * Read, change, write, retried when another writer got in between: the one loop behind every store
 * whose records carry a `version` and are written conditional on the version read. Each store keeps
 * its own conflict detection (which error means "changed meanwhile"); this only decides to retry.
 */

/** A record every write of which is conditional on the version it read. */
export interface Versioned {
  version: number;
  updated_at: string;
}

/** How a store reads and writes one versioned record. */
export interface VersionedRecord<R extends Versioned> {
  /** The record as it is now (a consistent read); throws when it is gone. */
  read: () => Promise<R>;
  /** Writes `after` conditional on `before`'s version; throws the store's conflict error when it moved. */
  save: (after: R, before: R) => Promise<void>;
  /** True for the store's "changed meanwhile" error: read again and retry. */
  isConflict: (err: unknown) => boolean;
}

/** What an update did: the record as read, as written, and whether anything was written. */
export interface VersionedUpdate<R> {
  before: R;
  after: R;
  changed: boolean;
}

/** Tries before a conflict reaches the caller: enough for a busy record, bounded for a hot one. */
const ATTEMPTS = 5;

/**
 * Applies `change` to the record: it returns the new fields, or null to leave the record as it is;
 * version and updated_at are set here. Retried on the store's conflict, up to ATTEMPTS times.
 */
export async function updateVersioned<R extends Versioned>(
  record: VersionedRecord<R>,
  change: (current: R) => Partial<R> | null,
): Promise<VersionedUpdate<R>> {
  for (let attempt = 1; ; attempt++) {
    const before = await record.read();
    const changes = change(before);
    if (!changes) return { before, after: before, changed: false };
    const after: R = { ...before, ...changes, version: before.version + 1, updated_at: new Date().toISOString() };
    try {
      await record.save(after, before);
      return { before, after, changed: true };
    } catch (err) {
      if (attempt >= ATTEMPTS || !record.isConflict(err)) throw err;
    }
  }
}
