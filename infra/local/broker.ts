/**
 * The local stand-in for AWS IoT Core's data endpoint (DESIGN "Real time"): an `aedes` MQTT broker
 * behind one HTTP server that speaks the endpoint's two protocols:
 * - MQTT over WebSocket at `/mqtt`, where the open streams subscribe. IoT Core admits a stream as
 *   its role's session policy says; here the MQTT password is a grant signed with the stack's
 *   secret (functions/lib/signals/grant.ts), which names the client id and exactly the topics it
 *   may subscribe to. Clients may not publish: in AWS the listener role cannot either.
 * - IoT Data Plane's HTTP Publish (`POST /topics/{topic}`), where `publish` sends its signals with
 *   the AWS SDK, as in AWS. SigV4 is not checked, as DynamoDB Local does not check it.
 * It lives in the stack's process: `stop()`/`start()` are an outage and its end for the fault tests.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { verifyGrant, type SignalGrant } from '../../functions/lib/signals/grant.js';
import { BodyTooLarge, readBody } from './http-util.js';

/** IoT Core refuses a publish payload over 128 KB. */
export const MAX_PAYLOAD_BYTES = 128 * 1024;
const MQTT_PATH = '/mqtt';
const PUBLISH_PATH = /^\/topics\/(.*)$/;
/** CONNACK return code 5 (MQTT 3.1.1): not authorized. */
const NOT_AUTHORIZED = 5;

export interface LocalBroker {
  /** Origin of the data endpoint, e.g. http://127.0.0.1:41234 (WebSocket at ws://…/mqtt). */
  endpoint: string;
  /** Closes the HTTP server and every client connection, as an outage would; idempotent. */
  stop(): Promise<void>;
  /** Listens again on the same port (after stop); idempotent when up. */
  start(): Promise<void>;
  /** The next HTTP publish is answered 200 and not delivered (a lost signal); each call drops one more. */
  dropNextSignal(): void;
  status(): BrokerStatus;
  /** For good (stack stop): stop, then close the broker. */
  close(): Promise<void>;
}

export interface BrokerStatus {
  state: 'up' | 'down';
  /** MQTT clients connected and admitted. */
  clients: number;
  /** HTTP publishes handed to the broker for delivery. */
  published: number;
  /** HTTP publishes answered 200 and dropped by `dropNextSignal`. */
  dropped: number;
  /** Signals handed to a subscribed client (one per client per signal). */
  forwarded: number;
}

export interface BrokerOptions {
  /** The secret grants are signed with (SIGNALS_LOCAL_SECRET). */
  secret: string;
  /** 127.0.0.1 unless told: only the stack's own handlers talk to it. */
  host?: string;
  /** 0 (the default) picks a free port; every restart takes that same one. */
  port?: number;
  log?: (line: string) => void;
}

function hasWildcard(topic: string): boolean {
  return topic.includes('+') || topic.includes('#');
}

function authError(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: NOT_AUTHORIZED });
}

/** IoT's error answers: `{message}`, and the type the AWS SDK names its exception after. */
function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  const bytes = Buffer.from(JSON.stringify({ message }));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length, 'x-amzn-errortype': type });
  res.end(bytes);
}

