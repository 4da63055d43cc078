/**
 * A report's figures (issue 24): the counters of the period at the locations asked for, turned into
 * sheets by the report type's builder (types/index.ts). Read by the figures route and by the
 * workbook writer, which write the same sheets.
 */
import { currencySymbol, isLocale } from '../../shared/locales.js';
import type { DayRange, ReportFigures, ReportScope, ReportType } from '../../shared/reports/types.js';
import { agentsOfCompany } from '../lib/agents.js';
import type { LocationRecord } from '../lib/locations.js';
import { countersOf } from './counters.js';
import type { ReportsSettingsValues, SheetContext } from './sheets.js';
import { sheetBuilders } from './types/index.js';

export async function reportFigures(input: {
  companyId: string;
  /** The locations counted; the first is the one asked from (its currency and settings). */
  locations: readonly Pick<LocationRecord, 'id' | 'name' | 'timezone' | 'locale'>[];
  type: ReportType;
  range: DayRange;
  scope: ReportScope;
  settings: ReportsSettingsValues;
}): Promise<ReportFigures> {
  const build = sheetBuilders[input.type];
  const [rows, agents] = await Promise.all([
    countersOf({ companyId: input.companyId, locationIds: input.locations.map((l) => l.id), type: input.type, range: input.range }),
    agentsOfCompany(input.companyId),
  ]);
  const locale = input.locations[0]?.locale;
  const locations = input.locations.map(({ id, name, timezone }) => ({ id, name, timezone }));
  const ctx: SheetContext = {
    type: input.type,
    scope: input.scope,
    range: input.range,
    companyId: input.companyId,
    locations,
    agentNames: new Map(agents.map((a) => [a.id, `${a.first_name} ${a.last_name}`.trim()])),
    currency: currencySymbol(locale && isLocale(locale) ? locale : 'en-us'),
    settings: input.settings,
  };
  return { type: input.type, scope: input.scope, range: input.range, locations, currency: ctx.currency, sheets: build(rows, ctx) };
}
