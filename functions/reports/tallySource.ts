/**
 * The figures and records of the reports' tallies (functions/tallies), as report files read them:
 * the figures with the settings of the store asked from, the records a page at a time (each fact
 * read once, however long the export).
 */
import { reportFigures } from '../tallies/figures.js';
import { figureRecordPages } from '../tallies/records.js';
import { readReportsSettings } from '../tallies/settings.js';
import type { FigureSource } from './figureSource.js';

/** Records read per page of an export. */
const RECORDS_PAGE = 500;

export const tallySource: FigureSource = {
  figures: async (ask) => {
    const asked = ask.locations[0];
    if (!asked) throw new Error('a report counts at least one location');
    return await reportFigures({ ...ask, settings: await readReportsSettings(ask.companyId, asked.id) });
  },
  records: (ask) => figureRecordPages({ ...ask, pageSize: RECORDS_PAGE }),
};
