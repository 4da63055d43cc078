/** The message templates store: a company's canned texts by level (company, location, agent). */
import type { Template } from '../../shared/api.js';
import { byPrefix, keys } from './keys.js';
import { fields, queryAll } from './table.js';

/** The templates of one level: `company`, `location#{lid}` or `agent#{aid}`. */
export async function messageTemplatesOf(companyId: string, scope: string): Promise<Template[]> {
  const items = await queryAll<Template>(byPrefix(keys.templatesOf(companyId, scope)));
  return items.map(fields);
}
