/**
 * The generated cross-tenant and role probe: every route of functions/areas.ts, with its `{params}`
 * filled from ids of another company, another location and a lower role (collected from the demo
 * through the API), sent by an agent on the other side of the wall. A leak is a 2xx answer across
 * the wall, or an answer that carries the victim's ids, names, phones or e-mails. A route added to
 * API_AREAS is probed without anyone writing a test for it; a parameter the table in
 * test/support/routeTable.ts cannot name fails here.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn, type ApiClient, type ApiResponse, type JsonBody } from '../support/api.js';
import { apiRoutes, fillPath, plausibleBody, SAMPLES, TENANT_KINDS, VOCABULARY as BOARD_VOCABULARY, type ApiRoute, type BodyIds, type IdKind } from '../support/routeTable.js';
import { boards } from '../../functions/lib/boardList.js';
import type { AccessFlags } from '../../shared/access.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
const ROUTES = apiRoutes();

/** The ids of one store, by kind, and what about it must not reach an outsider. */
interface Store {
  name: string;
  ids: Record<IdKind, string>;
  /** Ids, names, phones and e-mails of its customers and agents. */
  secrets: string[];
}

/** Vocabulary parameters: the same valid value for everyone, so only the tenant ids decide. */
const VOCABULARY: Partial<Record<IdKind, string>> = { ...BOARD_VOCABULARY, settings_key: 'service_settings', sheet_queue: 'for_claim', call_board: 'service' };

/**
 * The boards whose routes the lists below name one by one. Any other board's routes are open to an
 * agent of the same store whose flags open that board (its `opens`), and refused to everyone else.
 */
const LISTED_BOARDS = new Set(['service', 'technician', 'appointments']);
const AREA_BOARD = new Map(boards().flatMap((board) => Object.keys(board.areas).map((area) => [area, board] as const)));

/** The board a route is of: its area's, or the board whose conversation it is (the conversation core serves every board's `{path}/messages`). */
const boardOfRoute = (route: ApiRoute) => AREA_BOARD.get(route.area) ?? boards().find((board) => board.conversations && route.template.startsWith(`${board.conversations.path}/`));

/** Whether a route of a board not listed above is this same-store attacker's to use. */
function opensRoute(route: ApiRoute, flags: AccessFlags | undefined): boolean {
  const board = boardOfRoute(route);
  return flags !== undefined && board !== undefined && !LISTED_BOARDS.has(board.name) && board.opens(flags);
}

/** Ids of each board kind the lists above do not collect, found where the board says (its `sample`), as the store's manager. */
async function sampledIds(client: ApiClient, locationId: string, secrets: Set<string>): Promise<Record<IdKind, string>> {
  const ids: Record<IdKind, string> = {};
  for (const [kind, sample] of Object.entries(SAMPLES)) {
    const records = list(await client.get(sample.list.replace('{location}', locationId)), sample.field);
    ids[kind] = (records[0]?.id as string | undefined) ?? `${kind}_none`;
    // A record's vocabulary (a report's `type: 'texting'`, `scope: 'location'`) is every company's: not a secret of this one.
    for (const record of records) for (const value of Object.values(record)) if (typeof value === 'string' && value.length >= 6 && !/^[a-z_]+$/.test(value)) secrets.add(value);
  }
  return ids;
}

interface Attacker {
  label: string;
  client: ApiClient;
  /** Their own DMS key, sent on the DMS feed routes. */
  apiKey?: string;
  own: BodyIds;
  /** Routes legitimately open to this attacker on the victim's ids, with the reason. */
  allowed: Record<string, string>;
  /** A same-store attacker's flags: routes of the boards they open are theirs (opensRoute). */
  flags?: AccessFlags;
}

const DEMO_SECRETS_MIN = 10;

/**
 * A same-location agent of a lower role. Routes they may use on their own store's records are
 * listed with the reason; writes in the list are not sent (they would change the store's data,
 * and they are allowed anyway).
 */
