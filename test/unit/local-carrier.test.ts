import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SNSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarrierTopic } from '../../functions/areas.js';
import {
  Carrier,
  CarrierError,
  CarrierStore,
  lineTypeByConvention,
  messageKeyword,
  receiptEvent,
  type CarrierOptions,
  type DeliveryStatus,
} from '../../infra/local/carrier.js';

/** A carrier whose topics are recorded instead of delivered to a Lambda. */
function carrierWithTopics(file: string | null = null, options: CarrierOptions = {}) {
  const published: { topic: CarrierTopic; event: SNSEvent }[] = [];
  const carrier = new Carrier(
    new CarrierStore(file),
    async (topic, event) => {
      published.push({ topic, event });
      return { handled: topic };
    },
    options,
  );
  return { carrier, published };
}

/** The receipts published so far, as [messageId, eventType, description]. */
function receipts(published: { topic: CarrierTopic; event: SNSEvent }[]): [string, string, string][] {
  return published
    .filter((p) => p.topic === 'delivery_receipts')
    .map((p) => JSON.parse(p.event.Records[0]!.Sns.Message) as { messageId: string; eventType: string; messageStatusDescription: string })
    .map((m) => [m.messageId, m.eventType, m.messageStatusDescription]);
}

const DEALER = '+16175550100';
const CUSTOMER = '+16175550342';
const LANDLINE = '+16175550142';
const FAST = { sent: 5, delivered: 15 };

describe('Carrier inbound texts', () => {
  it('publishes a reply to inbound_sms as an SNS event carrying End User Messaging JSON', async () => {
    // Prepare: the dealership texted the customer earlier.
    const { carrier, published } = carrierWithTopics();
    const earlier = await carrier.recordText({ from: DEALER, to: CUSTOMER, text: 'Your car is ready' });
    // Act
    const { result } = await carrier.receiveText({ from: CUSTOMER, to: DEALER, text: 'On my way' });
    // Assess
    expect(result).toEqual({ handled: 'inbound_sms' });
    expect(published).toHaveLength(1);
    const record = published[0]!.event.Records[0]!;
    expect(record).toMatchObject({ EventSource: 'aws:sns', EventVersion: '1.0' });
    expect(record.EventSubscriptionArn).toMatch(/^arn:aws:sns:us-east-1:000000000000:inbound_sms:[0-9a-f-]{36}$/);
    expect(record.Sns).toMatchObject({ Type: 'Notification', TopicArn: 'arn:aws:sns:us-east-1:000000000000:inbound_sms', MessageAttributes: {} });
    expect(JSON.parse(record.Sns.Message)).toEqual({
      originationNumber: CUSTOMER,
      destinationNumber: DEALER,
      messageKeyword: 'KEYWORD_000000000000',
      messageBody: 'On my way',
      inboundMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      previousPublishedMessageId: earlier.message_id,
    });
    expect(carrier.conversation(CUSTOMER).map((t) => [t.direction, t.text])).toEqual([
      ['outbound', 'Your car is ready'],
      ['inbound', 'On my way'],
    ]);
  });

  it('names a registered keyword the reply starts with', () => {
    expect(messageKeyword('stop please')).toBe('STOP');
    expect(messageKeyword(' HELP')).toBe('HELP');
    expect(messageKeyword('Stopping by at 5')).toBe('KEYWORD_000000000000');
  });
});

describe('Carrier delivery receipts', () => {
  it('maps each delivery status to the End User Messaging event it stands for', () => {
    const expected: Record<DeliveryStatus, [string, boolean]> = {
      queued: ['TEXT_QUEUED', false],
      accepted: ['TEXT_PENDING', false],
      sent: ['TEXT_SUCCESSFUL', false],
      delivered: ['TEXT_DELIVERED', true],
      undelivered: ['TEXT_UNREACHABLE', true],
      'not sent': ['TEXT_INVALID', true],
    };
    for (const [status, [eventType, isFinal]] of Object.entries(expected)) {
      expect(receiptEvent(status as DeliveryStatus), status).toMatchObject({ eventType, isFinal });
    }
  });

  it('lets a failure name the carrier reason, and keeps an unknown code in the description', () => {
    expect(receiptEvent('undelivered', 'carrier_blocked')).toMatchObject({ eventType: 'TEXT_CARRIER_BLOCKED', isFinal: true });
    expect(receiptEvent('undelivered', 'TEXT_CARRIER_UNREACHABLE')).toMatchObject({ eventType: 'TEXT_CARRIER_UNREACHABLE', isFinal: false });
    expect(receiptEvent('not sent', 'landline')).toMatchObject({ eventType: 'TEXT_INVALID' });
    expect(receiptEvent('undelivered', 30008)).toEqual({ eventType: 'TEXT_UNKNOWN', isFinal: true, description: 'Unknown error (code 30008)' });
    expect(receiptEvent('delivered', 'SPAM')).toMatchObject({ eventType: 'TEXT_DELIVERED' });
  });

  it('publishes the receipt for a text it carried, with that text’s numbers and id', async () => {
    const { carrier, published } = carrierWithTopics();
    const text = await carrier.recordText({ message_id: 'msg-1', from: DEALER, to: CUSTOMER, text: 'Ready ✅' });
    await carrier.deliveryReceipt({ message_id: 'msg-1', status: 'delivered' });
    expect(published[0]!.topic).toBe('delivery_receipts');
    expect(JSON.parse(published[0]!.event.Records[0]!.Sns.Message)).toMatchObject({
      eventType: 'TEXT_DELIVERED',
      messageStatus: 'DELIVERED',
      isFinal: true,
      messageId: 'msg-1',
      originationPhoneNumber: DEALER,
      destinationPhoneNumber: CUSTOMER,
      messageEncoding: 'UCS2',
      totalMessageParts: 1,
      messageRequestTimestamp: Date.parse(text.at),
    });
    expect(carrier.textsTo(CUSTOMER)[0]?.status).toBe('delivered');
  });

  it('refuses a receipt for a text it never carried', async () => {
    const { carrier, published } = carrierWithTopics();
    await expect(carrier.deliveryReceipt({ message_id: 'nope', status: 'sent' })).rejects.toBeInstanceOf(CarrierError);
    expect(published).toHaveLength(0);
  });
});

