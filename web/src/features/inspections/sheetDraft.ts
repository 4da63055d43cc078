/**
 * The sheet editor's working copy (SPEC §3 "MPI sheet", §4 "MPI"): item conditions and comments,
 * damage details, recommendations and the notes/verdicts of photos, changed locally until saved.
 * Pure, so the rules (rest marked green, dirty tracking, what a save sends, how unsaved edits
 * survive a reload) are tested without a browser.
 */
import type { AttachmentVerdict, ItemStatus, MpiErrorId, Recommendation, Sheet, SheetGroup } from '../../../../shared/inspections/inspections.js';
import { ITEM_STATUS } from '../../../../shared/inspections/inspections.js';
import { checkGroups, type SaveSheetBody } from '../../../../shared/inspections/schemas.js';
import type { Locale } from '../../../../shared/locales.js';
import { moneyInputText, parseMoneyInput } from './moneyInput.js';

/** A recommendation being edited: `key` names it on screen (new ones have no id until saved). */
export interface DraftRecommendation {
  key: string;
  id: string | null;
  group: string;
  item: string;
  /** What the price field holds, in the location's format; parsed to cents when saved. */
  price: string;
  comment: string;
  notes: string;
}

export interface DraftAttachment {
  id: string;
  notes: string;
  verdict: AttachmentVerdict | null;
}

export interface SheetDraft {
  groups: SheetGroup[];
  recommendations: DraftRecommendation[];
  /** The photos and videos kept on the sheet (one left out is removed by the save). */
  attachments: DraftAttachment[];
  damage: string;
}

export type DraftAction =
  | { type: 'status'; group: number; item: number; status: ItemStatus | null }
  | { type: 'comment'; group: number; item: number; comment: string }
  | { type: 'rest_green' }
  | { type: 'damage'; comment: string }
  | { type: 'add_recommendation'; key: string; group?: string; item?: string }
  | { type: 'edit_recommendation'; key: string; change: Partial<Pick<DraftRecommendation, 'group' | 'item' | 'price' | 'comment' | 'notes'>> }
  | { type: 'remove_recommendation'; key: string }
  | { type: 'attachment'; id: string; change: Partial<Pick<DraftAttachment, 'notes' | 'verdict'>> }
  | { type: 'remove_attachment'; id: string };

function draftRecommendation(r: Recommendation, locale: Locale): DraftRecommendation {
  return { key: r.id, id: r.id, group: r.group, item: r.item, price: moneyInputText(r.est_cost_in_cents, locale), comment: r.comment, notes: r.notes };
}

/** The working copy of a sheet as the server has it. */
export function draftOf(sheet: Sheet, locale: Locale): SheetDraft {
  return {
    groups: sheet.groups.map((g) => ({ name: g.name, items: g.items.map((i) => ({ ...i })) })),
    recommendations: sheet.recommendations.map((r) => draftRecommendation(r, locale)),
    attachments: sheet.attachments.map((a) => ({ id: a.id, notes: a.notes, verdict: a.verdict })),
    damage: sheet.damage_details.comment,
  };
}

function mapItem(draft: SheetDraft, g: number, i: number, change: (item: SheetGroup['items'][number]) => SheetGroup['items'][number]): SheetDraft {
  const group = draft.groups[g];
  const item = group?.items[i];
  if (!group || !item) return draft;
  const items = group.items.slice();
  items[i] = change(item);
  const groups = draft.groups.slice();
  groups[g] = { ...group, items };
  return { ...draft, groups };
}

