/**
 * The server-sent event stream, behind a Lambda function URL with response streaming
 * (`GET /events?iam=main&v=2`). The ticket travels only as `Authorization: Bearer`: a ticket in the
 * query string would end up in access logs and browser history, so it is not read.
 */
import { VIEWER_AUTHORIZATION_HEADER } from '../lib/cloudfrontHeaders.js';
import { eventsAfter } from '../lib/realtime.js';
import { logger } from '../lib/log.js';
import { findTicket, sessionIsOpen, type TicketRecord } from '../notifications/tickets.js';
import { runStream, sseFrame, startingPoint } from './stream.js';

/** The ticket, if the request carries a well-formed, known one whose session still exists. */
async function ticketOf(headers: Record<string, string | undefined>): Promise<TicketRecord | undefined> {
  // Behind CloudFront the viewer's Authorization arrives moved aside (OAC signs in Authorization).
  const authorization = headers[VIEWER_AUTHORIZATION_HEADER] ?? headers.authorization;
  const bearer = /^Bearer\s+([A-Za-z0-9_-]{1,64})\s*$/i.exec(authorization ?? '')?.[1];
  if (!bearer) return undefined;
  const ticket = await findTicket(bearer);
  return ticket && (await sessionIsOpen(ticket.session_id, true)) ? ticket : undefined;
}

export const handler = awslambda.streamifyResponse(async (event, responseStream) => {
  const headers = event.headers ?? {};
  const ticket = await ticketOf(headers);
  if (!ticket) {
    const denied = awslambda.HttpResponseStream.from(responseStream, { statusCode: 401, headers: { 'content-type': 'application/json' } });
    denied.write(JSON.stringify({ error: { id: 'invalid_ticket', message: 'The event ticket is missing or has expired.' } }));
    denied.end();
    return;
  }
  const stream = awslambda.HttpResponseStream.from(responseStream, {
    statusCode: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
  const { cursor, gap } = startingPoint(headers['last-event-id']);
  stream.write('retry: 3000\n\n');
  // `gap`: the resume point was too old or invalid, so events may have been missed: the browser refetches.
  stream.write(sseFrame({ type: 'ready', data: { channels: ticket.channels, location_id: ticket.location_id, gap } }));
  try {
    await runStream(stream, {
      read: async (after) => {
        const lists = await Promise.all(ticket.channels.map((channel) => eventsAfter(ticket.company_id, channel, after)));
        return lists.flat().sort((a, b) => (a.id < b.id ? -1 : 1));
      },
      stillOpen: () => sessionIsOpen(ticket.session_id),
    }, cursor);
  } catch (err) {
    logger.error('event stream failed', err as Error);
  } finally {
    if (!stream.writableEnded) stream.end();
  }
});
