/**
 * A template changed: the consoles that offer its level hear `template.changed` and read their lists
 * again (the settings tab's lists; the composer's picker reads afresh each time it opens). A
 * company's template reaches every store of the company, a store's its store, an agent's own only
 * that agent. An announcement that fails is logged: the change itself stands.
 */
import type { TemplateEvent } from '../../shared/templates/events.js';
import { locationsOfCompany } from '../lib/locations.js';
import { logger } from '../lib/log.js';
import { channels, publishTo } from '../lib/realtime.js';
import type { TemplateRecord } from './records.js';

const PAGE = 100;

async function storesOf(companyId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { locations, total } = await locationsOfCompany(companyId, offset, PAGE);
    ids.push(...locations.map((location) => location.id));
    if (locations.length === 0 || offset + PAGE >= total) return ids;
  }
}

async function channelsOf(template: Pick<TemplateRecord, 'company_id' | 'level' | 'owner_id'>): Promise<string[]> {
  if (template.level === 'agent') return [channels.agent(template.owner_id)];
  if (template.level === 'location') return [channels.location(template.owner_id)];
  return (await storesOf(template.company_id)).map(channels.location);
}

export async function announceTemplate(template: Pick<TemplateRecord, 'id' | 'company_id' | 'level' | 'owner_id'>, change: TemplateEvent['data']['change']): Promise<void> {
  try {
    const event: TemplateEvent = { type: 'template.changed', data: { id: template.id, level: template.level, owner_id: template.owner_id, change } };
    await publishTo(template.company_id, await channelsOf(template), event);
  } catch (error) {
    logger.error('a template change was not announced', { template_id: template.id, error: error as Error });
  }
}
