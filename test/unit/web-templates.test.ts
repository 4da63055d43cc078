import { describe, expect, it } from 'vitest';
import type { SheetTemplate } from '../../shared/inspections/inspections.js';
import {
  draftOf,
  hasItemNamed,
  mayMakeDefault,
  prepareTemplate,
  templateDraftReducer,
  type DraftAction,
  type TemplateDraft,
} from '../../web/src/features/sheetTemplates/templateDraft.js';

function aTemplate(overrides: Partial<SheetTemplate> = {}): SheetTemplate {
  return {
    id: 'tpl_1',
    location_id: 'loc_1',
    form_name: 'Multi-point inspection',
    vehicle_type: 'car',
    default: false,
    archived: false,
    header: 'Checked by our certified technicians',
    groups: [
      { name: 'Brakes', items: [{ name: 'Front pads' }, { name: 'Rear pads' }] },
      { name: 'Tyres', items: [{ name: 'Tread depth' }] },
    ],
    version: 3,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

function apply(draft: TemplateDraft, ...actions: DraftAction[]): TemplateDraft {
  return actions.reduce(templateDraftReducer, draft);
}

const groupKey = (draft: TemplateDraft, name: string) => draft.groups.find((g) => g.name === name)!.key;
const itemKey = (draft: TemplateDraft, group: string, name: string) => draft.groups.find((g) => g.name === group)!.items.find((i) => i.name === name)!.key;
const shape = (draft: TemplateDraft) => draft.groups.map((g) => [g.name, g.items.map((i) => i.name)]);

describe('template draft', () => {
  it('starts from a saved template unchanged, and blank for a new one', () => {
    const draft = draftOf(aTemplate());
    expect(shape(draft)).toEqual([
      ['Brakes', ['Front pads', 'Rear pads']],
      ['Tyres', ['Tread depth']],
    ]);
    expect(draft).toMatchObject({ id: 'tpl_1', version: 3, dirty: false, vehicle_type: 'car' });
    expect(draftOf(null)).toMatchObject({ id: null, version: null, form_name: '', groups: [], dirty: false });
  });

  it('adds a group and an item, ignoring blank names, and marks the draft as edited', () => {
    const start = draftOf(null);
    const withGroup = apply(start, { type: 'add_group', name: '  Lights ' }, { type: 'add_group', name: '   ' });
    const draft = apply(withGroup, { type: 'add_item', group: groupKey(withGroup, 'Lights'), name: ' Headlamps ' }, { type: 'add_item', group: groupKey(withGroup, 'Lights'), name: '' });
    expect(shape(draft)).toEqual([['Lights', ['Headlamps']]]);
    expect(draft.dirty).toBe(true);
  });

  it('gives every new group and item its own key, so two items of the same name stay apart', () => {
    const start = apply(draftOf(null), { type: 'add_group', name: 'A' });
    const draft = apply(start, { type: 'add_item', group: groupKey(start, 'A'), name: 'x' }, { type: 'add_item', group: groupKey(start, 'A'), name: 'y' });
    const keys = [draft.groups[0]!.key, ...draft.groups[0]!.items.map((i) => i.key)];
    expect(new Set(keys).size).toBe(3);
  });

  it('renames and removes groups and items', () => {
    const start = draftOf(aTemplate());
    const draft = apply(
      start,
      { type: 'rename_group', group: groupKey(start, 'Tyres'), name: 'Tires & wheels' },
      { type: 'rename_item', group: groupKey(start, 'Brakes'), item: itemKey(start, 'Brakes', 'Rear pads'), name: 'Rear discs' },
      { type: 'remove_item', group: groupKey(start, 'Brakes'), item: itemKey(start, 'Brakes', 'Front pads') },
    );
    expect(shape(draft)).toEqual([
      ['Brakes', ['Rear discs']],
      ['Tires & wheels', ['Tread depth']],
    ]);
    expect(shape(apply(draft, { type: 'remove_group', group: groupKey(draft, 'Brakes') }))).toEqual([['Tires & wheels', ['Tread depth']]]);
  });

  it('moves groups and items up and down, and leaves the ends where they are', () => {
    const start = draftOf(aTemplate());
    const moved = apply(start, { type: 'move_group', group: groupKey(start, 'Tyres'), by: -1 }, { type: 'move_item', group: groupKey(start, 'Brakes'), item: itemKey(start, 'Brakes', 'Front pads'), by: 1 });
    expect(shape(moved)).toEqual([
      ['Tyres', ['Tread depth']],
      ['Brakes', ['Rear pads', 'Front pads']],
    ]);
    const atTheTop = apply(start, { type: 'move_group', group: groupKey(start, 'Brakes'), by: -1 });
    expect(atTheTop).toBe(start);
    const lastItem = apply(start, { type: 'move_item', group: groupKey(start, 'Brakes'), item: itemKey(start, 'Brakes', 'Rear pads'), by: 1 });
    expect(lastItem).toBe(start);
  });

  it('tells whether a group already has an item, ignoring case and spaces as the server does', () => {
    const draft = draftOf(aTemplate());
    expect(hasItemNamed(draft.groups[0]!, '  front PADS ')).toBe(true);
    expect(hasItemNamed(draft.groups[0]!, 'Front discs')).toBe(false);
  });
});

describe('prepareTemplate', () => {
  it('saves trimmed names with the version the editor loaded', () => {
    const start = draftOf(aTemplate());
    const draft = apply(start, { type: 'form_name', value: '  Full check ' });
    const prepared = prepareTemplate(draft);
    expect(prepared).toEqual({
      ok: true,
      removedGroups: [],
      body: {
        form_name: 'Full check',
        vehicle_type: 'car',
        header: 'Checked by our certified technicians',
        version: 3,
        groups: [
          { name: 'Brakes', items: [{ name: 'Front pads' }, { name: 'Rear pads' }] },
          { name: 'Tyres', items: [{ name: 'Tread depth' }] },
        ],
      },
    });
  });

  it('leaves empty groups out and names them, so the editor can say so', () => {
    const start = draftOf(aTemplate());
    const draft = apply(start, { type: 'add_group', name: 'Battery' });
    const prepared = prepareTemplate(draft);
    expect(prepared.ok && prepared.body.groups.map((g) => g.name)).toEqual(['Brakes', 'Tyres']);
    expect(prepared.ok && prepared.removedGroups).toEqual(['Battery']);
  });

  it('refuses a template with no groups as one that cannot be emptied', () => {
    const draft = apply(draftOf(null), { type: 'form_name', value: 'Quick check' });
    expect(prepareTemplate(draft)).toEqual({ ok: false, error: 'sheet_empty' });
  });

  it('refuses a template whose groups are all empty', () => {
    const draft = apply(draftOf(null), { type: 'form_name', value: 'Quick check' }, { type: 'add_group', name: 'Lights' });
    expect(prepareTemplate(draft)).toEqual({ ok: false, error: 'group_required' });
  });

  it('refuses an item named twice in one group, naming it', () => {
    const start = draftOf(aTemplate());
    const draft = apply(start, { type: 'rename_item', group: groupKey(start, 'Brakes'), item: itemKey(start, 'Brakes', 'Rear pads'), name: 'front pads ' });
    expect(prepareTemplate(draft)).toEqual({ ok: false, error: 'duplicate_item', group: 'Brakes', item: 'front pads' });
  });

  it('needs a form name, and a name for every group with items and every item', () => {
    const start = draftOf(aTemplate());
    expect(prepareTemplate(apply(start, { type: 'form_name', value: '  ' }))).toEqual({ ok: false, error: 'form_name_required' });
    expect(prepareTemplate(apply(start, { type: 'rename_group', group: groupKey(start, 'Tyres'), name: ' ' }))).toEqual({ ok: false, error: 'group_name_required' });
    const blankItem = apply(start, { type: 'rename_item', group: groupKey(start, 'Tyres'), item: itemKey(start, 'Tyres', 'Tread depth'), name: '' });
    expect(prepareTemplate(blankItem)).toEqual({ ok: false, error: 'item_name_required', group: 'Tyres' });
  });

  it('sends no version for a template never saved', () => {
    const start = apply(draftOf(null), { type: 'form_name', value: 'Moto check' }, { type: 'vehicle_type', value: 'motorcycle' }, { type: 'add_group', name: 'Chain' });
    const draft = apply(start, { type: 'add_item', group: groupKey(start, 'Chain'), name: 'Tension' });
    const prepared = prepareTemplate(draft);
    expect(prepared.ok && prepared.body).toEqual({ form_name: 'Moto check', vehicle_type: 'motorcycle', header: '', groups: [{ name: 'Chain', items: [{ name: 'Tension' }] }] });
  });
});

describe('mayMakeDefault', () => {
  it('refuses a template that was never saved ("A template must be saved first")', () => {
    const draft = apply(draftOf(null), { type: 'form_name', value: 'New' });
    expect(mayMakeDefault(draft)).toBe(false);
  });

  it('refuses while edits are unsaved, and allows a saved template', () => {
    const saved = draftOf(aTemplate());
    expect(mayMakeDefault(saved)).toBe(true);
    expect(mayMakeDefault(apply(saved, { type: 'header', value: 'Changed' }))).toBe(false);
  });

  it('has nothing to do for the default already, or an archived template', () => {
    expect(mayMakeDefault(draftOf(aTemplate({ default: true })))).toBe(false);
    expect(mayMakeDefault(draftOf(aTemplate({ archived: true })))).toBe(false);
  });

  it('is allowed again once the loaded answer of a save replaces the draft', () => {
    const edited = apply(draftOf(aTemplate()), { type: 'header', value: 'Changed' });
    const reloaded = templateDraftReducer(edited, { type: 'load', template: aTemplate({ header: 'Changed', version: 4 }) });
    expect(reloaded).toMatchObject({ dirty: false, version: 4, header: 'Changed' });
    expect(mayMakeDefault(reloaded)).toBe(true);
  });
});