describe('Carrier outbox', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists mail newest first by recipient, and keeps mail and texts in carrier.json across restarts', async () => {
    dir = mkdtempSync(join(tmpdir(), 'carrier-'));
    const file = join(dir, 'carrier.json');
    const first = carrierWithTopics(file).carrier;
    await first.recordMail({ to: 'HR@demo.example', subject: 'One', text: 'first' });
    await first.recordMail({ to: 'other@demo.example', subject: 'Other', text: '-' });
    await first.recordMail({ to: 'hr@demo.example', subject: 'Two', text: 'second' });
    await first.recordText({ from: DEALER, to: CUSTOMER, text: 'Hi' });
    await first.store.flushed();

    const restarted = carrierWithTopics(file).carrier;
    expect(restarted.mailbox('hr@demo.example').map((m) => m.subject)).toEqual(['Two', 'One']);
    expect(restarted.mailbox()).toHaveLength(3);
    expect(restarted.textsTo(CUSTOMER).map((t) => t.text)).toEqual(['Hi']);
    expect(restarted.phones()).toEqual([CUSTOMER]);
  });

  it('answers a resend of the same message id with the first answer and texts nothing more (an idempotency key)', async () => {
    const { carrier, published } = carrierWithTopics();
    const first = await carrier.recordText({ message_id: 'dup', from: DEALER, to: CUSTOMER, text: 'a' });
    const second = await carrier.recordText({ message_id: 'dup', from: DEALER, to: CUSTOMER, text: 'a' });
    const resend = await carrier.recordText({ message_id: 'dup-1', from: DEALER, to: CUSTOMER, text: 'a' });
    await carrier.deliveryReceipt({ message_id: 'dup', status: 'delivered' });
    expect([first.message_id, second.message_id, resend.message_id]).toEqual(['dup', 'dup', 'dup-1']);
    expect(second).toEqual(first);
    expect(receipts(published).map(([id]) => id)).toEqual(['dup']);
    expect(carrier.textsTo(CUSTOMER).map((t) => [t.message_id, t.status])).toEqual([
      ['dup-1', undefined],
      ['dup', 'delivered'],
    ]);
  });

  it('answers texts 503 and keeps none while the outage switch is on, for all numbers or one', async () => {
    const { carrier } = carrierWithTopics();
    const other = '+16175559876';
    carrier.setOutage({ on: true });
    await expect(carrier.recordText({ message_id: 'down', from: DEALER, to: CUSTOMER, text: 'a' })).rejects.toMatchObject({ status: 503, id: 'carrier_unavailable' });
    carrier.setOutage({ on: false });
    expect(carrier.setOutage({ on: true, phone: CUSTOMER })).toEqual({ on: false, phones: [CUSTOMER] });
    await expect(carrier.recordText({ message_id: 'down', from: DEALER, to: CUSTOMER, text: 'a' })).rejects.toMatchObject({ status: 503 });
    await carrier.recordText({ message_id: 'elsewhere', from: DEALER, to: other, text: 'a' });
    carrier.setOutage({ on: false, phone: CUSTOMER });
    const text = await carrier.recordText({ message_id: 'down', from: DEALER, to: CUSTOMER, text: 'a' });
    expect(text.message_id).toBe('down');
    expect(carrier.textsTo(CUSTOMER)).toHaveLength(1);
    expect(carrier.textsTo(other)).toHaveLength(1);
  });

  it('refuses a text to something that is not a phone number, and keeps nothing', async () => {
    const { carrier } = carrierWithTopics();
    await expect(carrier.recordText({ from: DEALER, to: '12345', text: 'a' })).rejects.toMatchObject({ status: 422, id: 'INVALID' });
    expect(carrier.phones()).toEqual([]);
  });
});