const NOBOARD_ALLOWED: Record<string, string> = {
  'GET /api/locations/{id}': 'every agent reads their own location (name, time zone, teams)',
  'GET /api/locations/{id}/agents': 'every agent sees the colleagues of their own location',
  'GET /api/agents/{id}': 'every agent sees a colleague of their own company (name, e-mail, role)',
};
const TECH_ALLOWED: Record<string, string> = {
  ...NOBOARD_ALLOWED,
  'GET /api/locations/{id}/{settings_key}': 'service_settings is loaded by every agent who works the board or the MPI (SPEC §6)',
  'GET /api/locations/{id}/tech/mpi/sheets/{type}': 'technicians work the MPI pool of their store',
  'GET /api/locations/{id}/tech/mpi/repair_orders/inbox': 'the MPI queue answers a technician (an empty list of orders sent to advisors)',
  'GET /api/locations/{id}/tech/mpi/sheet_templates': 'technicians pick a template for a sheet',
  'GET /api/locations/{id}/tech/mpi/settings': 'technicians read the MPI settings they work under',
  'GET /api/locations/{id}/tech/mpi/technicians': 'technicians see the other technicians of the store (reclaim picker)',
  'GET /api/tech/mpi/repair_orders/{id}/technician/sheet': "technicians open any sheet of their store's pool",
  'GET /api/tech/mpi/repair_orders/{id}/technician/service_attachments': "technicians see a sheet's photos",
  'PUT /api/tech/mpi/repair_orders/{id}/technician/claim': 'technicians claim sheets of their store',
  'GET /api/repair_orders/{id}/notes': "technicians read the notes for colleagues (only those) of an order of their store, from its sheet",
  'POST /api/repair_orders/{id}/notes': 'technicians answer a note for colleagues on an order of their store',
  'GET /api/repair_orders/{id}/mentionable': 'technicians name a colleague in their note on an order of their store',
};
const ADVISOR_ALLOWED: Record<string, string> = {
  ...NOBOARD_ALLOWED,
  'GET /api/locations/{id}/{settings_key}': 'service agents load the settings groups of their board (SPEC §6)',
  'GET /api/locations/{id}/repair_orders': 'service agents see the board of their store',
  'GET /api/locations/{id}/repair_orders/inbox': 'service agents see their own inbox',
  'GET /api/repair_orders/{id}': "service agents open any order of their store's board",
  'PUT /api/repair_orders/{id}/agent': 'service agents assign orders of their board',
  'PUT /api/repair_orders/{id}/archive': 'service agents archive orders of their board',
  'PUT /api/repair_orders/{id}/unarchive': 'service agents unarchive orders of their board',
  'PUT /api/repair_orders/{id}/read': 'service agents mark orders read (per agent)',
  'PUT /api/repair_orders/{id}/unread': 'service agents mark orders unread (per agent)',
  'GET /api/repair_orders/{id}/vehicle_ready': 'service agents read the vehicle-ready text before they send it',
  'POST /api/repair_orders/{id}/vehicle_ready': 'service agents tell the customer the vehicle is ready',
  'GET /api/repair_orders/{id}/messages': 'service agents read the conversation of an order of their board',
  'POST /api/repair_orders/{id}/messages': 'service agents text the customer of an order of their board',
  'GET /api/repair_orders/{id}/mentionable': 'service agents mention the colleagues who may see an order of their board',
  'GET /api/repair_orders/{id}/notes': 'service agents read the notes for colleagues of an order of their board',
  'POST /api/repair_orders/{id}/notes': 'service agents write a note for colleagues on an order of their board',
  'PUT /api/repair_orders/{id}/messages/{message_id}/reactions': 'service agents react to a message of an order of their board',
  'DELETE /api/repair_orders/{id}/messages/{message_id}/reactions': 'service agents take back their reaction',
  'PUT /api/messages/{id}/retry': 'service agents retry a failed text',
  'PUT /api/messages/{id}': 'service agents edit a held text of a conversation of their board',
  'PUT /api/messages/{id}/cancel': 'service agents cancel a held text of a conversation of their board',
  'GET /api/customers/{id}': 'service agents see the customer of an order of their board',
  'PUT /api/customers/{id}/opt_out': 'service agents record an opt-out the customer asked for',
  'PUT /api/customers/{id}/block': 'service agents block a customer',
  'PUT /api/customers/{id}/unblock': 'service agents unblock a customer',
  'GET /api/customers/{id}/consent': "service agents read the customer's consent ledger",
  'GET /api/customers/{id}/{board}/calls': "service agents see the customer's calls",
  'POST /api/locations/{id}/customers/search': 'service agents work the guests and leads board, which links a guest to a customer of the store found with the search',
  'GET /api/locations/{id}/tech/mpi/repair_orders/inbox': 'advisors see the sheets sent to them',
  'GET /api/locations/{id}/tech/mpi/sheets/{type}': 'advisors see the MPI queues of their store',
  'GET /api/locations/{id}/tech/mpi/sheet_templates': 'advisors pick a template when they take a sheet over',
  'GET /api/locations/{id}/tech/mpi/settings': 'advisors read the MPI settings they work under',
  'GET /api/locations/{id}/tech/mpi/technicians': 'advisors pick a technician to reclaim a sheet for',
  'GET /api/tech/mpi/repair_orders/{id}/technician/sheet': "advisors read the technician's sheet",
  'GET /api/tech/mpi/repair_orders/{id}/advisor/sheet': 'advisors work the sheet with the customer',
  'PUT /api/tech/mpi/repair_orders/{id}/sheet': 'the holder of a sheet saves it',
  'PUT /api/tech/mpi/repair_orders/{id}/advisor/claim': 'advisors claim a completed sheet',
  'PUT /api/tech/mpi/repair_orders/{id}/reclaim': 'advisors reclaim a sheet for an agent of their store',
  'PUT /api/tech/mpi/repair_orders/{id}/advisor/complete': 'the advisor holding a sheet completes it',
  'PUT /api/tech/mpi/repair_orders/{id}/template': 'the holder changes the template',
  'GET /api/tech/mpi/repair_orders/{id}/technician/service_attachments': "advisors see a sheet's photos",
  'POST /api/tech/mpi/repair_orders/{id}/service_attachments': 'the holder adds photos',
  'PUT /api/tech/mpi/repair_orders/{id}/service_attachments': 'the holder adds photos',
  'PUT /api/tech/mpi/repair_orders/{id}/recommendations/{recommendation_id}': 'advisors record the decisions the customer gave them',
  'POST /api/tech/mpi/repair_orders/{id}/pdf': 'advisors print the inspection for the customer',
  'POST /api/tech/mpi/repair_orders/{id}/send_to_customer': 'advisors send the inspection to the customer',
};

