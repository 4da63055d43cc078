/**
 * The sheet rules the server applies without a table: a holder's save (SPEC §5), re-templating,
 * the completion note, and which upload keys a confirmation may name.
 */
import { describe, expect, it } from 'vitest';
import { confirmedKeys, isInspectionMedia } from '../../functions/inspections/attachments.js';
import { completedNote } from '../../functions/inspections/claims.js';
import { newSheet, type SheetRecord } from '../../functions/inspections/records.js';
import { retemplated, savedSheet } from '../../functions/inspections/sheets.js';
import type { TemplateRecord } from '../../functions/inspections/templates.js';
import type { AgentRecord } from '../../functions/lib/agents.js';
import { DomainError } from '../../functions/lib/errors.js';
import { domainStatus } from '../../functions/lib/http.js';
import { noAccess } from '../../shared/access.js';
import type { SaveSheetBody } from '../../shared/inspections/schemas.js';

const ro = { id: 'ro_1', company_id: 'cmp_a', location_id: 'loc_a', closed: false, archived: false };

function template(groups: [string, string[]][], id = 'mpt_1'): TemplateRecord {
  const now = '2026-01-01T00:00:00.000Z';
  return {
    id,
    company_id: 'cmp_a',
    location_id: 'loc_a',
    form_name: `Form ${id}`,
    vehicle_type: 'car',
    default: true,
    archived: false,
    header: '',
    groups: groups.map(([name, items]) => ({ name, items: items.map((i) => ({ name: i })) })),
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

function agent(id: string): AgentRecord {
  return {
    id,
    company_id: 'cmp_a',
    location_id: 'loc_a',
    email: `${id}@example.com`,
    first_name: 'Luis',
    last_name: 'Ortega',
    access_level: { ...noAccess(), technician: true },
    team: null,
    online_status: 'online',
    email_notifications_enabled: true,
    sms_notifications_enabled: true,
    technician_settings: { enabled: true, mpi_enabled: true },
    active: true,
    locale: 'en-us',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const luis = agent('agt_luis');

function heldSheet(): SheetRecord {
  const sheet = newSheet(ro, template([['Brakes', ['Front pads', 'Rear pads']], ['Battery', ['Condition']]]));
  return { ...sheet, state: 'claimed', holder: { id: luis.id, first_name: 'Luis', last_name: 'Ortega', role: 'technician' } };
}

function body(sheet: SheetRecord, overrides: Partial<SaveSheetBody> = {}): SaveSheetBody {
  return { version: sheet.version, groups: sheet.groups, recommendations: [], attachments: [], damage_details: { comment: '' }, ...overrides };
}

function refusalOf(run: () => unknown): { status: number; id: string } {
  try {
    run();
  } catch (err) {
    // The status the API answers for the refusal (http.ts maps domain errors in one place).
    if (err instanceof DomainError) return { status: domainStatus(err), id: err.id };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('savedSheet (the holder’s save)', () => {
  it('refuses anyone but the holder, and a sheet nobody holds', () => {
    const sheet = heldSheet();
    expect(refusalOf(() => savedSheet(sheet, body(sheet), agent('agt_other')))).toEqual({ status: 403, id: 'not_holder' });
    const pooled: SheetRecord = { ...sheet, state: 'unclaimed', holder: null };
    expect(refusalOf(() => savedSheet(pooled, body(pooled), luis))).toEqual({ status: 409, id: 'not_claimed' });
  });

  it('gives new recommendations rec_ ids, undecided, and the sheet’s spelling of the item', () => {
    const sheet = heldSheet();
    const saved = savedSheet(sheet, body(sheet, { recommendations: [{ group: ' brakes', item: 'FRONT PADS', est_cost_in_cents: 100, comment: '', notes: '' }] }), luis);
    expect(saved.recommendations).toEqual([
      { id: expect.stringMatching(/^rec_/), group: 'Brakes', item: 'Front pads', est_cost_in_cents: 100, comment: '', notes: '', approved: null, decided_at: null, metadata: { approver: null } },
    ]);
  });

  it('refuses the same recommendation id twice and attachments not on the sheet', () => {
    const sheet: SheetRecord = {
      ...heldSheet(),
      recommendations: [{ id: 'rec_1', group: 'Brakes', item: 'Front pads', est_cost_in_cents: 1, comment: '', notes: '', approved: true, decided_at: 'x', metadata: { approver: null } }],
    };
    const twice = { id: 'rec_1', group: 'Brakes', item: 'Front pads', est_cost_in_cents: 1, comment: '', notes: '' };
    expect(refusalOf(() => savedSheet(sheet, body(sheet, { recommendations: [twice, twice] }), luis))).toEqual({ status: 422, id: 'unknown_recommendation' });
    expect(refusalOf(() => savedSheet(sheet, body(sheet, { attachments: [{ id: 'att_x', notes: '', verdict: null }] }), luis))).toEqual({ status: 422, id: 'unknown_attachment' });
  });

  it('refuses to keep a photo of an item the save removes', () => {
    const sheet: SheetRecord = {
      ...heldSheet(),
      attachments: [
        { id: 'att_1', group: 'Battery', item: 'Condition', name: 'b.jpg', content_type: 'image/jpeg', size: 1, kind: 'photo', notes: '', verdict: null, agent: null, created_at: 'x', key: 'k', small_key: null, thumb_key: null },
      ],
    };
    const withoutBattery = sheet.groups.filter((g) => g.name !== 'Battery');
    expect(refusalOf(() => savedSheet(sheet, body(sheet, { groups: withoutBattery, attachments: [{ id: 'att_1', notes: '', verdict: null }] }), luis))).toEqual({ status: 422, id: 'unknown_item' });
  });
});

describe('retemplated', () => {
  it('keeps conditions, recommendations and photos of items that remain (ignoring case) and drops the rest', () => {
    const sheet: SheetRecord = {
      ...heldSheet(),
      groups: [
        { name: 'Brakes', items: [{ name: 'Front pads', dmg: 2, comment: 'worn' }, { name: 'Rear pads', dmg: 0, comment: '' }] },
        { name: 'Battery', items: [{ name: 'Condition', dmg: 1, comment: 'weak' }] },
      ],
      recommendations: [
        { id: 'rec_keep', group: 'Brakes', item: 'Front pads', est_cost_in_cents: 1, comment: '', notes: '', approved: null, decided_at: null, metadata: { approver: null } },
        { id: 'rec_drop', group: 'Battery', item: 'Condition', est_cost_in_cents: 1, comment: '', notes: '', approved: null, decided_at: null, metadata: { approver: null } },
      ],
    };
    const next = retemplated(sheet, template([['BRAKES', ['front pads', 'Fluid']]], 'mpt_2'));
    expect(next.groups).toEqual([{ name: 'BRAKES', items: [{ name: 'front pads', dmg: 2, comment: 'worn' }, { name: 'Fluid', dmg: null, comment: '' }] }]);
    expect(next.recommendations!.map((r) => [r.id, r.group, r.item])).toEqual([['rec_keep', 'BRAKES', 'front pads']]);
    expect(next).toMatchObject({ template_id: 'mpt_2', form_name: 'Form mpt_2' });
  });
});

describe('completedNote', () => {
  it('counts red and yellow items in the note, as numbers for the viewer\'s language and in the stored English text', () => {
    const sheet: SheetRecord = {
      ...heldSheet(),
      groups: [{ name: 'Brakes', items: [{ name: 'A', dmg: 2, comment: '' }, { name: 'B', dmg: 2, comment: '' }, { name: 'C', dmg: 1, comment: '' }, { name: 'D', dmg: null, comment: '' }] }],
    };
    expect(completedNote(sheet, luis)).toMatchObject({ behaviour: 'MPI_SHEET_COMPLETED_BY_TECH', text: 'Luis Ortega completed the MPI: 2 red, 1 yellow', note: { key: 'mpi_completed', params: { red: 2, yellow: 1, technician: 'Luis Ortega' } } });
  });
});

describe('upload keys of a confirmation', () => {
  const folder = 'mpi/cmp_a/ro_1/att_01abc/';

  it('accepts the original and its renditions in one attachment folder of the sheet', () => {
    expect(confirmedKeys(ro, { key: `${folder}pads.jpg`, small_key: `${folder}small.jpg`, thumb_key: `${folder}thumb.jpg` })).toEqual({ id: 'att_01abc', folder });
  });

  it('answers "not uploaded" for keys of another sheet or company, paths that climb, and renditions of another folder', () => {
    for (const keys of [
      { key: 'mpi/cmp_b/ro_1/att_01abc/pads.jpg', small_key: null, thumb_key: null },
      { key: 'mpi/cmp_a/ro_2/att_01abc/pads.jpg', small_key: null, thumb_key: null },
      { key: `${folder}../../ro_2/att_x/pads.jpg`, small_key: null, thumb_key: null },
      { key: `${folder}small.jpg`, small_key: null, thumb_key: null },
      { key: `${folder}pads.jpg`, small_key: 'mpi/cmp_a/ro_1/att_other/small.jpg', thumb_key: null },
    ]) {
      expect(refusalOf(() => confirmedKeys(ro, keys)), keys.key).toEqual({ status: 422, id: 'attachment_not_found' });
    }
  });

  it('takes pictures and video only', () => {
    expect(['image/jpeg', 'image/heic', 'video/mp4', 'video/quicktime; codecs=x'].every(isInspectionMedia)).toBe(true);
    expect(['application/pdf', 'text/plain', 'image', 'audio/mpeg'].some(isInspectionMedia)).toBe(false);
  });
});
