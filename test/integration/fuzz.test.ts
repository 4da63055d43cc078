/**
 * Fuzzing every route of functions/areas.ts (fast-check, fixed seeds): generated bodies (wrong
 * types, huge strings, deep nesting, unicode, built-in object keys, over-long ids, arrays where
 * objects go, null, malformed JSON), odd and over-long path parameters and query strings, sent as
 * the admin of a company of its own (test/support/fuzzCompany.ts: nothing it changes is seen by
 * another test), unauthenticated to the public routes, and with a DMS key to the feed. No answer
 * may be a 5xx. Each failure prints the request, and the seeds are fixed, so it reproduces.
 */
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureSheet } from '../../functions/inspections/sheets.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { createFuzzCompany, FUZZ } from '../support/fuzzCompany.js';
import { apiRoutes, fillPath, plausibleBody, VOCABULARY, type ApiRoute, type IdKind } from '../support/routeTable.js';
import { createRepairOrder, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const SEED = 20261123;
/** Generated requests per route: bodies for routes that take one, paths and queries for every route. */
const BODIES_PER_ROUTE = 10;
const PATHS_PER_ROUTE = 4;
const PARALLEL = 4;
const ROUTES = apiRoutes();
const PUBLIC_PREFIXES = ['/agent_sessions/', '/password_reset', '/magic_sessions', '/api/public/', '/api/releases/'];
const isPublic = (route: ApiRoute) => PUBLIC_PREFIXES.some((p) => route.template.startsWith(p)) && route.key !== 'DELETE /agent_sessions/logout_jwt' && route.key !== 'POST /agent_sessions/impersonate';

let token: string;
let dmsKey: string;
let ids: Record<IdKind, string>;
/** The fuzz store's id of a kind; a board's kind it has none of yet is a well-formed id that finds nothing. */
const idOf = (kind: IdKind): string => ids[kind] ?? VOCABULARY[kind] ?? `${kind}_fuzz_none`;

/** A fixed seed per route, from its key: adding a route changes no other route's inputs. */
const seedOf = (key: string, salt: string) => SEED ^ createHash('sha256').update(`${salt} ${key}`).digest().readInt32BE(0);

// ---- generated values ----------------------------------------------------------------------

const BUILT_IN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'toJSON', 'then'];
const huge = (n: number) => fc.constant('x'.repeat(n));
const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...BUILT_IN_KEYS, '', ' ', '\u0000', '../..', '%00', '\u202e', '💥'.repeat(700), 'a'.repeat(129), '<svg onload=alert(1)>', '1e309', 'null'),
  huge(3000),
  huge(70_000),
);
const deep = (depth: number, open: '[' | '{') => (open === '[' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
/** Raw JSON texts for a whole leaf (so deep nesting is not built by JSON.stringify). */
const DEEP_LEAVES = [deep(5_000, '['), deep(5_000, '{'), deep(28, '['), deep(28, '{')];

/** A JSON value standing where something else belongs. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  oddString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(oddString, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...BUILT_IN_KEYS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Paths to every value inside a JSON value. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => leaves(v, [...at, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]))];
  return here;
}

/** JSON text of `base` with the value at `path` replaced by raw JSON text (or the whole body when `path` is empty). */
function replaceAt(base: unknown, path: (string | number)[], rawJson: string): string {
  const marker = '"FUZZ_VALUE_GOES_HERE"';
  if (path.length === 0) return rawJson;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path.at(-1)!] = JSON.parse(marker);
  return JSON.stringify(copy).replace(marker, rawJson);
}

