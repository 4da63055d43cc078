/**
 * Child-process entry of an isolated stack (isolated.ts). Options arrive as JSON in argv; the
 * stack's URLs go back over IPC. The stack stops on a 'stop' message, and also when the parent
 * disappears (IPC disconnect), so a killed test run leaves nothing behind.
 */
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

process.on('message', (message) => {
  if (message === 'stop') void stop(0);
});
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('unhandledRejection', (reason) => console.error('[stack] unhandled rejection:', reason));

try {
  stack = await startLocalStack(options);
  process.send?.({ ready: { url: stack.url, carrierUrl: stack.carrierUrl, env: stack.env, seeded: stack.seeded } });
} catch (err) {
  process.send?.({ failed: (err as Error).stack ?? String(err) });
  await stop(1);
}
