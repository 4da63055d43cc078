/**
 * The reports' figures on screen and the records behind each (issue 24), and the store's
 * reports_settings: the tallies board's area.
 */
import { figuresQuery, recordsQuery, reportQueryInput } from '../../shared/reports/schemas.js';
import { periodRange, storeDay } from '../../shared/reports/periods.js';
import type { ReportPeriod } from '../../shared/reports/types.js';
import { agentRoute, areaHandler, ok, pagedBody, paging, parse, type Routes } from '../lib/http.js';
import { visibleLocation } from '../lib/access.js';
import { settingsRoutes } from '../lib/settingsRoutes.js';
import '../messages/boards.js';
import { reportLocations } from './access.js';
import { board } from './board.js';
import { reportFigures } from './figures.js';
import { figureRecords } from './records.js';
import { readReportsSettings } from './settings.js';

/** The period's days in the asking store's calendar: relative periods count up to its today. */
const rangeOf = (period: ReportPeriod, timeZone: string) => periodRange(period, storeDay(new Date(), timeZone));

export const routes: Routes = {
  'GET /api/locations/{id}/reports/figures': agentRoute(async ({ auth, params, query }) => {
    // Another store's id is unknown (404) before the question is looked at.
    await visibleLocation(auth, params.id ?? '');
    const asked = parse(figuresQuery, reportQueryInput(query));
    const locations = await reportLocations(auth, params.id ?? '', asked.scope);
    const here = locations[0]!;
    const figures = await reportFigures({
      companyId: auth.companyId,
      locations,
      type: asked.type,
      range: rangeOf(asked.period, here.timezone),
      scope: asked.scope,
      settings: await readReportsSettings(auth.companyId, here.id),
    });
    return ok({ figures });
  }),

  'GET /api/locations/{id}/reports/records': agentRoute(async ({ auth, params, query }) => {
    // Another store's id is unknown (404) before the question is looked at.
    await visibleLocation(auth, params.id ?? '');
    const asked = parse(recordsQuery, reportQueryInput(query));
    const locations = await reportLocations(auth, params.id ?? '', asked.scope);
    const { offset, limit } = paging(query, 20, 100);
    const { records, total } = await figureRecords({
      companyId: auth.companyId,
      locations,
      type: asked.type,
      figure: asked.figure,
      dims: asked.dims,
      range: rangeOf(asked.period, locations[0]!.timezone),
      offset,
      limit,
    });
    return ok(pagedBody('records', records, total, offset, limit));
  }),

  ...settingsRoutes(board.settings[0]),
};

export const handler = areaHandler('tallies', routes);
