/**
 * Headers CloudFront sets on its way to an origin (infra/web.ts), read by the functions behind it.
 *
 * On /events, Origin Access Control signs each request to the stream's function URL in the
 * Authorization header, replacing the viewer's. A CloudFront Function first moves the viewer's own
 * Authorization (the `Bearer <ticket>`) into this header, so the ticket still reaches the handler
 * and still never appears in a URL.
 */
export const VIEWER_AUTHORIZATION_HEADER = 'x-viewer-authorization';
