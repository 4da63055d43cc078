/**
 * The figures and records of the reports' tallies (functions/tallies), as report files read them:
 * the figures with the settings of the store asked from, the records a page at a time.
 */
import { reportFigures } from '../tallies/figures.js';
import { figureRecords } from '../tallies/records.js';
import { readReportsSettings } from '../tallies/settings.js';
import type { FigureSource } from './figureSource.js';

/** Records read per page of an export. */
const RECORDS_PAGE = 500;

export const tallySource: FigureSource = {
  figures: async (ask) => {
    const asked = ask.locations[0];
    if (!asked) throw new Error('a report counts at least one location');
    return reportFigures({ ...ask, settings: await readReportsSettings(ask.companyId, asked.id) });
  },
  records: async function* (ask) {
    for (let offset = 0; ; offset += RECORDS_PAGE) {
      const { records, total } = await figureRecords({ ...ask, offset, limit: RECORDS_PAGE });
      if (records.length > 0) yield records;
      if (records.length < RECORDS_PAGE || offset + RECORDS_PAGE >= total) return;
    }
  },
};
