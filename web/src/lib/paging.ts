/**
 * Whole lists from paged endpoints (SPEC §7): the first page says the total, the remaining
 * ceil(total / limit) - 1 pages are asked for at once, and the results are kept in order.
 */
import type { PagedMeta } from '../../../shared/api.js';

export type PageGetter = <T>(path: string) => Promise<T>;

export async function fetchAllPages<K extends string, Item>(
  get: PageGetter,
  path: string,
  listKey: K,
  limit = 20,
): Promise<Item[]> {
  type Page = PagedMeta & { [key in K]: Item[] };
  const separator = path.includes('?') ? '&' : '?';
  const pageAt = (offset: number) => get<Page>(`${path}${separator}offset=${offset}&limit=${limit}`);
  const first = await pageAt(0);
  const remaining = Math.max(0, Math.ceil(first.meta.paging.total / limit) - 1);
  const rest = await Promise.all(Array.from({ length: remaining }, (_, i) => pageAt((i + 1) * limit)));
  return [first, ...rest].flatMap((page) => page[listKey]);
}
