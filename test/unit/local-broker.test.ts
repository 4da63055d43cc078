/**
 * The local stand-in for IoT Core's data endpoint, driven by the clients the functions use: the
 * `mqtt` client over WebSocket (the streams) and the AWS SDK's IoT Data Plane Publish (`publish`).
 * A stream gets in only with a grant for its client id, hears only its granted topics, cannot
 * publish; an outage (stop/start) and a lost signal behave as the fault tests need.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { connectAsync, ErrorWithSubackPacket, type MqttClient, type Packet } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBroker, type LocalBroker } from '../../infra/local/broker.js';
import { signGrant } from '../../functions/lib/signals/grant.js';
import { channelTopic, sessionTopic } from '../../functions/lib/signals/topics.js';

const secret = randomBytes(32).toString('base64url');
const PREFIX = 'dc-test';
const north = channelTopic('cmp_north', 'location:loc_north', PREFIX);
const northAgent = channelTopic('cmp_north', 'agent:agt_1', PREFIX);
const south = channelTopic('cmp_south', 'location:loc_south', PREFIX);
const session = sessionTopic('ses_1', PREFIX);

let broker: LocalBroker;
let iot: IoTDataPlaneClient;
const clients: MqttClient[] = [];

beforeAll(async () => {
  broker = await startBroker({ secret });
  // One attempt: a refused connection must show as an error, not as retries.
  iot = new IoTDataPlaneClient({ region: 'us-east-1', endpoint: broker.endpoint, credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});

afterAll(async () => {
  iot?.destroy();
  await broker?.close();
});

const wsUrl = () => `${broker.endpoint.replace(/^http/, 'ws')}/mqtt`;

async function connect(options: { clientId?: string; topics?: string[]; password?: string } = {}): Promise<MqttClient> {
  const clientId = options.clientId ?? `${PREFIX}-stream-${randomUUID()}`;
  const password = options.password ?? (await signGrant({ clientId, topics: options.topics ?? [north] }, secret));
  const client = await connectAsync(wsUrl(), { clientId, username: 'stream', password, reconnectPeriod: 0, protocolVersion: 4, connectTimeout: 3_000 });
  clients.push(client);
  client.on('error', () => undefined);
  return client;
}

/** Every message the client hears, in order, as `topic payload`. */
function heard(client: MqttClient): string[] {
  const messages: string[] = [];
  client.on('message', (topic, payload) => messages.push(`${topic} ${payload.toString()}`));
  return messages;
}

async function until(check: () => boolean, what: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The qos the broker granted per topic, 128 for a refusal (the client rejects a SUBACK that holds one). */
async function subscribe(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics, { qos: 0 })).map((g) => g.qos);
  } catch (err) {
    if (!(err instanceof ErrorWithSubackPacket)) throw err;
    const packet: Packet = err.packet;
    if (packet.cmd !== 'suback') throw err;
    // MQTT 3.1.1 grants are plain numbers.
    return packet.granted.map((g) => Number(g));
  }
}

const signal = (topic: string, body: string) => iot.send(new PublishCommand({ topic, payload: new TextEncoder().encode(body), qos: 0 }));

describe('local broker: who gets in', () => {
  it('admits a stream with a grant for its client id, and delivers an HTTP publish with its payload', async () => {
    const stream = await connect({ topics: [north, session] });
    const messages = heard(stream);
    expect(await subscribe(stream, [north, session])).toEqual([0, 0]);

    const answer = await signal(north, '{"id":"01JQ3Z8Y2N5W7X9A0B1C2D3E4F"}');
    expect(answer.$metadata.httpStatusCode).toBe(200);
    await signal(session, '{}');
    await until(() => messages.length === 2, 'both signals');
    expect(messages).toEqual([`${north} {"id":"01JQ3Z8Y2N5W7X9A0B1C2D3E4F"}`, `${session} {}`]);
  });

  it('refuses a missing, forged or expired grant with "not authorized"', async () => {
    const clientId = `${PREFIX}-stream-${randomUUID()}`;
    const forged = await signGrant({ clientId, topics: [north] }, 'another secret');
    // Signed 21 minutes ago: a grant lasts 20.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 21 * 60_000);
    const expired = await signGrant({ clientId, topics: [north] }, secret);
    vi.useRealTimers();

    for (const password of ['', forged, expired, 'not a token']) {
      await expect(connect({ clientId, password })).rejects.toMatchObject({ code: 5 });
    }
    expect(broker.status().clients).toBe(0);
  });

  it('refuses a grant presented under another client id', async () => {
    const token = await signGrant({ clientId: `${PREFIX}-stream-a`, topics: [north] }, secret);
    await expect(connect({ clientId: `${PREFIX}-stream-b`, password: token })).rejects.toMatchObject({ code: 5 });
  });
});

