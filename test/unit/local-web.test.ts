import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationList, linkify } from '../../infra/local/dev-pages.js';
import { builtSpa, documentFor, phoneSiteTarget } from '../../infra/local/web.js';

describe('builtSpa (web/dist served as CloudFront serves the web bucket)', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'notusable.html'), '<!doctype html>in another tab');
    writeFileSync(join(dist, 'visit.html'), '<!doctype html><div id="visit"></div>');
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

  it("serves the customer's visit page, never cached, for a visit link and the inspection and survey links sent before it, whatever the token looks like", async () => {
    for (const path of ['/app/public/visits/abc', '/app/public/visits/Zx_9-Qa.b1', '/app/public/inspections/abc', '/app/public/inspections/abc?utm=sms', '/app/public/surveys/abc']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('id="visit"');
    }
  });

  it('keeps other /app paths, even near the customer links, on the console', async () => {
    for (const path of ['/app/public/visits/', '/app/public/inspections', '/app/public/inspections/', '/app/public/location/abc/wizard', '/app/mpi']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('id="root"');
    }
  });

  it('never serves files outside web/dist', async () => {
    const res = await fetch(`${base}/app/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
  });
});

describe('documentFor (which document answers a client-side path under /app)', () => {
  it("answers a customer's link with the visit page and everything else with the console", () => {
    expect(documentFor('public/visits/abc')).toBe('visit.html');
    expect(documentFor('public/inspections/abc')).toBe('visit.html');
    expect(documentFor('public/surveys/abc')).toBe('visit.html');
    expect(documentFor('public/visits/')).toBe('index.html');
    expect(documentFor('public/inspections/')).toBe('index.html');
    expect(documentFor('public/location/abc/wizard')).toBe('index.html');
    expect(documentFor('')).toBe('index.html');
  });
});

describe('the customer phone page (/dev/phone), where a person plays the customer locally', () => {
  const link = 'http://localhost:3000/app/public/inspections/FR_6i-OcQV2_Bg4oMA8zexat8v4BuPnlk8d4-EdSpTg';

  it("makes the inspection link of the dealership's text clickable, opening in a new tab", () => {
    const html = conversationList('+16175550342', [
      {
        message_id: 'sms_1',
        direction: 'outbound',
        from: '+16175550100',
        to: '+16175550342',
        text: `Your vehicle inspection is ready. Review the recommended work and approve what you would like us to do: ${link}`,
        media: [],
        at: '2026-11-22T02:00:00.000Z',
      },
    ]);
    expect(html).toContain(`<a href="${link}" target="_blank" rel="noopener">${link}</a>`);
  });

  it('leaves sentence punctuation after a link out of it, and escapes the rest of the text', () => {
    expect(linkify(`See ${link}. <b>Thanks</b>`)).toBe(`See <a href="${link}" target="_blank" rel="noopener">${link}</a>. &lt;b&gt;Thanks&lt;/b&gt;`);
  });
});

describe('phoneSiteTarget (the phone site /m/ is the console document, as CloudFront routes it)', () => {
  it("answers the phone site's client-side routes with the console, keeping the query", () => {
    expect(phoneSiteTarget('/m/')).toBe('/app/');
    expect(phoneSiteTarget('/m/appointments')).toBe('/app/');
    expect(phoneSiteTarget('/m/?ro=ro_1')).toBe('/app/?ro=ro_1');
  });

  it('answers nothing for a file under /m/ or a path that only starts with m', () => {
    expect(phoneSiteTarget('/m/assets/index.js')).toBeNull();
    expect(phoneSiteTarget('/mail')).toBeNull();
  });
});
