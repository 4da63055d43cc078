/**
 * /events as it arrives behind CloudFront: the ticket function (infra/web.ts) has moved the
 * viewer's `Authorization: Bearer <ticket>` aside, and Origin Access Control has put its own SigV4
 * signature in Authorization. The stream must still find the agent's ticket.
 */
import { describe, expect, inject, it } from 'vitest';
import { EVENTS_TICKET_CODE } from '../../infra/web.js';
import { api, signIn } from '../support/api.js';

const baseUrl = inject('baseUrl');

interface ViewerRequest {
  headers: Record<string, { value: string } | undefined>;
  querystring: Record<string, { value: string } | undefined>;
}
const ticketFunction = new Function(`${EVENTS_TICKET_CODE}; return handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;

/** The origin request CloudFront sends for a viewer's headers: ticket function, then OAC's signature. */
function originHeaders(viewer: Record<string, string>): Record<string, string> {
  const request = ticketFunction({ request: { headers: Object.fromEntries(Object.entries(viewer).map(([k, v]) => [k, { value: v }])), querystring: {} } });
  const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([k, v]) => (v ? [[k, v.value]] : [])));
  return { ...headers, authorization: 'AWS4-HMAC-SHA256 Credential=ASIAEXAMPLE/20250101/eu-west-1/lambda/aws4_request, SignedHeaders=host;x-amz-date, Signature=00' };
}

async function openStream(headers: Record<string, string>): Promise<{ status: number; first: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const res = await fetch(`${baseUrl}/events?iam=main&v=2`, { headers, signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let first = '';
    while (res.status === 200 && !first.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      first += value;
    }
    await reader.cancel().catch(() => undefined);
    return { status: res.status, first };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe('GET /events behind CloudFront', () => {
  it("finds the viewer's ticket that the ticket function moved out of the signed Authorization header", async () => {
    const advisor = api(baseUrl, await signIn(baseUrl, 'advisor@demo.example'));
    const ticket = (await advisor.post('/api/notifications/tickets', {})).body.ticket as string;
    const { status, first } = await openStream(originHeaders({ accept: 'text/event-stream', authorization: `Bearer ${ticket}` }));
    expect(status).toBe(200);
    expect(first).toContain('event: ready');
  });

  it('refuses a request whose only credential is the OAC signature', async () => {
    const { status } = await openStream(originHeaders({ accept: 'text/event-stream' }));
    expect(status).toBe(401);
  });
});
