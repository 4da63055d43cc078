/**
 * The local carrier: what AWS End User Messaging SMS, SNS and SES are for the deployed console.
 * It keeps every outbound e-mail and text (so a person, on the dev pages, and the tests can read
 * them) and delivers a customer's reply and the delivery receipts to the inbound Lambda as the
 * SNS topics would: a standard SNS event whose message is End User Messaging's JSON.
 *
 * Unlike SNS, which invokes the subscriber asynchronously, the carrier awaits the handler, so
 * when an inbound POST returns the reply has been processed (tests rely on that).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { SNSEvent } from 'aws-lambda';
import { z } from 'zod';
import type { CarrierTopic } from '../../functions/areas.js';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './lambda-event.js';

export const DELIVERY_STATUSES = ['queued', 'accepted', 'sent', 'delivered', 'undelivered', 'not sent'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const mailInput = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  from: z.string().optional(),
});
export type MailInput = z.infer<typeof mailInput>;

export const smsInput = z.object({
  message_id: z.string().min(1).optional(),
  from: z.string().min(1),
  to: z.string().min(1),
  text: z.string(),
  media: z.array(z.string()).optional(),
});
export type SmsInput = z.infer<typeof smsInput>;

export const inboundInput = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  text: z.string(),
});
export type InboundInput = z.infer<typeof inboundInput>;

export const receiptInput = z.object({
  message_id: z.string().min(1),
  status: z.enum(DELIVERY_STATUSES),
  error_code: z.union([z.string(), z.number()]).optional(),
});
export type ReceiptInput = z.infer<typeof receiptInput>;

export interface MailRecord {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  received_at: string;
}

export interface SmsRecord {
  message_id: string;
  /** outbound: the console texted `to`; inbound: `from` (a customer) replied. */
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  text: string;
  media: string[];
  at: string;
  /** Last delivery receipt the carrier published for an outbound text. */
  status?: DeliveryStatus;
  status_at?: string;
}

interface StoredCarrier {
  mail: MailRecord[];
  sms: SmsRecord[];
}

/** Keeps the outbox from growing without end on a long-lived data dir. */
const KEEP = 5000;

/** In memory, and in `<dataDir>/carrier.json` when a file is given (written atomically, in order). */
export class CarrierStore {
  private data: StoredCarrier = { mail: [], sms: [] };
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string | null) {
    if (file && existsSync(file)) {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredCarrier>;
        this.data = { mail: parsed.mail ?? [], sms: parsed.sms ?? [] };
      } catch (err) {
        console.warn(`[carrier] ignoring unreadable ${file}: ${(err as Error).message}`);
      }
    }
  }

  get mail(): readonly MailRecord[] {
    return this.data.mail;
  }

  get sms(): readonly SmsRecord[] {
    return this.data.sms;
  }

  addMail(record: MailRecord): Promise<void> {
    this.data.mail = [...this.data.mail, record].slice(-KEEP);
    return this.persist();
  }

  addSms(record: SmsRecord): Promise<void> {
    this.data.sms = [...this.data.sms, record].slice(-KEEP);
    return this.persist();
  }

  updateSms(messageId: string, change: Partial<SmsRecord>): Promise<void> {
    this.data.sms = this.data.sms.map((record) => (record.message_id === messageId ? { ...record, ...change } : record));
    return this.persist();
  }

  /** Resolves once everything written so far is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const snapshot = JSON.stringify(this.data);
    this.writing = this.writing.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, snapshot);
      await rename(temporary, file);
    });
    return this.writing;
  }
}

/** Delivers an SNS event to the topic's subscriber (the Lambda of CARRIER_TOPICS) and answers its result. */
export type PublishToTopic = (topic: CarrierTopic, event: SNSEvent) => Promise<unknown>;

export function topicArn(topic: CarrierTopic): string {
  return `arn:aws:sns:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${topic}`;
}

