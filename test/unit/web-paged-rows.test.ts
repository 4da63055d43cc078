/**
 * The page handling every board's list shares (web/src/lib/pagedRows.ts): rows read once in page
 * order, and a change touching only the pages that hold the row.
 */
import { describe, expect, it } from 'vitest';
import { findListed, insertListed, listedRows, patchListed, unreadRows, withoutListed, type PageRows } from '../../web/src/lib/pagedRows.js';

interface Row {
  id: string;
  at: number;
  is_unread: boolean;
}
interface Page {
  rows: Row[];
}
const SHAPE: PageRows<Page, Row> = { read: (p) => p.rows, write: (p, rows) => ({ ...p, rows }) };
const row = (id: string, at: number, is_unread = false): Row => ({ id, at, is_unread });

describe('a board list kept as pages', () => {
  const pages: Page[] = [{ rows: [row('a', 1), row('b', 2)] }, { rows: [row('b', 2), row('c', 3, true)] }];

  it('lists every row once in page order, the first copy winning, and skips pages not loaded', () => {
    expect(listedRows(SHAPE, [...pages, undefined]).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(listedRows(SHAPE, undefined)).toEqual([]);
    expect(findListed(SHAPE, pages, 'c')?.at).toBe(3);
    expect(findListed(SHAPE, pages, 'z')).toBeUndefined();
  });

  it('changes only the pages that hold a matching row', () => {
    const patched = patchListed(SHAPE, pages, (r) => r.id === 'a', (r) => ({ ...r, is_unread: true }));
    expect(patched[0]!.rows[0]!.is_unread).toBe(true);
    expect(patched[1]).toBe(pages[1]);
    const without = withoutListed(SHAPE, pages, 'c');
    expect(without[0]).toBe(pages[0]);
    expect(without[1]!.rows.map((r) => r.id)).toEqual(['b']);
  });

  it('inserts before the first row it precedes, else last, and into nothing loaded not at all', () => {
    const early = insertListed(SHAPE, pages, row('x', 1.5), (listed) => listed.at > 1.5);
    expect(early.map((p) => p.rows.map((r) => r.id))).toEqual([['a', 'x', 'b'], ['b', 'c']]);
    const late = insertListed(SHAPE, pages, row('y', 9), (listed) => listed.at > 9);
    expect(late.map((p) => p.rows.map((r) => r.id))).toEqual([['a', 'b'], ['b', 'c', 'y']]);
    expect(insertListed(SHAPE, [], row('z', 1), () => true)).toEqual([]);
  });

  it('counts the unread rows', () => {
    expect(unreadRows(listedRows(SHAPE, pages))).toBe(1);
  });
});
