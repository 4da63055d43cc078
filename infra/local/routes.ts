/**
 * HTTP API route selection, as API Gateway does it: among the route keys of the area manifest,
 * the most specific one wins. Segment by segment, a literal beats a `{param}`, which beats a
 * greedy `{param+}`; an exact method beats ANY. A trailing slash is tolerated.
 */
import { API_AREAS, type AreaName } from '../../functions/areas.js';

interface Segment {
  kind: 'literal' | 'param' | 'greedy';
  value: string;
}

export interface RouteDefinition {
  area: AreaName;
  routeKey: string;
  method: string;
  segments: Segment[];
}

export interface RouteMatch {
  area: AreaName;
  routeKey: string;
  /** URL-decoded path parameters, as the HTTP API passes them. */
  pathParameters: Record<string, string>;
}

function parseRouteKey(area: AreaName, routeKey: string): RouteDefinition {
  const [method, path] = routeKey.split(' ');
  if (!method || !path) throw new Error(`Invalid route key in functions/areas.ts: ${routeKey}`);
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      const param = /^\{([^}]+?)(\+?)\}$/.exec(part);
      if (!param) return { kind: 'literal', value: part };
      return { kind: param[2] ? 'greedy' : 'param', value: param[1] ?? '' };
    });
  return { area, routeKey, method: method.toUpperCase(), segments };
}

export function routeTable(areas: Record<string, { routes: readonly string[] }> = API_AREAS): RouteDefinition[] {
  return Object.entries(areas).flatMap(([area, { routes }]) => routes.map((key) => parseRouteKey(area as AreaName, key)));
}

const RANK = { literal: 0, param: 1, greedy: 2 } as const;

/** Negative when `a` is the more specific route. */
function bySpecificity(a: RouteDefinition, b: RouteDefinition): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const sa = a.segments[i];
    const sb = b.segments[i];
    if (!sa || !sb) return sa ? -1 : 1; // the longer literal path is the more specific
    if (sa.kind !== sb.kind) return RANK[sa.kind] - RANK[sb.kind];
  }
  return (a.method === 'ANY' ? 1 : 0) - (b.method === 'ANY' ? 1 : 0);
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function matchPath(route: RouteDefinition, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.kind === 'greedy') {
      const rest = parts.slice(i);
      if (rest.length === 0) return null;
      params[segment.value] = rest.map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === 'literal') {
      if (decode(part) !== segment.value) return null;
    } else {
      params[segment.value] = decode(part);
    }
  }
  return parts.length === route.segments.length ? params : null;
}

export class Router {
  private readonly routes: RouteDefinition[];

  constructor(routes: RouteDefinition[] = routeTable()) {
    this.routes = [...routes].sort(bySpecificity);
  }

  /** `path` is the raw (still percent-encoded) path without the query string. */
  match(method: string, path: string): RouteMatch | null {
    const parts = path.split('/').filter(Boolean);
    const wanted = method.toUpperCase();
    for (const route of this.routes) {
      if (route.method !== wanted && route.method !== 'ANY') continue;
      const pathParameters = matchPath(route, parts);
      if (pathParameters) return { area: route.area, routeKey: route.routeKey, pathParameters };
    }
    return null;
  }

  /** Whether any route, of any method, has this path (a wrong method is still an API path). */
  knowsPath(path: string): boolean {
    const parts = path.split('/').filter(Boolean);
    return this.routes.some((route) => matchPath(route, parts) !== null);
  }
}
