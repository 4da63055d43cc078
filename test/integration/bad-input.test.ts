/**
 * Bad input answers 4xx, never 500: over-long ids and e-mails (DynamoDB refuses keys over 2,048
 * bytes), settings fields named like built-in object keys, malformed or absent JSON bodies, and
 * SVG attachments. Each case here answered 500 (or 415) before it was fixed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_AREAS } from '../../functions/areas.js';
import { ensureSheet } from '../../functions/inspections/sheets.js';
import { SETTINGS_KEYS } from '../../shared/access.js';
import { APPOINTMENT_ERRORS } from '../../shared/appointments/schemas.js';
import { PERSON_ERRORS, PHONE_ERRORS } from '../../shared/schemas/people.js';
import { api, signIn, type ApiClient } from '../support/api.js';
import { createRepairOrder, useStackEnv } from '../support/service.js';

const baseUrl = inject('baseUrl');
const as = async (email: string) => api(baseUrl, await signIn(baseUrl, email));
const NORTH = 'loc_demo_north';
/** Longer than DynamoDB's 2,048-byte key limit. */
const HUGE = 'x'.repeat(3000);
const HUGE_EMAIL = `${'a'.repeat(3000)}@demo.example`;
const BUILT_IN_KEYS = ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'];

let admin: ApiClient;
let manager: ApiClient;
let tech: ApiClient;
let coordinator: ApiClient;
const anonymous = api(baseUrl);

beforeAll(async () => {
  useStackEnv();
  [admin, manager, tech, coordinator] = await Promise.all([as('admin@demo.example'), as('manager@demo.example'), as('tech@demo.example'), as('appointments@demo.example')]);
});

/** Every route key of functions/areas.ts, as [method, path template]. */
const ROUTES = Object.values(API_AREAS).flatMap((area) => area.routes.map((key) => key.split(' ') as [string, string]));

async function send(client: ApiClient, method: string, path: string, body?: unknown) {
  if (method === 'GET') return client.get(path);
  if (method === 'DELETE') return client.del(path, body);
  return method === 'POST' ? client.post(path, body ?? {}) : client.put(path, body ?? {});
}

describe('over-long path parameters', () => {
  it('answer 404 not_found on every route with a parameter, signed in or not', async () => {
    const withParams = ROUTES.filter(([, path]) => path.includes('{'));
    expect(withParams.length).toBeGreaterThan(40);
    for (const [method, template] of withParams) {
      const path = template.replace(/\{[^}]+\}/g, HUGE);
      for (const client of [admin, anonymous]) {
        const res = await send(client, method, path);
        expect(res.status, `${method} ${template}`).toBe(404);
        expect(res.body?.error?.id, `${method} ${template}`).toBe('not_found');
      }
    }
  });

  it('still answers ids of a sane length as before', async () => {
    expect((await admin.get(`/api/locations/${NORTH}`)).status).toBe(200);
    expect((await admin.get(`/api/repair_orders/ro_${'0'.repeat(120)}`)).status).toBe(404);
  });
});

describe('over-long e-mails, tokens and ids in bodies', () => {
  it('answer 422 with a clear message on the sign-in routes, without sign-in', async () => {
    const cases: [string, unknown][] = [
      ['/agent_sessions/login_probe', { agent: { email: HUGE_EMAIL } }],
      ['/agent_sessions/login_jwt', { agent: { email: HUGE_EMAIL, password: 'demo-dealer' } }],
      ['/password_reset_request', { agent: { email: HUGE_EMAIL } }],
      ['/magic_sessions', { agent: { email: HUGE_EMAIL, token: 'x' } }],
    ];
    for (const [path, body] of cases) {
      const res = await anonymous.post(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.errors[0].message, path).toBe('E-mail is too long (maximum is 254 characters)');
    }
  });

  it('answer 422 for over-long tokens and passwords', async () => {
    const cases: [string, unknown][] = [
      ['/agent_sessions/refresh', { refresh_token: HUGE }],
      ['/magic_sessions', { agent: { email: 'advisor@demo.example', token: HUGE } }],
      ['/password_reset', { agent: { token: HUGE, password: 'long-enough-1', password_confirmation: 'long-enough-1' } }],
      ['/agent_sessions/login_jwt', { agent: { email: 'advisor@demo.example', password: HUGE } }],
    ];
    for (const [path, body] of cases) {
      const res = await anonymous.post(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.errors[0].message, path).toMatch(/too long/);
    }
  });

  it('answer 422 for over-long agent and template ids in bodies', async () => {
    const { ro } = await createRepairOrder();
    expect(await ensureSheet(ro)).toBeTruthy();
    const assign = await manager.put(`/api/repair_orders/${ro.id}/agent`, { agent_id: HUGE });
    expect(assign.status).toBe(422);
    expect(assign.body.errors[0].message).toBe('Id is too long');
    const impersonate = await admin.post('/agent_sessions/impersonate', { impersonate_agent_id: HUGE });
    expect(impersonate.status).toBe(422);
    for (const [path, body] of [
      [`/api/tech/mpi/repair_orders/${ro.id}/reclaim`, { agent_id: HUGE }],
      [`/api/tech/mpi/repair_orders/${ro.id}/template`, { template_id: HUGE }],
    ] as const) {
      const res = await manager.put(path, body);
      // The MPI routes answer their own refusal ids (agent_required, template_not_saved) for a bad id.
      expect(res.status, `${path} ${res.text}`).toBe(422);
    }
  });
});

