/**
 * A mass text's progress and summary in the dialog's terms (shared/massTexts.ts MassMessage): how
 * many are dealt with, why recipients were skipped, and which of two reports is the later one.
 */
import type { MassMessage } from '../../../../shared/massTexts.js';

/** Reasons a recipient was not texted that the summary words itself (short, as a list item). */
const SKIP_REASON_KEYS: Record<string, string> = {
  opted_out: 'mass_text.skip_opted_out',
  landline: 'mass_text.skip_landline',
  blocked: 'mass_text.skip_blocked',
  no_cell: 'mass_text.skip_no_cell',
  no_phone: 'mass_text.skip_no_cell',
  unknown_in_safe_mode: 'mass_text.skip_unknown_in_safe_mode',
  // A repair order nobody is assigned to (the advisor rule, SPEC §5): common in a manager's "all".
  no_advisor: 'mass_text.skip_no_advisor',
};

export interface SkipLine {
  reason: string;
  count: number;
  /** Locale key for the reason, or null: the caller words it from the texting refusals, else as "other". */
  key: string | null;
}

/** The summary's "skipped" lines, largest first; reasons with no recipient left out. */
export function skipLines(mass: Pick<MassMessage, 'skipped'>): SkipLine[] {
  return Object.entries(mass.skipped)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, count, key: Object.hasOwn(SKIP_REASON_KEYS, reason) ? SKIP_REASON_KEYS[reason]! : null }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function skippedTotal(mass: Pick<MassMessage, 'skipped'>): number {
  return Object.values(mass.skipped).reduce((sum, count) => sum + count, 0);
}

/** Recipients dealt with so far (sent, scheduled, skipped or failed), for the progress bar. */
export function massProgress(mass: Pick<MassMessage, 'sent' | 'scheduled' | 'skipped' | 'failed' | 'total'>): { done: number; total: number } {
  return { done: Math.min(mass.total, mass.sent + (mass.scheduled ?? 0) + mass.failed + skippedTotal(mass)), total: mass.total };
}

/** Events and answers may arrive out of order: a finished report, or one further along, wins. */
export function newer(current: MassMessage, next: MassMessage): MassMessage {
  if (next.id !== current.id) return current;
  if (current.state === 'finished' && next.state !== 'finished') return current;
  if (next.state === 'finished') return next;
  return massProgress(next).done >= massProgress(current).done ? next : current;
}
