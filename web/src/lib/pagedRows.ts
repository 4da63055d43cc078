/**
 * A board's list kept as the pages its endpoint answered (SPEC §7 paging), and the changes a board
 * makes to rows between fetches. Pages stay pages (SWR keeps one answer per offset): a change
 * touches only the pages it must, so a later revalidation refetches those pages and not the whole
 * list. Each board says where a page keeps its rows (`repair_orders`, `appointments`) and in what
 * order they stand; the rest is the same for every board. Pure, so it is tested without a browser.
 */

/** Where a page keeps its rows: read them, and a copy of the page with other rows. */
export interface PageRows<Page, Row> {
  read(page: Page): readonly Row[];
  write(page: Page, rows: Row[]): Page;
}

interface Identified {
  id: string;
}

/** Every loaded row once, in page order. Pages fetched while the list moved may repeat a row: the first copy wins. */
export function listedRows<Page, Row extends Identified>(shape: PageRows<Page, Row>, pages: readonly (Page | undefined)[] | undefined): Row[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const page of pages) {
    for (const row of page ? shape.read(page) : []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

export function findListed<Page, Row extends Identified>(shape: PageRows<Page, Row>, pages: readonly (Page | undefined)[] | undefined, id: string): Row | undefined {
  for (const page of pages ?? []) {
    const found = page ? shape.read(page).find((r) => r.id === id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Changes rows in place (flags that do not move a row); pages without a match are kept as they were. */
export function patchListed<Page, Row>(shape: PageRows<Page, Row>, pages: readonly Page[], match: (row: Row) => boolean, change: (row: Row) => Row): Page[] {
  return pages.map((page) => {
    const rows = shape.read(page);
    return rows.some(match) ? shape.write(page, rows.map((r) => (match(r) ? change(r) : r))) : page;
  });
}

/** The list without this row (the pages that did not hold it kept as they were). */
export function withoutListed<Page, Row extends Identified>(shape: PageRows<Page, Row>, pages: readonly Page[], id: string): Page[] {
  return pages.map((page) => {
    const rows = shape.read(page);
    return rows.some((r) => r.id === id) ? shape.write(page, rows.filter((r) => r.id !== id)) : page;
  });
}

/**
 * Puts a row in its place: before the first loaded row that `goesBefore` says it precedes, else
 * last, where the next page would have brought it. Nothing loaded yet: nothing to put it in.
 */
export function insertListed<Page, Row>(shape: PageRows<Page, Row>, pages: readonly Page[], row: Row, goesBefore: (listed: Row) => boolean): Page[] {
  if (pages.length === 0) return [...pages];
  for (let p = 0; p < pages.length; p++) {
    const rows = shape.read(pages[p]!);
    const index = rows.findIndex(goesBefore);
    if (index !== -1) return pages.map((page, i) => (i === p ? shape.write(page, [...rows.slice(0, index), row, ...rows.slice(index)]) : page));
  }
  const last = pages.length - 1;
  return pages.map((page, i) => (i === last ? shape.write(page, [...shape.read(page), row]) : page));
}

/** How many of the rows the agent has not read (the board's unread pill). */
export function unreadRows(rows: readonly { is_unread: boolean }[]): number {
  return rows.reduce((count, row) => count + (row.is_unread ? 1 : 0), 0);
}
