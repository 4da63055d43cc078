/**
 * The local stand-in for CloudFront + the HTTP API + the event stream's function URL, on one
 * port: `/api/*`, `/agent_sessions/*`, `/password_reset*`, `/magic_sessions*`, `/dms/*` (and any other path
 * of the area manifest) go to the area's Lambda handler with the exact payload 2.0 event;
 * `/events` streams from the SSE handler; `/app/*` is the SPA; `/dev/*` the local carrier and
 * tools; `/` redirects to the console.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import { API_AREAS, EVENTS_ENTRY } from '../../functions/areas.js';
import type { Carrier } from './carrier.js';
import type { TelephonySimulator } from './telephony.js';
import { handleDev } from './dev.js';
import { functionName, loadHandler, MissingHandlerError } from './handlers.js';
import { BodyTooLarge, clientIp, notFoundJson, readBody, redirect, sendJson, sendText } from './http-util.js';
import {
  buildHttpEvent,
  httpResult,
  INTERNAL_ERROR,
  lambdaContext,
  MAX_PAYLOAD_BYTES,
  type HttpResult,
  type RawRequest,
} from './lambda-event.js';
import { Router } from './routes.js';
import { invokeStreaming, isStreamingHandler, type ResponseSink } from './streaming.js';
import { PHONE_SITE_PREFIX, phoneSiteTarget, type WebServing } from './web.js';
import type { TableStreamReader } from './tableStream.js';
import { PARTNER_PATH, type PartnerIdp } from './partnerIdp.js';

/** The HTTP API's integration timeout. */
const INTEGRATION_TIMEOUT_MS = 30_000;

/** Path prefixes that belong to the API even when no route matches (they answer 404 JSON, never the SPA). */
const API_PREFIXES = ['/api/', '/agent_sessions/', '/password_reset', '/magic_sessions', '/dms/'];

export interface ServerParts {
  carrier: Carrier;
  /** The telephony simulator (issue 25), under /dev/telephony and /dev/calls. */
  telephony?: TelephonySimulator;
  web: () => WebServing;
  log: (line: string) => void;
  quiet: boolean;
  /** The local partner identity provider (issue 23), under /partner. */
  partner?: PartnerIdp;
  /** The reader of the table's stream (issue 24): /dev/table_stream/caught_up waits for it. */
  tableStream?: TableStreamReader;
}

export function isApiPath(path: string): boolean {
  return path === '/api' || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The server starts listening before the stack is ready (its URL is part of the handlers'
 * environment); requests wait for `ready`.
 */
export function createConsoleServer(ready: Promise<ServerParts>): Server {
  const router = new Router();
  const server = createServer((req, res) => {
    void ready
      .then((parts) => route(req, res, parts, router))
      .catch((err: unknown) => {
        console.error('[server] request failed:', err);
        if (!res.headersSent) sendText(res, 500, 'Internal error of the local server');
        else res.destroy();
      });
  });
  // Server-sent event streams stay open for a long time.
  server.requestTimeout = 0;
  return server;
}

async function route(req: IncomingMessage, res: ServerResponse, parts: ServerParts, router: Router): Promise<void> {
  const started = Date.now();
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  const method = req.method ?? 'GET';
  if (!parts.quiet) {
    res.on('finish', () => {
      // The SPA's files and the dev pages' two-second polling would drown the API lines.
      const routine = (path.startsWith('/app/') || path.startsWith('/m/') || (method === 'GET' && path.startsWith('/dev/'))) && res.statusCode < 400;
      if (!routine) parts.log(`${method} ${path} ${res.statusCode} ${Date.now() - started}ms`);
    });
  }

  if (path === '/') return redirect(res, '/app/');
  // Keep the query: the SPA writes its state there (the board's `?ro=`).
  if (path === '/app') return redirect(res, `/app/${new URL(req.url ?? '/', 'http://local').search}`);
  if (path === '/events' || path === '/events/') return events(req, res);
  if (path === '/dev' || path.startsWith('/dev/')) return handleDev(req, res, parts.carrier, undefined, parts.tableStream, parts.telephony);
  if (path.startsWith('/app/')) return parts.web().handle(req, res);
  if (path === '/m') return redirect(res, `${PHONE_SITE_PREFIX}${new URL(req.url ?? '/', 'http://local').search}`);
  if (path.startsWith(PHONE_SITE_PREFIX)) {
    const target = phoneSiteTarget(url);
    if (!target) return sendText(res, 404, 'Not found');
    req.url = target;
    return parts.web().handle(req, res);
  }
  if (parts.partner && (path === PARTNER_PATH || path.startsWith(`${PARTNER_PATH}/`))) return parts.partner.handle(req, res);

  const match = router.match(method, path);
  if (match) return api(req, res, match.area, match.routeKey, match.pathParameters);
  if (isApiPath(path) || router.knowsPath(path)) return notFoundJson(res);
  return sendText(res, 404, '404');
}

async function rawRequest(req: IncomingMessage): Promise<RawRequest> {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    httpVersion: req.httpVersion,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    body: await readBody(req, MAX_PAYLOAD_BYTES),
    sourceIp: clientIp(req),
  };
}

