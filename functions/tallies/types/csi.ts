/**
 * The CSI report (issue 24; README "Reports: CSI"): survey responses, their average score, and the
 * share of 9–10 and of 0–6, by advisor (the repair order's) and, for a company, by store. Counters
 * from the CSI board's facts (functions/csi/tallies.ts).
 */
import type { SheetBuilder } from '../sheets.js';
import { BY_ADVISOR, figureSheets, share, type FigureColumn } from './figureSheets.js';

export const CSI_COLUMNS: readonly FigureColumn[] = [
  { id: 'responses', format: 'count', cell: (t) => t('responses').count, drill: 'responses' },
  { id: 'average_score', format: 'score', cell: (t) => (t('responses').count > 0 ? t('responses').value / t('responses').count : null) },
  { id: 'score_9_10', format: 'count', cell: (t) => t('score_9_10').count, drill: 'score_9_10' },
  { id: 'share_9_10', format: 'percent', cell: (t) => share(t('score_9_10').count, t('responses').count) },
  { id: 'score_0_6', format: 'count', cell: (t) => t('score_0_6').count, drill: 'score_0_6' },
  { id: 'share_0_6', format: 'percent', cell: (t) => share(t('score_0_6').count, t('responses').count) },
];

export const csiSheets: SheetBuilder = (rows, ctx) => figureSheets('csi', CSI_COLUMNS, rows, ctx, [BY_ADVISOR]);
