/**
 * The SMS carrier, through an adapter chosen by configuration like mail: in AWS an SNS Publish to
 * the phone number (End User Messaging SMS delivers it; receipts and replies come back on the
 * carrier topics) and Amazon Pinpoint's phone number validation for the line type; on the local
 * stack (SMS_TRANSPORT=local) the local carrier at LOCAL_CARRIER_URL.
 *
 * `send` resolves with the carrier's id for the text (delivery receipts name it: match receipts on
 * it, not on the console's message id); it rejects with CarrierRefused when the carrier will not
 * take this text however often it is tried (invalid or opted-out number), and with any other
 * error when the carrier could not be reached or asked (worth trying again later).
 * `lookup` never rejects: a number the carrier cannot tell about is an 'error' line.
 *
 * At most once: `messageId` is the attempt's own id (carrierSendId). A carrier that `dedupesSends`
 * answers a repeated id with its first answer instead of texting again, so a text whose answer was
 * lost can be handed over again to learn it (the local carrier, as idempotent SMS APIs do). SNS
 * Publish to a phone number has no dedup key: a text whose answer was lost is never published
 * again; the intent recorded before the call (functions/messages/delivery.ts) says it may have gone.
 *
 * `latestReceipt` asks the carrier where a text it took stands (its latest delivery event, as the
 * receipt carried it): the message sweep catches up with receipts that came while the store was
 * down. The local carrier answers it. SNS has no such query (End User Messaging publishes
 * delivery events only to its event destinations), so the SNS adapter leaves it out and nothing
 * is watched for it: in AWS a receipt that met a store outage fails its Lambda invocation, Lambda
 * invokes it again twice (about 1 and 3 minutes later), and one that still fails waits in the
 * carrier topics' dead-letter queue (infra/messaging.ts) to be replayed.
 */
import type { PhoneNumberValidateCommand, PhoneNumberValidateCommandOutput } from '@aws-sdk/client-pinpoint';
import type { PublishCommand, PublishCommandOutput } from '@aws-sdk/client-sns';
import * as z from 'zod/mini';
import type { LineType } from '../../shared/customers.js';
import { config } from './config.js';
import { CARRIER_CHUNK, lazyChunk } from './lazyChunk.js';
import { logger } from './log.js';

export interface OutboundText {
  /** The console's id for this attempt of the text: logs, and the dedup key of a carrier that has one. */
  messageId: string;
  /** The dealership's texting number (E.164). */
  from: string;
  /** The customer's number (E.164). */
  to: string;
  text: string;
  /** Public (signed) URLs of attachments. */
  media: string[];
}

/** A delivery event of the carrier's, in End User Messaging's terms (what a delivery receipt carries): one schema for the receipts topic and the local carrier's answer. */
export const carrierReceipt = z.object({
  eventType: z.string().check(z.minLength(1)),
  messageId: z.string().check(z.minLength(1)),
  destinationPhoneNumber: z.optional(z.string()),
  messageStatus: z.optional(z.string()),
  messageStatusDescription: z.optional(z.string()),
  isFinal: z.optional(z.boolean()),
  eventTimestamp: z.optional(z.number()),
});
export type CarrierReceipt = z.infer<typeof carrierReceipt>;

export interface SmsCarrier {
  /** The carrier answers a repeated `messageId` with its first answer and sends nothing (absent: it does not). */
  readonly dedupesSends?: boolean;
  send(text: OutboundText): Promise<{ carrierMessageId: string }>;
  lookup(phone: string): Promise<LineType>;
  /** The latest delivery event of a text the carrier took, null when it has none yet (absent: the carrier cannot be asked). */
  latestReceipt?(carrierMessageId: string): Promise<CarrierReceipt | null>;
}

/** The carrier will not take this text: `code` says why (INVALID, OPTED_OUT, …). */
export class CarrierRefused extends Error {
  override readonly name = 'CarrierRefused';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the SNS adapter needs of an SNS client (a fake one in tests). */
export interface SnsPublisher {
  send(command: PublishCommand): Promise<Pick<PublishCommandOutput, 'MessageId'>>;
}

/** What the SNS adapter needs of a Pinpoint client (a fake one in tests). */
export interface PhoneNumberValidator {
  send(command: PhoneNumberValidateCommand): Promise<Pick<PhoneNumberValidateCommandOutput, 'NumberValidateResponse'>>;
}

/** Pinpoint's PhoneType in our terms; INVALID, OTHER and anything new are 'error'. */
const PHONE_TYPES: Record<string, LineType> = { MOBILE: 'mobile', PREPAID: 'mobile', VOIP: 'voip', LANDLINE: 'landline' };

/** SNS errors that mean this text will never be taken. */
const REFUSALS: Record<string, string> = {
  InvalidParameterException: 'INVALID',
  InvalidParameterValueException: 'INVALID',
  ValidationException: 'INVALID',
  OptedOutException: 'OPTED_OUT',
};

const DAY = 24 * 60 * 60 * 1000;
/** Enough for a busy container's day of customers; the oldest answers go first. */
const LOOKUP_CACHE_SIZE = 10_000;

/** SNS and Pinpoint: loaded by the first text or lookup, so functions that text now and then start without them. */
const carrierClients = lazyChunk<typeof import('./carrierClients.js')>(CARRIER_CHUNK.file, import.meta.url);

export interface SnsSmsCarrierOptions {
  sns?: SnsPublisher;
  pinpoint?: PhoneNumberValidator;
  now?: () => number;
}

export class SnsSmsCarrier implements SmsCarrier {
  /** Publish has no idempotency key for SMS: the same text published twice is texted twice. */
  readonly dedupesSends = false;
  /** Made on first use (the clients' chunk loads then), unless given. */
  private sns: SnsPublisher | undefined;
  private pinpoint: PhoneNumberValidator | undefined;
  private readonly now: () => number;
  /** Line types change rarely and Pinpoint charges per lookup: answers are kept for a day. */
  private readonly lines = new Map<string, { type: LineType; until: number }>();

