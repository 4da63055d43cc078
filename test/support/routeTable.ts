/**
 * Every API route of functions/areas.ts, with what each `{param}` names (read from the parameter's
 * name and the route's shape) and a plausible body for the writes. The tenant probe and the fuzz
 * test are generated from this, so a route added to API_AREAS is probed and fuzzed the day it
 * lands; a parameter this table cannot name fails those tests until someone says what it is.
 */
import { API_AREAS, type AreaName } from '../../functions/areas.js';
import { boards } from '../../functions/lib/boardList.js';
import type { RouteParamRule } from '../../functions/lib/boardModule.js';

/** What a path parameter names: the core's kinds below, and whatever a board's routes name (its `routeParams`). */
export type IdKind = string;

/**
 * The core's parameters: name + where it stands → kind. `{id}` names whatever collection it
 * follows; the other names say it themselves. Each board adds the rules of its own routes
 * (functions/lib/boardModule.ts `routeParams`). First match wins.
 */
const CORE_RULES: RouteParamRule[] = [
  { param: 'id', after: /(^|\/)locations\/$/, kind: 'location', tenant: true },
  { param: 'id', after: /(^|\/)customers\/$/, kind: 'customer', tenant: true },
  { param: 'customer_id', after: /\/customers\/$/, kind: 'customer', tenant: true },
  { param: 'id', after: /(^|\/)mass_messages\/$/, kind: 'mass_message', tenant: true },
  { param: 'id', after: /(^|\/)messages\/$/, kind: 'message', tenant: true },
  /** A message of a conversation, under its owner's path (reactions). */
  { param: 'message_id', after: /\/messages\/$/, kind: 'message', tenant: true },
  { param: 'id', after: /(^|\/)agents\/$/, kind: 'agent', tenant: true },
  { param: 'key_id', after: /\/dms_keys\/$/, kind: 'dms_key', tenant: true },
  { param: 'settings_key', after: /^\/api\/locations\/\{id\}\/$/, kind: 'settings_key', tenant: false, vocabulary: 'service_settings' },
  { param: 'board', after: /^\/api\/customers\/\{id\}\/$/, kind: 'call_board', tenant: false, vocabulary: 'service' },
  { param: 'board', after: /^\/calls_settings\/$/, kind: 'call_board', tenant: false, vocabulary: 'service' },
  { param: 'key', after: /^\/gatekeeper_settings\/$/, kind: 'gatekeeper_message_type', tenant: false, vocabulary: 'service_work_declined' },
];

export const PARAM_RULES: readonly RouteParamRule[] = [...boards().flatMap((board) => board.routeParams ?? []), ...CORE_RULES];

/** Kinds that name a record of a tenant (the others are a route's vocabulary). */
export const TENANT_KINDS: ReadonlySet<IdKind> = new Set(PARAM_RULES.filter((rule) => rule.tenant).map((rule) => rule.kind));

/** The value every caller may use for each vocabulary kind. */
export const VOCABULARY: Readonly<Record<IdKind, string>> = Object.fromEntries(PARAM_RULES.flatMap((rule) => (rule.vocabulary ? [[rule.kind, rule.vocabulary]] : [])));

/** Where the tenant probe finds a real record of a board's kind at a location (functions/lib/boardModule.ts `sample`). */
export const SAMPLES: Readonly<Record<IdKind, { list: string; field: string }>> = Object.fromEntries(PARAM_RULES.flatMap((rule) => (rule.sample ? [[rule.kind, rule.sample]] : [])));

export interface RouteParam {
  name: string;
  kind: IdKind;
}

export interface ApiRoute {
  area: AreaName;
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  template: string;
  params: RouteParam[];
  /** Parameters the table could not name: a test fails on any. */
  unknownParams: string[];
}

export function apiRoutes(): ApiRoute[] {
  return (Object.entries(API_AREAS) as [AreaName, { routes: readonly string[] }][]).flatMap(([area, { routes }]) =>
    routes.map((key) => {
      const [method, template] = key.split(' ') as [ApiRoute['method'], string];
      const params: RouteParam[] = [];
      const unknownParams: string[] = [];
      for (const match of template.matchAll(/\{(\w+)\}/g)) {
        const name = match[1]!;
        const before = template.slice(0, match.index);
        const rule = PARAM_RULES.find((r) => r.param === name && (!r.after || r.after.test(before)));
        if (rule) params.push({ name, kind: rule.kind });
        else unknownParams.push(name);
      }
      return { area, key, method, template, params, unknownParams };
    }),
  );
}

/** The path of a route with each parameter filled in (percent-encoded). */
export function fillPath(route: ApiRoute, value: (param: RouteParam) => string): string {
  return route.template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const param = route.params.find((p) => p.name === name);
    if (!param) throw new Error(`${route.key}: no id kind for {${name}}; add it to PARAM_RULES in test/support/routeTable.ts`);
    return encodeURIComponent(value(param));
  });
}

/** Ids a body may name (the caller's own, so a refusal is about the path's wall, not the body). */
export interface BodyIds {
  agent: string;
  template: string;
}