describe('local broker: what a stream hears', () => {
  it('negates a subscription outside the grant, and wildcards, and delivers nothing there', async () => {
    const stream = await connect({ topics: [north] });
    const messages = heard(stream);
    const wildcards = ['#', `${PREFIX}/+/${north.split('/')[2]}`, `${PREFIX}/cmp_north/#`];
    expect(await subscribe(stream, [north, south, northAgent, ...wildcards])).toEqual([0, 128, 128, 128, 128, 128]);

    // Published first; the granted topic's signal, published last, proves the others went nowhere.
    await signal(south, '{"to":"south"}');
    await signal(northAgent, '{"to":"agent"}');
    await signal(north, '{"to":"north"}');
    await until(() => messages.length > 0, 'the granted signal');
    await new Promise((r) => setTimeout(r, 50));
    expect(messages).toEqual([`${north} {"to":"north"}`]);
  });

  it('does not deliver a stream\'s own MQTT publish, and disconnects it as IoT Core would', async () => {
    const listener = await connect({ topics: [north] });
    const messages = heard(listener);
    await listener.subscribeAsync(north, { qos: 0 });
    const intruder = await connect({ topics: [north] });
    await intruder.subscribeAsync(north, { qos: 0 });
    const intruderHeard = heard(intruder);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));

    intruder.publish(north, '{"forged":true}', { qos: 0 });
    await closed;
    await signal(north, '{"real":true}');
    await until(() => messages.length > 0, 'the real signal');
    await new Promise((r) => setTimeout(r, 50));
    expect(messages).toEqual([`${north} {"real":true}`]);
    expect(intruderHeard).toEqual([]);
  });
});

describe('local broker: HTTP publish', () => {
  it('refuses wildcard and empty topics, oversize payloads and other routes', async () => {
    await expect(signal('dc-test/cmp_north/#', '{}')).rejects.toMatchObject({ name: 'InvalidRequestException', $metadata: { httpStatusCode: 400 } });
    await expect(signal('dc-test/+/x', '{}')).rejects.toMatchObject({ name: 'InvalidRequestException' });
    const big = await fetch(`${broker.endpoint}/topics/${encodeURIComponent(north)}?qos=0`, { method: 'POST', body: Buffer.alloc(128 * 1024 + 1) });
    expect(big.status).toBe(413);
    const empty = await fetch(`${broker.endpoint}/topics/?qos=0`, { method: 'POST', body: '{}' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: expect.any(String) });
    expect((await fetch(`${broker.endpoint}/topics/${encodeURIComponent(north)}`)).status).toBe(404);
    expect((await fetch(`${broker.endpoint}/things/x`, { method: 'POST', body: '{}' })).status).toBe(404);
    // At the limit it goes through.
    const atLimit = await fetch(`${broker.endpoint}/topics/${encodeURIComponent(north)}?qos=1`, { method: 'POST', body: Buffer.alloc(128 * 1024) });
    expect(atLimit.status).toBe(200);
    expect(await atLimit.json()).toEqual({});
  });

  it('answers a dropped signal with 200 and delivers the next one', async () => {
    const stream = await connect({ topics: [north] });
    const messages = heard(stream);
    await stream.subscribeAsync(north, { qos: 0 });
    const before = broker.status();

    broker.dropNextSignal();
    const lost = await signal(north, '{"n":1}');
    expect(lost.$metadata.httpStatusCode).toBe(200);
    await signal(north, '{"n":2}');
    await until(() => messages.length > 0, 'the second signal');
    await new Promise((r) => setTimeout(r, 50));
    expect(messages).toEqual([`${north} {"n":2}`]);
    expect(broker.status()).toMatchObject({ dropped: before.dropped + 1, published: before.published + 1 });
  });
});

describe('local broker: an outage', () => {
  it('stop() disconnects every stream and refuses publishes; start() answers on the same endpoint', async () => {
    const stream = await connect({ topics: [north] });
    await stream.subscribeAsync(north, { qos: 0 });
    expect(broker.status()).toMatchObject({ state: 'up', clients: 1 });
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));

    await broker.stop();
    await broker.stop();
    await closed;
    expect(broker.status()).toMatchObject({ state: 'down', clients: 0 });
    await expect(signal(north, '{}')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(connect({ topics: [north] })).rejects.toThrow();

    await broker.start();
    await broker.start();
    expect(broker.status().state).toBe('up');
    const fresh = await connect({ topics: [north] });
    const messages = heard(fresh);
    await fresh.subscribeAsync(north, { qos: 0 });
    await signal(north, '{"after":"outage"}');
    await until(() => messages.length > 0, 'a signal after the outage');
    expect(messages).toEqual([`${north} {"after":"outage"}`]);
  });
});
