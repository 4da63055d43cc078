/**
 * The agent's address, for the IP allow-list. Behind CloudFront the HTTP API sees an edge address;
 * the viewer's own one arrives in CLIENT_IP_HEADER (`CloudFront-Viewer-Address`, "ip:port"). That
 * header is believed only on requests that carry CloudFront's `x-origin-verify` secret: anyone can
 * send the header to the API's own endpoint, nobody else knows the secret.
 */
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import ipaddr from 'ipaddr.js';
import { secret } from './secrets.js';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "198.51.100.10:46532" or "2001:db8::1:46532" → the address without the port. */
export function addressOf(viewerAddress: string): string {
  const cut = viewerAddress.lastIndexOf(':');
  return (cut > 0 ? viewerAddress.slice(0, cut) : viewerAddress).replace(/^\[|\]$/g, '');
}

export async function clientIp(event: APIGatewayProxyEventV2): Promise<string> {
  const source = event.requestContext.http.sourceIp;
  const header = process.env.CLIENT_IP_HEADER;
  const viewer = header ? event.headers?.[header] : undefined;
  if (!viewer) return source;
  const expected = secret('ORIGIN_VERIFY_SECRET');
  const presented = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!expected || !presented || !same(presented, await expected)) return source;
  return addressOf(viewer);
}

/**
 * The client an address stands for, when counting what one client does (failed sign-ins): an IPv4
 * address itself, an IPv6 address's /64, since one subscriber is given a whole /64 and could
 * otherwise take a new address for every guess.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
