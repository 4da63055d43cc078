/**
 * The sheet's life (SPEC §4 "MPI", §6): a technician claims it from the pool and completes it,
 * which sends it to the advisors; an advisor claims it (from the pool or once the technician is
 * done), or reclaims it for an agent they name (from any state, reopening a completed sheet), and
 * completes it. Each transition re-reads the sheet and checks its state on the fresh copy inside
 * updateSheet's retry, so of two claims at once exactly one wins and the other answers 409
 * already_claimed naming who has it. A caller may name the version they saw: acting on a stale
 * screen answers mpi_changed.
 */
import { ITEM_STATUS, MPI_ERRORS, type SheetHolder } from '../../shared/inspections/inspections.js';
import { conflict } from '../lib/errors.js';
import { getAgent, type AgentRecord } from '../lib/agents.js';
import { readSettings } from '../lib/settings.js';
import { addSystemNote, type NoteInput } from '../messages/notes.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { agentRef } from '../lib/agents.js';
import { isManager } from './access.js';
import { refusal } from './refusals.js';
import { announceSheet, holderOf, mpiChanged, updateSheet, type SheetRecord } from './records.js';
import { repairOrderOwner } from '../repairOrders/owner.js';

const isHeld = (sheet: SheetRecord): sheet is SheetRecord & { holder: SheetHolder } =>
  (sheet.state === 'claimed' || sheet.state === 'reclaimed') && sheet.holder !== null;

function assertVersion(sheet: SheetRecord, version: number | undefined): void {
  if (version !== undefined && version !== sheet.version) throw mpiChanged();
}

/** SPEC §8 "Claim failure shows server error.message": the message names who has it. */
function alreadyClaimed(sheet: SheetRecord) {
  if (!isHeld(sheet)) return refusal('conflict', 'already_claimed');
  const name = `${sheet.holder.first_name} ${sheet.holder.last_name}`.trim();
  return conflict('already_claimed', `${MPI_ERRORS.already_claimed} by ${name}`, { holder: sheet.holder });
}

/** PUT …/technician/claim: from the pool only. */
export async function claimAsTechnician(ro: RepairOrderRecord, caller: AgentRecord, version?: number): Promise<SheetRecord> {
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    if (sheet.state !== 'unclaimed') throw alreadyClaimed(sheet);
    assertVersion(sheet, version);
    return { state: 'claimed', holder: holderOf(caller, 'technician'), technician: agentRef(caller), claimed_at: new Date().toISOString() };
  });
  await announceSheet(after, ro, 'technician_claimed');
  return after;
}

/** PUT …/advisor/claim: from the pool or once the technician completed it. */
export async function claimAsAdvisor(ro: RepairOrderRecord, caller: AgentRecord, version?: number): Promise<SheetRecord> {
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    if (isHeld(sheet)) throw alreadyClaimed(sheet);
    if (sheet.state !== 'unclaimed' && sheet.state !== 'completed_by_technician') throw refusal('conflict', 'not_advisor_claimable');
    assertVersion(sheet, version);
    return { state: 'claimed', holder: holderOf(caller, 'advisor'), advisor: agentRef(caller), claimed_at: new Date().toISOString() };
  });
  await announceSheet(after, ro, 'advisor_claimed');
  return after;
}

/**
 * Whom a sheet can be reclaimed for: an active agent of the order's location who is a technician
 * or a service advisor. They hold it as a technician when that is all they are, else as advisor.
 */
export async function reclaimTarget(ro: RepairOrderRecord, agentId: string): Promise<{ agent: AgentRecord; role: SheetHolder['role'] }> {
  const agent = await getAgent(ro.company_id, agentId);
  const flags = agent?.access_level;
  if (!agent || !flags || !agent.active || agent.location_id !== ro.location_id || !(flags.technician || flags.service)) {
    throw refusal('refused', 'not_a_technician_or_advisor');
  }
  return { agent, role: flags.technician && !flags.service ? 'technician' : 'advisor' };
}

