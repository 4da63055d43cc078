/**
 * Listening for wake-up signals: one MQTT connection over WebSocket per open stream, subscribed to
 * exactly the stream's topics. The same client code talks to AWS IoT Core (presigned URL, the
 * listener role narrowed to the topics: awsAccess.ts) and to the local broker (a grant of the
 * topics signed with the stack's secret: grant.ts). When the connection cannot be made or drops,
 * the listener says `down` and keeps trying with a growing pause; the stream polls meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { config } from '../config.js';
import { signGrant } from './grant.js';
import { decodeSignal, topicPrefix, type SignalPayload } from './topics.js';

export interface SignalHandlers {
  onSignal(topic: string, payload: SignalPayload): void;
  /** `up`: subscribed to every topic; `down`: not (the reason says why). */
  onState(state: 'up' | 'down', reason?: string): void;
}

export interface SignalListener {
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 3_000;
/** Pauses between attempts while the endpoint is away: 1 s, doubling to 10 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 10_000;
/** IoT Core's keep-alive range is 30–1200 s; a dead connection is noticed within 1.5× this. */
const KEEPALIVE_SECONDS = 30;

/** Where and how a stream connects: the URL, and for the local broker the grant as password. */
async function access(endpoint: string, clientId: string, topics: readonly string[]): Promise<{ url: string; options: IClientOptions }> {
  const roleArn = config.signalsListenerRoleArn;
  if (roleArn) {
    const { listenerUrl } = await import('./awsAccess.js');
    return { url: await listenerUrl({ endpoint, region: config.region, roleArn, clientId, topics }), options: {} };
  }
  const secret = config.signalsLocalSecret;
  if (!secret) throw new Error('Neither SIGNALS_LISTENER_ROLE_ARN nor SIGNALS_LOCAL_SECRET is set');
  const url = `${endpoint.replace(/^http/, 'ws')}/mqtt`;
  return { url, options: { username: 'stream', password: await signGrant({ clientId, topics: [...topics] }, secret) } };
}

/** Starts listening; `onState` reports the first outcome and every change after it. */
export function listenForSignals(topics: readonly string[], handlers: SignalHandlers): SignalListener {
  const endpoint = config.signalsEndpoint;
  let closed = false;
  let client: MqttClient | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let pause = RETRY_FIRST_MS;
  let up = false;
  let reported: 'up' | 'down' | undefined;
  const report = (state: 'up' | 'down', reason?: string) => {
    if (closed || reported === state) return;
    reported = state;
    handlers.onState(state, reason);
  };

  const retryLater = (reason: string) => {
    up = false;
    report('down', reason);
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    if (closed || !endpoint) return;
    const clientId = `${topicPrefix()}-stream-${randomUUID()}`;
    let next: MqttClient;
    try {
      const { url, options } = await access(endpoint, clientId, topics);
      if (closed) return;
      next = await connectAsync(url, {
        ...options,
        clientId,
        protocolVersion: 4,
        clean: true,
        keepalive: KEEPALIVE_SECONDS,
        connectTimeout: CONNECT_TIMEOUT_MS,
        // Reconnecting is this module's job: each attempt needs a fresh URL or grant.
        reconnectPeriod: 0,
        // A signal is only worth anything now; nothing is queued while offline.
        queueQoSZero: false,
        // false: a connection that closes before CONNACK (refused, timed out) rejects rather than
        // leaving the promise waiting for a retry that reconnectPeriod 0 never makes.
      }, false);
      if (!next.connected) throw new Error('closed before it connected');
    } catch (err) {
      retryLater(`connect: ${(err as Error).message}`);
      return;
    }
    if (closed) {
      await next.endAsync(true).catch(() => undefined);
      return;
    }
    client = next;
    next.on('message', (topic, payload) => {
      if (!closed) handlers.onSignal(topic, decodeSignal(payload));
    });
    next.on('error', () => undefined);
    next.once('close', () => {
      if (client !== next || closed) return;
      client = undefined;
      next.removeAllListeners('message');
      retryLater(up ? 'connection lost' : 'connection closed before subscribing');
    });
    try {
      // mqtt.js rejects the whole subscribe when the broker refuses any topic (SUBACK 0x80).
      await next.subscribeAsync([...topics], { qos: 0 });
    } catch (err) {
      if (client === next) {
        client = undefined;
        await next.endAsync(true).catch(() => undefined);
        retryLater(`subscribe: ${(err as Error).message}`);
      }
      return;
    }
    if (client !== next) return;
    up = true;
    pause = RETRY_FIRST_MS;
    report('up');
  }

  if (!endpoint) {
    queueMicrotask(() => report('down', 'no signal endpoint configured'));
  } else {
    void connect();
  }

  return {
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.endAsync(true).catch(() => undefined);
    },
  };
}
