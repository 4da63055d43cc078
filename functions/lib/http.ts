/**
 * The thin wiring of every API area: middy with header normalising, JSON bodies, CORS, structured
 * logs, authentication, and one dispatch on the HTTP API route key. Areas hold only their routes.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpCors from '@middy/http-cors';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
// Straight from zod's core: `z.core.$ZodError` would bundle all of core (and every locale).
import { $ZodError } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { missingFields } from '../../shared/schemas/required.js';
import { DomainError, HttpError, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE, SendRefused, ValidationError, isServiceUnavailable, unauthorized, type DomainErrorKind } from './errors.js';
import { clientIp } from './clientIp.js';
import { withIdempotency } from './idempotency.js';
import { logger } from './log.js';
import { authenticate, type Auth } from './session.js';
import { metered } from './table.js';

export interface Request {
  event: APIGatewayProxyEventV2;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  headers: Record<string, string | undefined>;
  /** The agent's address (behind CloudFront, the viewer's), for the IP allow-list. */
  clientIp: () => Promise<string>;
}
export interface AgentRequest extends Request {
  auth: Auth;
}

export interface Reply {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type Route =
  | { access: 'public'; handle: (req: Request) => Promise<Reply> }
  | { access: 'agent'; handle: (req: AgentRequest) => Promise<Reply>; secretReply?: boolean; recover?: (req: AgentRequest) => Promise<Reply | undefined> };

/** Route keys are the HTTP API's: "METHOD /path/{param}". */
export type Routes = Record<string, Route>;

export const publicRoute = (handle: (req: Request) => Promise<Reply>): Route => ({ access: 'public', handle });
/**
 * An authenticated route. `secretReply`: the answer carries a secret shown once (an API key), so it
 * is never kept for Idempotency-Key replays. `recover`: the reply of the work an earlier attempt
 * with the request's Idempotency-Key did, found by that key (undefined when there is none), which
 * answers a retry while that attempt's claim is still `running` (functions/lib/idempotency.ts).
 */
export const agentRoute = (
  handle: (req: AgentRequest) => Promise<Reply>,
  options: { secretReply?: boolean; recover?: (req: AgentRequest) => Promise<Reply | undefined> } = {},
): Route => ({
  access: 'agent',
  handle,
  ...options,
});

// zod/mini carries no words of its own ("Invalid input" for every issue): a field without a text of
// its own keeps answering zod's English, as the 422s did before. English alone: z.locales would
// bundle every language.
z.config(en());

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });

/** Validates input at the edge with a shared schema; failures answer 422 `{ errors: [...] }`. */
export function parse<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {}, { error: missingFields });
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map((i) => ({ message: i.message, path: i.path.join('.') })));
}

/** offset/limit from the query string, as SPEC §7 pages lists; limit capped at `max`. */
export function paging(query: Request['query'], perPage: number, max = 100): { offset: number; limit: number } {
  const offset = Math.max(0, Number.parseInt(query.offset ?? '0', 10) || 0);
  const limit = Math.min(max, Math.max(1, Number.parseInt(query.limit ?? String(perPage), 10) || perPage));
  return { offset, limit };
}

export function pagedBody(name: string, items: unknown[], total: number, offset: number, limit: number) {
  return { [name]: items, meta: { paging: { total, current_offset: offset, per_page: limit } } };
}

const DOMAIN_STATUS: Record<DomainErrorKind, number> = { not_found: 404, gone: 410, unauthenticated: 401, forbidden: 403, conflict: 409, refused: 422, too_large: 413 };

/** The status of a send refusal: 409 for the two the agent resolves by waiting or confirming, else 422. */
export function refusalStatus(id: string): number {
  return id === 'quiet_hours' || id === 'awaiting_opt_in' ? 409 : 422;
}

/** Domain errors to HTTP, in this one place. */
export function domainStatus(err: DomainError): number {
  return err instanceof SendRefused ? refusalStatus(err.id) : DOMAIN_STATUS[err.kind];
}

function errorReply(err: unknown): Reply {
  if (err instanceof DomainError) return { status: domainStatus(err), body: { error: { id: err.id, message: err.message, ...err.extra } } };
  if (err instanceof HttpError) return { status: err.status, body: { error: { id: err.id, message: err.message, ...err.extra } } };
  if (err instanceof ValidationError) return { status: 422, body: { errors: err.errors } };
  if (err instanceof $ZodError) return { status: 422, body: { errors: err.issues.map((i) => ({ message: i.message })) } };
  if (isServiceUnavailable(err)) {
    // The store or AWS could not be reached or is throttling: nothing failed on its merits, and a
    // retry (with the same Idempotency-Key) is safe. Never a 500 for this.
    logger.warn('service unavailable', { error: (err as Error).message, name: (err as Error).name });
    return {
      status: 503,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      body: { error: { id: 'service_unavailable', message: SERVICE_UNAVAILABLE } },
    };
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: { id: 'bad_request', message: (err as Error).message } } };
  }
  logger.error('unhandled error', err as Error);
  return { status: 500, body: { error: { id: 'internal_error', message: 'An unexpected error occurred' } } };
}

