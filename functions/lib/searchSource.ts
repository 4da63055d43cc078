/**
 * A board's part in the history search (functions/lib/boardModule.ts `SearchSource`) from its
 * store's item parsing: only the store knows which items are its records.
 */
import type { SearchEntry, SearchSource, TableChange } from './boardModule.js';

/**
 * The source of a board whose records `parse` recognises: a change of one of its records gives the
 * entry `entryOf` makes of the record as it is now, a removal null, anything else undefined.
 */
export function searchSource<R>(parse: (item: Record<string, unknown> | undefined) => R | undefined, entryOf: (record: R) => SearchEntry | null | Promise<SearchEntry | null>): SearchSource {
  return (change: TableChange) => {
    const now = parse(change.new);
    if (now) return entryOf(now);
    return parse(change.old) ? null : undefined;
  };
}
