/**
 * A repair order's sheet: made from the location's default template when the order arrives (MPI
 * turned on), re-templated on request, and saved by whoever holds it. The server checks what the
 * editor checks (SPEC §5): a sheet cannot be emptied, needs a group with items, names no item twice
 * in a group, drops empty groups; every recommendation and photo names an item on the sheet.
 */
import { isTextedIn } from '../../shared/repairOrders/repairOrders.js';
import type { ItemStatus, Recommendation, SheetGroup, SheetReply } from '../../shared/inspections/inspections.js';
import { checkGroups, type SaveSheetBody } from '../../shared/inspections/schemas.js';
import type { AgentRecord } from '../lib/agents.js';
import { newId } from '../lib/ids.js';
import { readSettings } from '../lib/settings.js';
import type { RepairOrderRecord } from '../repairOrders/records.js';
import { agentRef } from '../lib/agents.js';
import { isManager } from './access.js';
import { keptGroups, notRetemplatable, refusal } from './refusals.js';
import {
  announceSheet,
  getSheet,
  newSheet,
  saveSheet,
  sheetRepairOrder,
  sheetView,
  updateSheet,
  type SheetRecord,
  type StoredSheetAttachment,
} from './records.js';
import { defaultTemplate, getTemplate, type TemplateRecord } from './templates.js';

export async function sheetReply(sheet: SheetRecord, ro: RepairOrderRecord): Promise<SheetReply> {
  return { sheet: await sheetView(sheet), repair_order: sheetRepairOrder(ro) };
}

/** Names compare as a person reads them: case and surrounding spaces do not matter. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const itemKey = (group: string, item: string) => `${group.trim().toLowerCase()}\u0000${item.trim().toLowerCase()}`;

/** The items of a sheet by group and item name, with their names as the sheet spells them. */
function itemsOf(groups: SheetGroup[]): Map<string, { group: string; item: string }> {
  const found = new Map<string, { group: string; item: string }>();
  for (const g of groups) for (const i of g.items) found.set(itemKey(g.name, i.name), { group: g.name, item: i.name });
  return found;
}

/**
 * A new order's sheet, from the location's default car template, when MPI is on there and the
 * location has one. Idempotent: an order that already has a sheet keeps it.
 */
export async function ensureSheet(ro: RepairOrderRecord): Promise<SheetRecord | null> {
  const existing = await getSheet(ro.company_id, ro.id, true);
  if (existing) return existing;
  const settings = await readSettings(ro.company_id, ro.location_id, 'mpi_settings');
  if (!settings.enabled) return null;
  const template = await defaultTemplate(ro.company_id, ro.location_id, 'car');
  if (!template) return null;
  // Made with the order: the order's own announcement tells the board.
  return createSheet(ro, template, false);
}

async function createSheet(ro: RepairOrderRecord, template: TemplateRecord, announceOrder = true): Promise<SheetRecord> {
  const sheet = newSheet(ro, template);
  try {
    await saveSheet(sheet, null);
  } catch (err) {
    // Made meanwhile by another caller (a repeated feed, a second click): that one stands.
    if ((err as { id?: string }).id !== 'mpi_changed') throw err;
    const other = await getSheet(ro.company_id, ro.id, true);
    if (other) return other;
    throw err;
  }
  await announceSheet(sheet, ro, 'created', { order: announceOrder });
  return sheet;
}

/**
 * The sheet's groups become the template's. Every item that remains (same group and item name,
 * ignoring case) keeps its condition and comment, and the recommendations and photos of those
 * items stay; whatever belonged to items the template does not have is dropped.
 */
export function retemplated(sheet: SheetRecord, template: TemplateRecord): Partial<SheetRecord> {
  const old = new Map<string, { dmg: SheetGroup['items'][number]['dmg']; comment: string }>();
  for (const g of sheet.groups) for (const i of g.items) old.set(itemKey(g.name, i.name), { dmg: i.dmg, comment: i.comment });
  const groups: SheetGroup[] = template.groups.map((g) => ({
    name: g.name,
    items: g.items.map((i) => ({ name: i.name, dmg: old.get(itemKey(g.name, i.name))?.dmg ?? null, comment: old.get(itemKey(g.name, i.name))?.comment ?? '' })),
  }));
  const remaining = itemsOf(groups);
  const rename = <T extends { group: string; item: string }>(list: T[]): T[] =>
    list.flatMap((x) => {
      const now = remaining.get(itemKey(x.group, x.item));
      return now ? [{ ...x, group: now.group, item: now.item }] : [];
    });
  return {
    template_id: template.id,
    form_name: template.form_name,
    header: template.header,
    vehicle_type: template.vehicle_type,
    groups,
    recommendations: rename(sheet.recommendations),
    attachments: rename(sheet.attachments),
  };
}

const RETEMPLATABLE = new Set(['unclaimed', 'claimed', 'reclaimed']);

/**
 * PUT …/template: a saved, non-archived template of the order's location. Creates the sheet when
 * the order has none; otherwise only while nobody has completed it, and only its holder (or a
 * manager) may change a held sheet's form.
 */
