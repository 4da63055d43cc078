import { describe, expect, it } from 'vitest';
import { Router, routeTable } from '../../infra/local/routes.js';

describe('Router (HTTP API route selection)', () => {
  const router = new Router();

  it('prefers a literal segment over a {param} segment', () => {
    expect(router.match('GET', '/api/locations/loc_1/agents')).toEqual({
      area: 'locations',
      routeKey: 'GET /api/locations/{id}/agents',
      pathParameters: { id: 'loc_1' },
    });
    expect(router.match('GET', '/api/locations/loc_1/dms_settings')).toEqual({
      area: 'locations',
      routeKey: 'GET /api/locations/{id}/{settings_key}',
      pathParameters: { id: 'loc_1', settings_key: 'dms_settings' },
    });
    expect(router.match('GET', '/api/agents/me')?.routeKey).toBe('GET /api/agents/me');
    expect(router.match('GET', '/api/agents/colleagues/impersonatable')?.routeKey).toBe('GET /api/agents/colleagues/impersonatable');
    expect(router.match('GET', '/api/agents/agt_1')?.routeKey).toBe('GET /api/agents/{id}');
  });

  it('tolerates a trailing slash and URL-decodes path parameters', () => {
    expect(router.match('GET', '/api/agents/me/')?.routeKey).toBe('GET /api/agents/me');
    expect(router.match('GET', '/api/agents/agt%5F1%20x')?.pathParameters).toEqual({ id: 'agt_1 x' });
  });

  it('matches the method too, while still knowing the path belongs to the API', () => {
    expect(router.match('DELETE', '/api/agents/me')).toBeNull();
    expect(router.knowsPath('/api/agents/me')).toBe(true);
    expect(router.match('GET', '/api/agents/me/extra/segments')).toBeNull();
    expect(router.knowsPath('/nowhere')).toBe(false);
  });

  it('ranks a greedy {proxy+} last and an exact method before ANY', () => {
    const custom = new Router(
      routeTable({
        files: { routes: ['ANY /files/{path+}', 'GET /files/{path+}', 'GET /files/special', 'ANY /files/{id}/meta'] },
      }),
    );
    expect(custom.match('GET', '/files/a/b/c')).toMatchObject({ routeKey: 'GET /files/{path+}', pathParameters: { path: 'a/b/c' } });
    expect(custom.match('POST', '/files/a/b')?.routeKey).toBe('ANY /files/{path+}');
    expect(custom.match('GET', '/files/special')?.routeKey).toBe('GET /files/special');
    expect(custom.match('GET', '/files/x/meta')?.routeKey).toBe('ANY /files/{id}/meta');
  });
});
