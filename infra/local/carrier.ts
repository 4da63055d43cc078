/**
 * The local carrier: what AWS End User Messaging SMS, SNS and SES are for the deployed console.
 * It keeps every outbound e-mail and text (so a person, on the dev pages, and the tests can read
 * them) and delivers a customer's reply and the delivery receipts to the inbound Lambda as the
 * SNS topics would: a standard SNS event whose message is End User Messaging's JSON.
 *
 * Unlike SNS, which invokes the subscriber asynchronously, the carrier awaits the handler, so
 * when an inbound POST returns the reply has been processed (tests rely on that).
 *
 * Like AWS's simulator numbers, the local carrier has a convention for what kind of line a
 * number is (`lineTypeByConvention`): subscriber numbers ending 0100–0199 are landlines, 0200–0299
 * VoIP, anything else mobile; a number set with `setLineType` overrides it. A text to a landline
 * is kept and answered with a 'not sent' receipt (LANDLINE); a text to a number that is not one
 * is refused. With `autoReceipts`, every other text is followed by 'sent' and 'delivered'
 * receipts, as the receipts topic would publish them, unless a receipt is injected first.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SNSEvent } from 'aws-lambda';
import { z } from 'zod';
import type { CarrierTopic } from '../../functions/areas.js';
import type { LineType } from '../../shared/customers.js';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './lambda-event.js';

export const DELIVERY_STATUSES = ['queued', 'accepted', 'sent', 'delivered', 'undelivered', 'not sent'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const mailInput = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  from: z.string().optional(),
  attachments: z.array(z.object({ file_name: z.string().min(1), content_type: z.string().min(1), content_base64: z.string() })).optional(),
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

/** The fault switch: the whole carrier down, or (with `phone`) only texts to that number (tests share one carrier). */
export const outageInput = z.object({ on: z.boolean(), phone: z.string().min(1).optional() });
export type OutageInput = z.infer<typeof outageInput>;

export const LINE_TYPES = ['mobile', 'voip', 'landline', 'error'] as const satisfies readonly LineType[];

export const lineTypeInput = z.object({
  phone: z.string().min(1),
  type: z.enum(LINE_TYPES),
});
export type LineTypeInput = z.infer<typeof lineTypeInput>;

export interface MailRecord {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report), base64 as they came. */
  attachments?: { file_name: string; content_type: string; content_base64: string }[];
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
  /** The failure reason that receipt named (LANDLINE, CARRIER_BLOCKED, …). */
  error_code?: string;
}

interface StoredCarrier {
  mail: MailRecord[];
  sms: SmsRecord[];
  /** Line types set by hand (PUT /dev/carrier/lookup), by `phoneKey`. */
  lines: Record<string, LineType>;
}

/** Keeps the outbox from growing without end on a long-lived data dir. */
const KEEP = 5000;

