/**
 * Telephony in AWS: Amazon Chime SDK PSTN audio (functions/lib/telephony.ts). A call the console
 * starts is CreateSipMediaApplicationCall on the stack's SIP media application (SIP_MEDIA_APPLICATION_ID,
 * infra/telephony.ts); its events then reach the application's handler like an inbound call's. Ending
 * one is UpdateSipMediaApplicationCall: Chime invokes the handler with CALL_UPDATE_REQUESTED and the
 * arguments given here (`action: 'hangup'`), and the handler answers with the Hangup action.
 *
 * The Chime client lives in a chunk of its own (TELEPHONY_CHUNK), loaded on the first call, so a
 * function whose code may place calls does not parse it at every cold start.
 */
import type {
  CreateSipMediaApplicationCallCommand,
  CreateSipMediaApplicationCallCommandOutput,
  UpdateSipMediaApplicationCallCommand,
  UpdateSipMediaApplicationCallCommandOutput,
} from '@aws-sdk/client-chime-sdk-voice';
import { config } from './config.js';
import { TELEPHONY_CHUNK, lazyChunk } from './lazyChunk.js';
import { logger } from './log.js';
import type { PlaceCall, Telephony } from './telephony.js';

/** What the adapter needs of a Chime SDK Voice client (a fake one in tests). */
export interface SipMediaApplicationCalls {
  send(
    command: CreateSipMediaApplicationCallCommand | UpdateSipMediaApplicationCallCommand,
  ): Promise<Pick<CreateSipMediaApplicationCallCommandOutput | UpdateSipMediaApplicationCallCommandOutput, 'SipMediaApplicationCall'>>;
}

/** Why Chime would not start or end a call, in the console's terms. */
export type TelephonyFailure = 'invalid' | 'not_found' | 'forbidden' | 'throttled' | 'limit' | 'unavailable';

/** Chime SDK Voice's errors (its API reference, "Errors" of both calls) by what the console can do about them. */
const FAILURES: Record<string, TelephonyFailure> = {
  BadRequestException: 'invalid',
  NotFoundException: 'not_found',
  ForbiddenException: 'forbidden',
  UnauthorizedClientException: 'forbidden',
  AccessDeniedException: 'forbidden',
  ThrottledClientException: 'throttled',
  ResourceLimitExceededException: 'limit',
  ServiceUnavailableException: 'unavailable',
  ServiceFailureException: 'unavailable',
};

/** Chime did not take the request: `failure` says why (throttled and unavailable are worth trying again). */
export class TelephonyError extends Error {
  override readonly name = 'TelephonyError';
  constructor(
    readonly failure: TelephonyFailure,
    message: string,
  ) {
    super(message);
  }
}

const telephonyClients = lazyChunk<typeof import('./telephonyClients.js')>(TELEPHONY_CHUNK.file, import.meta.url);

export interface ChimeTelephonyOptions {
  /** The SIP media application's id; default SIP_MEDIA_APPLICATION_ID. */
  sipMediaApplicationId?: string;
  client?: SipMediaApplicationCalls;
}

export class ChimeTelephony implements Telephony {
  private client: SipMediaApplicationCalls | undefined;
  private readonly sipMediaApplicationId: string | undefined;

  constructor(options: ChimeTelephonyOptions = {}) {
    this.client = options.client;
    this.sipMediaApplicationId = options.sipMediaApplicationId ?? (process.env.SIP_MEDIA_APPLICATION_ID || undefined);
  }

  async placeCall(call: PlaceCall): Promise<{ transactionId: string }> {
    const sipMediaApplicationId = this.applicationId();
    const { CreateSipMediaApplicationCallCommand } = await telephonyClients();
    const client = await this.chime();
    const answer = await chimeRequest('place a call', () =>
      client.send(
        new CreateSipMediaApplicationCallCommand({
          FromPhoneNumber: call.from,
          ToPhoneNumber: call.to,
          SipMediaApplicationId: sipMediaApplicationId,
          ArgumentsMap: call.arguments,
        }),
      ),
    );
    const transactionId = answer.SipMediaApplicationCall?.TransactionId;
    if (!transactionId) throw new Error('Chime answered no transaction id for the call it placed');
    return { transactionId };
  }

  async hangup(transactionId: string, args: Record<string, string> = {}): Promise<void> {
    const sipMediaApplicationId = this.applicationId();
    const { UpdateSipMediaApplicationCallCommand } = await telephonyClients();
    const client = await this.chime();
    try {
      await chimeRequest('hang up a call', () =>
        client.send(
          new UpdateSipMediaApplicationCallCommand({
            SipMediaApplicationId: sipMediaApplicationId,
            TransactionId: transactionId,
            // The handler tells a hang-up from other updates by this argument (functions/calls/sipMediaApplication.ts).
            Arguments: { ...args, action: 'hangup' },
          }),
        ),
      );
    } catch (err) {
      // Chime knows no call in progress by this id: it has ended already, which is what was asked.
      if (err instanceof TelephonyError && err.failure === 'not_found') {
        logger.info('hang-up of a call that had already ended', { transactionId });
        return;
      }
      throw err;
    }
  }

  private applicationId(): string {
    if (!this.sipMediaApplicationId) throw new Error('SIP_MEDIA_APPLICATION_ID is not set: this function may not place or end calls (infra/telephony.ts)');
    return this.sipMediaApplicationId;
  }

  private async chime(): Promise<SipMediaApplicationCalls> {
    if (this.client) return this.client;
    const { ChimeSDKVoiceClient } = await telephonyClients();
    this.client = new ChimeSDKVoiceClient({ region: config.region });
    return this.client;
  }
}

async function chimeRequest<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    const failure = FAILURES[(err as Error).name];
    if (!failure) throw err;
    throw new TelephonyError(failure, `Chime would not ${what} (${(err as Error).name}): ${(err as Error).message}`);
  }
}