export async function retemplate(ro: RepairOrderRecord, templateId: string, caller: AgentRecord): Promise<SheetRecord> {
  // A customer's text opened it: there is no car in the shop behind it to inspect.
  if (isTextedIn(ro)) throw refusal('refused', 'texted_in');
  const template = await getTemplate(ro.company_id, ro.location_id, templateId);
  if (!template) throw refusal('refused', 'template_not_saved');
  if (template.archived) throw refusal('refused', 'template_archived');
  const existing = await getSheet(ro.company_id, ro.id, true);
  if (!existing) {
    const settings = await readSettings(ro.company_id, ro.location_id, 'mpi_settings');
    if (!settings.enabled) throw refusal('refused', 'mpi_disabled');
    return createSheet(ro, template);
  }
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => {
    if (!RETEMPLATABLE.has(sheet.state)) throw notRetemplatable();
    if (sheet.holder && sheet.holder.id !== caller.id && !isManager(caller.access_level)) throw refusal('forbidden', 'not_holder', { holder: sheet.holder });
    return retemplated(sheet, template);
  });
  await announceSheet(after, ro, 'retemplated');
  return after;
}

/** Only the holder fills a sheet out (SPEC §5 "An MPI must be claimed before it is filled out"). */
export function assertHolder(sheet: SheetRecord, caller: AgentRecord): void {
  const held = (sheet.state === 'claimed' || sheet.state === 'reclaimed') && sheet.holder;
  if (!held) throw refusal('conflict', 'not_claimed');
  if (held.id !== caller.id) throw refusal('forbidden', 'not_holder', { holder: held });
}

/**
 * Recommendations as saved: an id already on the sheet keeps its decision (approved, decided_at,
 * approver) even when its price or item changed since; work without an id is new and undecided.
 */
function savedRecommendations(sheet: SheetRecord, input: SaveSheetBody['recommendations'], items: Map<string, { group: string; item: string }>): Recommendation[] {
  const before = new Map(sheet.recommendations.map((r) => [r.id, r]));
  const seen = new Set<string>();
  return input.map((r) => {
    const target = items.get(itemKey(r.group, r.item));
    if (!target) throw refusal('refused', 'unknown_item', { group: r.group, item: r.item });
    const kept = r.id === undefined ? undefined : before.get(r.id);
    if (r.id !== undefined && (!kept || seen.has(r.id))) throw refusal('refused', 'unknown_recommendation', { recommendation_id: r.id });
    if (r.id !== undefined) seen.add(r.id);
    return {
      id: kept?.id ?? newId('rec'),
      group: target.group,
      item: target.item,
      est_cost_in_cents: r.est_cost_in_cents,
      comment: r.comment,
      notes: r.notes,
      approved: kept?.approved ?? null,
      decided_at: kept?.decided_at ?? null,
      metadata: kept?.metadata ?? { approver: null },
    };
  });
}

/** Photos and videos as saved: only ones already on the sheet (uploads join through their own route); left out = removed. */
function savedAttachments(sheet: SheetRecord, input: SaveSheetBody['attachments'], items: Map<string, { group: string; item: string }>): StoredSheetAttachment[] {
  const before = new Map(sheet.attachments.map((a) => [a.id, a]));
  const seen = new Set<string>();
  return input.map((a) => {
    const kept = before.get(a.id);
    if (!kept || seen.has(a.id)) throw refusal('refused', 'unknown_attachment', { attachment_id: a.id });
    seen.add(a.id);
    const target = items.get(itemKey(kept.group, kept.item));
    if (!target) throw refusal('refused', 'unknown_item', { group: kept.group, item: kept.item });
    return { ...kept, group: target.group, item: target.item, notes: a.notes, verdict: a.verdict };
  });
}

/** What a save changes, or the refusal: checked on the sheet as it is when written. */
export function savedSheet(sheet: SheetRecord, body: SaveSheetBody, caller: AgentRecord): Partial<SheetRecord> {
  assertHolder(sheet, caller);
  // The body's schema admits only the four statuses (or null).
  const groups: SheetGroup[] = keptGroups(checkGroups(body.groups)).map((g) => ({
    name: g.name,
    items: g.items.map((i) => ({ name: i.name, dmg: i.dmg as ItemStatus | null, comment: i.comment })),
  }));
  const items = itemsOf(groups);
  return {
    groups,
    recommendations: savedRecommendations(sheet, body.recommendations, items),
    attachments: savedAttachments(sheet, body.attachments, items),
    damage_details: { comment: body.damage_details.comment },
    ...(sheet.holder?.role === 'advisor' ? { advisor: agentRef(caller) } : {}),
  };
}

/** PUT …/sheet: the holder's save, from the version the editor loaded. */
export async function saveSheetEdit(ro: RepairOrderRecord, body: SaveSheetBody, caller: AgentRecord): Promise<SheetRecord> {
  const { after } = await updateSheet(ro.company_id, ro.id, (sheet) => savedSheet(sheet, body, caller), { expectedVersion: body.version });
  await announceSheet(after, ro, 'saved');
  return after;
}

