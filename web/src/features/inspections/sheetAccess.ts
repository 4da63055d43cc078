/**
 * Who may do what on a sheet (SPEC §4 "MPI", §6): only the agent holding a claimed or reclaimed
 * sheet fills it out ("An MPI must be claimed before it is filled out"); the technician who holds
 * it completes it; service agents read the advisor's view and claim as advisors. The server
 * enforces all of it; the editor only avoids offering what would be refused.
 */
import { accessLevel, type AccessFlags } from '../../../../shared/access.js';
import type { Sheet } from '../../../../shared/inspections/inspections.js';
import type { QueueView, SheetSide } from './requests.js';

/** Service agents work the advisor's side, technicians without it the technician's. */
export function sheetSide(flags: AccessFlags): SheetSide {
  return flags.service ? 'advisor' : 'technician';
}

/** Why the editor is read-only for this agent, or null when they may edit. */
export type ReadOnlyReason = 'unclaimed' | 'held_elsewhere' | 'completed_by_technician' | 'completed_by_advisor';

export function readOnlyReason(sheet: Pick<Sheet, 'state' | 'holder'>, agentId: string): ReadOnlyReason | null {
  switch (sheet.state) {
    case 'unclaimed':
      return 'unclaimed';
    case 'claimed':
    case 'reclaimed':
      return sheet.holder?.id === agentId ? null : 'held_elsewhere';
    case 'completed_by_technician':
      return 'completed_by_technician';
    case 'completed_by_advisor':
      return 'completed_by_advisor';
  }
}

/** The technician holding the sheet completes it; an advisor holder completes it from the advisor's tools. */
export function mayCompleteAsTechnician(sheet: Pick<Sheet, 'state' | 'holder'>, agentId: string): boolean {
  return readOnlyReason(sheet, agentId) === null && sheet.holder?.role === 'technician';
}

/**
 * The editor offers its own Claim only to technicians: service agents claim from the advisor's tools
 * (which also cover completed sheets), so the sheet never shows two Claim buttons.
 */
export function offersTechnicianClaim(sheet: Pick<Sheet, 'state'>, flags: AccessFlags): boolean {
  return sheet.state === 'unclaimed' && flags.technician && !flags.service;
}

/** Advisors set photo verdicts; everyone holding the sheet writes notes. */
export function maySetVerdict(flags: AccessFlags): boolean {
  return flags.service;
}

export type ClaimedTab = Exclude<QueueView, 'pool'>;

/** The claimed screen's tabs: one's own sheets; every claimed sheet for managers and admins; the technicians' finished sheets for service agents. */
export function claimedTabs(flags: AccessFlags): ClaimedTab[] {
  const tabs: ClaimedTab[] = ['mine'];
  if (accessLevel(flags) >= 1) tabs.push('manager');
  if (flags.service) tabs.push('to_advisor');
  return tabs;
}