/** In memory, and in `<dataDir>/carrier.json` when a file is given (written atomically, in order). */
export class CarrierStore {
  private data: StoredCarrier = { mail: [], sms: [], lines: {} };
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string | null) {
    if (file && existsSync(file)) {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredCarrier>;
        this.data = { mail: parsed.mail ?? [], sms: parsed.sms ?? [], lines: parsed.lines ?? {} };
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

  get lines(): Readonly<Record<string, LineType>> {
    return this.data.lines;
  }

  setLine(key: string, type: LineType): Promise<void> {
    this.data.lines = { ...this.data.lines, [key]: type };
    return this.persist();
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

/** The key a number's line type is kept under: its digits after a `+` (a `+` in a query reads as a space). */
export function phoneKey(phone: string): string {
  return `+${phone.replace(/\D/g, '')}`;
}

/**
 * The local carrier's rule for a number it has no line type for: by the last four digits (the
 * subscriber number of a North American number), 0100–0199 landline and 0200–0299 VoIP, like
 * +1 617 555 0142 and +1 617 555 0250; anything else that is an E.164-like number (8 to 15
 * digits) mobile, and anything else no number at all ('error').
 */
export function lineTypeByConvention(phone: string): LineType {
  if (!/^\+?\d{8,15}$/.test(phone.trim().replace(/[\s().-]/g, ''))) return 'error';
  const subscriber = Number(phone.replace(/\D/g, '').slice(-4));
  if (subscriber >= 100 && subscriber <= 199) return 'landline';
  if (subscriber >= 200 && subscriber <= 299) return 'voip';
  return 'mobile';
}

export interface CarrierOptions {
  /** Follow every text with 'sent' and 'delivered' receipts (npm start, e2e); off by default (unit and integration tests inject receipts). */
  autoReceipts?: boolean;
  /** Milliseconds after a text is kept when each automatic receipt goes out. */
  receiptDelays?: { sent: number; delivered: number };
}

interface FollowUp {
  status: DeliveryStatus;
  errorCode?: string;
  /** Milliseconds after the text was kept. */
  after: number;
}

export class Carrier {
  private readonly autoReceipts: boolean;
  private readonly delays: { sent: number; delivered: number };
  /** Automatic receipts still to come, by message id; an injected receipt or stop() aborts them. */
  private readonly followUps = new Map<string, { abort: AbortController; done: Promise<void> }>();

  constructor(
    readonly store: CarrierStore,
    private readonly publish: PublishToTopic,
    options: CarrierOptions = {},
  ) {
    this.autoReceipts = options.autoReceipts ?? false;
    this.delays = options.receiptDelays ?? { sent: 300, delivered: 800 };
  }

  async recordMail(input: MailInput): Promise<MailRecord> {
    const record: MailRecord = {
      id: randomUUID(),
      to: input.to.trim().toLowerCase(),
      from: input.from ?? 'no-reply@example.com',
      subject: input.subject,
      text: input.text,
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
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

  /** What kind of line a number is: set by hand, else by the convention. */
  lineType(phone: string): LineType {
    return this.store.lines[phoneKey(phone)] ?? lineTypeByConvention(phone);
  }

  /** Makes a number a given kind of line from now on (kept with the outbox). */
  async setLineType(input: LineTypeInput): Promise<{ phone: string; type: LineType }> {
    const phone = phoneKey(input.phone);
    if (phone === '+') throw new CarrierError(400, 'bad_request', 'phone has no digits');
    await this.store.setLine(phone, input.type);
    return { phone, type: input.type };
  }

  /**
   * The carrier is down (`PUT /dev/carrier/outage`): outbound texts are answered 503 and kept
   * nowhere, as by a provider that cannot be reached; for every number, or for the numbers set.
   */
  private outageForAll = false;
  private readonly outageNumbers = new Set<string>();

  setOutage(input: OutageInput): { on: boolean; phones: string[] } {
    if (input.phone === undefined) this.outageForAll = input.on;
    else if (input.on) this.outageNumbers.add(phoneKey(input.phone));
    else this.outageNumbers.delete(phoneKey(input.phone));
    return this.outage();
  }

  outage(): { on: boolean; phones: string[] } {
    return { on: this.outageForAll, phones: [...this.outageNumbers] };
  }

  /**
   * An outbound text, as the console's SMS adapter hands it to the carrier. The answer's
   * `message_id` is the carrier's id, which receipts name: the given one, else a fresh one. A
   * `message_id` seen before is an idempotent resend, as with a provider's idempotency key: the
   * first answer again, and nothing is texted (the console gives each real resend an id of its own).
   */
  async recordText(input: SmsInput): Promise<SmsRecord> {
    if (this.outageForAll || this.outageNumbers.has(phoneKey(input.to))) {
      throw new CarrierError(503, 'carrier_unavailable', 'The carrier is unavailable (local outage switch)');
    }
    const earlier = input.message_id ? this.store.sms.find((sms) => sms.direction === 'outbound' && sms.message_id === input.message_id) : undefined;
    if (earlier) return earlier;
    const line = this.lineType(input.to);
    if (line === 'error') throw new CarrierError(422, 'INVALID', `${input.to} is not a phone number the carrier can text`);
    const record: SmsRecord = {
      message_id: input.message_id ?? randomUUID(),
      direction: 'outbound',
      from: input.from,
      to: input.to,
      text: input.text,
      media: input.media ?? [],
      at: new Date().toISOString(),
    };
    await this.store.addSms(record);
    if (line === 'landline') this.followUp(record.message_id, [{ status: 'not sent', errorCode: 'LANDLINE', after: this.delays.sent }]);
    else if (this.autoReceipts) {
      this.followUp(record.message_id, [
        { status: 'sent', after: this.delays.sent },
        { status: 'delivered', after: this.delays.delivered },
      ]);
    }
    return record;
  }

  /** Publishes receipts for a text at the given moments after now, in order, until aborted. */
  private followUp(messageId: string, steps: FollowUp[]): void {
    const abort = new AbortController();
    const started = Date.now();
    const run = async () => {
      for (const step of steps) {
        await sleep(Math.max(0, started + step.after - Date.now()), undefined, { signal: abort.signal, ref: false });
        await this.publishReceipt({ message_id: messageId, status: step.status, error_code: step.errorCode });
      }
    };
    const done = run()
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        console.error(`[carrier] automatic receipt for ${messageId} failed:`, err);
      })
      .finally(() => {
        if (this.followUps.get(messageId)?.abort === abort) this.followUps.delete(messageId);
      });
    this.followUps.set(messageId, { abort, done });
  }

  /** Resolves once every automatic receipt due so far has been published (tests). */
  async settled(): Promise<void> {
    while (this.followUps.size > 0) await Promise.all([...this.followUps.values()].map((f) => f.done));
  }

  /** Drops the automatic receipts still to come (the stack is stopping). */
  async stop(): Promise<void> {
    const pending = [...this.followUps.values()];
    for (const followUp of pending) followUp.abort.abort();
    await Promise.all(pending.map((f) => f.done));
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

  /**
   * A delivery receipt for an outbound text, injected by a test or a person: published to the
   * delivery_receipts topic. The text's automatic receipts, if any are still to come, are dropped.
   */
  async deliveryReceipt(input: ReceiptInput): Promise<{ message: DeliveryReceiptMessage; result: unknown }> {
    this.followUps.get(input.message_id)?.abort.abort();
    return this.publishReceipt(input);
  }

  /**
   * The last receipt published for an outbound text, as it was published (null when none was):
   * what the console asks when a receipt may have been lost on its side (GET /sms/receipt).
   */
  latestReceipt(messageId: string): DeliveryReceiptMessage | null {
    const sent = this.outboundText(messageId);
    if (!sent.status) return null;
    return receiptMessage(sent, sent.status, sent.error_code, sent.status_at ? Date.parse(sent.status_at) : Date.now());
  }

  private outboundText(messageId: string): SmsRecord {
    const sent = this.store.sms.find((sms) => sms.message_id === messageId && sms.direction === 'outbound');
    if (!sent) throw new CarrierError(404, 'not_found', `No outbound text ${messageId}`);
    return sent;
  }

  private async publishReceipt(input: ReceiptInput): Promise<{ message: DeliveryReceiptMessage; result: unknown }> {
    const sent = this.outboundText(input.message_id);
    const now = Date.now();
    const message = receiptMessage(sent, input.status, input.error_code, now);
    const failed = input.status === 'undelivered' || input.status === 'not sent';
    await this.store.updateSms(sent.message_id, {
      status: input.status,
      status_at: new Date(now).toISOString(),
      error_code: failed && input.error_code !== undefined ? String(input.error_code) : undefined,
    });
    const result = await this.publish('delivery_receipts', snsEvent('delivery_receipts', JSON.stringify(message)));
    return { message, result };
  }
}

/** End User Messaging's event for a text reaching `status`. */
function receiptMessage(sent: SmsRecord, status: DeliveryStatus, errorCode: string | number | undefined, at: number): DeliveryReceiptMessage {
  const event = receiptEvent(status, errorCode);
  const { encoding, parts } = encodingOf(sent.text);
  return {
    eventType: event.eventType,
    eventVersion: '1.0',
    eventTimestamp: at,
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
}
