/**
 * The table's changes as the stream would tell them, for the boards' figure tests: each write a
 * test makes through a store is wrapped, the item read (consistently) before and after it, and the
 * pair kept as one change (kind, keys, old and new images). Counting hands them to the reports'
 * listener, then all of them again in reverse order: a change told twice, and changes out of their
 * order, must count nothing more.
 */
import type { ReportSheet, ReportType } from '../../../shared/reports/types.js';
import type { TableChange } from '../../lib/boardModule.js';
import { getItem } from '../../lib/table.js';
import { countersOf } from '../counters.js';
import { tallyListener } from '../listener.js';
import type { SheetBuilder, SheetContext } from '../sheets.js';

type Key = { pk: string; sk: string };

export class ChangeLog {
  readonly changes: TableChange[] = [];
  private seq = 0;

  /** Runs a write and keeps the change it made to the item at `key` (nothing when it made none). */
  async around<T>(key: Key, write: () => Promise<T>): Promise<T> {
    const old = await getItem<Record<string, unknown>>(key, true);
    const result = await write();
    const next = await getItem<Record<string, unknown>>(key, true);
    if (JSON.stringify(old) !== JSON.stringify(next)) {
      this.changes.push({
        id: `chg_${++this.seq}`,
        kind: !old ? 'insert' : next ? 'modify' : 'remove',
        keys: key,
        ...(old ? { old } : {}),
        ...(next ? { new: next } : {}),
        at: new Date().toISOString(),
      });
    }
    return result;
  }

  /** Keeps the insert of an item a write just made, for a store that names its key only once it made it. */
  async inserted(key: Key): Promise<void> {
    const item = await getItem<Record<string, unknown>>(key, true);
    if (!item) throw new Error(`nothing at ${key.pk} / ${key.sk}`);
    this.changes.push({ id: `chg_${++this.seq}`, kind: 'insert', keys: key, new: item, at: new Date().toISOString() });
  }

  /** Counts every change, then every change again, last first. */
  async count(): Promise<void> {
    await tallyListener.apply(this.changes);
    await tallyListener.apply([...this.changes].reverse());
  }
}

/** A report's sheets over a range, from the counters as the figures route reads them. */
export async function sheetsOf(build: SheetBuilder, input: Omit<SheetContext, 'settings' | 'currency'> & { type: ReportType }): Promise<ReportSheet[]> {
  const rows = await countersOf({ companyId: input.companyId, locationIds: input.locations.map((l) => l.id), type: input.type, range: input.range });
  return build(rows, { ...input, currency: '$', settings: { late_response_minutes: 15, opening_hours: {} } });
}
