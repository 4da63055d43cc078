/**
 * Starting background work now, without waiting for it: in AWS an asynchronous invocation of the
 * jobs function (JOBS_FUNCTION_NAME); locally the stack's job runner (JOBS_URL, /dev/jobs). The work
 * itself must be resumable: a start that is lost is picked up by the job's scheduled sweep.
 */
import { LAMBDA_CHUNK, lazyChunk } from './lazyChunk.js';
import { logger } from './log.js';

export interface BackgroundJob {
  job: string;
  [field: string]: string;
}

type Invoke = (functionName: string, payload: string) => Promise<void>;
let invoke: Promise<Invoke> | undefined;

const lambdaClient = lazyChunk<typeof import('./lambdaClient.js')>(LAMBDA_CHUNK.file, import.meta.url);

/** Loaded on first use: a cold start of the area does not pay for the Lambda client. */
function lambdaInvoke(): Promise<Invoke> {
  invoke ??= lambdaClient().then(({ LambdaClient, InvokeCommand }) => {
    const client = new LambdaClient({});
    return async (functionName, payload) => {
      await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(payload) }));
    };
  });
  return invoke;
}

export async function startInBackground(work: BackgroundJob): Promise<void> {
  try {
    const url = process.env.JOBS_URL;
    if (url) {
      const res = await fetch(`${url}/${encodeURIComponent(work.job)}?background=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(work) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return;
    }
    const functionName = process.env.JOBS_FUNCTION_NAME;
    if (!functionName) throw new Error('JOBS_FUNCTION_NAME is not set');
    await (await lambdaInvoke())(functionName, JSON.stringify(work));
  } catch (err) {
    // The scheduled sweep starts it within a minute.
    logger.warn('background work not started now; the sweep will', { job: work.job, error: (err as Error).message });
  }
}
