/**
 * Sheet templates over HTTP (SPEC §3 "Sheet template", §5, §7 "MPI"): list, create, edit,
 * archive and make default, one default per location and vehicle type, the sheet rules on every
 * save, who may do it, and tenant isolation. Default changes use motorcycle templates and put
 * the demo's default back, so the car default new orders get their sheets from stays put.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MPI_ERRORS } from '../../shared/inspections/inspections.js';
import { api, signIn, type ApiClient, type JsonBody } from '../support/api.js';
import { DEMO_NORTH, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
const templates = `/api/locations/${DEMO_NORTH.locationId}/tech/mpi/sheet_templates`;
const DEMO_MOTORCYCLE = 'mpt_demo_north_motorcycle';

let manager: ApiClient;
let admin: ApiClient;
let advisor: ApiClient;
let tech: ApiClient;
let rival: ApiClient;

beforeAll(async () => {
  useStackEnv();
  [manager, admin, advisor, tech, rival] = await Promise.all([
    as('manager@demo.example'),
    as('admin@demo.example'),
    as('advisor@demo.example'),
    as('tech@demo.example'),
    as('rival@demo.example'),
  ]);
});

afterAll(async () => {
  await manager.put(`${templates}/${DEMO_MOTORCYCLE}/default`);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  sheet_template: {
    form_name: 'Motorcycle spring check',
    vehicle_type: 'motorcycle',
    header: 'Spring check',
    groups: [
      { name: 'Brakes', items: [{ name: 'Front pads' }, { name: 'Rear pads' }] },
      { name: 'Tires', items: [{ name: 'Front tire' }] },
    ],
    ...overrides,
  },
});

async function created(overrides: Record<string, unknown> = {}): Promise<JsonBody> {
  const res = await manager.post(templates, form(overrides));
  expect(res.status).toBe(201);
  return res.body.sheet_template;
}

async function listed(client: ApiClient, query = ''): Promise<JsonBody[]> {
  const res = await client.get(`${templates}?limit=100${query}`);
  expect(res.status).toBe(200);
  return res.body.sheet_templates;
}

describe('sheet templates', () => {
  it('lists the location’s templates with paging meta, the demo defaults first, to technicians and advisors too', async () => {
    const res = await tech.get(templates);
    expect(res.status).toBe(200);
    expect(res.body.meta.paging).toMatchObject({ current_offset: 0, per_page: 50 });
    expect(res.body.sheet_templates[0]).toMatchObject({ default: true, archived: false });
    const byAdvisor = await listed(advisor);
    expect(byAdvisor.find((t) => t.id === 'mpt_demo_north_car')).toMatchObject({ form_name: 'Multi-point inspection', vehicle_type: 'car', default: true, location_id: DEMO_NORTH.locationId });
    expect(byAdvisor.every((t) => t.company_id === undefined)).toBe(true);
  });

  it('creates a template, dropping empty groups; a type that has a default keeps it', async () => {
    const template = await created({ groups: [...form().sheet_template.groups, { name: 'Extras', items: [] }] });
    expect(template).toMatchObject({ id: expect.stringMatching(/^mpt_/), form_name: 'Motorcycle spring check', vehicle_type: 'motorcycle', default: false, archived: false, version: 1 });
    expect(template.groups.map((g: JsonBody) => g.name)).toEqual(['Brakes', 'Tires']);
    expect((await listed(tech)).map((t) => t.id)).toContain(template.id);
  });

  it('refuses an empty template, one without items, and an item twice in a group, with the SPEC §5 texts', async () => {
    const empty = await manager.post(templates, form({ groups: [] }));
    expect(empty.status).toBe(422);
    expect(empty.body.error).toEqual({ id: 'sheet_empty', message: MPI_ERRORS.sheet_empty });
    const noItems = await manager.post(templates, form({ groups: [{ name: 'Brakes', items: [] }] }));
    expect(noItems.body.error).toEqual({ id: 'group_required', message: MPI_ERRORS.group_required });
    const twice = await manager.post(templates, form({ groups: [{ name: 'Brakes', items: [{ name: 'Pads' }, { name: 'PADS' }] }] }));
    expect(twice.status).toBe(422);
    expect(twice.body.error).toMatchObject({ id: 'duplicate_item', message: MPI_ERRORS.duplicate_item, group: 'Brakes', item: 'PADS' });
  });

  it('edits a template from the version it loaded, and answers a stale edit with 409 mpi_changed', async () => {
    const template = await created();
    const edit = await manager.put(`${templates}/${template.id}`, form({ form_name: 'Spring check v2', version: 1 }));
    expect(edit.status).toBe(200);
    expect(edit.body.sheet_template).toMatchObject({ form_name: 'Spring check v2', version: 2 });
    const stale = await admin.put(`${templates}/${template.id}`, form({ form_name: 'Lost edit', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ id: 'mpi_changed', message: MPI_ERRORS.mpi_changed });
    const invalid = await manager.put(`${templates}/${template.id}`, form({ groups: [], version: 2 }));
    expect(invalid.body.error.id).toBe('sheet_empty');
  });

  it('archives a template: listed only with ?archived=1 and no longer editable', async () => {
    const template = await created();
    const res = await manager.put(`${templates}/${template.id}/archive`);
    expect(res.status).toBe(200);
    expect(res.body.sheet_template).toMatchObject({ archived: true, default: false });
    expect((await listed(tech)).map((t) => t.id)).not.toContain(template.id);
    expect((await listed(tech, '&archived=1')).map((t) => t.id)).toContain(template.id);
    expect((await manager.put(`${templates}/${template.id}`, form())).body.error.id).toBe('template_archived');
    expect((await manager.put(`${templates}/${template.id}/default`)).body.error).toEqual({ id: 'template_archived', message: MPI_ERRORS.template_archived });
  });

  it('keeps one default per vehicle type: making one default unsets the other, archiving a default leaves none', async () => {
    const template = await created();
    const res = await manager.put(`${templates}/${template.id}/default`);
    expect(res.status).toBe(200);
    expect(res.body.sheet_template).toMatchObject({ id: template.id, default: true });
    let all = await listed(tech);
    expect(all.filter((t) => t.vehicle_type === 'motorcycle' && t.default).map((t) => t.id)).toEqual([template.id]);
    expect(all.find((t) => t.id === 'mpt_demo_north_car').default).toBe(true);

    await manager.put(`${templates}/${template.id}/archive`);
    all = await listed(tech);
    expect(all.filter((t) => t.vehicle_type === 'motorcycle' && t.default)).toEqual([]);

    const back = await manager.put(`${templates}/${DEMO_MOTORCYCLE}/default`);
    expect(back.body.sheet_template.default).toBe(true);
  });

  it('gives exactly one default when two templates are made default at once', async () => {
    const [a, b] = [await created(), await created()];
    const answers = await Promise.all([manager.put(`${templates}/${a.id}/default`), admin.put(`${templates}/${b.id}/default`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const defaults = (await listed(tech)).filter((t) => t.vehicle_type === 'motorcycle' && t.default);
    expect(defaults).toHaveLength(1);
  });

  it('lets only managers and admins create and change templates', async () => {
    expect((await advisor.post(templates, form())).status).toBe(403);
    expect((await tech.post(templates, form())).status).toBe(403);
    expect((await tech.put(`${templates}/${DEMO_MOTORCYCLE}/archive`)).status).toBe(403);
    expect((await advisor.put(`${templates}/${DEMO_MOTORCYCLE}/default`)).status).toBe(403);
  });

  it("answers 404 for another company's location, another location's template and an unknown id", async () => {
    expect((await rival.get(templates)).status).toBe(404);
    expect((await rival.post(templates, form())).status).toBe(404);
    expect((await manager.get('/api/locations/loc_rival_main/tech/mpi/sheet_templates')).status).toBe(404);
    expect((await manager.put(`${templates}/mpt_demo_south_car/archive`)).status).toBe(404);
    expect((await admin.put(`${templates}/mpt_nope/default`)).status).toBe(404);
    // The admin reaches the South store, whose own template answers there.
    expect((await admin.get('/api/locations/loc_demo_south/tech/mpi/sheet_templates')).body.sheet_templates.map((t: JsonBody) => t.id)).toContain('mpt_demo_south_car');
  });
});
