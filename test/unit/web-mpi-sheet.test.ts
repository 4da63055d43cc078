import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noAccess } from '../../shared/access.js';
import { MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { claimedTabs, mayCompleteAsTechnician, offersTechnicianClaim, readOnlyReason, sheetSide } from '../../web/src/features/inspections/sheetAccess.js';
import { draftOf, draftReducer, isDirty, rebaseDraft, saveBodyOf, statusCounts, type SheetDraft } from '../../web/src/features/inspections/sheetDraft.js';
import { editorReducer, initialEditor } from '../../web/src/features/inspections/sheetEditor.js';
import { aRecommendation, aReply, aSheet, anAttachment } from './web-mpi-fixtures.js';

const flags = (...on: (keyof ReturnType<typeof noAccess>)[]) => ({ ...noAccess(), ...Object.fromEntries(on.map((f) => [f, true])) });

function saveBody(draft: SheetDraft, version = 3) {
  const result = saveBodyOf(draft, version, 'en-us');
  if (!result.ok) throw new Error(`save refused: ${JSON.stringify(result.problem)}`);
  return result.body;
}

describe('the sheet draft', () => {
  it('sets an item’s condition and comment without touching the others', () => {
    const draft = draftOf(aSheet(), 'en-us');

    const next = draftReducer(draftReducer(draft, { type: 'status', group: 0, item: 1, status: 1 }), { type: 'comment', group: 0, item: 1, comment: 'Half worn' });

    expect(next.groups[0]!.items[1]).toEqual({ name: 'Rear pads', dmg: 1, comment: 'Half worn' });
    expect(next.groups[0]!.items[0]).toEqual(draft.groups[0]!.items[0]);
    expect(draft.groups[0]!.items[1]!.dmg).toBeNull();
  });

  it('marks the rest green: every unset item turns GREEN, set ones (red, N/A) stay as they are', () => {
    const draft = draftOf(aSheet(), 'en-us');

    const next = draftReducer(draft, { type: 'rest_green' });

    expect(next.groups.flatMap((g) => g.items.map((i) => i.dmg))).toEqual([0, 0, 2, -1]);
  });

  it('adds, edits and removes a recommendation; a new one is sent without an id, an old one keeps it', () => {
    const sheet = aSheet({ recommendations: [aRecommendation('rec_1')] });
    let draft = draftOf(sheet, 'en-us');

    draft = draftReducer(draft, { type: 'add_recommendation', key: 'new-1' });
    draft = draftReducer(draft, { type: 'edit_recommendation', key: 'new-1', change: { group: 'Tyres', item: 'Front left', price: '1,250.5', comment: 'Two new tyres' } });
    const added = saveBody(draft).recommendations;
    draft = draftReducer(draft, { type: 'remove_recommendation', key: 'rec_1' });
    const removed = saveBody(draft).recommendations;

    expect(added).toEqual([
      { id: 'rec_1', group: 'Brakes', item: 'Front pads', est_cost_in_cents: 24000, comment: 'Replace front brake pads', notes: '' },
      { group: 'Tyres', item: 'Front left', est_cost_in_cents: 125050, comment: 'Two new tyres', notes: '' },
    ]);
    expect(removed.map((r) => r.id ?? 'new')).toEqual(['new']);
  });

  it('sends the whole sheet from the version it started from, with kept attachments and damage details', () => {
    const sheet = aSheet({ attachments: [anAttachment('att_1'), anAttachment('att_2')] });
    let draft = draftOf(sheet, 'en-us');
    draft = draftReducer(draft, { type: 'attachment', id: 'att_1', change: { notes: 'Left side', verdict: 'approved' } });
    draft = draftReducer(draft, { type: 'remove_attachment', id: 'att_2' });
    draft = draftReducer(draft, { type: 'damage', comment: 'Scratch on the rear bumper' });

    const body = saveBody(draft, 7);

    expect(body.version).toBe(7);
    expect(body.attachments).toEqual([{ id: 'att_1', notes: 'Left side', verdict: 'approved' }]);
    expect(body.damage_details).toEqual({ comment: 'Scratch on the rear bumper' });
    expect(body.groups).toHaveLength(2);
  });

  it('refuses to save a recommendation without an item or with a price that is not an amount, naming which one', () => {
    let draft = draftReducer(draftOf(aSheet(), 'en-us'), { type: 'add_recommendation', key: 'new-1' });
    expect(saveBodyOf(draft, 3, 'en-us')).toEqual({ ok: false, problem: { kind: 'recommendation_item', key: 'new-1' } });

    draft = draftReducer(draft, { type: 'edit_recommendation', key: 'new-1', change: { group: 'Brakes', item: 'Front pads', price: '12,34,5' } });
    expect(saveBodyOf(draft, 3, 'en-us')).toEqual({ ok: false, problem: { kind: 'recommendation_price', key: 'new-1' } });
  });

  it('runs the SPEC §5 sheet rules before saving: a duplicate item in a group is refused, an empty group is dropped', () => {
    const duplicate = aSheet({ groups: [{ name: 'Brakes', items: [{ name: 'Pads', dmg: null, comment: '' }, { name: ' pads ', dmg: null, comment: '' }] }] });
    const withEmpty = aSheet({ groups: [{ name: 'Empty', items: [] }, { name: 'Brakes', items: [{ name: 'Pads', dmg: 0, comment: '' }] }] });

    expect(saveBodyOf(draftOf(duplicate, 'en-us'), 3, 'en-us')).toEqual({ ok: false, problem: { kind: 'groups', error: 'duplicate_item' } });
    expect(saveBody(draftOf(withEmpty, 'en-us')).groups.map((g) => g.name)).toEqual(['Brakes']);
  });

  it('is dirty only while it differs from the sheet; a price typed differently but meaning the same is no change', () => {
    const sheet = aSheet({ recommendations: [aRecommendation('rec_1')] });
    const draft = draftOf(sheet, 'en-us');

    const retyped = draftReducer(draft, { type: 'edit_recommendation', key: 'rec_1', change: { price: '240' } });
    const changed = draftReducer(draft, { type: 'status', group: 0, item: 0, status: 2 });
    const undone = draftReducer(changed, { type: 'status', group: 0, item: 0, status: null });

    expect(isDirty(draft, sheet, 'en-us')).toBe(false);
    expect(isDirty(retyped, sheet, 'en-us')).toBe(false);
    expect(isDirty(changed, sheet, 'en-us')).toBe(true);
    expect(isDirty(undone, sheet, 'en-us')).toBe(false);
  });

  it('counts a group’s items by condition', () => {
    expect(statusCounts(aSheet().groups[1]!.items)).toEqual({ red: 1, yellow: 0, green: 0, na: 1, unset: 0 });
  });
});

describe('rebaseDraft (the sheet changed elsewhere while edits were unsaved)', () => {
  it('keeps what this editor changed and takes everything else from the new sheet', () => {
    const before = aSheet({ recommendations: [aRecommendation('rec_1')], attachments: [anAttachment('att_1')] });
    let mine = draftOf(before, 'en-us');
    mine = draftReducer(mine, { type: 'status', group: 0, item: 0, status: 2 });
    mine = draftReducer(mine, { type: 'edit_recommendation', key: 'rec_1', change: { price: '300.00' } });
    mine = draftReducer(mine, { type: 'add_recommendation', key: 'new-1', group: 'Tyres', item: 'Front left' });
    const after = aSheet({
      version: 4,
      groups: before.groups.map((g, i) => (i === 1 ? { ...g, items: g.items.map((it, j) => (j === 1 ? { ...it, comment: 'Checked by Priya' } : it)) } : g)),
      recommendations: [aRecommendation('rec_1', { approved: true, comment: 'Pads and rotors' })],
      attachments: [anAttachment('att_1'), anAttachment('att_2')],
    });

    const rebased = rebaseDraft(mine, before, after, 'en-us');

    expect(rebased.groups[0]!.items[0]!.dmg).toBe(2);
    expect(rebased.groups[1]!.items[1]!.comment).toBe('Checked by Priya');
    expect(rebased.recommendations.map((r) => [r.key, r.price, r.comment])).toEqual([
      ['rec_1', '300.00', 'Pads and rotors'],
      ['new-1', '', ''],
    ]);
    expect(rebased.attachments.map((a) => a.id)).toEqual(['att_1', 'att_2']);
  });

  it('keeps a removal made here, and drops unsaved work whose item left the sheet', () => {
    const before = aSheet({ recommendations: [aRecommendation('rec_1')] });
    let mine = draftReducer(draftOf(before, 'en-us'), { type: 'remove_recommendation', key: 'rec_1' });
    mine = draftReducer(mine, { type: 'add_recommendation', key: 'new-1', group: 'Tyres', item: 'Front left' });
    const after = aSheet({ version: 4, groups: [before.groups[0]!], recommendations: [aRecommendation('rec_1')] });

    const rebased = rebaseDraft(mine, before, after, 'en-us');

    expect(rebased.recommendations).toEqual([]);
    expect(rebased.groups.map((g) => g.name)).toEqual(['Brakes']);
  });
});

describe('the sheet editor state', () => {
  const answered = (reply: ReturnType<typeof aReply>, keepEdits = true, agentId = 'agt_tech') =>
    ({ type: 'answered', reply, keepEdits, agentId, locale: 'en-us' }) as const;

  it('lays unsaved edits over a newer sheet while the agent still holds it', () => {
    let state = editorReducer(initialEditor, answered(aReply()));
    state = editorReducer(state, { type: 'edit', action: { type: 'comment', group: 0, item: 0, comment: 'Squeaks' } });

    const next = editorReducer(state, answered(aReply(aSheet({ version: 4, attachments: [anAttachment('att_1')] }))));

    expect(next.draft!.groups[0]!.items[0]!.comment).toBe('Squeaks');
    expect(next.draft!.attachments.map((a) => a.id)).toEqual(['att_1']);
    expect(next.reply!.sheet.version).toBe(4);
  });

  it('drops unsaved edits once the agent no longer holds the sheet (reclaimed by someone else)', () => {
    let state = editorReducer(initialEditor, answered(aReply()));
    state = editorReducer(state, { type: 'edit', action: { type: 'comment', group: 0, item: 0, comment: 'Squeaks' } });

    const next = editorReducer(state, answered(aReply(aSheet({ version: 4, state: 'reclaimed', holder: { id: 'agt_advisor', first_name: 'Priya', last_name: 'Raman', role: 'advisor' } }))));

    expect(next.draft!.groups[0]!.items[0]!.comment).toBe('');
  });

  it('starts over from a saved answer, and never lets an older answer replace a newer one', () => {
    let state = editorReducer(initialEditor, answered(aReply()));
    state = editorReducer(state, { type: 'edit', action: { type: 'add_recommendation', key: 'new-1', group: 'Brakes', item: 'Front pads' } });
    const saved = aReply(aSheet({ version: 4, recommendations: [aRecommendation('rec_9')] }));

    const afterSave = editorReducer(state, answered(saved, false));
    const afterStale = editorReducer(afterSave, answered(aReply(aSheet({ version: 3 }))));

    expect(afterSave.draft!.recommendations.map((r) => r.key)).toEqual(['rec_9']);
    expect(afterStale).toBe(afterSave);
  });

  it('keeps a sheet on screen when a reload fails, and says missing when there is no sheet', () => {
    const shown = editorReducer(initialEditor, answered(aReply()));

    expect(editorReducer(shown, { type: 'failed' })).toBe(shown);
    expect(editorReducer(initialEditor, { type: 'failed' }).status).toBe('failed');
    expect(editorReducer(shown, { type: 'missing' }).status).toBe('missing');
  });
});

describe('who may do what on a sheet', () => {
  it('lets only the holder of a claimed or reclaimed sheet edit it, and says why the others cannot', () => {
    expect(readOnlyReason(aSheet(), 'agt_tech')).toBeNull();
    expect(readOnlyReason(aSheet(), 'agt_other')).toBe('held_elsewhere');
    expect(readOnlyReason(aSheet({ state: 'unclaimed', holder: null }), 'agt_tech')).toBe('unclaimed');
    expect(readOnlyReason(aSheet({ state: 'completed_by_technician', holder: null }), 'agt_tech')).toBe('completed_by_technician');
    expect(readOnlyReason(aSheet({ state: 'completed_by_advisor', holder: null }), 'agt_tech')).toBe('completed_by_advisor');
  });

  it('offers the technician’s Complete only to a technician holder (advisors complete from their tools)', () => {
    expect(mayCompleteAsTechnician(aSheet(), 'agt_tech')).toBe(true);
    expect(mayCompleteAsTechnician(aSheet({ holder: { id: 'agt_advisor', first_name: 'P', last_name: 'R', role: 'advisor' } }), 'agt_advisor')).toBe(false);
  });

  it('reads the advisor’s side for service agents and the technician’s for technicians, and offers its own Claim only to technicians', () => {
    expect(sheetSide(flags('technician'))).toBe('technician');
    expect(sheetSide(flags('technician', 'service'))).toBe('advisor');
    expect(offersTechnicianClaim({ state: 'unclaimed' }, flags('technician'))).toBe(true);
    expect(offersTechnicianClaim({ state: 'unclaimed' }, flags('service'))).toBe(false);
    expect(offersTechnicianClaim({ state: 'claimed' }, flags('technician'))).toBe(false);
  });

  it('shows the manager inbox to managers and admins and the advisors’ inbox to service agents', () => {
    expect(claimedTabs(flags('technician'))).toEqual(['mine']);
    expect(claimedTabs(flags('service'))).toEqual(['mine', 'to_advisor']);
    expect(claimedTabs(flags('manager', 'service'))).toEqual(['mine', 'manager', 'to_advisor']);
    expect(claimedTabs(flags('admin'))).toEqual(['mine', 'manager']);
  });
});

describe('the MPI texts', () => {
  const read = (locale: string) => JSON.parse(readFileSync(new URL(`../../web/src/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

  it('translate every refusal the MPI routes answer, in every language', () => {
    for (const locale of ['de', 'el', 'en-ca', 'en-gb', 'en-uk', 'en-us', 'es', 'fr', 'it', 'pt', 'sv']) {
      expect({ locale, ids: Object.keys(read(locale).mpi_errors ?? {}).sort() }).toEqual({ locale, ids: Object.keys(MPI_ERRORS).sort() });
    }
  });

  it('say in US English exactly what the server says, and the SPEC’s reload notice word for word', () => {
    expect(read('en-us').mpi_errors).toEqual(MPI_ERRORS);
    expect(read('en-us').mpi_errors!.mpi_changed).toBe('MPI has changed. Reloading');
    expect(read('en-gb').mpi_errors!.mpi_changed).toBe('VHC has changed. Reloading');
  });
});