/** GET routes the store's manager does not answer 200 with the collected ids, and why. */
const CONTROL_EXCEPTIONS: Record<string, string> = {
  'GET /api/public/inspections/{token}': 'inspection links are tokens the customer gets by text; the probe has none',
  'GET /api/public/inspections/{token}/pdf': 'as above',
  'GET /api/public/surveys/{token}': 'survey links are tokens the customer gets by text; the probe has none',
  'GET /api/public/inspections/{token}/visit': 'as the inspection link it turns into its visit link',
  'GET /api/public/surveys/{token}/visit': 'as the survey link it turns into its visit link',
  'GET /api/tech/mpi/repair_orders/{id}/technician/sheet': "the technician's view of a sheet answers technicians only",
  // The location is checked (404 across the walls) before the question; without one they answer 422.
  'GET /api/locations/{id}/reports/figures': 'a report is asked for by type and period in the query, which the probe does not carry',
  'GET /api/locations/{id}/reports/records': 'as above, with the figure',
};

let north: Store;
let south: Store;
let attackersOfNorth: Attacker[];
let rival: Attacker;
let northManager: ApiClient;
let southAdmin: ApiClient;

const list = (res: ApiResponse, name: string): JsonBody[] => {
  if (res.status !== 200 || !Array.isArray(res.body?.[name])) throw new Error(`Could not list ${name}: ${res.status} ${res.text}`);
  return res.body[name] as JsonBody[];
};

