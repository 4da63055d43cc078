/**
 * The figures and records of the reports' tallies (functions/tallies), as report files read them.
 */
import type { FigureSource } from './figureSource.js';

export const tallySource: FigureSource = {
  figures: () => Promise.reject(new Error('the report figures (functions/tallies) are not in this build yet')),
  records: () => {
    throw new Error('the report records (functions/tallies) are not in this build yet');
  },
};
