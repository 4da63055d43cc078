/**
 * The stream's signal listener against the local broker: up once subscribed, signals of its topics
 * only, down when the broker goes and up again when it is back, and down (then retrying) when an
 * endpoint accepts the connection but never answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type LocalBroker } from '../../infra/local/broker.js';
import { listenForSignals, type SignalListener } from '../../functions/lib/signals/listen.js';
import { channelTopic, encodeSignal } from '../../functions/lib/signals/topics.js';

const SECRET = 'listener-test-secret';
const saved = { ...process.env };
let broker: LocalBroker;
let iot: IoTDataPlaneClient;

beforeAll(async () => {
  broker = await startBroker({ secret: SECRET });
  iot = new IoTDataPlaneClient({ region: 'us-east-1', endpoint: broker.endpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
  Object.assign(process.env, { SIGNALS_ENDPOINT: broker.endpoint, SIGNALS_LOCAL_SECRET: SECRET, SIGNALS_TOPIC_PREFIX: 'dealer-console' });
  delete process.env.SIGNALS_LISTENER_ROLE_ARN;
});

afterAll(async () => {
  iot.destroy();
  await broker.close();
  for (const name of ['SIGNALS_ENDPOINT', 'SIGNALS_LOCAL_SECRET', 'SIGNALS_TOPIC_PREFIX']) delete process.env[name];
  Object.assign(process.env, saved);
});

function listen(topics: string[]) {
  const states: string[] = [];
  const signals: { topic: string; id?: string }[] = [];
  const listener: SignalListener = listenForSignals(topics, {
    onSignal: (topic, payload) => signals.push({ topic, id: payload.id }),
    onState: (state) => states.push(state),
  });
  return { states, signals, listener };
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const ID = '01JQ3Z8Y2N5W7X9A0B1C2D3E4F';

describe('the signal listener', () => {
  it('is up once subscribed and hears its own topics only', async () => {
    const own = channelTopic('cmp_a', 'location:l1');
    const other = channelTopic('cmp_a', 'location:l2');
    const { states, signals, listener } = listen([own]);
    try {
      await until(() => states.includes('up'), 5_000, 'up');
      await iot.send(new PublishCommand({ topic: other, payload: encodeSignal({ id: ID }), qos: 0 }));
      await iot.send(new PublishCommand({ topic: own, payload: encodeSignal({ id: ID }), qos: 0 }));
      await until(() => signals.length > 0, 2_000, 'a signal');
      await new Promise((r) => setTimeout(r, 100));
      expect(signals).toEqual([{ topic: own, id: ID }]);
      expect(states).toEqual(['up']);
    } finally {
      await listener.close();
    }
  });

  it('goes down with the broker and comes back up, subscribed again, when it returns', async () => {
    const own = channelTopic('cmp_a', 'agent:agt_1');
    const { states, signals, listener } = listen([own]);
    try {
      await until(() => states.includes('up'), 5_000, 'up');
      await broker.stop();
      await until(() => states.at(-1) === 'down', 5_000, 'down');
      await broker.start();
      await until(() => states.at(-1) === 'up', 8_000, 'up again');
      expect(states).toEqual(['up', 'down', 'up']);
      await iot.send(new PublishCommand({ topic: own, payload: encodeSignal({ id: ID }), qos: 0 }));
      await until(() => signals.length === 1, 2_000, 'a signal after the outage');
    } finally {
      await listener.close();
    }
  });

  it('reports down when its grant is refused (another secret), and when an endpoint never answers', async () => {
    process.env.SIGNALS_LOCAL_SECRET = 'not-the-broker-secret';
    const refused = listen([channelTopic('cmp_a', 'location:l1')]);
    try {
      await until(() => refused.states.includes('down'), 5_000, 'down');
      expect(refused.states).toEqual(['down']);
    } finally {
      await refused.listener.close();
      process.env.SIGNALS_LOCAL_SECRET = SECRET;
    }

    // Accepts the WebSocket upgrade's TCP connection and says nothing.
    const silent: Server = createServer();
    silent.on('upgrade', () => undefined);
    silent.listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    process.env.SIGNALS_ENDPOINT = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const hanging = listen([channelTopic('cmp_a', 'location:l1')]);
    try {
      await until(() => hanging.states.includes('down'), 6_000, 'down after the connect timeout');
    } finally {
      await hanging.listener.close();
      process.env.SIGNALS_ENDPOINT = broker.endpoint;
      silent.closeAllConnections();
      silent.close();
    }
  });
});
