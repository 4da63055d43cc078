import type { PhoneNumberValidateCommand } from '@aws-sdk/client-pinpoint';
import type { PublishCommand } from '@aws-sdk/client-sns';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CarrierRefused,
  LocalSmsCarrier,
  SnsSmsCarrier,
  setSmsCarrierForTests,
  smsCarrier,
  type OutboundText,
  type SmsCarrier,
} from '../../functions/lib/carrier.js';
import { Carrier, CarrierStore } from '../../infra/local/carrier.js';
import { handleDev } from '../../infra/local/dev.js';

const DEALER = '+16175550100';
const CUSTOMER = '+16175550342';

const text = (overrides: Partial<OutboundText> = {}): OutboundText => ({
  messageId: 'msg-1',
  from: DEALER,
  to: CUSTOMER,
  text: 'Your vehicle is ready',
  media: [],
  ...overrides,
});

/** An SNS client that records what it was asked and answers as told. */
function fakeSns(answer: () => Promise<{ MessageId?: string }>) {
  const commands: PublishCommand[] = [];
  return {
    commands,
    client: {
      send: (command: PublishCommand) => {
        commands.push(command);
        return answer();
      },
    },
  };
}

/** A Pinpoint client that records the numbers it was asked about and answers a PhoneType. */
function fakePinpoint(phoneType: () => string | Promise<never>) {
  const commands: PhoneNumberValidateCommand[] = [];
  return {
    commands,
    client: {
      send: async (command: PhoneNumberValidateCommand) => {
        commands.push(command);
        return { NumberValidateResponse: { PhoneType: await phoneType() } };
      },
    },
  };
}

function awsError(name: string, message = `${name} happened`): Error {
  return Object.assign(new Error(message), { name });
}

const unusedPinpoint = fakePinpoint(() => 'MOBILE').client;
const unusedSns = fakeSns(async () => ({ MessageId: 'unused' })).client;

