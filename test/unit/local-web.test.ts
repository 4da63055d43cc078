import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSpa } from '../../infra/local/web.js';

describe('builtSpa (web/dist served as CloudFront serves the web bucket)', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'notusable.html'), '<!doctype html>in another tab');
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-3f2a1b.css'), 'body{}');
    const spa = builtSpa(dist);
    server = createServer((req, res) => void spa.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html, never cached, for /app/ and for any client-side route', async () => {
    for (const path of ['/app/', '/app/sign_in', '/app/settings/users', '/app/login/seamless_error']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('serves hashed assets with their type and a year-long immutable cache', async () => {
    const js = await fetch(`${base}/app/assets/index-3f2a1b.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await fetch(`${base}/app/assets/index-3f2a1b.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves real files such as notusable.html, and answers 404 for a missing file instead of the index', async () => {
    const page = await fetch(`${base}/app/notusable.html`);
    expect(await page.text()).toContain('in another tab');
    expect((await fetch(`${base}/app/assets/gone-123.js`)).status).toBe(404);
  });

  it('never serves files outside web/dist', async () => {
    const res = await fetch(`${base}/app/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
  });
});