export async function startBroker(options: BrokerOptions): Promise<LocalBroker> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  // What each admitted client may subscribe to; gone with the client.
  const grants = new WeakMap<Client, SignalGrant>();
  let published = 0;
  let dropped = 0;
  let forwarded = 0;
  let toDrop = 0;

  const aedes = await Aedes.createBroker({
    authenticate(client, _username, password, done) {
      const token = password?.toString('utf8') ?? '';
      if (!token) return done(authError('no grant'), false);
      verifyGrant(token, options.secret).then(
        (grant) => {
          if (!grant) return done(authError('grant forged, expired or malformed'), false);
          if (grant.clientId !== client.id) return done(authError('grant is for another client id'), false);
          grants.set(client, grant);
          done(null, true);
        },
        () => done(authError('grant not readable'), false),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const grant = grants.get(client);
      const allowed = grant !== undefined && !hasWildcard(subscription.topic) && grant.topics.includes(subscription.topic);
      // null negates only this subscription (SUBACK 128); the connection stays, as in IoT Core.
      done(null, allowed ? subscription : null);
    },
    authorizePublish(_client, packet, done) {
      // Also a will message. IoT Core disconnects a client that publishes where its policy does not allow.
      done(new Error(`clients may not publish (topic ${packet.topic})`));
    },
    // Called once per subscribed client a message goes to: the tests count who heard what.
    authorizeForward(_client, packet) {
      forwarded += 1;
      return packet;
    },
  });
  // A refused connection or publish is the client's business, not the console's.
  aedes.on('clientError', () => undefined);
  aedes.on('connectionError', () => undefined);

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 2 * MAX_PAYLOAD_BYTES,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });

  const publish = (topic: string, payload: Buffer) =>
    new Promise<void>((resolve, reject) =>
      aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
    );

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://broker');
    const match = PUBLISH_PATH.exec(url.pathname);
    if (req.method !== 'POST' || !match) {
      // Still read what was sent, so the client sees this answer rather than a reset.
      req.resume();
      return sendError(res, 404, 'ResourceNotFoundException', `No route for ${req.method} ${url.pathname}`);
    }
    let payload: Buffer;
    try {
      payload = await readBody(req, MAX_PAYLOAD_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) return sendError(res, 413, 'RequestEntityTooLargeException', `Payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
      throw err;
    }
    let topic: string;
    try {
      topic = decodeURIComponent(match[1] ?? '');
    } catch {
      return sendError(res, 400, 'InvalidRequestException', 'Topic is not valid percent-encoding');
    }
    if (!topic || hasWildcard(topic)) return sendError(res, 400, 'InvalidRequestException', 'Topic must be set and contain no wildcards (+, #)');
    const qos = url.searchParams.get('qos') ?? '0';
    if (qos !== '0' && qos !== '1') return sendError(res, 400, 'InvalidRequestException', 'qos must be 0 or 1');
    if (toDrop > 0) {
      toDrop -= 1;
      dropped += 1;
    } else {
      await publish(topic, payload);
      published += 1;
    }
    const bytes = Buffer.from('{}');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  }

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalFailureException', (err as Error).message);
      else res.destroy();
    });
  });
  // Every socket, upgraded ones included: an outage ends them all.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    if (new URL(req.url ?? '/', 'http://broker').pathname !== MQTT_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => undefined);
      aedes.handle(stream, req);
    });
  });

  let port = options.port ?? 0;
  let up = false;
  let closed = false;
  // start/stop/close run one after another, whatever order the fault switches are pulled in.
  let queue: Promise<void> = Promise.resolve();
  const serially = (step: () => Promise<void>): Promise<void> => {
    const next = queue.then(step);
    queue = next.catch(() => undefined);
    return next;
  };

  const listen = async () => {
    if (closed) throw new Error('The broker was closed');
    if (up) return;
    server.listen(port, host);
    // Rejects on 'error' (the port taken meanwhile).
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    up = true;
  };

  const unlisten = async () => {
    if (!up) return;
    up = false;
    const closing = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
    // The broker notices each ended stream on its own; wait until it has, so status() says 0.
    const deadline = Date.now() + 2_000;
    while (aedes.connectedClients > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  };

  await listen();
  const endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`[broker] MQTT over WebSocket at ${endpoint.replace(/^http/, 'ws')}${MQTT_PATH}, HTTP publish at ${endpoint}/topics/{topic}`);

  return {
    endpoint,
    stop: () =>
      serially(async () => {
        const wasUp = up;
        await unlisten();
        if (wasUp && !closed) log('[broker] stopped');
      }),
    start: () =>
      serially(async () => {
        const wasUp = up;
        await listen();
        if (!wasUp) log(`[broker] listening again on ${endpoint}`);
      }),
    dropNextSignal: () => {
      toDrop += 1;
    },
    status: () => ({ state: up ? 'up' : 'down', clients: aedes.connectedClients, published, dropped, forwarded }),
    close: () =>
      serially(async () => {
        if (closed) return;
        closed = true;
        await unlisten();
        wss.close();
        await new Promise<void>((resolve) => aedes.close(() => resolve()));
      }),
  };
}
