/**
 * Push wake-ups on a stack of this file's own (its broker is stopped and started here): events
 * reach an open stream by signal, carried in it without a read of the log (the stream's heartbeat
 * names its reads so far), a lost signal is made up by the safety-net check of the heads,
 * a broker outage falls back to polling and comes back to signals, and neither a stream nor a
 * listener hears a channel or a company that is not its own.
 */
import { connectAsync, ErrorWithSubackPacket, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack } from '../../infra/local/isolated.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { logger } from '../../functions/lib/log.js';
import { channelHeads, publish, publishTo } from '../../functions/lib/realtime.js';
import { signGrant } from '../../functions/lib/signals/grant.js';
import { channelTopic, decodeSignal } from '../../functions/lib/signals/topics.js';
import { api, signIn } from '../support/api.js';
import { readFrames, type SseFrame } from '../support/sse.js';

/** Short, so a lost signal plays out in seconds; production checks every 15 s. */
const SAFETY_CHECK_SECONDS = 4;

let stack: LocalStack;
const savedEnv = { ...process.env };

beforeAll(async () => {
  stack = await startIsolatedStack(
    { port: 0, dataDir: null, web: 'none', seed: true, scheduler: false, quiet: true, autoReceipts: false },
    { LOG_LEVEL: 'ERROR', EVENTS_SAFETY_CHECK_SECONDS: String(SAFETY_CHECK_SECONDS), EVENTS_HEARTBEAT_SECONDS: '1' },
  );
  // publish() below runs in this process, against this stack's table and broker.
  Object.assign(process.env, stack.env, { LOG_LEVEL: 'ERROR', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  // Signals the outage test sends while the broker is down are refused, and say so at WARN.
  logger.setLogLevel('ERROR');
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

/** An open event stream of an agent: its frames as they arrive, and its ticket's channels. */
async function openStream(email: string) {
  const token = await signIn(stack.url, email);
  const ticketRes = await api(stack.url, token).post('/api/notifications/tickets', {});
  expect(ticketRes.status).toBe(201);
  const { ticket, channels } = ticketRes.body as { ticket: string; channels: string[] };
  const controller = new AbortController();
  const res = await fetch(`${stack.url}/events?iam=main&v=2`, { headers: { authorization: `Bearer ${ticket}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const frames: SseFrame[] = [];
  // Read until the test closes it.
  void readFrames(res.body!, (frame) => void frames.push(frame)).catch(() => undefined);
  const beats = () => frames.filter((f) => f.event === 'heartbeat');
  const wake = () => beats().at(-1)?.data.wake;
  return {
    channels,
    frames,
    wake,
    /** The DynamoDB calls the stream had made as of a heartbeat that comes after this call. */
    callsSoFar: async (): Promise<number> => {
      const seen = beats().length;
      await until(() => beats().length > seen, 3_000, 'a heartbeat');
      return Number(beats().at(-1)!.data.dynamodb_calls);
    },
    eventsWith: (key: string) => frames.filter((f) => f.event === 'settings_updated' && f.data.key === key),
    close: () => controller.abort(),
  };
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let keyCounter = 0;
/** A settings event with a key of this test's own, published on a channel; answers the key and when it was written. */
async function publishOn(companyId: string, channel: string): Promise<{ key: string; at: number }> {
  keyCounter += 1;
  const key = `push_test_${keyCounter}`;
  const at = Date.now();
  await publish(companyId, channel, { type: 'settings_updated', data: { location_id: 'loc_demo_north', key } });
  return { key, at };
}

describe('push wake-ups', () => {
  it('deliver events by signal, well before the safety-net check could', async () => {
    const stream = await openStream('advisor@demo.example');
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      for (let i = 0; i < 3; i += 1) {
        const { key, at } = await publishOn('cmp_demo', 'location:loc_demo_north');
        await until(() => stream.eventsWith(key).length === 1, 3_000, `event ${key}`);
        expect(stream.eventsWith(key)[0]!.at - at).toBeLessThan(1_000);
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
      }
      // And through the API, as an advisor's console sees a colleague's change.
      const manager = api(stack.url, await signIn(stack.url, 'manager@demo.example'));
      const changedAt = Date.now();
      expect((await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: true } })).status).toBe(200);
      await until(() => stream.eventsWith('csi_settings').length > 0, 3_000, 'the csi_settings change');
      expect(stream.eventsWith('csi_settings')[0]!.at - changedAt).toBeLessThan(1_500);
    } finally {
      stream.close();
    }
  });

  it('deliver an event the signal carries without reading the log; carrying ids only, every event costs a read', async () => {
    const stream = await openStream('advisor@demo.example');
    const EVENTS = 8;
    const run = async () => {
      const before = await stream.callsSoFar();
      for (let i = 0; i < EVENTS; i += 1) {
        const { key } = await publishOn('cmp_demo', 'location:loc_demo_north');
        await until(() => stream.eventsWith(key).length === 1, 3_000, `event ${key}`);
      }
      return (await stream.callsSoFar()) - before;
    };
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      const carried = await run();
      process.env.SIGNALS_CARRY_MAX_BYTES = '0';
      let idsOnly: number;
      try {
        idsOnly = await run();
      } finally {
        delete process.env.SIGNALS_CARRY_MAX_BYTES;
      }
      expect(idsOnly).toBeGreaterThanOrEqual(EVENTS);
      // At most the safety-net checks of the heads (every few seconds here) that fell in the run.
      expect(carried).toBeLessThanOrEqual(2);
      expect(stream.wake()).toBe('signal');
    } finally {
      stream.close();
    }
  });

  it('make up a lost signal with the safety-net check of the heads', async () => {
    const stream = await openStream('advisor@demo.example');
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      const before = await stack.faults.brokerStatus();
      await stack.faults.dropNextSignal();
      const { key } = await publishOn('cmp_demo', 'location:loc_demo_north');
      expect((await stack.faults.brokerStatus()).dropped).toBe(before.dropped + 1);
      await until(() => stream.eventsWith(key).length === 1, (SAFETY_CHECK_SECONDS + 4) * 1000, 'the event whose signal was lost');
      expect(stream.wake()).toBe('signal');
    } finally {
      stream.close();
    }
  });

  it('bring an event whose signal was lost with the next carried one on its channel, which names it as the one before', async () => {
    const stream = await openStream('advisor@demo.example');
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      const first = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => stream.eventsWith(first.key).length === 1, 3_000, 'the first event');
      await stack.faults.dropNextSignal();
      const lost = await publishOn('cmp_demo', 'location:loc_demo_north');
      const next = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => stream.eventsWith(next.key).length === 1, 3_000, 'the next event');
      // Read with it, well before the safety-net check of the heads could have found it.
      await until(() => stream.eventsWith(lost.key).length === 1, 500, 'the event whose signal was lost');
      expect(stream.eventsWith(lost.key)[0]!.at - lost.at).toBeLessThan((SAFETY_CHECK_SECONDS * 1000) / 2);
      await new Promise((r) => setTimeout(r, 300));
      expect([first, lost, next].map((e) => stream.eventsWith(e.key).length)).toEqual([1, 1, 1]);
    } finally {
      stream.close();
    }
  });

  it('fall back to polling while the broker is down, and come back to signals when it is up', async () => {
    const stream = await openStream('advisor@demo.example');
    const manager = api(stack.url, await signIn(stack.url, 'manager@demo.example'));
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      await stack.faults.stopBroker();
      await until(() => stream.wake() === 'poll', 5_000, 'the stream to fall back to polling');
      // Changes still go through, and still reach the open console (by its once-a-second read).
      const during = await manager.post('/api/locations/loc_demo_north/csi_settings', { csi_settings: { enabled: false } });
      expect(during.status).toBe(200);
      const { key, at } = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => stream.eventsWith(key).length === 1, 5_000, 'an event during the outage');
      expect(stream.eventsWith(key)[0]!.at - at).toBeLessThan(3_000);

      await stack.faults.startBroker();
      await until(() => stream.wake() === 'signal', 20_000, 'the stream to hear signals again');
      const back = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => stream.eventsWith(back.key).length === 1, 3_000, 'an event after the outage');
      expect(stream.eventsWith(back.key)[0]!.at - back.at).toBeLessThan(1_000);
    } finally {
      stream.close();
      await stack.faults.startBroker();
    }
  });

  it('never give a stream another channel’s or another company’s signal or event', async () => {
    const stream = await openStream('advisor@demo.example');
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      expect(stream.channels).not.toContain('location:loc_demo_north:manager:repair_orders');
      const before = (await stack.faults.brokerStatus()).forwarded;
      const others = [
        await publishOn('cmp_demo', 'location:loc_demo_north:manager:repair_orders'),
        await publishOn('cmp_demo', 'agent:agt_manager'),
        await publishOn('cmp_demo', 'location:loc_demo_south'),
        // The same channel name in another company.
        await publishOn('cmp_rival', 'location:loc_demo_north'),
      ];
      // Nobody listens on those topics: the broker delivered none of their signals.
      expect((await stack.faults.brokerStatus()).forwarded).toBe(before);
      const own = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => stream.eventsWith(own.key).length === 1, 3_000, 'its own channel’s event');
      expect((await stack.faults.brokerStatus()).forwarded).toBe(before + 1);
      await new Promise((r) => setTimeout(r, (SAFETY_CHECK_SECONDS + 1) * 1000));
      for (const other of others) expect(stream.eventsWith(other.key)).toEqual([]);
    } finally {
      stream.close();
    }
  }, 30_000);

  it('note one event on several channels as each channel’s head, one write per group, and signal each', async () => {
    const stream = await openStream('advisor@demo.example');
    try {
      await until(() => stream.wake() === 'signal', 10_000, 'the stream to hear signals');
      const heard = ['location:loc_demo_north', 'location:loc_demo_north:manager:repair_orders', 'agent:agt_manager'];
      const key = `push_test_many_${Date.now()}`;
      const logged = await publishTo('cmp_demo', heard, { type: 'settings_updated', data: { location_id: 'loc_demo_north', key } });
      expect(logged.map((e) => e.channel)).toEqual(heard);
      const heads = await channelHeads('cmp_demo', heard);
      for (const e of logged) expect(heads.get(e.channel)).toBe(e.id);
      // The advisor hears the location's copy only.
      await until(() => stream.eventsWith(key).length === 1, 3_000, 'the location channel’s copy');
      expect(stream.eventsWith(key)[0]!.data.channel).toBe('location:loc_demo_north');
    } finally {
      stream.close();
    }
  });

  it('end with the browser: a closed stream leaves the broker at once', async () => {
    // The streams of the tests before are gone first (they leave the broker a moment after closing).
    for (let end = Date.now() + 3_000; (await stack.faults.brokerStatus()).clients > 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    const before = (await stack.faults.brokerStatus()).clients;
    expect(before).toBe(0);
    const streams = [await openStream('advisor@demo.example'), await openStream('manager@demo.example')];
    await until(() => streams.every((s) => s.wake() === 'signal'), 10_000, 'the streams to hear signals');
    expect((await stack.faults.brokerStatus()).clients).toBe(before + 2);
    for (const stream of streams) stream.close();
    const deadline = Date.now() + 3_000;
    while ((await stack.faults.brokerStatus()).clients > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await stack.faults.brokerStatus()).clients).toBe(before);
  });

  it('keep topics apart by tenant: a listener granted its own topics cannot subscribe to anyone else’s', async () => {
    const secret = stack.env.SIGNALS_LOCAL_SECRET!;
    const endpoint = stack.env.SIGNALS_ENDPOINT!;
    const own = channelTopic('cmp_demo', 'location:loc_demo_north');
    const rivals = channelTopic('cmp_rival', 'location:loc_rival_main');
    const clientId = 'dealer-console-stream-probe';
    let client: MqttClient | undefined;
    try {
      client = await connectAsync(`${endpoint.replace(/^http/, 'ws')}/mqtt`, {
        clientId,
        username: 'stream',
        password: await signGrant({ clientId, topics: [own] }, secret),
        reconnectPeriod: 0,
        protocolVersion: 4,
      });
      const heard: string[] = [];
      const payloads: string[] = [];
      client.on('message', (topic, payload) => {
        heard.push(topic);
        payloads.push(payload.toString());
      });
      // mqtt.js rejects a subscribe the broker refused in part; the SUBACK's grants come with the error.
      const granted = await client.subscribeAsync([own, rivals, 'dealer-console/#', 'dealer-console/cmp_rival/+', '#'], { qos: 0 }).then(
        (grants) => grants.map((g) => g.qos),
        (err: unknown) => {
          if (!(err instanceof ErrorWithSubackPacket) || err.packet.cmd !== 'suback') throw err;
          return err.packet.granted.map(Number);
        },
      );
      expect(granted).toEqual([0, 128, 128, 128, 128]);
      const rival = await publishOn('cmp_rival', 'location:loc_rival_main');
      const mine = await publishOn('cmp_demo', 'location:loc_demo_north');
      await until(() => heard.length > 0, 3_000, 'its own signal');
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([own]);
      // The signal carries the event (tenant data): only the one granted its topic heard it.
      expect(decodeSignal(payloads[0]!).event?.data).toMatchObject({ key: mine.key });
      expect(payloads.join('')).not.toContain(rival.key);

      // A grant signed with another secret opens nothing.
      await expect(
        connectAsync(`${endpoint.replace(/^http/, 'ws')}/mqtt`, {
          clientId: 'dealer-console-stream-forger',
          username: 'stream',
          password: await signGrant({ clientId: 'dealer-console-stream-forger', topics: [rivals] }, 'not-the-secret'),
          reconnectPeriod: 0,
          protocolVersion: 4,
        }),
      ).rejects.toThrow();
    } finally {
      await client?.endAsync(true);
    }
  });
});
