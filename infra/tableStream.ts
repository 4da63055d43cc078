/**
 * The table's stream (issue 24): one function that every board's listeners run in (the reports'
 * tallies, the history search's entries), invoked by a DynamoDB event source on the table's stream.
 * Per shard one batch at a time, so an item's changes arrive in their order; a failing batch is
 * split and handed again; what still fails after the retries is named in a queue (the records
 * themselves stay in the stream for its 24 hours), to be replayed by hand.
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CONVERSATION_CHUNKS } from '../functions/lib/lazyChunk.js';
import { STRIPE_CHUNK } from '../functions/payments/stripeChunk.js';
import { acknowledge } from './nag.js';
import { ServerFunction, type ServerSettings } from './server-function.js';

export const TABLE_STREAM_ENTRY = 'functions/tableStream/handler.ts';
/** As the local reader hands them (infra/local/tableStream.ts STREAM_BATCH_SIZE). */
export const TABLE_STREAM_BATCH_SIZE = 100;

export interface TableStreamProps {
  readonly settings: ServerSettings;
  readonly table: dynamodb.ITable;
  /** Console origin, for links a listener's code may write. */
  readonly publicUrl: string;
}

export class TableStream extends Construct {
  readonly listener: ServerFunction;
  readonly failed: sqs.Queue;

  constructor(scope: Construct, id: string, props: TableStreamProps) {
    super(scope, id);
    this.listener = new ServerFunction(this, 'Listener', {
      entry: TABLE_STREAM_ENTRY,
      description: 'Dealer console table stream: report tallies and history search entries',
      settings: props.settings,
      publicUrl: props.publicUrl,
      memorySize: 1024,
      timeout: Duration.minutes(1),
      // It brings every board (their listeners): the clients their code loads on first use (not Lambda's: it starts no background work).
      lazyChunks: [...CONVERSATION_CHUNKS, STRIPE_CHUNK],
    });
    this.failed = new sqs.Queue(this, 'FailedBatches', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.failed, 'This queue is itself where failed stream batches are named, a dead-letter queue.', 'AwsSolutions-SQS3');
    this.listener.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: TABLE_STREAM_BATCH_SIZE,
        bisectBatchOnError: true,
        retryAttempts: 10,
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.failed),
      }),
    );
    acknowledge(
      this.listener.fn.role!,
      "The event source's grant: dynamodb:ListStreams has no resource type and is authorised on '*' only; the stream's own reads name the table's stream.",
      'AwsSolutions-IAM5[Resource::*]',
    );
  }
}