describe('Carrier line types', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['+16175550142', 'landline'],
    ['+1 617 555 0100', 'landline'],
    ['+16175550199', 'landline'],
    ['+16175550200', 'voip'],
    ['+16175550250', 'voip'],
    ['+16175550299', 'voip'],
    ['+16175550099', 'mobile'],
    ['+16175550300', 'mobile'],
    ['+15555550123', 'landline'],
    ['+15555550342', 'mobile'],
    ['+447700900456', 'mobile'],
    ['12345', 'error'],
    ['call me', 'error'],
    ['+1617555014299999', 'error'],
  ])('gives %s the line type %s by convention', (phone, type) => {
    expect(lineTypeByConvention(phone)).toBe(type);
  });

  it('lets a number be set to another line type, also when asked with a + read as a space, and keeps it across restarts', async () => {
    dir = mkdtempSync(join(tmpdir(), 'carrier-'));
    const file = join(dir, 'carrier.json');
    const { carrier } = carrierWithTopics(file);
    expect(carrier.lineType(CUSTOMER)).toBe('mobile');
    await carrier.setLineType({ phone: CUSTOMER, type: 'landline' });
    await carrier.store.flushed();
    const restarted = carrierWithTopics(file).carrier;
    expect(restarted.lineType(CUSTOMER)).toBe('landline');
    expect(restarted.lineType(' 16175550342')).toBe('landline');
  });

});

describe('Carrier automatic receipts', () => {
  it('answers a text to a landline with a not-sent LANDLINE receipt, even without automatic receipts', async () => {
    const { carrier, published } = carrierWithTopics(null, { receiptDelays: FAST });
    const text = await carrier.recordText({ message_id: 'to-landline', from: DEALER, to: LANDLINE, text: 'Hello' });
    await carrier.settled();
    expect(receipts(published)).toEqual([[text.message_id, 'TEXT_INVALID', 'The destination is a landline and cannot receive texts']]);
    expect(carrier.textsTo(LANDLINE)[0]).toMatchObject({ text: 'Hello', status: 'not sent', error_code: 'LANDLINE' });
  });

  it('publishes sent and then delivered for a text to a mobile, a little after keeping it', async () => {
    // Prepare
    const { carrier, published } = carrierWithTopics(null, { autoReceipts: true, receiptDelays: FAST });
    // Act
    const text = await carrier.recordText({ message_id: 'auto-1', from: DEALER, to: CUSTOMER, text: 'Ready' });
    const rightAway = receipts(published);
    await carrier.settled();
    // Assess
    expect(rightAway).toEqual([]);
    expect(receipts(published).map(([id, type]) => [id, type])).toEqual([
      [text.message_id, 'TEXT_SUCCESSFUL'],
      [text.message_id, 'TEXT_DELIVERED'],
    ]);
    expect(carrier.textsTo(CUSTOMER)[0]?.status).toBe('delivered');
  });

  it('publishes none when a receipt for the text was injected first', async () => {
    const { carrier, published } = carrierWithTopics(null, { autoReceipts: true, receiptDelays: FAST });
    await carrier.recordText({ message_id: 'auto-2', from: DEALER, to: CUSTOMER, text: 'Ready' });
    await carrier.deliveryReceipt({ message_id: 'auto-2', status: 'undelivered', error_code: 'CARRIER_BLOCKED' });
    await carrier.settled();
    expect(receipts(published).map(([id, type]) => [id, type])).toEqual([['auto-2', 'TEXT_CARRIER_BLOCKED']]);
    expect(carrier.textsTo(CUSTOMER)[0]).toMatchObject({ status: 'undelivered', error_code: 'CARRIER_BLOCKED' });
  });

  it('publishes none without automatic receipts', async () => {
    const { carrier, published } = carrierWithTopics(null, { receiptDelays: FAST });
    await carrier.recordText({ message_id: 'manual', from: DEALER, to: CUSTOMER, text: 'Ready' });
    await carrier.settled();
    await new Promise((resolve) => setTimeout(resolve, FAST.delivered + 10));
    expect(receipts(published)).toEqual([]);
  });

  it('drops the receipts still to come when stopped', async () => {
    const { carrier, published } = carrierWithTopics(null, { autoReceipts: true, receiptDelays: { sent: 1000, delivered: 2000 } });
    await carrier.recordText({ message_id: 'stopping', from: DEALER, to: CUSTOMER, text: 'Ready' });
    await carrier.stop();
    await carrier.settled();
    expect(receipts(published)).toEqual([]);
  });

  it('keeps going with the next text when a receipt cannot be delivered to the topic', async () => {
    // Prepare: the subscriber fails once.
    let failures = 1;
    const delivered: string[] = [];
    const carrier = new Carrier(
      new CarrierStore(null),
      async (_topic, event) => {
        if (failures-- > 0) throw new Error('handler down');
        delivered.push((JSON.parse(event.Records[0]!.Sns.Message) as { eventType: string }).eventType);
        return null;
      },
      { receiptDelays: FAST },
    );
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      // Act
      await carrier.recordText({ from: DEALER, to: LANDLINE, text: 'one' });
      await carrier.settled();
      await carrier.recordText({ from: DEALER, to: LANDLINE, text: 'two' });
      await carrier.settled();
    } finally {
      console.error = original;
    }
    // Assess
    expect(errors).toHaveLength(1);
    expect(delivered).toEqual(['TEXT_INVALID']);
  });
});
