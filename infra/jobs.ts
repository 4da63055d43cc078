/**
 * Scheduled jobs: one JOBS_ENTRY Lambda, and one EventBridge Scheduler schedule per entry of
 * JOBS that invokes it with `{ "job": "<name>" }` at `rate(N minutes)`.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { JOBS, JOBS_ENTRY, type JobName } from '../functions/areas.js';
import { CONVERSATION_CHUNKS, LAMBDA_CHUNK } from '../functions/lib/lazyChunk.js';
import { STRIPE_CHUNK } from '../functions/payments/stripeChunk.js';
import { WORKBOOK_CHUNK } from '../functions/reports/workbookChunk.js';
import { acknowledgeWildcardResource } from './nag.js';
import { ServerFunction, type LazyChunk, type ServerSettings } from './server-function.js';

/**
 * The AWS clients (and the card gateway's SDK: the payments job asks it; the report workbook writer:
 * the reports job writes files) the jobs load on first use (functions/lib/lazyChunk.ts), as
 * infra/api.ts LAZY_CHUNKS for the areas.
 */
export const JOBS_LAZY_CHUNKS: readonly LazyChunk[] = [...CONVERSATION_CHUNKS, LAMBDA_CHUNK, STRIPE_CHUNK, WORKBOOK_CHUNK];

export interface JobsProps {
  readonly settings: ServerSettings;
  readonly publicUrl: string;
}

export class Jobs extends Construct {
  readonly runner: ServerFunction;
  readonly schedules: Record<JobName, scheduler.Schedule>;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.runner = new ServerFunction(this, 'Runner', {
      entry: JOBS_ENTRY,
      description: 'Dealer console scheduled jobs',
      settings: props.settings,
      publicUrl: props.publicUrl,
      memorySize: 1024,
      // Reports and reminder batches can take a while; no job may run into the next period.
      timeout: Duration.minutes(5),
      lazyChunks: JOBS_LAZY_CHUNKS,
    });

    // The role the schedules act as: it may invoke the runner (LambdaInvoke grants it) and
    // nothing else; only Scheduler, for this account, may assume it.
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: 'EventBridge Scheduler invokes the dealer console jobs',
    });
    acknowledgeWildcardResource(
      schedulerRole,
      this.runner.fn.functionArn,
      ':*',
      "CDK's invoke grant also covers the function's versions and aliases (`:*`); there is only the one function.",
    );

    const schedules: Partial<Record<JobName, scheduler.Schedule>> = {};
    for (const [name, job] of Object.entries(JOBS) as [JobName, (typeof JOBS)[JobName]][]) {
      const period = Duration.minutes(job.rateMinutes);
      schedules[name] = new scheduler.Schedule(this, `${name}Schedule`, {
        description: `Runs the ${name} job every ${job.rateMinutes} minute${job.rateMinutes === 1 ? '' : 's'}`,
        schedule: scheduler.ScheduleExpression.rate(period),
        target: new LambdaInvoke(this.runner.fn, {
          role: schedulerRole,
          input: scheduler.ScheduleTargetInput.fromObject({ job: name }),
          // A run that cannot start before the next one is due is dropped: the next run does
          // the same work on fresher data.
          retryAttempts: 2,
          maxEventAge: period,
        }),
      });
    }
    this.schedules = schedules as Record<JobName, scheduler.Schedule>;
  }
}