describe('SnsSmsCarrier.send', () => {
  it('publishes a transactional text to the phone number from the dealership number', async () => {
    // Prepare
    const sns = fakeSns(async () => ({ MessageId: 'sns-123' }));
    const carrier = new SnsSmsCarrier({ sns: sns.client, pinpoint: unusedPinpoint });
    // Act
    const answer = await carrier.send(text());
    // Assess
    expect(answer).toEqual({ carrierMessageId: 'sns-123' });
    expect(sns.commands.map((c) => c.input)).toEqual([
      {
        PhoneNumber: CUSTOMER,
        Message: 'Your vehicle is ready',
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: DEALER },
        },
      },
    ]);
  });

  it('sends attachments as links on lines of their own', async () => {
    const sns = fakeSns(async () => ({ MessageId: 'sns-124' }));
    const carrier = new SnsSmsCarrier({ sns: sns.client, pinpoint: unusedPinpoint });
    await carrier.send(text({ text: 'Photos of the brakes:', media: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg'] }));
    await carrier.send(text({ text: '', media: ['https://cdn.example/c.jpg'] }));
    expect(sns.commands.map((c) => c.input.Message)).toEqual([
      'Photos of the brakes:\nhttps://cdn.example/a.jpg\nhttps://cdn.example/b.jpg',
      'https://cdn.example/c.jpg',
    ]);
  });

  it.each([
    ['InvalidParameterException', 'INVALID'],
    ['InvalidParameterValueException', 'INVALID'],
    ['OptedOutException', 'OPTED_OUT'],
  ])('answers SNS %s as a refusal %s', async (name, code) => {
    const carrier = new SnsSmsCarrier({ sns: fakeSns(() => Promise.reject(awsError(name, 'Invalid parameter: PhoneNumber'))).client, pinpoint: unusedPinpoint });
    const refusal = await carrier.send(text()).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(CarrierRefused);
    expect(refusal).toMatchObject({ code, message: 'Invalid parameter: PhoneNumber' });
  });

  it('lets a failure worth retrying through as it is, not as a refusal', async () => {
    const throttled = awsError('ThrottledException');
    const carrier = new SnsSmsCarrier({ sns: fakeSns(() => Promise.reject(throttled)).client, pinpoint: unusedPinpoint });
    await expect(carrier.send(text())).rejects.toBe(throttled);
  });
});

describe('SnsSmsCarrier.lookup', () => {
  it.each([
    ['MOBILE', 'mobile'],
    ['PREPAID', 'mobile'],
    ['VOIP', 'voip'],
    ['LANDLINE', 'landline'],
    ['INVALID', 'error'],
    ['OTHER', 'error'],
  ])('reads Pinpoint PhoneType %s as %s', async (phoneType, line) => {
    const pinpoint = fakePinpoint(() => phoneType);
    const carrier = new SnsSmsCarrier({ sns: unusedSns, pinpoint: pinpoint.client });
    expect(await carrier.lookup(CUSTOMER)).toBe(line);
    expect(pinpoint.commands.map((c) => c.input)).toEqual([{ NumberValidateRequest: { PhoneNumber: CUSTOMER } }]);
  });

  it('asks Pinpoint about a number once a day', async () => {
    // Prepare
    let now = Date.parse('2026-03-01T09:00:00Z');
    const pinpoint = fakePinpoint(() => 'VOIP');
    const carrier = new SnsSmsCarrier({ sns: unusedSns, pinpoint: pinpoint.client, now: () => now });
    // Act
    await carrier.lookup(CUSTOMER);
    now += 23 * 60 * 60 * 1000;
    const withinTheDay = await carrier.lookup(CUSTOMER);
    const otherNumber = await carrier.lookup('+16175550999');
    now += 60 * 60 * 1000 + 1;
    const nextDay = await carrier.lookup(CUSTOMER);
    // Assess
    expect([withinTheDay, otherNumber, nextDay]).toEqual(['voip', 'voip', 'voip']);
    expect(pinpoint.commands.map((c) => c.input.NumberValidateRequest?.PhoneNumber)).toEqual([CUSTOMER, '+16175550999', CUSTOMER]);
  });

  it('answers error when Pinpoint fails, and asks again next time', async () => {
    let fails = true;
    const pinpoint = fakePinpoint(() => (fails ? Promise.reject(awsError('TooManyRequestsException')) : 'MOBILE'));
    const carrier = new SnsSmsCarrier({ sns: unusedSns, pinpoint: pinpoint.client });
    expect(await carrier.lookup(CUSTOMER)).toBe('error');
    fails = false;
    expect(await carrier.lookup(CUSTOMER)).toBe('mobile');
    expect(pinpoint.commands).toHaveLength(2);
  });
});

describe('LocalSmsCarrier against the local carrier', () => {
  let server: Server;
  let url: string;
  const published: string[] = [];
  const local = new Carrier(new CarrierStore(null), async (topic) => {
    published.push(topic);
    return null;
  });

  beforeAll(async () => {
    server = createServer((req, res) => void handleDev(req, res, local));
    server.listen(0);
    await once(server, 'listening');
    url = `http://localhost:${(server.address() as AddressInfo).port}/dev/carrier`;
  });
  afterAll(async () => {
    await local.stop();
    server.close();
  });

  it('hands the text over and answers the carrier id, which is the message id', async () => {
    const carrier = new LocalSmsCarrier(url);
    const answer = await carrier.send(text({ messageId: 'local-1', media: ['https://cdn.example/a.jpg'] }));
    expect(answer).toEqual({ carrierMessageId: 'local-1' });
    expect(local.textsTo(CUSTOMER)[0]).toMatchObject({ message_id: 'local-1', from: DEALER, text: 'Your vehicle is ready', media: ['https://cdn.example/a.jpg'] });
  });

  it('gets the first answer, and no second text, for a repeated send of the same attempt (the id is its dedup key)', async () => {
    const carrier = new LocalSmsCarrier(url);
    const first = await carrier.send(text({ messageId: 'local-2' }));
    const repeated = await carrier.send(text({ messageId: 'local-2' }));
    expect(carrier.dedupesSends).toBe(true);
    expect([first.carrierMessageId, repeated.carrierMessageId]).toEqual(['local-2', 'local-2']);
    expect(local.textsTo(CUSTOMER).filter((t) => t.message_id === 'local-2')).toHaveLength(1);
  });

  it('fails (not refuses) a text while the carrier is down, so it ends `not sent` and may be retried', async () => {
    const carrier = new LocalSmsCarrier(url);
    local.setOutage({ on: true });
    try {
      const sending = carrier.send(text({ messageId: 'local-down' }));
      await expect(sending).rejects.toThrow('answered 503');
      await expect(sending).rejects.not.toBeInstanceOf(CarrierRefused);
    } finally {
      local.setOutage({ on: false });
    }
  });

  it('answers a text to something that is not a phone number with a refusal', async () => {
    const carrier = new LocalSmsCarrier(url);
    await expect(carrier.send(text({ messageId: 'local-3', to: 'not-a-number' }))).rejects.toMatchObject({ name: 'CarrierRefused', code: 'INVALID' });
  });

  it('reads line types by the carrier’s convention and by what was set', async () => {
    const carrier = new LocalSmsCarrier(url);
    const put = await fetch(`${url}/lookup`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '+16175550777', type: 'voip' }) });
    expect(put.status).toBe(200);
    expect(await carrier.lookup('+16175550142')).toBe('landline');
    expect(await carrier.lookup('+16175550250')).toBe('voip');
    expect(await carrier.lookup(CUSTOMER)).toBe('mobile');
    expect(await carrier.lookup('+16175550777')).toBe('voip');
  });

  it('answers error for a lookup, and fails a send, when the carrier cannot be reached', async () => {
    const carrier = new LocalSmsCarrier('http://localhost:9/dev/carrier');
    expect(await carrier.lookup(CUSTOMER)).toBe('error');
    const failure = await carrier.send(text()).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(CarrierRefused);
  });
});

describe('smsCarrier', () => {
  const transport = process.env.SMS_TRANSPORT;
  afterEach(() => {
    if (transport === undefined) delete process.env.SMS_TRANSPORT;
    else process.env.SMS_TRANSPORT = transport;
    setSmsCarrierForTests(undefined);
  });

  it('is the local carrier with SMS_TRANSPORT=local and SNS otherwise, made once', () => {
    process.env.SMS_TRANSPORT = 'local';
    setSmsCarrierForTests(undefined);
    expect(smsCarrier()).toBeInstanceOf(LocalSmsCarrier);
    expect(smsCarrier()).toBe(smsCarrier());

    delete process.env.SMS_TRANSPORT;
    setSmsCarrierForTests(undefined);
    expect(smsCarrier()).toBeInstanceOf(SnsSmsCarrier);
  });

  it('can be replaced in tests', () => {
    const fake: SmsCarrier = { send: async () => ({ carrierMessageId: 'fake' }), lookup: async () => 'landline' };
    setSmsCarrierForTests(fake);
    expect(smsCarrier()).toBe(fake);
  });
});