/**
 * A minimal valid body per write route, so a request reaches the authorisation instead of stopping
 * at validation. Routes that take no body are absent (they get `{}`).
 */
export function plausibleBody(key: string, own: BodyIds): unknown {
  const groups = [{ name: 'Brakes', items: [{ name: 'Front brake pads' }] }];
  const bodies: Record<string, unknown> = {
    'POST /agent_sessions/login_probe': { agent: { email: 'nobody@demo.example' } },
    'POST /agent_sessions/login_jwt': { agent: { email: 'nobody@demo.example', password: 'not-the-password' } },
    'POST /agent_sessions/refresh': { refresh_token: 'ses_probe.secret' },
    'POST /agent_sessions/impersonate': { impersonate_agent_id: null },
    'POST /password_reset_request': { agent: { email: 'nobody@demo.example' } },
    'POST /password_reset': { agent: { token: 'probe-token', password: 'probe-password', password_confirmation: 'probe-password' } },
    'POST /magic_sessions': { agent: { email: 'nobody@demo.example', token: 'probe-token' } },
    'PUT /api/locations/{id}': { location: { name: 'Probed' } },
    'POST /api/locations/{id}/{settings_key}': { service_settings: { status_reply_message: 'Probed' } },
    // The one type no text of the product answers to yet: a probe that gets through changes nothing sent.
    'POST /gatekeeper_settings': { gatekeeper_settings: { service_work_declined: { notes: 'Probed' } } },
    'POST /gatekeeper_settings/{key}': { service_work_declined: { notes: 'Probed' } },
    'POST /api/notifications/tickets': {},
    'PUT /api/repair_orders/{id}/agent': { agent_id: own.agent },
    'POST /api/repair_orders/{id}/messages': { message: { text: 'Probe' } },
    'POST /api/appointments/{id}/messages': { message: { text: 'Probe' } },
    'PUT /api/messages/{id}': { message: { text: 'Probe' } },
    'POST /api/locations/{id}/appointments': {
      appointment: { scheduled_at: '2030-03-11T09:30:00-04:00' },
      customer: { first_name: 'Probe', last_name: 'Person', email: 'probe@example.com', phone: '(617) 555-0199' },
    },
    'POST /api/locations/{id}/customers/{customer_id}/appointments': { appointment: { scheduled_at: '2030-03-11T09:30:00-04:00' } },
    'POST /api/locations/{id}/customers/search': { query: 'a' },
    'POST /api/locations/{id}/mass_messages': { mass_message: { board: 'appointments', text: 'Probe', all: true } },
    'POST /api/attachments': { name: 'photo.jpg', content_type: 'image/jpeg', size: 1200 },
    'POST /dms/v1/locations/{id}/customers': { records: [{ dms_customer_id: 'PROBE-1', first_name: 'Probe' }] },
    'POST /dms/v1/locations/{id}/repair_orders': { records: [{ dms_ro_id: 'PROBE-RO-1', dms_customer_id: 'PROBE-1' }] },
    'POST /dms/v1/locations/{id}/appointments': { records: [{ dms_appointment_id: 'PROBE-AP-1', dms_customer_id: 'PROBE-1', scheduled_at: '2030-03-11T09:30:00-04:00' }] },
    'POST /dms/v1/locations/{id}/calls': {
      records: [{ call_id: 'PROBE-CALL-1', dms_customer_id: 'PROBE-1', direction: 'inbound', status: 'completed', created_at: '2030-03-11T09:30:00-04:00' }],
    },
    'POST /api/locations/{id}/dms_keys': { label: 'Probe' },
    'POST /api/locations/{id}/tech/mpi/sheet_templates': { sheet_template: { form_name: 'Probe', groups } },
    'PUT /api/locations/{id}/tech/mpi/sheet_templates/{template_id}': { sheet_template: { form_name: 'Probe', groups } },
    'PUT /api/locations/{id}/tech/mpi/settings': { mpi_settings: { link_expiry_days: 3 } },
    'PUT /api/tech/mpi/repair_orders/{id}/sheet': { sheet: { version: 1, groups: [{ name: 'Brakes', items: [{ name: 'Front brake pads', dmg: 3 }] }] } },
    'PUT /api/tech/mpi/repair_orders/{id}/reclaim': { agent_id: own.agent },
    'PUT /api/tech/mpi/repair_orders/{id}/template': { template_id: own.template },
    'POST /api/tech/mpi/repair_orders/{id}/service_attachments': { group: 'Brakes', item: 'Front brake pads', name: 'p.jpg', content_type: 'image/jpeg', size: 1200 },
    'PUT /api/tech/mpi/repair_orders/{id}/service_attachments': { key: 'mpi/x/y/z.jpg', group: 'Brakes', item: 'Front brake pads', name: 'p.jpg' },
    'PUT /api/tech/mpi/repair_orders/{id}/recommendations/{recommendation_id}': { approved: true },
    'PUT /api/public/inspections/{token}/recommendations/{recommendation_id}': { approved: true },
  };
  return bodies[key] ?? {};
}