  constructor(options: SnsSmsCarrierOptions = {}) {
    this.sns = options.sns;
    this.pinpoint = options.pinpoint;
    this.now = options.now ?? Date.now;
  }

  async send(text: OutboundText): Promise<{ carrierMessageId: string }> {
    // SNS carries no pictures: attachments go as links on lines of their own after the text.
    const message = [text.text, ...text.media].filter((part) => part !== '').join('\n');
    const { SNSClient, PublishCommand } = await carrierClients();
    const sns = (this.sns ??= new SNSClient({ region: config.region }));
    try {
      const answer = await sns.send(
        new PublishCommand({
          PhoneNumber: text.to,
          Message: message,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            'AWS.MM.SMS.OriginationNumber': { DataType: 'String', StringValue: text.from },
          },
        }),
      );
      if (!answer.MessageId) throw new Error(`SNS answered no MessageId for message ${text.messageId}`);
      return { carrierMessageId: answer.MessageId };
    } catch (err) {
      const code = REFUSALS[(err as Error).name];
      if (code) throw new CarrierRefused(code, (err as Error).message);
      throw err;
    }
  }

  async lookup(phone: string): Promise<LineType> {
    const now = this.now();
    const known = this.lines.get(phone);
    if (known && known.until > now) return known.type;
    try {
      const { PinpointClient, PhoneNumberValidateCommand } = await carrierClients();
      const pinpoint = (this.pinpoint ??= new PinpointClient({ region: config.region }));
      const answer = await pinpoint.send(new PhoneNumberValidateCommand({ NumberValidateRequest: { PhoneNumber: phone } }));
      const type = PHONE_TYPES[answer.NumberValidateResponse?.PhoneType ?? ''] ?? 'error';
      this.lines.delete(phone);
      this.lines.set(phone, { type, until: now + DAY });
      if (this.lines.size > LOOKUP_CACHE_SIZE) this.lines.delete(this.lines.keys().next().value!);
      return type;
    } catch (err) {
      // Not kept: the next text asks again, when Pinpoint may answer.
      logger.warn('phone number lookup failed', { error: (err as Error).message });
      return 'error';
    }
  }
}

const localSent = z.object({ message_id: z.string().check(z.minLength(1)) });
const localRefusal = z.object({ error: z.object({ id: z.string(), message: z.string() }) });
const localLine = z.object({ type: z.enum(['mobile', 'voip', 'landline', 'error']) });
const localReceipt = z.object({ receipt: z.nullable(carrierReceipt) });

/** The local carrier (infra/local/carrier.ts) at LOCAL_CARRIER_URL: it refuses with 422 `{ error: { id, message } }`. */
export class LocalSmsCarrier implements SmsCarrier {
  /** POST /sms answers a message_id it has seen with its first answer (infra/local/carrier.ts). */
  readonly dedupesSends = true;
  constructor(private readonly url: string) {}

  async send(text: OutboundText): Promise<{ carrierMessageId: string }> {
    const res = await fetch(`${this.url}/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message_id: text.messageId, from: text.from, to: text.to, text: text.text, media: text.media }),
    });
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) return { carrierMessageId: localSent.parse(body).message_id };
    const refusal = localRefusal.safeParse(body);
    if (res.status === 422 && refusal.success) throw new CarrierRefused(refusal.data.error.id, refusal.data.error.message);
    throw new Error(`The local carrier answered ${res.status} for message ${text.messageId}`);
  }

  /** GET /sms/receipt: the last receipt the carrier published for the text (infra/local/carrier.ts). */
  async latestReceipt(carrierMessageId: string): Promise<CarrierReceipt | null> {
    const res = await fetch(`${this.url}/sms/receipt?message_id=${encodeURIComponent(carrierMessageId)}`);
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`The local carrier answered ${res.status} for the state of ${carrierMessageId}`);
    return localReceipt.parse(body).receipt;
  }

  async lookup(phone: string): Promise<LineType> {
    try {
      const res = await fetch(`${this.url}/lookup?phone=${encodeURIComponent(phone)}`);
      if (!res.ok) throw new Error(`The local carrier answered ${res.status}`);
      return localLine.parse(await res.json()).type;
    } catch (err) {
      logger.warn('phone number lookup failed', { error: (err as Error).message });
      return 'error';
    }
  }
}

let carrier: SmsCarrier | undefined;

/** The carrier of this container (created once). */
export function smsCarrier(): SmsCarrier {
  carrier ??= process.env.SMS_TRANSPORT === 'local' ? new LocalSmsCarrier(process.env.LOCAL_CARRIER_URL ?? '') : new SnsSmsCarrier();
  return carrier;
}

/** Replaces the carrier (a fake in tests); undefined goes back to the configured one. */
export function setSmsCarrierForTests(replacement: SmsCarrier | undefined): void {
  carrier = replacement;
}
