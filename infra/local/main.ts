/**
 * `npm start`: the whole console on this machine.
 *
 *   PORT       port of the console (default 3000)
 *   HOST       address the console listens on (default 127.0.0.1: this machine only; 0.0.0.0 to
 *              let other machines in). DynamoDB Local and s3rver listen on 127.0.0.1 whatever it is.
 *   DATA_DIR   where DynamoDB, S3 files, the carrier's outbox and the signing secret persist
 *              (default .data/); the demo dealership is seeded only when it is not there yet
 *   --dev      serve the SPA from source with Vite (hot reload). Without it the SPA comes from
 *              web/dist when a build exists (`npm run build`), else from Vite anyway.
 *   --web=vite|built|none   choose explicitly.
 *   DMS_SIMULATOR=off       no DMS simulator (it opens and advances demo repair orders every
 *                           SIM_INTERVAL_MS, default 45 s)
 *   SIGNALS_ENDPOINT=off    no MQTT broker: open consoles' event streams read every channel
 *                           every second, as before push wake-ups
 *
 * DynamoDB Local and s3rver are restarted when they die (on the same port and data path).
 * Ctrl-C stops everything it started (DynamoDB Local's java, s3rver) and keeps the data.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo.js';
import { PARTNER_DEMO_PASSWORD, PARTNER_DEMO_USERS } from './demo-partner.js';
import { DEFAULT_HOST, startLocalStack, type LocalStack } from './stack.js';
import { WEB_DIST, type WebMode } from './web.js';

function webMode(args: string[]): WebMode {
  const explicit = args.find((a) => a.startsWith('--web='))?.slice('--web='.length);
  if (explicit === 'vite' || explicit === 'built' || explicit === 'none') return explicit;
  if (explicit) throw new Error(`--web must be vite, built or none (got ${explicit})`);
  if (args.includes('--dev')) return 'vite';
  return existsSync(join(WEB_DIST, 'index.html')) ? 'built' : 'vite';
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows.map((row) => '  ' + row.map((cell, col) => cell.padEnd(widths[col]!)).join('   ')).join('\n');
}

const args = process.argv.slice(2);
const port = Number.parseInt(process.env.PORT ?? '3000', 10);
const host = process.env.HOST || DEFAULT_HOST;
const dataDir = process.env.DATA_DIR || '.data';
const web = webMode(args);
const dmsSimulator = process.env.DMS_SIMULATOR !== 'off';

let stack: LocalStack;
try {
  stack = await startLocalStack({ port, host, dataDir, web, seed: true, scheduler: true, dmsSimulator });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') console.error(`Port ${port} is already in use: stop what runs there or start with PORT=<another port>.`);
  else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') console.error(`HOST=${host} is not an address of this machine: leave it unset (127.0.0.1) or use 0.0.0.0.`);
  else console.error(err);
  process.exit(1);
}

console.log(`
Dealer console is running (SPA: ${web === 'vite' ? 'Vite dev server' : web === 'built' ? 'web/dist build' : 'not served'}; data in ${dataDir})

  Console          ${stack.url}/app/sign_in (listening on ${host}${host === DEFAULT_HOST ? ', this machine only: HOST=0.0.0.0 lets other machines in' : ''})
  Customer phone   ${stack.url}/dev/phone?phone=+16175551001
  Mail outbox      ${stack.url}/dev/mail
  DMS simulator    ${dmsSimulator ? `on: a repair order every ${Math.round((Number.parseInt(process.env.SIM_INTERVAL_MS ?? '', 10) || 45_000) / 1000)} s (DMS_SIMULATOR=off to stop it)` : 'off'}

Demo sign-ins, password "${DEMO_PASSWORD}":
${table([['E-mail', 'Role', 'Lands on'], ...DEMO_SIGN_INS.map((s) => [s.email, s.role, s.landing])])}

  (former@demo.example is inactive: its sign-in is refused.)

Partner sign-in (Lakeside Auto Group), password "${PARTNER_DEMO_PASSWORD}" at the local partner ${stack.url}/partner:
  ${stack.url}/app/sign_in?partner=cao as ${PARTNER_DEMO_USERS.map((u) => u.email).join(', ')}
  (the last has no console role at the partner: it is sent back to ${stack.url}/partner/connect)

Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log('Stopping anyway.');
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the local stack…`);
  await stack.stop();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

// A handler's stray promise must not take the whole stack down; Lambda would log it too.
process.on('unhandledRejection', (reason) => console.error('[stack] unhandled rejection:', reason));
process.on('uncaughtException', (err) => {
  console.error('[stack] uncaught exception, stopping:', err);
  void stack.stop().finally(() => process.exit(1));
});
