/**
 * The template editor's working copy (SPEC §3 "Sheet template", §5 "MPI sheet"): form name,
 * vehicle type, header, groups and their items, each added, renamed, removed and moved. Pure, so
 * the editing rules are tested without a browser. Before a save the same checks as the server run
 * (checkGroups): nothing left is refused, duplicate items are refused, empty groups are dropped.
 */
import { VEHICLE_TYPES, type MpiErrorId, type SheetTemplate, type VehicleType } from '../../../../shared/inspections/inspections.js';
import { checkGroups, type SheetTemplateBody } from '../../../../shared/inspections/schemas.js';

export interface DraftItem {
  /** Stable while editing (names change and repeat), for React and for actions. */
  key: string;
  name: string;
}

export interface DraftGroup {
  key: string;
  name: string;
  items: DraftItem[];
}

export interface TemplateDraft {
  /** null until the template is saved for the first time. */
  id: string | null;
  version: number | null;
  form_name: string;
  vehicle_type: VehicleType;
  header: string;
  groups: DraftGroup[];
  archived: boolean;
  default: boolean;
  /** Edits not saved yet. */
  dirty: boolean;
  nextKey: number;
}

export type DraftAction =
  | { type: 'load'; template: SheetTemplate | null }
  | { type: 'form_name'; value: string }
  | { type: 'header'; value: string }
  | { type: 'vehicle_type'; value: VehicleType }
  | { type: 'add_group'; name: string }
  | { type: 'rename_group'; group: string; name: string }
  | { type: 'remove_group'; group: string }
  | { type: 'move_group'; group: string; by: -1 | 1 }
  | { type: 'add_item'; group: string; name: string }
  | { type: 'rename_item'; group: string; item: string; name: string }
  | { type: 'remove_item'; group: string; item: string }
  | { type: 'move_item'; group: string; item: string; by: -1 | 1 };

export function isVehicleType(value: string): value is VehicleType {
  return (VEHICLE_TYPES as readonly string[]).includes(value);
}

/** A draft of a saved template, or a blank one for a new template. */
export function draftOf(template: SheetTemplate | null): TemplateDraft {
  let next = 0;
  const key = () => `k${next++}`;
  const groups: DraftGroup[] = (template?.groups ?? []).map((g) => ({ key: key(), name: g.name, items: g.items.map((i) => ({ key: key(), name: i.name })) }));
  return {
    id: template?.id ?? null,
    version: template?.version ?? null,
    form_name: template?.form_name ?? '',
    vehicle_type: template?.vehicle_type ?? 'car',
    header: template?.header ?? '',
    groups,
    archived: template?.archived ?? false,
    default: template?.default ?? false,
    dirty: false,
    nextKey: next,
  };
}

function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || target < 0 || target >= list.length) return list as T[];
  const copy = list.slice();
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

function editGroup(draft: TemplateDraft, groupKey: string, change: (group: DraftGroup) => DraftGroup): TemplateDraft {
  if (!draft.groups.some((g) => g.key === groupKey)) return draft;
  return { ...draft, dirty: true, groups: draft.groups.map((g) => (g.key === groupKey ? change(g) : g)) };
}

export function templateDraftReducer(draft: TemplateDraft, action: DraftAction): TemplateDraft {
  switch (action.type) {
    case 'load':
      return draftOf(action.template);
    case 'form_name':
      return { ...draft, dirty: true, form_name: action.value };
    case 'header':
      return { ...draft, dirty: true, header: action.value };
    case 'vehicle_type':
      return { ...draft, dirty: true, vehicle_type: action.value };
    case 'add_group': {
      const name = action.name.trim();
      if (!name) return draft;
      return { ...draft, dirty: true, nextKey: draft.nextKey + 1, groups: [...draft.groups, { key: `k${draft.nextKey}`, name, items: [] }] };
    }
    case 'rename_group':
      return editGroup(draft, action.group, (g) => ({ ...g, name: action.name }));
    case 'remove_group':
      if (!draft.groups.some((g) => g.key === action.group)) return draft;
      return { ...draft, dirty: true, groups: draft.groups.filter((g) => g.key !== action.group) };
    case 'move_group': {
      const index = draft.groups.findIndex((g) => g.key === action.group);
      const groups = move(draft.groups, index, action.by);
      return groups === draft.groups ? draft : { ...draft, dirty: true, groups };
    }
    case 'add_item': {
      const name = action.name.trim();
      if (!name || !draft.groups.some((g) => g.key === action.group)) return draft;
      const key = `k${draft.nextKey}`;
      return { ...editGroup(draft, action.group, (g) => ({ ...g, items: [...g.items, { key, name }] })), nextKey: draft.nextKey + 1 };
    }
    case 'rename_item':
      return editGroup(draft, action.group, (g) => ({ ...g, items: g.items.map((i) => (i.key === action.item ? { ...i, name: action.name } : i)) }));
    case 'remove_item':
      return editGroup(draft, action.group, (g) => ({ ...g, items: g.items.filter((i) => i.key !== action.item) }));
    case 'move_item': {
      const group = draft.groups.find((g) => g.key === action.group);
      if (!group) return draft;
      const items = move(group.items, group.items.findIndex((i) => i.key === action.item), action.by);
      return items === group.items ? draft : editGroup(draft, action.group, (g) => ({ ...g, items }));
    }
  }
}

/** Whether an item with this name is already in the group (the rule checkGroups applies: case and spaces ignored). */
export function hasItemNamed(group: DraftGroup, name: string): boolean {
  const key = name.trim().toLowerCase();
  return group.items.some((i) => i.name.trim().toLowerCase() === key);
}

export type DraftProblemId = MpiErrorId | 'form_name_required' | 'group_name_required' | 'item_name_required';

export type PreparedTemplate =
  | { ok: true; body: SheetTemplateBody; removedGroups: string[] }
  | { ok: false; error: DraftProblemId; group?: string; item?: string };

/**
 * The body to save, or why it cannot be saved. Names are trimmed; groups without items are left
 * out (and named, so the editor can say so); the sheet rules of SPEC §5 apply as on the server.
 */
export function prepareTemplate(draft: TemplateDraft): PreparedTemplate {
  const form_name = draft.form_name.trim();
  if (!form_name) return { ok: false, error: 'form_name_required' };
  const groups = draft.groups.map((g) => ({ name: g.name.trim(), items: g.items.map((i) => ({ name: i.name.trim() })) }));
  for (const group of groups) {
    if (!group.name && group.items.length) return { ok: false, error: 'group_name_required' };
    const blank = group.items.find((i) => !i.name);
    if (blank) return { ok: false, error: 'item_name_required', group: group.name };
  }
  const checked = checkGroups(groups);
  if (!checked.ok) {
    const problem: PreparedTemplate = { ok: false, error: checked.error };
    if (checked.group !== undefined) problem.group = checked.group;
    if (checked.item !== undefined) problem.item = checked.item;
    return problem;
  }
  const removedGroups = groups.filter((g) => g.items.length === 0).map((g) => g.name).filter(Boolean);
  const body: SheetTemplateBody = { form_name, vehicle_type: draft.vehicle_type, header: draft.header, groups: checked.groups };
  if (draft.version !== null) body.version = draft.version;
  return { ok: true, body, removedGroups };
}

/** SPEC §5 "A template must be saved first": only a saved template without pending edits can become the default. */
export function mayMakeDefault(draft: TemplateDraft): boolean {
  return draft.id !== null && !draft.dirty && !draft.archived && !draft.default;
}
