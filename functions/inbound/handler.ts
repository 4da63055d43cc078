/**
 * The carrier's SNS topics: inbound texts and delivery receipts (AWS End User Messaging SMS event
 * formats). Tolerant by design: a record that is not JSON or of no known shape is logged and
 * skipped (SNS would only deliver it again). A record whose handling failed is retried by failing
 * the invocation once the others are done; handling is idempotent on the carrier's ids, so the
 * records that did succeed post nothing twice.
 */
import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { carrierReceipt } from '../lib/carrier.js';
import { logger } from '../lib/log.js';
import '../messages/boards.js';
import { applyReceipt } from './receipts.js';
import { receiveText } from './texts.js';

const inboundSms = z.object({
  originationNumber: z.string().check(z.minLength(1)),
  destinationNumber: z.string().check(z.minLength(1)),
  messageBody: z.string(),
  inboundMessageId: z.string().check(z.minLength(1)),
  messageKeyword: z.optional(z.string()),
});


export interface CarrierRun {
  inbound: number;
  receipts: number;
  rejected: number;
}

export async function handler(event: SNSEvent): Promise<CarrierRun> {
  const run: CarrierRun = { inbound: 0, receipts: 0, rejected: 0 };
  const failures: string[] = [];
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      run.rejected += 1;
      logger.warn('carrier message is not JSON', { message_id: record.Sns.MessageId });
      continue;
    }
    const text = inboundSms.safeParse(message);
    const receipt = text.success ? null : carrierReceipt.safeParse(message);
    if (!text.success && !receipt?.success) {
      run.rejected += 1;
      logger.warn('carrier message of unknown shape', { message_id: record.Sns.MessageId });
      continue;
    }
    try {
      if (text.success) {
        const outcome = await receiveText(text.data, record.Sns.MessageId);
        logger.debug('inbound text', { outcome, carrier_message_id: text.data.inboundMessageId });
        run.inbound += 1;
      } else if (receipt?.success) {
        const outcome = await applyReceipt(receipt.data);
        logger.debug('delivery receipt', { outcome, event_type: receipt.data.eventType, carrier_message_id: receipt.data.messageId });
        run.receipts += 1;
      }
    } catch (err) {
      logger.error('carrier message failed', { message_id: record.Sns.MessageId, error: (err as Error).message });
      failures.push(record.Sns.MessageId);
    }
  }
  if (failures.length > 0) throw new Error(`Carrier messages failed and will be retried: ${failures.join(', ')}`);
  return run;
}
