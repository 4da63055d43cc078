/**
 * `npm test`: the type check, the build and the four vitest projects (vitest.config.ts) in two lanes
 * side by side, each lane its own process:
 *   - the type check, then the unit and integration projects;
 *   - the console's build, then the infra and browser (e2e) projects, which read the build.
 * vitest runs the projects that keep one shared stack (integration, e2e: `fileParallelism: false`)
 * one after the other, so on this machine's two cores one process leaves a core idle most of the
 * run; two lanes finish in about 85% of the time (README, Scripts).
 *
 * The first lane's output streams as it comes; the second's is kept and printed whole when both are
 * done, so the log reads one lane at a time. The last lines say how each lane ended and repeat a
 * failing lane's failures, since a CI log is often read from its end.
 *
 * `npm test -- <vitest arguments>` (a file, `--project unit`, `-t name`) runs one lane: the type
 * check, the build, then vitest with those arguments.
 */
import { spawn } from 'node:child_process';

type Step = readonly [command: string, args: readonly string[]];

interface Lane {
  name: string;
  steps: readonly Step[];
  /** Whether its output streams (else it is kept and printed at the end). */
  live: boolean;
}

interface LaneResult {
  lane: Lane;
  code: number;
  output: string;
  seconds: number;
}

const vitest = (...projects: string[]): Step => ['npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...projects.flatMap((p) => ['--project', p])]];
const typecheck: Step = ['npm', ['run', '--silent', 'typecheck']];
const build: Step = ['npm', ['run', '--silent', 'build']];

const extra = process.argv.slice(2);
const lanes: Lane[] =
  extra.length > 0
    ? [{ name: 'vitest ' + extra.join(' '), steps: [typecheck, build, ['npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...extra]]], live: true }]
    : [
        { name: 'type check, unit and integration', steps: [typecheck, vitest('unit', 'integration', 'integration-own-stack')], live: true },
        { name: 'build, infra and browser', steps: [build, vitest('infra', 'e2e')], live: false },
      ];

const running = new Set<ReturnType<typeof spawn>>();

function runStep([command, args]: Step, lane: Lane, sink: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
    running.add(child);
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      sink.push(text);
      if (lane.live) process.stdout.write(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => {
      sink.push(`${command} could not start: ${err.message}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function runLane(lane: Lane): Promise<LaneResult> {
  const started = performance.now();
  const sink: string[] = [];
  let code = 0;
  for (const step of lane.steps) {
    code = await runStep(step, lane, sink);
    if (code !== 0) break;
  }
  return { lane, code, output: sink.join(''), seconds: Math.round((performance.now() - started) / 1000) };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

const results = await Promise.all(lanes.map(runLane));
for (const r of results) {
  if (r.lane.live) continue;
  process.stdout.write(`\n──── ${r.lane.name} ────\n${r.output}`);
}

/** A failing lane's failures as vitest summed them up (or its last lines when it did not get that far). */
function failuresOf(output: string): string {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const from = plain.lastIndexOf('Failed Tests');
  const part = from >= 0 ? plain.slice(from) : plain;
  return part.split('\n').slice(-150).join('\n');
}

process.stdout.write('\n──── npm test ────\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`}  ${r.lane.name}, ${r.seconds} s\n`);
for (const r of results.filter((x) => x.code !== 0 && results.length > 1)) process.stdout.write(`\n──── failures of: ${r.lane.name} ────\n${failuresOf(r.output)}\n`);
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