describe('settings named like built-in object keys', () => {
  it('answer 404 as a settings group, read or written', async () => {
    for (const key of BUILT_IN_KEYS) {
      const read = await manager.get(`/api/locations/${NORTH}/${key}`);
      expect(read.status, key).toBe(404);
      const write = await manager.post(`/api/locations/${NORTH}/${key}`, { [key]: {} });
      expect(write.status, key).toBe(404);
    }
  });

  it('answer 422 as fields of every settings group, and change nothing', async () => {
    for (const group of SETTINGS_KEYS) {
      const before = (await admin.get(`/api/locations/${NORTH}/${group}`)).body[group];
      for (const field of BUILT_IN_KEYS) {
        // JSON text: an object literal's `__proto__` would set the prototype, not send the key.
        const res = await fetch(`${baseUrl}/api/locations/${NORTH}/${group}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
          body: `{"${group}":{"${field}":{"x":1}}}`,
        });
        expect(res.status, `${group}.${field}`).toBe(422);
        const body = (await res.json()) as { errors: { message: string }[] };
        expect(body.errors[0]!.message, `${group}.${field}`).toBe(`Unknown setting: ${field}`);
      }
      expect((await admin.get(`/api/locations/${NORTH}/${group}`)).body[group], group).toEqual(before);
    }
  });

  it('answer 422 on the MPI settings route', async () => {
    for (const field of BUILT_IN_KEYS) {
      const res = await fetch(`${baseUrl}/api/locations/${NORTH}/tech/mpi/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
        body: `{"mpi_settings":{"${field}":true}}`,
      });
      expect(res.status, field).toBe(422);
    }
  });

  it('still change a known field', async () => {
    const before = (await manager.get(`/api/locations/${NORTH}/csi_settings`)).body.csi_settings;
    const res = await manager.post(`/api/locations/${NORTH}/csi_settings`, { csi_settings: { frequency_days: before.frequency_days } });
    expect(res.status).toBe(200);
    expect(res.body.csi_settings).toEqual(before);
  });
});

let token: string | undefined;
async function adminToken(): Promise<string> {
  token ??= await signIn(baseUrl, 'admin@demo.example');
  return token;
}

