/** Small helpers for the local server's own answers (dev pages, carrier, SPA, errors). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, 'cache-control': 'no-store', ...headers });
  res.end(bytes);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  const bytes = Buffer.from(text);
  res.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length, 'cache-control': 'no-store' });
  res.end(bytes);
}

export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-length': 0 });
  res.end();
}

export const notFoundJson = (res: ServerResponse) => sendJson(res, 404, { error: { id: 'not_found', message: 'Not found' } });

export class BodyTooLarge extends Error {}

/**
 * The whole request body, up to `limit` bytes. A larger body is still read to its end (so the
 * client sees our answer rather than a reset connection) but not kept.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge(`Body of ${size} bytes exceeds ${limit}`)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** The client's address as Lambda would see it: IPv4-mapped IPv6 shown as plain IPv4. */
export function clientIp(req: IncomingMessage): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return normaliseIp(first);
  }
  return normaliseIp(req.socket.remoteAddress ?? '127.0.0.1');
}

export function normaliseIp(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