function toResult(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.text !== undefined) {
    return { statusCode: reply.status ?? 200, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: reply.text };
  }
  if (reply.body === undefined) return { statusCode: reply.status ?? 204, headers };
  return {
    statusCode: reply.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(reply.body),
  };
}

/**
 * Ids are short (a prefix and a ULID, a DMS key id, a settings group): a longer path parameter
 * names nothing, and DynamoDB refuses a key over 2,048 bytes with an error that would answer 500.
 */
export const MAX_PATH_PARAMETER_LENGTH = 128;

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * No request of ours nests deeper than a few levels; DynamoDB stores at most 32, and code that walks
 * a body recursively (hashing it for Idempotency-Key, validating it) would overflow the stack on
 * thousands (a 500). Measured on the text, without recursion, before parsing.
 */
export const MAX_JSON_DEPTH = 32;

function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies, parsed before dispatch. An empty body is no body (browsers and HTTP clients send
 * `content-type: application/json` on a GET or DELETE too); malformed JSON is invalid input (422,
 * as every other invalid body). Other content types reach the route as text, and its schema
 * refuses them.
 */
const rawBodies = new WeakMap<object, string>();

/**
 * The request body exactly as it came, before JSON parsing: a provider's webhook signature is
 * computed over these bytes (a payment gateway's callback), and a parsed-and-printed copy differs.
 */
export function rawBodyOf(event: APIGatewayProxyEventV2): string {
  const kept = rawBodies.get(event);
  if (kept !== undefined) return kept;
  const body: unknown = event.body;
  return typeof body === 'string' ? (event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body) : '';
}

const jsonBodies = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: (request) => {
    const event = request.event as Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
    if (!JSON_CONTENT_TYPE.test(event.headers?.['content-type'] ?? '')) return;
    const raw = typeof event.body === 'string' ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
    rawBodies.set(event, raw);
    if (raw.trim() === '') {
      event.body = undefined;
      return;
    }
    if (nestedDeeperThan(raw, MAX_JSON_DEPTH)) {
      throw new ValidationError([{ message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` }]);
    }
    try {
      event.body = JSON.parse(raw) as unknown;
    } catch {
      throw new ValidationError([{ message: 'The request body is not valid JSON' }]);
    }
  },
});

export function areaHandler(area: string, routes: Routes) {
  const dispatch = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      if (Object.values(event.pathParameters ?? {}).some((value) => (value ?? '').length > MAX_PATH_PARAMETER_LENGTH)) {
        throw new HttpError(404, 'not_found', 'Not found');
      }
      const route = routes[event.routeKey];
      if (!route) throw new HttpError(404, 'not_found', 'Not found');
      const req: Request = {
        event,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: event.queryStringParameters ?? {},
        body: event.body,
        headers: event.headers ?? {},
        // Asked only where an allow-list applies (sign-in, and every request of a location that has
        // one); computing it may read a secret.
        clientIp: () => clientIp(event),
      };
      if (route.access === 'public') return toResult(await route.handle(req));
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer) throw unauthorized();
      const auth = await authenticate(bearer, req.clientIp);
      logger.appendKeys({ company_id: auth.companyId, agent_id: auth.agent.id });
      const idempotencyKey = req.headers['idempotency-key'];
      if (event.requestContext.http.method === 'POST' && idempotencyKey && !route.secretReply) {
        const key = idempotencyKey.slice(0, 200);
        const routeOfKey = `${event.routeKey} ${event.rawPath}`;
        const { recover } = route;
        return toResult(
          await withIdempotency(auth.agent.id, key, routeOfKey, req.body, () => route.handle({ ...req, auth }), recover && (() => recover({ ...req, auth }))),
        );
      }
      return toResult(await route.handle({ ...req, auth }));
    } catch (err) {
      return toResult(errorReply(err));
    }
  };
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      before: (request) => {
        logger.appendKeys({ area, route: request.event.routeKey, request_id: request.event.requestContext.requestId });
      },
    })
    .use(httpHeaderNormalizer())
    .use(jsonBodies())
    .use(httpCors({ origins: [process.env.PUBLIC_URL ?? '*'], credentials: false }))
    .onError((request) => {
      // Only body-parsing failures (422) reach here; route errors are answered inside dispatch.
      request.response = toResult(errorReply(request.error));
    })
    .handler(async (event, context) => {
      // The DynamoDB capacity each request consumed: in the log, and where CAPACITY_HEADER=1 (the
      // local stack, which the bench measures) in a header too.
      const { meter, result } = metered(() => dispatch(event, context));
      const reply = await result;
      logger.debug('request capacity', { read_capacity: meter.read, write_capacity: meter.write, dynamodb_calls: meter.calls });
      if (process.env.CAPACITY_HEADER === '1') {
        const capacity = `read=${meter.read.toFixed(1)};write=${meter.write.toFixed(1)};calls=${meter.calls}`;
        reply.headers = { ...reply.headers, 'x-consumed-capacity': capacity };
      }
      return reply;
    });
}
