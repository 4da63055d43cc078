/**
 * A local stack in a process of its own. Test runners use it: vitest runs every project's
 * globalSetup in its one main process, so two stacks there (integration and e2e) would share
 * process.env and the handlers' module singletons. A child process per stack keeps each one's
 * environment and handler modules apart, and runs them exactly as `npm start` does.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './handlers.js';
import { tsxImportArgs } from './node-process.js';
import type { LocalStack, LocalStackOptions } from './stack.js';

type ChildMessage = { ready: Omit<LocalStack, 'stop'> } | { failed: string };

export async function startIsolatedStack(options: LocalStackOptions, extraEnv: Record<string, string> = {}): Promise<LocalStack> {
  const child = fork(fileURLToPath(new URL('./isolated-main.ts', import.meta.url)), [JSON.stringify(options)], {
    cwd: PROJECT_ROOT,
    execArgv: tsxImportArgs(),
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');

  const ready = await new Promise<Omit<LocalStack, 'stop'>>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if ('ready' in message) resolve(message.ready);
      else reject(new Error(`The local stack failed to start:\n${message.failed}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`The local stack exited (${signal ?? code}) before it was ready`)));
    child.once('error', reject);
  });

  let stopping: Promise<void> | undefined;
  return {
    ...ready,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        if (child.connected) child.send('stop');
        else child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      })()),
  };
}
