/**
 * The bytes in and out of a Lambda behind an HTTP API (payload format 2.0) or a function URL:
 * the event AWS builds from a request, the Context object, and how AWS turns the handler's result
 * into the HTTP response. Kept exact so that handlers behave locally as they do in AWS.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_REGION = 'us-east-1';
/** Lambda's synchronous invocation payload limit. */
export const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

export interface RawRequest {
  method: string;
  /** Path and query as received, e.g. `/api/agents/me?x=1`. */
  url: string;
  httpVersion: string;
  headers: IncomingHttpHeaders;
  /** Repeated headers as Node received them (rawHeaders pairs), for comma-joining. */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
}

export interface RouteInfo {
  routeKey: string;
  pathParameters?: Record<string, string>;
}

/**
 * HTTP APIs pass text bodies as UTF-8 and everything else base64-encoded. Checked against AWS:
 * text/*, application/json, application/xml and application/javascript are text; anything else,
 * form-urlencoded and a missing content type included, is base64.
 */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/json' || type === 'application/xml' || type === 'application/javascript';
}

/**
 * Lowercase names; repeats joined with commas; cookies travel in `cookies`. An HTTP API drops the
 * cookie header itself, a function URL keeps it.
 */
function eventHeaders(rawHeaders: string[], keepCookieHeader: boolean): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const value = rawHeaders[i + 1]!;
    if (name === 'cookie') {
      cookies.push(...value.split(';').map((c) => c.trim()).filter(Boolean));
      if (!keepCookieHeader) continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  return { headers, cookies };
}

/** Decoded query parameters; a repeated name's values joined with commas. */
function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    params[name] = params[name] === undefined ? value : `${params[name]},${value}`;
  }
  return params;
}

/** `12/Mar/2020:19:03:58 +0000`, the format of requestContext.time. */
export function requestTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())} +0000`;
}

export interface EventSource {
  /** 'http-api' for API routes, 'function-url' for the event stream's function URL. */
  kind: 'http-api' | 'function-url';
  apiId: string;
}

export function buildHttpEvent(
  request: RawRequest,
  route: RouteInfo,
  source: EventSource = { kind: 'http-api', apiId: 'local' },
): APIGatewayProxyEventV2 {
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const rawQueryString = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
  const { headers, cookies } = eventHeaders(request.rawHeaders, source.kind === 'function-url');
  const domainName = headers.host ?? 'localhost';
  const now = new Date();

  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: source.apiId,
      domainName,
      domainPrefix: domainName.split('.')[0]!.split(':')[0]!,
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (cookies.length > 0) event.cookies = cookies;
  const query = queryParameters(rawQueryString);
  if (query) event.queryStringParameters = query;
  if (route.pathParameters && Object.keys(route.pathParameters).length > 0) event.pathParameters = route.pathParameters;
  if (request.body.length > 0) {
    if (isTextContentType(headers['content-type'])) {
      event.body = request.body.toString('utf8');
    } else {
      event.body = request.body.toString('base64');
      event.isBase64Encoded = true;
    }
  }
  return event;
}

/** The Context object of one invocation. */
export function lambdaContext(functionName: string, requestId: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error('Callback-style completion is not supported; return a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `${new Date().toISOString().slice(0, 10).replaceAll('-', '/')}/[$LATEST]local`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export interface HttpResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

const INTERNAL_ERROR: HttpResult = {
  statusCode: 500,
  headers: { 'content-type': 'application/json' },
  cookies: [],
  body: Buffer.from(JSON.stringify({ message: 'Internal Server Error' })),
};

/** The HTTP API's reading of a handler's result (payload format 2.0), or its 500 for a bad one. */
export function httpResult(result: unknown): HttpResult {
  // A result without statusCode is taken as a 200 JSON body.
  if (typeof result === 'string') {
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(result) };
  }
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    if (result === undefined) return INTERNAL_ERROR;
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(JSON.stringify(result)) };
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  if (typeof structured.statusCode !== 'number' || !Number.isInteger(structured.statusCode)) return INTERNAL_ERROR;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const body =
    structured.body === undefined ? Buffer.alloc(0) : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  return { statusCode: structured.statusCode, headers, cookies: structured.cookies ?? [], body };
}

export { INTERNAL_ERROR };
