/** Placeholder with the agreed signature until the advisor's tools land (issue 4, being built by w2). */
import type { JSX } from 'react';
import type { SheetReply } from '../../../../../shared/inspections.js';

export function AdvisorTools(_props: { reply: SheetReply; dirty: boolean; onReply: (reply: SheetReply) => void; reload: () => void }): JSX.Element | null {
  return null;
}
