import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SNSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarrierTopic } from '../../functions/areas.js';
import { Carrier, CarrierError, CarrierStore, messageKeyword, receiptEvent, type DeliveryStatus } from '../../infra/local/carrier.js';

/** A carrier whose topics are recorded instead of delivered to a Lambda. */
function carrierWithTopics(file: string | null = null) {
  const published: { topic: CarrierTopic; event: SNSEvent }[] = [];
  const carrier = new Carrier(new CarrierStore(file), async (topic, event) => {
    published.push({ topic, event });
    return { handled: topic };
  });
  return { carrier, published };
}

const DEALER = '+16175550100';
const CUSTOMER = '+15555550123';

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

  it('refuses a second text with the same message id', async () => {
    const { carrier } = carrierWithTopics();
    await carrier.recordText({ message_id: 'dup', from: DEALER, to: CUSTOMER, text: 'a' });
    await expect(carrier.recordText({ message_id: 'dup', from: DEALER, to: CUSTOMER, text: 'b' })).rejects.toMatchObject({ status: 409 });
  });
});
