/**
 * The console's Content-Security-Policy: one source for CloudFront's response headers policy
 * (web.ts) and the local server (local/web.ts), so the local stack refuses what AWS refuses.
 * No aws-cdk-lib import here: the local server loads this module.
 */

export interface CspOrigins {
  /**
   * The uploads bucket's origin: the browser PUTs attachments and inspection media there by
   * presigned URL and shows them from there (`https://<bucket>.s3.<region>.amazonaws.com` in AWS,
   * s3rver's `http://127.0.0.1:<port>` locally). The only origin besides its own that the console
   * may connect to.
   */
  readonly uploads: readonly string[];
  /**
   * The partner identity provider's origin (issue 23), when partner sign-in is on: the browser runs
   * the password grant and the revocation there. Only connect-src names it.
   */
  readonly partner?: readonly string[];
}

/** `connect-src` values that would let a script send data anywhere: never listed. */
const OPEN_SOURCES = new Set(['*', 'https:', 'http:', 'wss:', 'ws:', 'data:', 'blob:']);

/**
 * The policy text. `img-src` and `media-src` stay open to https: (MMS pictures and logos come
 * from presigned S3 URLs and from customers' own links): loading an image leaks nothing the page
 * chooses, while connect-src, the channel a script could send data out on, names its origins. The
 * uploads origin is named in all three so that s3rver (plain http) works locally as S3 does.
 */
export function contentSecurityPolicy(origins: CspOrigins): string {
  const partner = origins.partner ?? [];
  for (const source of [...origins.uploads, ...partner]) {
    if (OPEN_SOURCES.has(source.trim())) throw new Error(`connect-src must name origins, not ${source}`);
  }
  const uploads = origins.uploads.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `img-src 'self' data: blob: https:${uploads}`,
    `media-src 'self' blob: https:${uploads}`,
    `connect-src 'self'${uploads}${partner.map((origin) => ` ${origin}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `http://127.0.0.1:4569/` → `http://127.0.0.1:4569`: the origin part of an endpoint URL, for connect-src. */
export function originOf(endpoint: string): string {
  return new URL(endpoint).origin;
}
