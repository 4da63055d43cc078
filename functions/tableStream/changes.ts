/**
 * The table's stream records (DynamoDB Streams, NEW_AND_OLD_IMAGES) as the listeners read them:
 * plain items, the change's kind, its keys and when the table took it.
 */
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import type { TableChange } from '../lib/boardModule.js';

const KINDS = { INSERT: 'insert', MODIFY: 'modify', REMOVE: 'remove' } as const;

function plain(image: Record<string, AttributeValue> | undefined): Record<string, unknown> | undefined {
  // The Lambda event's attribute values and the SDK's have the same JSON shape.
  return image ? unmarshall(image as Record<string, SdkAttributeValue>, { wrapNumbers: false }) : undefined;
}

/** A stream record as a change, or undefined for a record with no keys (nothing a listener can use). */
export function changeOf(record: DynamoDBRecord): TableChange | undefined {
  const keys = plain(record.dynamodb?.Keys) as { pk?: unknown; sk?: unknown } | undefined;
  if (typeof keys?.pk !== 'string' || typeof keys.sk !== 'string' || !record.eventName) return undefined;
  const seconds = record.dynamodb?.ApproximateCreationDateTime;
  return {
    id: record.eventID ?? `${keys.pk}|${keys.sk}|${record.dynamodb?.SequenceNumber ?? ''}`,
    kind: KINDS[record.eventName],
    keys: { pk: keys.pk, sk: keys.sk },
    old: plain(record.dynamodb?.OldImage),
    new: plain(record.dynamodb?.NewImage),
    at: new Date(seconds ? seconds * 1000 : Date.now()).toISOString(),
  };
}
