/**
 * The server-sent event stream, behind a Lambda function URL with response streaming
 * (`GET /events?iam=main&v=2`, ticket as bearer or `ticket` query parameter).
 */
import { isValid } from 'ulid';
import { eventsAfter, cursorAt } from '../lib/realtime.js';
import { logger } from '../lib/log.js';
import { findTicket } from '../notifications/tickets.js';
import { runStream, sseFrame } from './stream.js';

export const handler = awslambda.streamifyResponse(async (event, responseStream) => {
  const headers = event.headers ?? {};
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const ticketId = bearer ?? event.queryStringParameters?.ticket;
  const ticket = ticketId ? await findTicket(ticketId) : undefined;
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
  const lastEventId = headers['last-event-id'];
  const start = lastEventId && isValid(lastEventId) ? lastEventId : cursorAt(Date.now());
  stream.write('retry: 3000\n\n');
  stream.write(sseFrame({ type: 'ready', data: { channels: ticket.channels, location_id: ticket.location_id } }));
  try {
    await runStream(stream, {
      read: async (cursor) => {
        const lists = await Promise.all(ticket.channels.map((channel) => eventsAfter(ticket.company_id, channel, cursor)));
        return lists.flat().sort((a, b) => (a.id < b.id ? -1 : 1));
      },
    }, start);
  } catch (err) {
    logger.error('event stream failed', err as Error);
  } finally {
    if (!stream.writableEnded) stream.end();
  }
});