/** A body for one route: mostly its plausible body bent in one place, sometimes anything at all. */
function bodies(route: ApiRoute): fc.Arbitrary<string> {
  const base = plausibleBody(route.key, { agent: FUZZ.adminId, template: idOf('template') });
  const paths = leaves(base);
  const raw = (value: unknown) => JSON.stringify(value) ?? 'null';
  const bent = paths.length
    ? fc.tuple(fc.constantFrom(...paths), oddValue).map(([path, value]) => replaceAt(base, path, raw(value)))
    : oddValue.map(raw);
  const withBuiltInKey = fc.tuple(fc.constantFrom([], ...paths.filter((p) => typeof p.at(-1) === 'string')), fc.constantFrom(...BUILT_IN_KEYS), oddValue).map(([path, key, value]) => {
    // A sibling key named like a built-in, written as JSON text (an object literal's `__proto__` would not be sent).
    const text = JSON.stringify(base ?? {});
    if (path.length === 0) return text.replace(/^\{/, `{${JSON.stringify(key)}:${raw(value)}${text === '{}' ? '' : ','}`);
    const field = JSON.stringify(path.at(-1));
    return text.replace(`${field}:`, `${JSON.stringify(key)}:${raw(value)},${field}:`);
  });
  return fc.oneof(
    { weight: 5, arbitrary: bent },
    { weight: 2, arbitrary: withBuiltInKey },
    { weight: 2, arbitrary: oddValue.map(raw) },
    { weight: 1, arbitrary: fc.constantFrom(...DEEP_LEAVES.map((leaf) => (paths.length ? replaceAt(base, paths[0]!, leaf) : leaf))) },
    { weight: 1, arbitrary: fc.constantFrom(`[${raw(base)}]`, '{"a":', '{', 'nul', '\u0000', '{"__proto__":{"admin":true}}', '') },
  );
}

/** Lone surrogates cannot be percent-encoded; a URL carries them as U+FFFD, as browsers do. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const oddParam = fc.oneof(oddString, fc.constantFrom('toString', '__proto__', 'constructor', '.', '..', 'a/b', 'x'.repeat(128), 'x'.repeat(129), 'x'.repeat(2049)));
const oddQuery = fc
  .array(
    fc.tuple(fc.constantFrom('offset', 'limit', 'archived', 'location_id', 'exclude_admins', '__proto__', 'constructor', 'toString', 'x'), fc.oneof(oddString, fc.constantFrom('-1', '1e309', '0x10', 'NaN', '99999999999999999999'))),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(wellFormed(v))}`).join('&'));

// ---- sending --------------------------------------------------------------------------------

interface Attempt {
  route: ApiRoute;
  method: string;
  path: string;
  body?: string;
  auth: 'admin' | 'none' | 'dms' | 'garbage';
  /** Sent on some POSTs: the replay store keeps the request too, so it must take any body. */
  idempotencyKey?: string;
}

interface Failure {
  attempt: Attempt;
  status: number;
  answer: string;
}

const describeBody = (body: string | undefined) =>
  body === undefined ? '(none)' : body.length > 400 ? `${body.slice(0, 400)}… (${body.length} chars)` : body;
const show = (f: Failure) =>
  `${f.status} ← ${f.attempt.method} ${f.attempt.path.length > 300 ? `${f.attempt.path.slice(0, 300)}…` : f.attempt.path} [${f.attempt.route.key}, auth: ${f.attempt.auth}${f.attempt.idempotencyKey ? `, idempotency-key: ${f.attempt.idempotencyKey}` : ''}] body: ${describeBody(f.attempt.body)}\n   answer: ${f.answer.slice(0, 300)}`;

let fuzzRequests = 0;