export function draftReducer(draft: SheetDraft, action: DraftAction): SheetDraft {
  switch (action.type) {
    case 'status':
      return mapItem(draft, action.group, action.item, (item) => ({ ...item, dmg: action.status }));
    case 'comment':
      return mapItem(draft, action.group, action.item, (item) => ({ ...item, comment: action.comment }));
    case 'rest_green':
      // SPEC §4: only items nobody has set yet; a red or N/A item stays what the technician said.
      return {
        ...draft,
        groups: draft.groups.map((g) => ({ ...g, items: g.items.map((i) => (i.dmg === null ? { ...i, dmg: ITEM_STATUS.GREEN } : i)) })),
      };
    case 'damage':
      return { ...draft, damage: action.comment };
    case 'add_recommendation':
      return {
        ...draft,
        recommendations: [
          ...draft.recommendations,
          { key: action.key, id: null, group: action.group ?? '', item: action.item ?? '', price: '', comment: '', notes: '' },
        ],
      };
    case 'edit_recommendation':
      return { ...draft, recommendations: draft.recommendations.map((r) => (r.key === action.key ? { ...r, ...action.change } : r)) };
    case 'remove_recommendation':
      return { ...draft, recommendations: draft.recommendations.filter((r) => r.key !== action.key) };
    case 'attachment':
      return { ...draft, attachments: draft.attachments.map((a) => (a.id === action.id ? { ...a, ...action.change } : a)) };
    case 'remove_attachment':
      return { ...draft, attachments: draft.attachments.filter((a) => a.id !== action.id) };
  }
}

/** Why the editor will not save yet (the server would refuse too, in its own words). */
export type DraftProblem =
  | { kind: 'groups'; error: MpiErrorId }
  | { kind: 'recommendation_item'; key: string }
  | { kind: 'recommendation_price'; key: string };

export type SaveBodyResult = { ok: true; body: SaveSheetBody } | { ok: false; problem: DraftProblem };

/**
 * What PUT …/sheet carries for this draft, from the version it started from; the sheet rules of
 * SPEC §5 (checkGroups) and every recommendation's item and price are checked first.
 */
export function saveBodyOf(draft: SheetDraft, version: number, locale: Locale): SaveBodyResult {
  const checked = checkGroups(draft.groups);
  if (!checked.ok) return { ok: false, problem: { kind: 'groups', error: checked.error } };
  const recommendations: SaveSheetBody['recommendations'] = [];
  for (const r of draft.recommendations) {
    if (!r.group || !r.item || !hasItem(draft.groups, r.group, r.item)) return { ok: false, problem: { kind: 'recommendation_item', key: r.key } };
    const price = parseMoneyInput(r.price, locale);
    if (!price.ok) return { ok: false, problem: { kind: 'recommendation_price', key: r.key } };
    recommendations.push({
      ...(r.id ? { id: r.id } : {}),
      group: r.group,
      item: r.item,
      est_cost_in_cents: price.cents,
      comment: r.comment,
      notes: r.notes,
    });
  }
  return {
    ok: true,
    body: {
      version,
      groups: checked.groups.map((g) => ({ name: g.name, items: g.items.map((i) => ({ name: i.name, dmg: i.dmg, comment: i.comment })) })),
      recommendations,
      attachments: draft.attachments.map((a) => ({ id: a.id, notes: a.notes, verdict: a.verdict })),
      damage_details: { comment: draft.damage },
    },
  };
}

export function hasItem(groups: readonly SheetGroup[], group: string, item: string): boolean {
  return groups.some((g) => g.name === group && g.items.some((i) => i.name === item));
}

/** A comparable fingerprint: prices compare by the cents they mean, so "240" and "240.00" are no change. */
function fingerprint(draft: SheetDraft, locale: Locale): string {
  return JSON.stringify({
    groups: draft.groups,
    damage: draft.damage,
    attachments: draft.attachments,
    recommendations: draft.recommendations.map((r) => {
      const price = parseMoneyInput(r.price, locale);
      return [r.id, r.group, r.item, price.ok ? price.cents : `invalid:${r.price}`, r.comment, r.notes];
    }),
  });
}

/** Whether the draft holds edits the server does not have. */
export function isDirty(draft: SheetDraft, sheet: Sheet, locale: Locale): boolean {
  return fingerprint(draft, locale) !== fingerprint(draftOf(sheet, locale), locale);
}

