/** Starts s3rver (see s3-process.ts) and answers its endpoint. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { tsxImportArgs } from './node-process.js';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(options: { directory: string; buckets: string[]; resetOnClose: boolean }): Promise<LocalS3> {
  const child = fork(fileURLToPath(new URL('./s3-process.ts', import.meta.url)), [JSON.stringify(options)], {
    execArgv: ['--openssl-legacy-provider', ...tsxImportArgs()],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) => {
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error('s3rver sent an unexpected message'));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening\n${stderr}`)));
    child.once('error', reject);
  });

  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      // Closing the IPC channel is the child's signal to close s3rver and exit.
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
