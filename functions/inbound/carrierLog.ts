/** What the carrier told us, kept as it came (idempotent on the carrier's own ids). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { db, nowEpoch } from '../lib/table.js';

export const CARRIER_LOG_DAYS = 90;

export interface InboundText {
  originationNumber: string;
  destinationNumber: string;
  messageBody: string;
  inboundMessageId: string;
  messageKeyword?: string;
}

export interface Receipt {
  eventType: string;
  messageId: string;
  destinationPhoneNumber?: string;
  messageStatus?: string;
  messageStatusDescription?: string;
  isFinal?: boolean;
}

async function putOnce(item: Record<string, unknown>): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (err) {
    // SNS delivers at least once: a repeat of the same carrier id is already recorded.
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

export async function recordInbound(text: InboundText, snsMessageId: string): Promise<void> {
  const receivedAt = new Date().toISOString();
  await putOnce({
    pk: `CARRIER#INBOUND#${text.destinationNumber}`,
    sk: text.inboundMessageId,
    from: text.originationNumber,
    to: text.destinationNumber,
    body: text.messageBody,
    keyword: text.messageKeyword ?? null,
    carrier_message_id: text.inboundMessageId,
    sns_message_id: snsMessageId,
    received_at: receivedAt,
    expires_at: nowEpoch() + CARRIER_LOG_DAYS * 86400,
  });
}

export async function recordReceipt(receipt: Receipt): Promise<void> {
  const receivedAt = new Date().toISOString();
  await putOnce({
    pk: `CARRIER#RECEIPT#${receipt.messageId}`,
    sk: receipt.eventType,
    event_type: receipt.eventType,
    status: receipt.messageStatus ?? null,
    description: receipt.messageStatusDescription ?? null,
    to: receipt.destinationPhoneNumber ?? null,
    final: receipt.isFinal ?? false,
    received_at: receivedAt,
    expires_at: nowEpoch() + CARRIER_LOG_DAYS * 86400,
  });
}