/** The event SNS gives a subscribed Lambda for one published message. */
export function snsEvent(topic: CarrierTopic, message: string, now = new Date()): SNSEvent {
  const arn = topicArn(topic);
  return {
    Records: [
      {
        EventVersion: '1.0',
        EventSource: 'aws:sns',
        EventSubscriptionArn: `${arn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: arn,
          Message: message,
          Timestamp: now.toISOString(),
          SignatureVersion: '1',
          Signature: 'bG9jYWwgY2Fycmllcg==',
          SigningCertUrl: `https://sns.${LOCAL_REGION}.amazonaws.com/SimpleNotificationService-local.pem`,
          UnsubscribeUrl: `https://sns.${LOCAL_REGION}.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${arn}`,
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** End User Messaging's two-way SMS payload (the SNS message of an inbound text). */
export interface InboundSmsMessage {
  originationNumber: string;
  destinationNumber: string;
  messageKeyword: string;
  messageBody: string;
  inboundMessageId: string;
  previousPublishedMessageId: string;
}

/** End User Messaging's SMS event record (the SNS message of a delivery receipt). */
export interface DeliveryReceiptMessage {
  eventType: string;
  eventVersion: '1.0';
  eventTimestamp: number;
  isFinal: boolean;
  originationPhoneNumber: string;
  destinationPhoneNumber: string;
  isoCountryCode: string;
  isInternationalSend: boolean;
  messageId: string;
  messageRequestTimestamp: number;
  messageEncoding: 'GSM' | 'UCS2';
  messageType: 'TRANSACTIONAL';
  messageStatus: string;
  messageStatusDescription: string;
  totalMessageParts: number;
  totalMessagePrice: number;
  totalCarrierFee: number;
}

/** Keywords End User Messaging recognises by default (opt-out, help, opt-in). */
const KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT-OUT', 'REMOVE', 'ARRET', 'TD', 'REVOKE', 'HELP', 'START', 'UNSTOP', 'YES'];

/** The registered keyword a message starts with; otherwise the account's default keyword. */
export function messageKeyword(text: string): string {
  const first = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return KEYWORDS.includes(first) ? first : `KEYWORD_${LOCAL_ACCOUNT_ID}`;
}

/**
 * Our delivery statuses in End User Messaging's terms. Failures may name the carrier's reason in
 * `error_code` (e.g. CARRIER_BLOCKED, SPAM, INVALID — with or without the TEXT_ prefix); any other
 * code is an unknown error that carries the code in its description.
 */
const STATUS_EVENTS: Record<DeliveryStatus, { eventType: string; isFinal: boolean; description: string }> = {
  queued: { eventType: 'TEXT_QUEUED', isFinal: false, description: 'Message is queued for delivery' },
  accepted: { eventType: 'TEXT_PENDING', isFinal: false, description: 'Message is being delivered' },
  sent: { eventType: 'TEXT_SUCCESSFUL', isFinal: false, description: 'Message has been accepted by phone carrier' },
  delivered: { eventType: 'TEXT_DELIVERED', isFinal: true, description: 'Message has been delivered to the handset' },
  undelivered: { eventType: 'TEXT_UNREACHABLE', isFinal: true, description: 'The handset is unreachable' },
  'not sent': { eventType: 'TEXT_INVALID', isFinal: true, description: 'The destination phone number is not valid' },
};

const FAILURE_EVENTS: Record<string, string> = {
  BLOCKED: 'The handset or its carrier blocks messages to this number',
  TTL_EXPIRED: 'The message expired before it could be delivered',
  CARRIER_UNREACHABLE: 'The carrier network is temporarily unreachable',
  INVALID: 'The destination phone number is not valid',
  INVALID_MESSAGE: 'The message body is not valid',
  CARRIER_BLOCKED: 'The carrier blocked the message',
  UNREACHABLE: 'The handset is unreachable',
  SPAM: 'The carrier identified the message as spam',
  UNKNOWN: 'The message could not be delivered',
  LANDLINE: 'The destination is a landline and cannot receive texts',
};

export function receiptEvent(status: DeliveryStatus, errorCode?: string | number): { eventType: string; isFinal: boolean; description: string } {
  const base = STATUS_EVENTS[status];
  const failed = status === 'undelivered' || status === 'not sent';
  if (!failed || errorCode === undefined) return base;
  const code = String(errorCode).toUpperCase().replace(/^TEXT_/, '');
  if (code === 'LANDLINE') return { eventType: 'TEXT_INVALID', isFinal: true, description: FAILURE_EVENTS.LANDLINE! };
  const known = FAILURE_EVENTS[code];
  if (known) return { eventType: `TEXT_${code}`, isFinal: code !== 'CARRIER_UNREACHABLE', description: known };
  return { eventType: 'TEXT_UNKNOWN', isFinal: true, description: `Unknown error (code ${errorCode})` };
}

/** GSM 03.38 basic characters; anything else makes a text UCS-2 (shorter parts). */
const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

function encodingOf(text: string): { encoding: 'GSM' | 'UCS2'; parts: number } {
  const gsm = GSM.test(text);
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const length = [...text].length;
  return { encoding: gsm ? 'GSM' : 'UCS2', parts: length <= single ? 1 : Math.ceil(length / multi) };
}

export class CarrierError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

export class Carrier {
  constructor(
    readonly store: CarrierStore,
    private readonly publish: PublishToTopic,
  ) {}

  async recordMail(input: MailInput): Promise<MailRecord> {
    const record: MailRecord = {
      id: randomUUID(),
      to: input.to.trim().toLowerCase(),
      from: input.from ?? 'no-reply@example.com',
      subject: input.subject,
      text: input.text,
      received_at: new Date().toISOString(),
    };
    await this.store.addMail(record);
    return record;
  }

  /** Newest first; every message when `to` is not given. */
  mailbox(to?: string): MailRecord[] {
    const address = to?.trim().toLowerCase();
    return this.store.mail.filter((mail) => !address || mail.to === address).toReversed();
  }

  /** An outbound text, as the console's SMS adapter hands it to the carrier. */
  async recordText(input: SmsInput): Promise<SmsRecord> {
    const record: SmsRecord = {
      message_id: input.message_id ?? randomUUID(),
      direction: 'outbound',
      from: input.from,
      to: input.to,
      text: input.text,
      media: input.media ?? [],
      at: new Date().toISOString(),
    };
    if (this.store.sms.some((sms) => sms.message_id === record.message_id)) {
      throw new CarrierError(409, 'duplicate_message_id', `Message ${record.message_id} was already sent`);
    }
    await this.store.addSms(record);
    return record;
  }

  /** Texts the phone received, newest first. */
  textsTo(phone: string): SmsRecord[] {
    return this.store.sms.filter((sms) => sms.direction === 'outbound' && sms.to === phone).toReversed();
  }

  /** Both sides of the phone's exchanges, oldest first, as a phone shows them. */
  conversation(phone: string): SmsRecord[] {
    return this.store.sms.filter((sms) => (sms.direction === 'outbound' ? sms.to : sms.from) === phone);
  }

  /** Phones that received texts, most recent first. */
  phones(): string[] {
    const seen = new Set<string>();
    for (const sms of this.store.sms.toReversed()) seen.add(sms.direction === 'outbound' ? sms.to : sms.from);
    return [...seen];
  }

  /** A customer's text to one of the dealership's numbers: published to the inbound_sms topic. */
  async receiveText(input: InboundInput): Promise<{ record: SmsRecord; message: InboundSmsMessage; result: unknown }> {
    const previous = this.store.sms.findLast((sms) => sms.direction === 'outbound' && sms.to === input.from && sms.from === input.to);
    const record: SmsRecord = {
      message_id: randomUUID(),
      direction: 'inbound',
      from: input.from,
      to: input.to,
      text: input.text,
      media: [],
      at: new Date().toISOString(),
    };
    await this.store.addSms(record);
    const message: InboundSmsMessage = {
      originationNumber: input.from,
      destinationNumber: input.to,
      messageKeyword: messageKeyword(input.text),
      messageBody: input.text,
      inboundMessageId: record.message_id,
      previousPublishedMessageId: previous?.message_id ?? '',
    };
    const result = await this.publish('inbound_sms', snsEvent('inbound_sms', JSON.stringify(message)));
    return { record, message, result };
  }

  /** A delivery receipt for an outbound text: published to the delivery_receipts topic. */
  async deliveryReceipt(input: ReceiptInput): Promise<{ message: DeliveryReceiptMessage; result: unknown }> {
    const sent = this.store.sms.find((sms) => sms.message_id === input.message_id && sms.direction === 'outbound');
    if (!sent) throw new CarrierError(404, 'not_found', `No outbound text ${input.message_id}`);
    const event = receiptEvent(input.status, input.error_code);
    const { encoding, parts } = encodingOf(sent.text);
    const message: DeliveryReceiptMessage = {
      eventType: event.eventType,
      eventVersion: '1.0',
      eventTimestamp: Date.now(),
      isFinal: event.isFinal,
      originationPhoneNumber: sent.from,
      destinationPhoneNumber: sent.to,
      isoCountryCode: 'US',
      isInternationalSend: false,
      messageId: sent.message_id,
      messageRequestTimestamp: Date.parse(sent.at),
      messageEncoding: encoding,
      messageType: 'TRANSACTIONAL',
      messageStatus: event.eventType.replace(/^TEXT_/, ''),
      messageStatusDescription: event.description,
      totalMessageParts: parts,
      totalMessagePrice: 0,
      totalCarrierFee: 0,
    };
    await this.store.updateSms(sent.message_id, { status: input.status, status_at: new Date().toISOString() });
    const result = await this.publish('delivery_receipts', snsEvent('delivery_receipts', JSON.stringify(message)));
    return { message, result };
  }
}
