/**
 * The carrier's SNS topics: inbound texts and delivery receipts (AWS End User Messaging SMS event
 * formats). Each is recorded in the carrier log, keyed for the lookups that threading and delivery
 * states need (by destination number and by message id); the service board builds on it.
 */
import type { SNSEvent } from 'aws-lambda';
import { z } from 'zod';
import { logger } from '../lib/log.js';
import { recordInbound, recordReceipt } from './carrierLog.js';

const inboundSms = z.object({
  originationNumber: z.string(),
  destinationNumber: z.string(),
  messageBody: z.string(),
  inboundMessageId: z.string(),
  messageKeyword: z.string().optional(),
});

const deliveryReceipt = z.object({
  eventType: z.string(),
  messageId: z.string(),
  destinationPhoneNumber: z.string().optional(),
  messageStatus: z.string().optional(),
  messageStatusDescription: z.string().optional(),
  isFinal: z.boolean().optional(),
});

export async function handler(event: SNSEvent): Promise<{ inbound: number; receipts: number; rejected: number }> {
  let inbound = 0;
  let receipts = 0;
  let rejected = 0;
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      rejected += 1;
      logger.warn('carrier message is not JSON', { message_id: record.Sns.MessageId });
      continue;
    }
    const text = inboundSms.safeParse(message);
    if (text.success) {
      await recordInbound(text.data, record.Sns.MessageId);
      inbound += 1;
      continue;
    }
    const receipt = deliveryReceipt.safeParse(message);
    if (receipt.success) {
      await recordReceipt(receipt.data);
      receipts += 1;
      continue;
    }
    rejected += 1;
    logger.warn('carrier message of unknown shape', { message_id: record.Sns.MessageId });
  }
  return { inbound, receipts, rejected };
}
