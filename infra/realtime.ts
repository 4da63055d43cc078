/**
 * The server-sent event stream (SPEC §6/§7): EVENTS_ENTRY behind a Lambda function URL that
 * streams its response. CloudFront routes /events to it (web.ts), the only caller it admits.
 */
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { EVENTS_ENTRY } from '../functions/areas.js';
import { ServerFunction, type ServerSettings } from './server-function.js';
import type { Signals } from './signals.js';

export interface RealtimeProps {
  readonly settings: ServerSettings;
  /** Wake-ups on AWS IoT Core: the stream listens instead of polling each channel every second. */
  readonly signals: Signals;
}

export class Realtime extends Construct {
  readonly stream: ServerFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    // No PUBLIC_URL here: this function's URL is an origin of the distribution, so naming the
    // distribution in its environment would make each depend on the other. It sends no links.
    this.stream = new ServerFunction(this, 'Stream', {
      entry: EVENTS_ENTRY,
      description: 'Dealer console event stream (SSE)',
      settings: props.settings,
      memorySize: 256,
      // A function URL streams for at most 15 minutes; the handler closes at 14 and the browser
      // reconnects with Last-Event-ID.
      timeout: Duration.minutes(15),
    });
    // It reads tickets and channel events; it writes nothing.
    props.settings.data.grantTableRead(this.stream.fn);
    // And it listens for signals on its ticket's topics only (the session policy of each stream).
    props.signals.grantListen(this.stream);

    this.url = this.stream.fn.addFunctionUrl({
      // Only CloudFront may call it: the distribution signs each request with Origin Access
      // Control (web.ts), and Lambda refuses unsigned calls before the function runs. The
      // handler then checks the agent's short-lived ticket (POST /api/notifications/tickets).
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
  }
}
