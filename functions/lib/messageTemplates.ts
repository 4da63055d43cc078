/** The message templates store: a company's canned texts by level (company, location, agent). */
import type { Template } from '../../shared/api.js';
import { byPrefix, keys } from './keys.js';
import { fields, queryAll } from './table.js';

/** Keys of the records this store owns (docs/data-model.md). */
export const templateKeys = {
  templatesOf: (companyId: string, scope: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: `TEMPLATE#${scope}#` }),
  template: (companyId: string, scope: string, templateId: string) => ({
    pk: `COMPANY#${companyId}`,
    sk: `TEMPLATE#${scope}#${templateId}`,
  }),
} as const;

/** The templates of one level: `company`, `location#{lid}` or `agent#{aid}`. */
export async function messageTemplatesOf(companyId: string, scope: string): Promise<Template[]> {
  const items = await queryAll<Template>(byPrefix(templateKeys.templatesOf(companyId, scope)));
  return items.map(fields);
}