async function api(
  req: IncomingMessage,
  res: ServerResponse,
  area: keyof typeof API_AREAS,
  routeKey: string,
  pathParameters: Record<string, string>,
): Promise<void> {
  let raw: RawRequest;
  try {
    raw = await rawRequest(req);
  } catch (err) {
    if (err instanceof BodyTooLarge) return sendJson(res, 413, { error: { id: 'payload_too_large', message: 'Request too large' } });
    throw err;
  }
  const event = buildHttpEvent(raw, { routeKey, pathParameters });
  const entry = API_AREAS[area].entry;
  const context = lambdaContext(functionName(entry), event.requestContext.requestId, INTEGRATION_TIMEOUT_MS);
  const result = await invoke(entry, event, context);
  writeResult(res, result, event.requestContext.requestId);
}

async function invoke(entry: string, event: unknown, context: Context): Promise<HttpResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const handler = (await loadHandler(entry)) as (event: unknown, context: Context) => unknown;
    const timeout = new Promise<HttpResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ ...INTERNAL_ERROR, statusCode: 503, body: Buffer.from(JSON.stringify({ message: 'Service Unavailable' })) }),
        INTEGRATION_TIMEOUT_MS,
      );
    });
    return await Promise.race([Promise.resolve(handler(event, context)).then(httpResult), timeout]);
  } catch (err) {
    if (err instanceof MissingHandlerError) console.error(`[api] ${err.message}`);
    else console.error(`[api] ${entry} failed:`, err);
    return INTERNAL_ERROR;
  } finally {
    clearTimeout(timer);
  }
}

function writeResult(res: ServerResponse, result: HttpResult, requestId: string): void {
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  if (result.cookies.length > 0) res.setHeader('set-cookie', result.cookies);
  res.setHeader('apigw-requestid', requestId);
  res.setHeader('content-length', result.body.length);
  res.writeHead(result.statusCode);
  res.end(result.body);
}

/** GET /events: the SSE function URL with response streaming. */
async function events(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw: RawRequest;
  try {
    raw = await rawRequest(req);
  } catch (err) {
    if (err instanceof BodyTooLarge) return sendJson(res, 413, { message: 'Request too large' });
    throw err;
  }
  let handler: unknown;
  try {
    handler = await loadHandler(EVENTS_ENTRY);
  } catch (err) {
    console.error(`[events] ${(err as Error).message}`);
    return sendJson(res, 502, { message: 'Internal Server Error' });
  }
  if (!isStreamingHandler(handler)) {
    console.error(`[events] ${EVENTS_ENTRY} is not wrapped in awslambda.streamifyResponse`);
    return sendJson(res, 502, { message: 'Internal Server Error' });
  }
  const event = buildHttpEvent(raw, { routeKey: '$default' }, { kind: 'function-url', apiId: 'events' });
  const context = lambdaContext(functionName(EVENTS_ENTRY), event.requestContext.requestId, 15 * 60_000);
  req.socket.setNoDelay(true);
  const invocation = invokeStreaming(handler, event, context, responseSink(res));
  // The client went away: destroy the stream so the handler's loop stops.
  res.on('close', () => {
    if (!res.writableFinished) invocation.disconnect();
  });
  await invocation.done;
}

export function responseSink(res: ServerResponse): ResponseSink {
  return {
    head(statusCode, headers, cookies) {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.setHeader('x-amzn-requestid', randomUUID());
      res.writeHead(statusCode);
      // Each event must reach the browser now, not when a buffer fills.
      res.flushHeaders();
    },
    write(chunk, done) {
      if (res.destroyed) return done(new Error('The client disconnected'));
      res.write(chunk, (err) => done(err ?? null));
    },
    end(done) {
      if (res.destroyed) return done();
      res.end(done);
    },
    abort() {
      res.destroy();
    },
  };
}