describe('JSON bodies', () => {
  it('answer 422 with a clear message when the JSON is malformed', async () => {
    for (const body of ['{"agent":', '{agent: 1}', "{'a':1}", '[1,]', '\u0000']) {
      const res = await fetch(`${baseUrl}/agent_sessions/login_probe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, body).toBe(422);
      expect(await res.json(), body).toEqual({ errors: [{ message: 'The request body is not valid JSON' }] });
    }
  });

  it('answer 422 when nested deeper than 32 levels, also with an Idempotency-Key', async () => {
    const deep = `{"message":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const { ro } = await createRepairOrder();
    const variants: Record<string, string>[] = [{}, { 'idempotency-key': 'bad-input-deep' }];
    for (const headers of variants) {
      const res = await fetch(`${baseUrl}/api/repair_orders/${ro.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}`, ...headers },
        body: deep,
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ errors: [{ message: 'The request body is nested too deeply (at most 32 levels)' }] });
    }
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const bracketsInText = await anonymous.post('/agent_sessions/login_probe', { agent: { email: `${'['.repeat(100)}"\\{{@nowhere.example` } });
    expect(bracketsInText.status).toBe(404);
  });

  it('ignore an empty body sent with content-type application/json on a GET and a DELETE', async () => {
    const get = await fetch(`${baseUrl}/api/locations/${NORTH}`, { headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` } });
    expect(get.status).toBe(200);
    const created = await admin.post(`/api/locations/${NORTH}/dms_keys`, { label: 'Bad input test' });
    expect(created.status).toBe(201);
    const keyId: string = created.body.dms_key.id;
    const del = await fetch(`${baseUrl}/api/locations/${NORTH}/dms_keys/${keyId}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${await adminToken()}` },
    });
    expect(del.status).toBe(204);
  });

  it('refuse a non-JSON body on a JSON route with a 4xx', async () => {
    const res = await fetch(`${baseUrl}/agent_sessions/login_probe`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'agent=me' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('SVG attachments', () => {
  it('are refused for texts with 422 and a message that names SVG', async () => {
    for (const contentType of ['image/svg+xml', 'IMAGE/SVG+XML; charset=utf-8']) {
      const res = await manager.post('/api/attachments', { name: 'logo.svg', content_type: contentType, size: 1200 });
      expect(res.status, contentType).toBe(422);
      expect(res.body.error.message, contentType).toMatch(/SVG/);
    }
    expect((await manager.post('/api/attachments', { name: 'photo.png', content_type: 'image/png', size: 1200 })).status).toBe(201);
  });

  it('are refused as photos of an inspection item', async () => {
    const { ro } = await createRepairOrder();
    expect(await ensureSheet(ro)).toBeTruthy();
    expect((await tech.put(`/api/tech/mpi/repair_orders/${ro.id}/technician/claim`)).status).toBe(200);
    const res = await tech.post(`/api/tech/mpi/repair_orders/${ro.id}/service_attachments`, {
      group: 'Brakes',
      item: 'Front brake pads',
      name: 'pads.svg',
      content_type: 'image/svg+xml',
      size: 1200,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/SVG/);
  });
});

describe('required fields left out of a request', () => {
  const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
  const grace = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '617 555 0142' };
  const without = <T extends object>(value: T, field: keyof T) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== field));
  const book = (customer: unknown, appointment: unknown = { scheduled_at: inTwoDays() }) =>
    coordinator.post(`/api/locations/${NORTH}/appointments`, { appointment, customer });

  it("answer the SPEC §5 text each field has when it is empty, never the validator's own words", async () => {
    const cases: [keyof typeof grace, string][] = [
      ['phone', PHONE_ERRORS.missing],
      ['first_name', PERSON_ERRORS.first_name],
      ['last_name', PERSON_ERRORS.last_name],
      ['email', PERSON_ERRORS.email],
    ];
    for (const [field, text] of cases) {
      const res = await book(without(grace, field));
      expect(res.status, field).toBe(422);
      expect(res.body.errors, field).toEqual([{ message: text, path: `customer.${field}` }]);
    }
    const noTime = await book(grace, {});
    expect(noTime.body.errors).toEqual([{ message: APPOINTMENT_ERRORS.scheduled_at, path: 'appointment.scheduled_at' }]);
    const nothing = await book({});
    expect(nothing.body.errors.map((e: { message: string }) => e.message)).toEqual([PERSON_ERRORS.first_name, PERSON_ERRORS.last_name, PERSON_ERRORS.email, PHONE_ERRORS.missing]);
  });

  it('answer the same text for a field sent empty', async () => {
    const res = await book({ ...grace, phone: ' ' });
    expect(res.body.errors).toEqual([{ message: PHONE_ERRORS.missing, path: 'customer.phone' }]);
  });

  it('answer the sign-in texts on the sign-in routes', async () => {
    expect((await anonymous.post('/agent_sessions/login_probe', { agent: {} })).body.errors).toEqual([{ message: 'Provide credentials', path: 'agent.email' }]);
    const noPassword = await anonymous.post('/agent_sessions/login_jwt', { agent: { email: 'advisor@demo.example' } });
    expect(noPassword.body.errors).toEqual([{ message: 'Provide credentials', path: 'agent.password' }]);
    const reset = await anonymous.post('/password_reset', { agent: { password: 'long-enough-1', password_confirmation: 'long-enough-1' } });
    expect(reset.body.errors).toEqual([{ message: 'Missing token', path: 'agent.token' }]);
    expect((await anonymous.post('/password_reset_request', { agent: {} })).body.errors).toEqual([{ message: 'Please enter valid email address.', path: 'agent.email' }]);
  });

  it("name any other field left out as SPEC §5 does ('Missing Required Field: …')", async () => {
    const noCustomer = await coordinator.post(`/api/locations/${NORTH}/appointments`, { appointment: { scheduled_at: inTwoDays() } });
    expect(noCustomer.body.errors).toEqual([{ message: 'Missing Required Field: Customer', path: 'customer' }]);
    const refresh = await anonymous.post('/agent_sessions/refresh', {});
    expect(refresh.status).toBe(422);
    expect(refresh.body.errors).toEqual([{ message: 'Missing Required Field: Refresh token', path: 'refresh_token' }]);
  });
});