async function sendAttempt(attempt: Attempt): Promise<Failure | null> {
  const headers: Record<string, string> = {};
  if (attempt.auth === 'admin') headers.authorization = `Bearer ${token}`;
  if (attempt.auth === 'garbage') headers.authorization = `Bearer ${'e'.repeat(5000)}.${'\u00e9'.repeat(10)}`;
  if (attempt.auth === 'dms') headers['x-api-key'] = dmsKey;
  if (attempt.body !== undefined) headers['content-type'] = 'application/json';
  if (attempt.idempotencyKey) headers['idempotency-key'] = attempt.idempotencyKey;
  // Each request from an address of its own (the test stack trusts X-Forwarded-For): the per-client
  // limits (reset e-mails) would otherwise count the fuzzer's requests against the next test file.
  fuzzRequests += 1;
  headers['x-forwarded-for'] = `198.18.${(fuzzRequests >> 8) & 255}.${fuzzRequests & 255}`;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${attempt.path}`, { method: attempt.method, headers, body: attempt.body });
  } catch (err) {
    return { attempt, status: 0, answer: `no answer: ${(err as Error).message}` };
  }
  const answer = await res.text();
  (answered[attempt.route.key] ??= new Set()).add(res.status);
  return res.status >= 500 ? { attempt, status: res.status, answer } : null;
}

/** The statuses each route answered: the fuzzing must get past sign-in to mean anything. */
const answered: Record<string, Set<number>> = {};

async function sendAll(attempts: Attempt[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < attempts.length) {
        const failure = await sendAttempt(attempts[next++]!);
        if (failure) failures.push(failure);
      }
    }),
  );
  return failures;
}

/** Who sends a route's requests: its caller (public: nobody; the feed: a DMS key; else the admin). */
function callerOf(route: ApiRoute): Attempt['auth'] {
  if (isPublic(route)) return 'none';
  if (route.template.startsWith('/dms/v1/')) return 'dms';
  return 'admin';
}

beforeAll(async () => {
  useStackEnv();
  await createFuzzCompany();
  token = await signIn(baseUrl, FUZZ.adminEmail, FUZZ.password);
  const admin: ApiClient = api(baseUrl, token);
  const loc = `/api/locations/${FUZZ.locationId}`;
  for (const [group, values] of [
    ['mpi_settings', { enabled: true }],
    ['technician_settings', { enabled: true, mpi_enabled: true }],
    ['service_settings', { quiet_hours_start: '00:00', quiet_hours_end: '00:00' }],
  ] as const) {
    const res = await admin.post(`${loc}/${group}`, { [group]: values });
    if (res.status !== 200) throw new Error(`${group}: ${res.status} ${res.text}`);
  }
  const template = await admin.post(`${loc}/tech/mpi/sheet_templates`, {
    sheet_template: { form_name: 'Fuzz car', groups: [{ name: 'Brakes', items: [{ name: 'Front brake pads' }, { name: 'Wiper blades' }] }] },
  });
  if (template.status !== 201) throw new Error(`template: ${template.status} ${template.text}`);
  const templateId: string = template.body.sheet_template.id;
  expect((await admin.put(`${loc}/tech/mpi/sheet_templates/${templateId}/default`)).status).toBe(200);
  const key = await admin.post(`${loc}/dms_keys`, { label: 'Fuzz' });
  dmsKey = key.body.key;
  const { customer, ro } = await createRepairOrder({
    customer: { company_id: FUZZ.companyId, location_id: FUZZ.locationId },
    ro: { agent: { id: FUZZ.adminId, first_name: 'Fuzz', last_name: 'Admin' } },
  });
  expect(await ensureSheet(ro)).toBeTruthy();
  expect((await admin.put(`/api/tech/mpi/repair_orders/${ro.id}/technician/claim`)).status).toBe(200);
  const keys = await admin.get(`${loc}/dms_keys`);
  const booked = await admin.post(`${loc}/appointments`, {
    appointment: { scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    customer: { first_name: 'Fuzz', last_name: 'Booked', email: 'fuzz.booked@example.com', phone: '(617) 555-3098' },
  });
  if (booked.status !== 201) throw new Error(`appointment: ${booked.status} ${booked.text}`);
  ids = {
    location: FUZZ.locationId,
    repair_order: ro.id,
    customer: customer.id,
    message: 'msg_fuzz_none',
    agent: FUZZ.adminId,
    template: templateId,
    dms_key: keys.body.dms_keys[0].id,
    recommendation: 'rec_fuzz_none',
    inspection_token: 'tok_fuzz_none',
    settings_key: 'service_settings',
    sheet_queue: 'for_claim',
    call_board: 'service',
    appointment: booked.body.appointment.id,
    mass_message: 'mass_fuzz_none',
  };
});

describe('fuzzing every route', () => {
  it('reached the routes: the fuzz admin reads its own store', async () => {
    const res = await api(baseUrl, token).get(`/api/repair_orders/${ids.repair_order}`);
    expect(res.status).toBe(200);
  });

  it('answers no generated body with a 5xx', async () => {
    const attempts: Attempt[] = [];
    for (const route of ROUTES.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const path = fillPath(route, (param) => idOf(param.kind));
      for (const body of fc.sample(bodies(route), { seed: seedOf(route.key, 'body'), numRuns: BODIES_PER_ROUTE })) {
        const idempotencyKey = route.method === 'POST' && attempts.length % 3 === 0 ? `fuzz-${attempts.length}` : undefined;
        attempts.push({ route, method: route.method, path, body, auth: callerOf(route), idempotencyKey });
      }
    }
    const failures = await sendAll(attempts);
    expect(failures.map(show), failures.map(show).join('\n')).toEqual([]);
    expect(attempts.length).toBe(ROUTES.filter((r) => r.method === 'POST' || r.method === 'PUT').length * BODIES_PER_ROUTE);
    const onlyRefused = Object.entries(answered).filter(([, statuses]) => [...statuses].every((s) => s === 401 || s === 403));
    expect(onlyRefused.map(([key]) => key), 'routes the fuzzer never got past sign-in on').toEqual([]);
  }, 120_000);

  it('answers no odd path parameter, query string or token with a 5xx', async () => {
    const attempts: Attempt[] = [];
    for (const route of ROUTES) {
      const samples = fc.sample(fc.tuple(fc.array(oddParam, { minLength: 3, maxLength: 3 }), oddQuery, fc.boolean()), {
        seed: seedOf(route.key, 'path'),
        numRuns: PATHS_PER_ROUTE,
      });
      for (const [params, query, oddAllParams] of samples) {
        // Either every parameter odd, or only the last one beside real ids (so the route gets past its first lookups).
        let index = 0;
        const path = fillPath(route, (param) => {
          const mine = index++;
          return oddAllParams || mine === route.params.length - 1 ? wellFormed(params[mine % 3]!) : idOf(param.kind);
        });
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(plausibleBody(route.key, { agent: FUZZ.adminId, template: idOf('template') }));
        // The sign-out route ends the session it is sent with: only ever without one.
        const auth = route.key === 'DELETE /agent_sessions/logout_jwt' ? 'garbage' : callerOf(route);
        attempts.push({ route, method: route.method, path: `${path}${query ? `?${query}` : ''}`, body, auth });
      }
      attempts.push({ route, method: route.method, path: fillPath(route, (param) => idOf(param.kind)), auth: 'garbage' });
    }
    const failures = await sendAll(attempts);
    expect(failures.map(show), failures.map(show).join('\n')).toEqual([]);
  }, 120_000);
});
