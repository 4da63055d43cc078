/**
 * A local stack in a process of its own. Test runners use it: vitest runs every project's
 * globalSetup in its one main process, so two stacks there (integration and e2e) would share
 * process.env and the handlers' module singletons. A child process per stack keeps each one's
 * environment and handler modules apart, and runs them exactly as `npm start` does.
 *
 * The stack's fault switches (`faults`: the store's and the broker's) reach the child over the same IPC channel.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './handlers.js';
import { tsxImportArgs } from './node-process.js';
import type { LocalStack, LocalStackOptions, StackFaults } from './stack.js';

/** What the child reports once its stack answers. */
export type IsolatedReady = Omit<LocalStack, 'stop' | 'faults'>;

export type FaultName = keyof StackFaults;
/** Parent → child: run a fault switch; `id` pairs the answer with the request. */
export interface FaultRequest {
  fault: FaultName;
  id: number;
}
/** Child → parent. */
export type ChildMessage =
  | { ready: IsolatedReady }
  | { failed: string }
  | { faultAnswer: number; result?: unknown; error?: string };

export async function startIsolatedStack(options: LocalStackOptions, extraEnv: Record<string, string> = {}): Promise<LocalStack> {
  const child = fork(fileURLToPath(new URL('./isolated-main.ts', import.meta.url)), [JSON.stringify(options)], {
    cwd: PROJECT_ROOT,
    execArgv: tsxImportArgs(),
    // The level the stack would set (stack.ts) comes too late for a logger a module built on import,
    // and Powertools puts back its first level on every invocation: the child starts with it.
    env: { ...process.env, ...(options.quiet && !process.env.LOG_LEVEL ? { LOG_LEVEL: 'WARN' } : {}), ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  child.on('message', (message: ChildMessage) => {
    if (!('faultAnswer' in message)) return;
    const waiter = pending.get(message.faultAnswer);
    pending.delete(message.faultAnswer);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
  });
  child.once('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('The local stack exited'));
    pending.clear();
  });
  let nextId = 0;
  const fault = <T>(name: FaultName): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!child.connected) return reject(new Error('The local stack is not running'));
      const id = (nextId += 1);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ fault: name, id } satisfies FaultRequest);
    });

  const ready = await new Promise<IsolatedReady>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if ('ready' in message) resolve(message.ready);
      else if ('failed' in message) reject(new Error(`The local stack failed to start:\n${message.failed}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`The local stack exited (${signal ?? code}) before it was ready`)));
    child.once('error', reject);
  });

  let stopping: Promise<void> | undefined;
  return {
    ...ready,
    faults: {
      crashStore: () => fault('crashStore'),
      storeStatus: () => fault('storeStatus'),
      stopBroker: () => fault('stopBroker'),
      startBroker: () => fault('startBroker'),
      dropNextSignal: () => fault('dropNextSignal'),
      brokerStatus: () => fault('brokerStatus'),
    },
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
