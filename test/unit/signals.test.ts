/**
 * Wake-up signals: topics name no team or record and keep tenants apart, a signal carries its event
 * only when it fits and is well formed, a local grant opens only its topics, and in AWS a stream's
 * credentials are narrowed to exactly its topics.
 */
import { describe, expect, it } from 'vitest';
import { presignedMqttUrl, roleParts, sessionPolicy } from '../../functions/lib/signals/awsAccess.js';
import { signGrant, verifyGrant } from '../../functions/lib/signals/grant.js';
import { carryLimit, channelSignal, channelTopic, decodeSignal, encodeSignal, sessionTopic, SIGNAL_CARRY_MAX_BYTES } from '../../functions/lib/signals/topics.js';

describe('signal topics', () => {
  it('name the company and a digest of the channel: no team names or record ids', () => {
    const topic = channelTopic('cmp_demo', 'location:loc_demo_north:team:Express Lane', 'dc');
    expect(topic).toMatch(/^dc\/cmp_demo\/[A-Za-z0-9_-]{22}$/);
    expect(topic).not.toContain('Express');
    expect(topic).not.toContain('loc_demo_north');
    expect(channelTopic('cmp_demo', 'location:loc_demo_north:team:Express Lane', 'dc')).toBe(topic);
  });

  it('differ per company for the same channel name, and per channel', () => {
    const channel = 'location:loc_1';
    expect(channelTopic('cmp_a', channel, 'dc')).not.toBe(channelTopic('cmp_b', channel, 'dc'));
    expect(channelTopic('cmp_a', channel, 'dc').split('/')[2]).not.toBe(channelTopic('cmp_b', channel, 'dc').split('/')[2]);
    expect(channelTopic('cmp_a', 'agent:agt_1', 'dc')).not.toBe(channelTopic('cmp_a', 'agent:agt_2', 'dc'));
    expect(sessionTopic('s1', 'dc')).toMatch(/^dc\/sessions\/[A-Za-z0-9_-]{22}$/);
  });

  it('refuse a company id that could widen a topic', () => {
    for (const bad of ['#', 'cmp/+', '', 'a/b']) expect(() => channelTopic(bad, 'location:l', 'dc')).toThrow();
  });

  it('carry the event id, the head before it and the event, and nothing that is not well formed', () => {
    const id = '01JQ3Z8Y2N5W7X9A0B1C2D3E4F';
    const prev = '01JQ3Z8Y2N5W7X9A0B1C2D3E4E';
    const event = { id, channel: 'location:l', type: 'message.created', data: { location_id: 'l', message: { id: 'msg_1', text: 'Your car is ready' } }, created_at: '2026-11-26T04:00:00.000Z' };
    expect(decodeSignal(encodeSignal({ id }))).toEqual({ id });
    expect(decodeSignal(channelSignal(event, prev, 10_000))).toEqual({ id, prev, event });
    expect(decodeSignal(channelSignal(event, undefined, 10_000))).toEqual({ id, event });
    expect(decodeSignal('{"id":"<script>","text":"hello"}')).toEqual({});
    expect(decodeSignal('not json')).toEqual({});
    expect(decodeSignal('[1]')).toEqual({});
    // A malformed event or predecessor leaves the id alone: the stream reads the log.
    const bad: unknown[] = [
      { ...event, id: prev },
      { ...event, channel: '' },
      { ...event, channel: 7 },
      { ...event, type: 'Message Created' },
      { ...event, data: [] },
      { ...event, data: 'text' },
      { ...event, data: null },
      { ...event, created_at: 'yesterday' },
      { ...event, extra: true },
      { id, channel: event.channel, type: event.type, data: event.data },
      'event',
    ];
    for (const e of bad) expect(decodeSignal(JSON.stringify({ id, prev, event: e }))).toEqual({ id, prev });
    expect(decodeSignal(JSON.stringify({ id, prev: 'not-an-id', event }))).toEqual({ id });
    expect(decodeSignal(JSON.stringify({ id, prev: 5, event }))).toEqual({ id });
  });

  it('carry the event only when it fits (IoT Core takes 128 KB), else the ids alone; 0 carries ids only', () => {
    const id = '01JQ3Z8Y2N5W7X9A0B1C2D3E4F';
    const event = (text: string) => ({ id, channel: 'agent:a', type: 'settings_updated', data: { text }, created_at: '2026-11-26T04:00:00.000Z' });
    expect(SIGNAL_CARRY_MAX_BYTES).toBeLessThan(128 * 1024);
    const small = channelSignal(event('hi'), undefined);
    expect(decodeSignal(small).event).toBeDefined();
    const large = channelSignal(event('x'.repeat(SIGNAL_CARRY_MAX_BYTES)), '01JQ3Z8Y2N5W7X9A0B1C2D3E4E');
    expect(decodeSignal(large)).toEqual({ id, prev: '01JQ3Z8Y2N5W7X9A0B1C2D3E4E' });
    expect(large.byteLength).toBeLessThan(100);
    expect(decodeSignal(channelSignal(event('hi'), undefined, 0))).toEqual({ id });
    const saved = process.env.SIGNALS_CARRY_MAX_BYTES;
    try {
      process.env.SIGNALS_CARRY_MAX_BYTES = '0';
      expect(carryLimit()).toBe(0);
      process.env.SIGNALS_CARRY_MAX_BYTES = '999999999';
      expect(carryLimit()).toBe(SIGNAL_CARRY_MAX_BYTES);
      process.env.SIGNALS_CARRY_MAX_BYTES = 'lots';
      expect(carryLimit()).toBe(SIGNAL_CARRY_MAX_BYTES);
    } finally {
      if (saved === undefined) delete process.env.SIGNALS_CARRY_MAX_BYTES;
      else process.env.SIGNALS_CARRY_MAX_BYTES = saved;
    }
  });
});

