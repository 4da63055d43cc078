/**
 * Starts s3rver (see s3-process.ts) and answers its endpoint. A supervisor (supervisor.ts) starts
 * it again on the same port and directory when it dies.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsxImportArgs } from './node-process.js';
import { Supervisor, type ExitStatus, type SupervisedRun, type SupervisorStatus } from './supervisor.js';

/** s3rver answers only this machine. */
export const S3_HOST = '127.0.0.1';

export interface LocalS3 {
  endpoint: string;
  status(): SupervisorStatus;
  stop(): Promise<void>;
}

export interface S3Options {
  directory: string;
  buckets: string[];
  resetOnClose: boolean;
  log: (line: string) => void;
  logError: (line: string) => void;
}

export async function startS3(options: S3Options): Promise<LocalS3> {
  const { log, logError, ...serverOptions } = options;
  // The first run takes a free port; every restart takes that same one, which the clients know.
  let port = 0;
  const supervisor = new Supervisor({
    name: 's3rver',
    launch: async () => {
      const started = await launchS3rver({ ...serverOptions, address: S3_HOST, port });
      port = started.port;
      return started.run;
    },
    log,
    logError,
  });
  await supervisor.start();
  return {
    endpoint: `http://${S3_HOST}:${port}`,
    status: () => supervisor.status(),
    stop: () => supervisor.stop(),
  };
}

async function launchS3rver(options: { directory: string; buckets: string[]; resetOnClose: boolean; address: string; port: number }): Promise<{ port: number; run: SupervisedRun }> {
  const child = fork(fileURLToPath(new URL('./s3-process.ts', import.meta.url)), [JSON.stringify(options)], {
    execArgv: ['--openssl-legacy-provider', ...tsxImportArgs()],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) => {
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error('s3rver sent an unexpected message'));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening\n${stderr}`)));
    child.once('error', reject);
  });

  return {
    port,
    run: {
      pid: child.pid,
      exited,
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        // Closing the IPC channel is the child's signal to close s3rver and exit.
        if (child.connected) child.disconnect();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      },
    },
  };
}
