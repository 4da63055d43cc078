/**
 * The server-sent event stream, behind a Lambda function URL with response streaming
 * (`GET /events?iam=main&v=2`). The ticket travels only as `Authorization: Bearer`: a ticket in the
 * query string would end up in access logs and browser history, so it is not read.
 */
import { VIEWER_AUTHORIZATION_HEADER } from '../lib/cloudfrontHeaders.js';
import { channelHeads, eventsAfter } from '../lib/realtime.js';
import { secondsFromEnv } from '../lib/config.js';
import { logger } from '../lib/log.js';
import { metered, type CapacityMeter } from '../lib/table.js';
import { listenForSignals, type SignalListener } from '../lib/signals/listen.js';
import { channelTopic, sessionTopic } from '../lib/signals/topics.js';
import { findTicket, sessionIsOpen, type TicketRecord } from '../notifications/tickets.js';
import { HEARTBEAT_MS, runStream, SAFETY_CHECK_MS, sseFrame, startingPoint, Wakeups } from './stream.js';

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
  const { cursor, gap, resumed } = startingPoint(headers['last-event-id']);
  stream.write('retry: 3000\n\n');
  // `gap`: the resume point was too old or invalid, so events may have been missed: the browser refetches.
  stream.write(sseFrame({ type: 'ready', data: { channels: ticket.channels, location_id: ticket.location_id, gap } }));
  const wakeups = new Wakeups();
  stream.on('close', () => wakeups.push({ kind: 'closed' }));
  const listener = listen(ticket, wakeups);
  // Locally the heartbeat names the capacity the stream has read so far (the bench's idle-console
  // figure). The first heartbeat goes out before metered() has answered its meter.
  let consumed: CapacityMeter | undefined;
  const { meter, result } = metered((): Promise<void> =>
    runStream(
      stream,
      {
        channels: ticket.channels,
        read: (channel, after, consistent) => eventsAfter(ticket.company_id, channel, after, consistent),
        heads: () => channelHeads(ticket.company_id, ticket.channels),
        stillOpen: () => sessionIsOpen(ticket.session_id),
      },
      cursor,
      {
        wakeups,
        resumed,
        // The fault tests shorten it so a lost signal plays out in seconds.
        safetyCheckMs: secondsFromEnv('EVENTS_SAFETY_CHECK_SECONDS', SAFETY_CHECK_MS / 1000) * 1000,
        // The tests that count a stream's reads shorten it: each heartbeat names the reads so far.
        heartbeatMs: secondsFromEnv('EVENTS_HEARTBEAT_SECONDS', HEARTBEAT_MS / 1000) * 1000,
        heartbeatExtra:
          process.env.CAPACITY_HEADER === '1' ? (): Record<string, unknown> => ({ read_capacity_units: +(consumed?.read ?? 0).toFixed(2), dynamodb_calls: consumed?.calls ?? 0 }) : undefined,
      },
    ),
  );
  consumed = meter;
  try {
    await result;
  } catch (err) {
    // A read cut short because the browser left (or the function is stopping) lost nobody anything.
    if (stream.destroyed) logger.debug('event stream ended during a read', { reason: (err as Error).message });
    else logger.error('event stream failed', err as Error);
  } finally {
    await listener.close();
    if (!stream.writableEnded) stream.end();
  }
});

/**
 * Subscribes to the ticket's channel topics and its session's topic: a channel's signal hands the
 * stream its event (or makes it read that channel), the session's makes it check the session at once. Losing the signals
 * is logged, and the stream reads every channel every second until they are back.
 */
function listen(ticket: TicketRecord, wakeups: Wakeups): SignalListener {
  const channelOf = new Map(ticket.channels.map((channel) => [channelTopic(ticket.company_id, channel), channel]));
  const ofSession = sessionTopic(ticket.session_id);
  let saidDown = false;
  return listenForSignals([...channelOf.keys(), ofSession], {
    onSignal: (topic, payload) => {
      if (topic === ofSession) return wakeups.push({ kind: 'session' });
      const channel = channelOf.get(topic);
      // A carried event for another channel than its topic's is not believed: the log is read instead.
      if (channel) wakeups.push({ kind: 'channel', channel, id: payload.id, prev: payload.prev, event: payload.event?.channel === channel ? payload.event : undefined });
    },
    onState: (state, reason) => {
      if (state === 'down') logger.warn('event stream: no wake-up signals, reading the event log every second', { reason, company_id: ticket.company_id, agent_id: ticket.agent_id });
      else if (saidDown) logger.info('event stream: wake-up signals back', { company_id: ticket.company_id, agent_id: ticket.agent_id });
      saidDown = state === 'down';
      wakeups.push({ kind: 'signals', up: state === 'up' });
    },
  });
}
