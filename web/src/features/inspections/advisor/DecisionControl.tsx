/** Placeholder with the agreed signature until the decision control lands (issue 4, being built by w2). */
import type { JSX } from 'react';
import type { Recommendation, SheetReply } from '../../../../../shared/inspections.js';

export function DecisionControl(_props: { roId: string; recommendation: Recommendation; canDecide: boolean; onReply: (reply: SheetReply) => void }): JSX.Element {
  return <></>;
}
