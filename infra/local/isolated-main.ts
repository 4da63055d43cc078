/**
 * Child-process entry of an isolated stack (isolated.ts). Options arrive as JSON in argv; the
 * stack's URLs go back over IPC, and so do the answers of its fault switches. The stack stops on a
 * 'stop' message, and also when the parent disappears (IPC disconnect), so a killed test run
 * leaves nothing behind.
 */
import type { ChildMessage, FaultRequest } from './isolated.js';
import { startLocalStack, type LocalStack, type LocalStackOptions } from './stack.js';

const options = JSON.parse(process.argv[2] ?? '{}') as LocalStackOptions;
let stack: LocalStack | undefined;
let stopping = false;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  process.exit(code);
}

function isFaultRequest(message: unknown): message is FaultRequest {
  return typeof message === 'object' && message !== null && 'fault' in message && 'id' in message;
}

async function runFault(request: FaultRequest): Promise<void> {
  let answer: ChildMessage;
  try {
    if (!stack) throw new Error('The stack is not ready');
    const switches = stack.faults;
    if (!Object.hasOwn(switches, request.fault)) throw new Error(`No fault ${request.fault}`);
    answer = { faultAnswer: request.id, result: await switches[request.fault]() };
  } catch (err) {
    answer = { faultAnswer: request.id, error: (err as Error).message };
  }
  process.send?.(answer);
}

process.on('message', (message) => {
  if (message === 'stop') void stop(0);
  else if (isFaultRequest(message)) void runFault(message);
});
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('unhandledRejection', (reason) => console.error('[stack] unhandled rejection:', reason));

try {
  stack = await startLocalStack(options);
  process.send?.({ ready: { url: stack.url, carrierUrl: stack.carrierUrl, env: stack.env, seeded: stack.seeded } } satisfies ChildMessage);
} catch (err) {
  process.send?.({ failed: (err as Error).stack ?? String(err) } satisfies ChildMessage);
  await stop(1);
}