describe('local grants', () => {
  it('open only the topics signed for, and only with the right secret', async () => {
    const token = await signGrant({ clientId: 'dc-stream-1', topics: ['dc/cmp_a/x'] }, 'secret-1');
    expect(await verifyGrant(token, 'secret-1')).toEqual({ clientId: 'dc-stream-1', topics: ['dc/cmp_a/x'] });
    expect(await verifyGrant(token, 'secret-2')).toBeUndefined();
    // A changed signature character away from the end (the last base64url character carries bits a
    // decoder ignores, and 'xx' may be what the token already ends with).
    const at = token.length - 6;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await verifyGrant(tampered, 'secret-1')).toBeUndefined();
    expect(await verifyGrant('', 'secret-1')).toBeUndefined();
  });
});

describe('AWS listener credentials', () => {
  const role = roleParts('arn:aws:iam::123456789012:role/dealer-console-listener');

  it('narrow the role to connecting as the stream and hearing exactly its topics', () => {
    const topics = ['dealer-console-app/cmp_a/AAAAAAAAAAAAAAAAAAAAAA', 'dealer-console-app/sessions/BBBBBBBBBBBBBBBBBBBBBB'];
    const policy = JSON.parse(sessionPolicy('us-east-1', role, 'dealer-console-app-stream-1', topics)) as { Statement: { Action: string | string[]; Resource: string | string[] }[] };
    expect(policy.Statement).toEqual([
      { Effect: 'Allow', Action: 'iot:Connect', Resource: 'arn:aws:iot:us-east-1:123456789012:client/dealer-console-app-stream-1' },
      {
        Effect: 'Allow',
        Action: ['iot:Subscribe', 'iot:Receive'],
        Resource: topics.map((t) => `arn:aws:iot:us-east-1:123456789012:topic*/${t}`),
      },
    ]);
    const all = JSON.stringify(policy);
    expect(all).not.toContain('iot:Publish');
    expect(all).not.toMatch(/topic\*\/[^"]*\*/);
  });

  it('fit a manager’s eight topics within what STS accepts', () => {
    const topics = Array.from({ length: 8 }, (_, i) => channelTopic('cmp_01JQ3Z8Y2N5W7X9A0B1C2D', `location:l:${i}`, 'dealer-console-dealerconsole-us-east-1'));
    expect(sessionPolicy('us-east-1', role, 'dealer-console-dealerconsole-us-east-1-stream-5f0c2a8e-4d3b-4c55-9a61-3c8e2f1b7d90', topics).length).toBeLessThanOrEqual(2048);
  });

  it('refuse something that is not a role ARN', () => {
    expect(() => roleParts('arn:aws:iam::123:user/x')).toThrow();
  });

  it('presign wss://…/mqtt for iotdevicegateway, with the session token added after the signature', async () => {
    const url = new URL(
      await presignedMqttUrl('https://abc123-ats.iot.us-east-1.amazonaws.com', 'us-east-1', { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'tok/en+=' }, new Date('2026-11-24T12:00:00Z')),
    );
    expect(url.protocol).toBe('wss:');
    expect(url.host).toBe('abc123-ats.iot.us-east-1.amazonaws.com');
    expect(url.pathname).toBe('/mqtt');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261124/us-east-1/iotdevicegateway/aws4_request');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('tok/en+=');
    // The token is the last parameter: outside what was signed.
    expect(url.search.split('&').at(-1)).toMatch(/^X-Amz-Security-Token=/);
  });
});
