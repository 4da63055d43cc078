/**
 * The SPA under /app: Vite's dev server as middleware ('vite', with hot reload over the same
 * port), or the production build in web/dist ('built', served the way CloudFront serves the web
 * bucket: hashed assets cached for a year, index.html never, any extension-less /app path falls
 * back to index.html). The customer's visit page (/app/public/visits/{token}, and the inspection
 * and survey links sent before it) is its own document, visit.html, in both modes, as CloudFront's
 * router function does (infra/web.ts).
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy, originOf } from '../csp.js';
import { PROJECT_ROOT } from './handlers.js';
import { sendText } from './http-util.js';

export type WebMode = 'vite' | 'built' | 'none';

/** The built SPA; WEB_DIST_DIR puts it elsewhere (two builds side by side, e.g. parallel test runs). */
export const WEB_DIST = process.env.WEB_DIST_DIR || join(PROJECT_ROOT, 'web', 'dist');
export const VITE_CONFIG = join(PROJECT_ROOT, 'web', 'vite.config.ts');

export interface WebServing {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
};

/** The customer's visit page's document (web/visit.html). */
export const VISIT_DOCUMENT = 'visit.html';
/** Paths under /app (without the /app/ prefix) of the customer's visit link. */
export const VISIT_PAGE_PREFIX = 'public/visits/';
/** Links sent before the visit page (inspections, surveys): the visit page opens them too. */
export const INSPECTION_PAGE_PREFIX = 'public/inspections/';
export const SURVEY_PAGE_PREFIX = 'public/surveys/';

/** The customer's pages: a link's path prefix and the small document of its own that answers it. */
const CUSTOMER_PAGES = [
  [VISIT_PAGE_PREFIX, VISIT_DOCUMENT],
  [INSPECTION_PAGE_PREFIX, VISIT_DOCUMENT],
  [SURVEY_PAGE_PREFIX, VISIT_DOCUMENT],
] as const;
export type CustomerDocument = (typeof CUSTOMER_PAGES)[number][1];

/**
 * The HTML document a client-side path under /app is answered with (`relative` has no /app/
 * prefix): a customer's page for its link's path, else the console.
 */
export function documentFor(relative: string): 'index.html' | CustomerDocument {
  for (const [prefix, document] of CUSTOMER_PAGES) if (relative.startsWith(prefix) && relative.length > prefix.length) return document;
  return 'index.html';
}

/** The phone site (SPEC §2: mobile devices are sent to /m/): the console's own document, routed under /m. */
export const PHONE_SITE_PREFIX = '/m/';

/**
 * The /app address that answers a path of the phone site, or null when nothing does: its client-side
 * routes (no extension) are the console's index.html, as CloudFront's router answers them (infra/web.ts);
 * the console's files are only under /app/.
 */
export function phoneSiteTarget(url: string): string | null {
  const [pathname = '/', query] = url.split('?', 2);
  if (!pathname.startsWith(PHONE_SITE_PREFIX) || extname(pathname) !== '') return null;
  return `/app/${query === undefined ? '' : `?${query}`}`;
}

/**
 * The console's CSP as CloudFront sends it (infra/csp.ts), with s3rver in place of the uploads
 * bucket. Read per answer: the stack sets S3_ENDPOINT once s3rver listens, after the web starts.
 */
export function localContentSecurityPolicy(s3Endpoint = process.env.S3_ENDPOINT): string {
  return contentSecurityPolicy({ uploads: s3Endpoint ? [originOf(s3Endpoint)] : [] });
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export async function startWeb(mode: WebMode, httpServer: Server): Promise<WebServing> {
  if (mode === 'built') return builtSpa(WEB_DIST);
  if (mode === 'vite') return viteSpa(httpServer);
  return {
    handle: async (_req, res) => sendText(res, 404, 'The console is not served by this stack (web: none).'),
    close: async () => undefined,
  };
}

/** web/dist as CloudFront serves it; `dist` is a parameter so tests can serve a fixture. */
export function builtSpa(dist: string): WebServing {
  const index = join(dist, 'index.html');
  return {
    async handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
      } catch {
        return sendText(res, 400, 'Bad request');
      }
      const relative = pathname.replace(/^\/app\/?/, '');
      const file = normalize(join(dist, relative));
      if (file !== dist && !file.startsWith(dist + sep)) return sendText(res, 404, 'Not found');
      // A link's token is opaque: whatever it looks like, the inspection page answers it.
      const document = documentFor(relative);
      if (document !== 'index.html' && existsSync(join(dist, document))) return serveFile(req, res, join(dist, document), document);
      const found = relative && (await isFile(file)) ? file : null;
      if (found) return serveFile(req, res, found, relative);
      // Client-side routes have no extension; a missing asset is a real 404.
      if (extname(relative) === '' && existsSync(index)) return serveFile(req, res, index, 'index.html');
      return sendText(res, 404, existsSync(index) ? 'Not found' : 'web/dist is missing: run `npm run build`, or start with --dev.');
    },
    close: async () => undefined,
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function serveFile(req: IncomingMessage, res: ServerResponse, file: string, relative: string): Promise<void> {
  const info = await stat(file);
  const hashedAsset = relative.startsWith('assets/');
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-length': info.size,
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    'last-modified': info.mtime.toUTCString(),
    // Built mode only: Vite's dev server injects inline scripts (React refresh) that it would refuse.
    'content-security-policy': localContentSecurityPolicy(),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    createReadStream(file).on('error', () => res.destroy()).pipe(res).on('close', resolve);
  });
}

async function viteSpa(httpServer: Server): Promise<WebServing> {
  if (!existsSync(VITE_CONFIG)) {
    return {
      handle: async (_req, res) => sendText(res, 503, 'web/vite.config.ts is missing: the console cannot be served yet.'),
      close: async () => undefined,
    };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: VITE_CONFIG,
    // Hot reload rides on our own port: no second port to find or to clash between stacks.
    server: { middlewareMode: true, ws: { server: httpServer } },
    appType: 'spa',
    base: '/app/',
  });
  return {
    handle: (req, res) =>
      new Promise<void>((resolve) => {
        // Vite's SPA fallback only knows index.html: a customer's link is sent to the visit page's document.
        const pathname = (req.url ?? '/').split('?')[0]!;
        const document = pathname.startsWith('/app/') ? documentFor(pathname.slice('/app/'.length)) : 'index.html';
        if (document !== 'index.html') req.url = `/app/${document}`;
        vite.middlewares(req, res, () => {
          if (!res.headersSent) sendText(res, 404, 'Not found');
          resolve();
        });
        res.on('close', () => resolve());
      }),
    close: () => vite.close(),
  };
}