/** PUT …/reclaim {agent_id}: from any state; a sheet the advisor completed opens again. */
export async function reclaim(ro: RepairOrderRecord, agentId: string, version?: number): Promise<SheetRecord> {
  const { agent, role } = await reclaimTarget(ro, agentId);
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    assertVersion(sheet, version);
    return {
      state: 'reclaimed',
      holder: holderOf(agent, role),
      ...(role === 'technician' ? { technician: agentRef(agent) } : { advisor: agentRef(agent) }),
      claimed_at: new Date().toISOString(),
    };
  });
  await announceSheet(after, ro, 'reclaimed');
  return after;
}

/** The red items without a photo or video, when the location asks for one on every red item. */
function redWithoutPhoto(sheet: SheetRecord): { group: string; item: string } | null {
  const key = (group: string, item: string) => `${group.toLowerCase()}\u0000${item.toLowerCase()}`;
  const shown = new Set(sheet.attachments.map((a) => key(a.group, a.item)));
  for (const g of sheet.groups) {
    for (const i of g.items) if (i.dmg === ITEM_STATUS.RED && !shown.has(key(g.name, i.name))) return { group: g.name, item: i.name };
  }
  return null;
}

/**
 * PUT …/technician/complete: by the technician holding it. The sheet goes back to the advisors
 * and the order's conversation gets the MPI_SHEET_COMPLETED_BY_TECH note.
 */
export async function completeAsTechnician(ro: RepairOrderRecord, caller: AgentRecord, version?: number): Promise<SheetRecord> {
  const settings = await readSettings(ro.company_id, ro.location_id, 'mpi_settings');
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    if (!isHeld(sheet)) throw refusal('conflict', 'not_claimed');
    if (sheet.holder.id !== caller.id) throw refusal('forbidden', 'not_holder', { holder: sheet.holder });
    if (sheet.holder.role !== 'technician') throw refusal('conflict', 'not_completable');
    assertVersion(sheet, version);
    if (settings.require_photo_for_red) {
      const missing = redWithoutPhoto(sheet);
      if (missing) throw refusal('refused', 'red_needs_photo', missing);
    }
    return { state: 'completed_by_technician', holder: null, technician: agentRef(caller), completed_by_technician_at: new Date().toISOString() };
  });
  await announceSheet(after, ro, 'technician_completed');
  await addSystemNote(repairOrderOwner(ro), completedNote(after, caller));
  return after;
}

/** "Luis Ortega completed the MPI: 2 red, 3 yellow": stored in English, and as a key with the counts for the console to word. */
export function completedNote(sheet: SheetRecord, technician: Pick<AgentRecord, 'id' | 'first_name' | 'last_name'>) {
  let red = 0;
  let yellow = 0;
  for (const g of sheet.groups) {
    for (const i of g.items) {
      if (i.dmg === ITEM_STATUS.RED) red++;
      else if (i.dmg === ITEM_STATUS.YELLOW) yellow++;
    }
  }
  const name = `${technician.first_name} ${technician.last_name}`.trim();
  return {
    behaviour: 'MPI_SHEET_COMPLETED_BY_TECH' as const,
    text: `${name} completed the MPI: ${red} red, ${yellow} yellow`,
    agent: agentRef(technician),
    note: { key: 'mpi_completed' as const, params: { technician: name, red, yellow } },
    extra: { sheet_id: sheet.id },
  } satisfies NoteInput;
}

/**
 * PUT …/advisor/complete: by the advisor holding it, or by a manager (who may also complete a
 * sheet the technician finished without claiming it first).
 */
export async function completeAsAdvisor(ro: RepairOrderRecord, caller: AgentRecord, version?: number): Promise<SheetRecord> {
  const manager = isManager(caller.access_level);
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    if (sheet.state === 'completed_by_advisor') throw refusal('conflict', 'not_completable');
    if (!manager) {
      if (!isHeld(sheet)) throw refusal('conflict', 'not_claimed');
      if (sheet.holder.id !== caller.id) throw refusal('forbidden', 'not_holder', { holder: sheet.holder });
      if (sheet.holder.role !== 'advisor') throw refusal('conflict', 'not_completable');
    } else if (sheet.state === 'unclaimed') {
      throw refusal('conflict', 'not_claimed');
    }
    assertVersion(sheet, version);
    return { state: 'completed_by_advisor', holder: null, advisor: agentRef(caller), completed_by_advisor_at: new Date().toISOString() };
  });
  await announceSheet(after, ro, 'advisor_completed');
  return after;
}