/**
 * The sheet changed on the server while the editor held unsaved edits (a photo landed, a decision
 * was made, another tab saved): the edits are laid over the new sheet, field by field. What this
 * editor changed since `before` (the sheet it started from) wins; everything else comes from
 * `after`. Items or recommendations the new sheet no longer has (re-templated) are dropped.
 */
export function rebaseDraft(draft: SheetDraft, before: Sheet, after: Sheet, locale: Locale): SheetDraft {
  const base = draftOf(before, locale);
  const next = draftOf(after, locale);
  const pick = <T>(mine: T, was: T, theirs: T): T => (JSON.stringify(mine) !== JSON.stringify(was) ? mine : theirs);

  const itemOf = (d: SheetDraft, group: string, item: string) => d.groups.find((g) => g.name === group)?.items.find((i) => i.name === item);
  const groups = next.groups.map((g) => ({
    name: g.name,
    items: g.items.map((theirs) => {
      const mine = itemOf(draft, g.name, theirs.name);
      const was = itemOf(base, g.name, theirs.name);
      if (!mine || !was) return theirs;
      return { name: theirs.name, dmg: pick(mine.dmg, was.dmg, theirs.dmg), comment: pick(mine.comment, was.comment, theirs.comment) };
    }),
  }));

  const baseRecs = new Map(base.recommendations.map((r) => [r.key, r]));
  const mineRecs = new Map(draft.recommendations.map((r) => [r.key, r]));
  const recommendations: DraftRecommendation[] = [];
  for (const theirs of next.recommendations) {
    const was = baseRecs.get(theirs.key);
    const mine = mineRecs.get(theirs.key);
    // Removed here: stays removed. New on the server: comes in as it is.
    if (was && !mine) continue;
    if (!was || !mine) {
      recommendations.push(theirs);
      continue;
    }
    recommendations.push({
      ...theirs,
      group: pick(mine.group, was.group, theirs.group),
      item: pick(mine.item, was.item, theirs.item),
      price: pick(mine.price, was.price, theirs.price),
      comment: pick(mine.comment, was.comment, theirs.comment),
      notes: pick(mine.notes, was.notes, theirs.notes),
    });
  }
  // Work added here and not saved yet stays, if its item is still on the sheet (or not chosen yet).
  for (const mine of draft.recommendations) {
    if (mine.id === null && (!mine.group || hasItem(groups, mine.group, mine.item))) recommendations.push(mine);
  }

  const baseAtt = new Map(base.attachments.map((a) => [a.id, a]));
  const mineAtt = new Map(draft.attachments.map((a) => [a.id, a]));
  const attachments: DraftAttachment[] = [];
  for (const theirs of next.attachments) {
    const was = baseAtt.get(theirs.id);
    const mine = mineAtt.get(theirs.id);
    if (was && !mine) continue;
    if (!was || !mine) {
      attachments.push(theirs);
      continue;
    }
    attachments.push({ id: theirs.id, notes: pick(mine.notes, was.notes, theirs.notes), verdict: pick(mine.verdict, was.verdict, theirs.verdict) });
  }

  return { groups, recommendations, attachments, damage: pick(draft.damage, base.damage, next.damage) };
}

/** Items by condition, for a group's header. */
export function statusCounts(items: readonly { dmg: ItemStatus | null }[]): { red: number; yellow: number; green: number; na: number; unset: number } {
  const counts = { red: 0, yellow: 0, green: 0, na: 0, unset: 0 };
  for (const item of items) {
    if (item.dmg === null) counts.unset++;
    else counts[statusName(item.dmg)]++;
  }
  return counts;
}

export type StatusName = 'na' | 'green' | 'yellow' | 'red';

export function statusName(status: ItemStatus): StatusName {
  switch (status) {
    case ITEM_STATUS.NA:
      return 'na';
    case ITEM_STATUS.GREEN:
      return 'green';
    case ITEM_STATUS.YELLOW:
      return 'yellow';
    case ITEM_STATUS.RED:
      return 'red';
  }
}