/**
 * The store's appointments (one is booked when the demo has none), and a mass text of its own: to an
 * opted-out customer with opted-out customers skipped, so it texts nobody.
 */
async function appointmentsOf(client: ApiClient, locationId: string): Promise<{ appointments: JsonBody[]; massMessage: string }> {
  let appointments = list(await client.get(`/api/locations/${locationId}/appointments/inbox?limit=100`), 'appointments');
  const booked = await client.post(`/api/locations/${locationId}/appointments`, {
    appointment: { scheduled_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    customer: { first_name: 'Probe', last_name: `Quiet ${locationId}`, email: 'probe.quiet@example.com', phone: `+1617555${locationId.endsWith('north') ? '3001' : '3002'}` },
  });
  if (booked.status !== 201) throw new Error(`Could not book at ${locationId}: ${booked.status} ${booked.text}`);
  expect((await client.put(`/api/customers/${booked.body.appointment.customer.id}/opt_out`)).status).toBe(200);
  if (appointments.length === 0) appointments = [booked.body.appointment];
  const mass = await client.post(`/api/locations/${locationId}/mass_messages`, {
    mass_message: { board: 'appointments', text: 'Probe', ids: [booked.body.appointment.id], skip_opted_out: true },
  });
  if (mass.status !== 202) throw new Error(`Could not start a mass text at ${locationId}: ${mass.status} ${mass.text}`);
  return { appointments, massMessage: mass.body.mass_message.id };
}

/** The ids and secrets of one demo store, read by its manager (or the company admin). */
async function collectStore(client: ApiClient, locationId: string, roNumber?: string): Promise<Store> {
  // Every page: other test files add orders, and the demo's named order must be found wherever it sorts.
  const orders: JsonBody[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = list(await client.get(`/api/locations/${locationId}/repair_orders?offset=${offset}&limit=100`), 'repair_orders');
    orders.push(...page);
    if (page.length < 100) break;
  }
  const order = roNumber ? orders.find((o) => o.ro_id === roNumber) : orders[0];
  if (roNumber && !order) throw new Error(`No repair order ${roNumber} at ${locationId}`);
  if (!order) throw new Error(`No repair orders at ${locationId}`);
  const messages = list(await client.get(`/api/repair_orders/${order.id}/messages`), 'messages');
  const templates = list(await client.get(`/api/locations/${locationId}/tech/mpi/sheet_templates`), 'sheet_templates');
  let keys = list(await client.get(`/api/locations/${locationId}/dms_keys`), 'dms_keys');
  if (keys.length === 0) {
    expect((await client.post(`/api/locations/${locationId}/dms_keys`, { label: 'Tenant probe' })).status).toBe(201);
    keys = list(await client.get(`/api/locations/${locationId}/dms_keys`), 'dms_keys');
  }
  const agents = list(await client.get(`/api/locations/${locationId}/agents`), 'agents');
  const { appointments, massMessage } = await appointmentsOf(client, locationId);
  const sheet = await client.get(`/api/tech/mpi/repair_orders/${order.id}/advisor/sheet`);
  const recommendation: string = sheet.body?.sheet?.recommendations?.[0]?.id ?? 'rec_none';
  const secrets = new Set<string>();
  for (const o of orders) {
    const c = o.customer as JsonBody;
    secrets.add(o.id);
    secrets.add(c.id);
    secrets.add(`${c.first_name} ${c.last_name}`);
    for (const phone of Object.values(c.phones ?? {})) if (typeof phone === 'string' && phone) secrets.add(phone);
    if (c.email) secrets.add(c.email);
  }
  for (const a of agents) {
    secrets.add(a.id);
    secrets.add(a.email);
    secrets.add(`${a.first_name} ${a.last_name}`);
  }
  for (const m of messages) secrets.add(m.id);
  for (const a of appointments) {
    secrets.add(a.id);
    secrets.add(a.customer.id);
    secrets.add(`${a.customer.first_name} ${a.customer.last_name}`);
    if (a.customer.phones?.cell) secrets.add(a.customer.phones.cell);
  }
  for (const t of templates) secrets.add(t.id);
  for (const k of keys) secrets.add(k.id);
  const sampled = await sampledIds(client, locationId, secrets);
  const advisor = agents.find((a) => !a.access_level?.admin && !a.access_level?.manager) ?? agents[0];
  return {
    name: locationId,
    ids: {
      ...sampled,
      ...VOCABULARY,
      location: locationId,
      repair_order: order.id,
      customer: order.customer.id,
      message: messages[0]?.id ?? 'msg_none',
      agent: advisor.id,
      template: templates[0]?.id ?? 'mpt_none',
      dms_key: keys[0]!.id,
      recommendation,
      // Inspection links are bearer tokens of their own (the public routes); none leaks through an id.
      inspection_token: 'tok_probe_not_a_real_token',
      appointment: appointments[0]?.id ?? 'apt_none',
      mass_message: massMessage,
      settings_key: VOCABULARY.settings_key!,
      sheet_queue: VOCABULARY.sheet_queue!,
      call_board: VOCABULARY.call_board!,
    },
    secrets: [...secrets].filter((s) => s.length >= 6),
  };
}

/** What a few representative records of a store look like, to check the probe changed nothing. */
async function snapshot(client: ApiClient, store: Store): Promise<unknown> {
  const { ids } = store;
  const ro = (await client.get(`/api/repair_orders/${ids.repair_order}`)).body?.repair_order;
  const customer = (await client.get(`/api/customers/${ids.customer}`)).body?.customer;
  const templates = (await client.get(`/api/locations/${ids.location}/tech/mpi/sheet_templates`)).body?.sheet_templates;
  return {
    location: (await client.get(`/api/locations/${ids.location}`)).body,
    service_settings: (await client.get(`/api/locations/${ids.location}/service_settings`)).body,
    mpi_settings: (await client.get(`/api/locations/${ids.location}/tech/mpi/settings`)).body,
    repair_order: ro && { agent: ro.agent?.id ?? null, archived: ro.archived, status: ro.status, closed: ro.closed },
    customer: customer && { opt_in: customer.opt_in, blocked_at: customer.blocked_at },
    messages: (await client.get(`/api/repair_orders/${ids.repair_order}/messages`)).body?.messages?.length,
    templates: (templates ?? []).map((t: JsonBody) => [t.id, t.form_name, t.default ?? t.is_default, t.archived, t.version]),
    dms_keys: (await client.get(`/api/locations/${ids.location}/dms_keys`)).body?.dms_keys?.map((k: JsonBody) => k.id),
    sheet: (await client.get(`/api/tech/mpi/repair_orders/${ids.repair_order}/advisor/sheet`)).body?.sheet?.version ?? null,
    appointment: await client.get(`/api/locations/${ids.location}/appointments/${ids.appointment}`).then((r) => {
      const a = r.body?.appointment;
      return a && { confirmed: a.confirmed, cancelled: a.cancelled, archived: a.archived, messages: a.metadata.message_count };
    }),
  };
}

async function send(attacker: Attacker, route: ApiRoute, path: string): Promise<ApiResponse> {
  const headers: Record<string, string> = attacker.apiKey && path.startsWith('/dms/') ? { 'x-api-key': attacker.apiKey } : {};
  const body = plausibleBody(route.key, attacker.own);
  switch (route.method) {
    case 'GET':
      return attacker.client.get(path, headers);
    case 'DELETE':
      return attacker.client.del(path, undefined, headers);
    case 'POST':
      return attacker.client.post(path, body, headers);
    case 'PUT':
      return attacker.client.put(path, body, headers);
  }
}

interface Leak {
  who: string;
  route: string;
  path: string;
  status: number;
  why: string;
}

/** Sends every route with a tenant id in its path, filled with the victim's ids; answers the leaks. */
async function probe(attacker: Attacker, victim: Store): Promise<Leak[]> {
  const leaks: Leak[] = [];
  for (const route of ROUTES) {
    if (!route.params.some((p) => TENANT_KINDS.has(p.kind))) continue;
    const allowedBecause = attacker.allowed[route.key] ?? (opensRoute(route, attacker.flags) ? 'the board is open to this agent at their own store' : undefined);
    if (allowedBecause && route.method !== 'GET') continue;
    const path = fillPath(route, (param) => victim.ids[param.kind] ?? `${param.kind}_none`);
    const res = await send(attacker, route, path);
    const where = { who: `${attacker.label} → ${victim.name}`, route: route.key, path, status: res.status };
    if (res.status >= 500) leaks.push({ ...where, why: `server error: ${res.text.slice(0, 200)}` });
    if (allowedBecause) continue;
    if (res.status >= 200 && res.status < 300) leaks.push({ ...where, why: `answered ${res.status} across the wall: ${res.text.slice(0, 200)}` });
    const inPath = new Set(Object.values(victim.ids));
    const exposed = victim.secrets.filter((secret) => !inPath.has(secret) && res.text.includes(secret));
    if (exposed.length) leaks.push({ ...where, why: `answer names ${exposed.join(', ')}` });
  }
  return leaks;
}

const report = (leaks: Leak[]) => leaks.map((l) => `${l.who}: ${l.route} (${l.path}) ${l.status}: ${l.why}`).join('\n');

beforeAll(async () => {
  const [admin, manager, rivalClient, southAdvisor, noboard, tech, advisor] = await Promise.all(
    ['admin', 'manager', 'rival', 'south', 'noboard', 'tech', 'advisor'].map((name) => as(`${name}@demo.example`)),
  );
  northManager = manager!;
  southAdmin = admin!;
  north = await collectStore(manager!, 'loc_demo_north', '7010231');
  south = await collectStore(admin!, 'loc_demo_south');
  const rivalOrders = list(await rivalClient!.get('/api/locations/loc_rival_main/repair_orders'), 'repair_orders');
  const rivalTemplates = list(await rivalClient!.get('/api/locations/loc_rival_main/tech/mpi/sheet_templates'), 'sheet_templates');
  const rivalKey = await rivalClient!.post('/api/locations/loc_rival_main/dms_keys', { label: 'Tenant probe (rival)' });
  const southKey = await admin!.post('/api/locations/loc_demo_south/dms_keys', { label: 'Tenant probe (south)' });
  expect(rivalOrders.length).toBeGreaterThan(0);
  rival = {
    label: 'rival (admin of Rival Auto)',
    client: rivalClient!,
    apiKey: rivalKey.body.key,
    own: { agent: 'agt_rival', template: rivalTemplates[0]?.id ?? 'mpt_none' },
    allowed: {},
  };
  const own = { agent: 'agt_south_advisor', template: south.ids.template! };
  const flagsOf = async (client: ApiClient): Promise<AccessFlags> => (await client.get('/api/agents/me')).body.agent.access_level as AccessFlags;
  attackersOfNorth = [
    { label: 'south (advisor of the other store)', client: southAdvisor!, apiKey: southKey.body.key, own, allowed: { 'GET /api/agents/{id}': NOBOARD_ALLOWED['GET /api/agents/{id}']! } },
    { label: 'noboard (no board permission, same store)', client: noboard!, own: { agent: 'agt_noboard', template: north.ids.template! }, allowed: NOBOARD_ALLOWED, flags: await flagsOf(noboard!) },
    { label: 'tech (technician, same store)', client: tech!, own: { agent: 'agt_tech', template: north.ids.template! }, allowed: TECH_ALLOWED, flags: await flagsOf(tech!) },
    { label: 'advisor (service advisor, same store)', client: advisor!, own: { agent: 'agt_advisor', template: north.ids.template! }, allowed: ADVISOR_ALLOWED, flags: await flagsOf(advisor!) },
  ];
});

describe('the tenant probe', () => {
  it('can name every path parameter of every route', () => {
    const unnamed = ROUTES.filter((r) => r.unknownParams.length > 0).map((r) => `${r.key}: {${r.unknownParams.join('}, {')}}`);
    expect(unnamed, 'add these to PARAM_RULES in test/support/routeTable.ts').toEqual([]);
  });

  it('collected real ids and secrets of both demo stores', () => {
    for (const store of [north, south]) {
      for (const kind of ['repair_order', 'customer', 'message', 'template', 'dms_key', 'agent', 'appointment', 'mass_message'] as const) {
        expect(store.ids[kind], `${store.name} ${kind}`).not.toMatch(/_none$/);
      }
      expect(store.secrets.length, store.name).toBeGreaterThan(DEMO_SECRETS_MIN);
    }
    expect(north.ids.recommendation).not.toBe('rec_none');
  });

  it("uses ids that reach real records: the store's own manager reads them on every GET route", async () => {
    // Otherwise every 404 above would prove nothing.
    const control: Attacker = { label: 'manager (control)', client: northManager, own: { agent: 'agt_manager', template: north.ids.template! }, allowed: {} };
    const missed: string[] = [];
    for (const route of ROUTES.filter((r) => r.method === 'GET' && r.params.some((p) => TENANT_KINDS.has(p.kind)))) {
      if (CONTROL_EXCEPTIONS[route.key]) continue;
      const path = fillPath(route, (param) => north.ids[param.kind] ?? `${param.kind}_none`);
      const res = await send(control, route, path);
      if (res.status !== 200) missed.push(`${route.key} (${path}): ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(missed, missed.join('\n')).toEqual([]);
  });

  it('finds no leak from another company, another store or a lower role, and changes nothing', async () => {
    const before = [await snapshot(northManager, north), await snapshot(southAdmin, south)];
    const leaks = [...(await probe(rival, north)), ...(await probe(rival, south))];
    for (const attacker of attackersOfNorth) leaks.push(...(await probe(attacker, north)));
    expect(leaks, report(leaks)).toEqual([]);
    expect([await snapshot(northManager, north), await snapshot(southAdmin, south)]).toEqual(before);
  }, 120_000);

  it('lets no body or query id cross the company wall', async () => {
    const victimAgent = north.ids.agent;
    const rivalOrder = list(await rival.client.get('/api/locations/loc_rival_main/repair_orders'), 'repair_orders')[0].id as string;
    const attempts: [string, () => Promise<ApiResponse>][] = [
      ['impersonate a Demo Motors agent', () => rival.client.post('/agent_sessions/impersonate', { impersonate_agent_id: victimAgent })],
      ['assign an own order to a Demo Motors agent', () => rival.client.put(`/api/repair_orders/${rivalOrder}/agent`, { agent_id: victimAgent })],
      ['a ticket for a Demo Motors location', () => rival.client.post('/api/notifications/tickets', { location_id: north.ids.location })],
      ['list agents of a Demo Motors location', () => rival.client.get(`/api/agents?location_id=${north.ids.location}`)],
      ['re-template an own order with a Demo Motors template', () => rival.client.put(`/api/tech/mpi/repair_orders/${rivalOrder}/template`, { template_id: north.ids.template })],
    ];
    const leaks: string[] = [];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      const exposed = north.secrets.filter((s) => s !== victimAgent && s !== north.ids.location && s !== north.ids.template && res.text.includes(s));
      if (res.status >= 500) leaks.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
      if (exposed.length) leaks.push(`${what}: answer names ${exposed.join(', ')}`);
      const listsNothing = what.startsWith('list') && Array.isArray(res.body?.agents) && res.body.agents.length === 0;
      if (res.status < 300 && !listsNothing) leaks.push(`${what}: answered ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});
