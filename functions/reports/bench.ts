/**
 * Report files at size (functions/lib/boardModule.ts `local.bench`): a 1,000,000-row records export
 * (BENCH_EXPORT_ROWS) streamed into the local stack's reports bucket, in a child process of its own
 * so its peak memory is the export's alone: time, peak RSS and heap (goal: peak RSS ≤ 150 MB).
 *
 * The child's old space is held to BENCH_EXPORT_HEAP_MB (64): without a limit V8 collects lazily
 * and RSS follows the garbage, not what the export keeps; with it, an export that kept its rows
 * would run out of memory and fail the bench.
 */
import { spawnSync } from 'node:child_process';

const GOAL_MB = 150;
const HEAP_MB = Number(process.env.BENCH_EXPORT_HEAP_MB ?? 64);

export async function benchBoard(): Promise<object> {
  const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'functions/reports/benchExport.ts'], { env: process.env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the export bench failed (exit ${run.status}): ${run.stderr}`);
  const figures = JSON.parse(run.stdout.trim().split('\n').pop()!) as { peak_rss_mb: number };
  return { records_export: { ...figures, old_space_limit_mb: HEAP_MB, goal_peak_rss_mb: GOAL_MB, within_goal: figures.peak_rss_mb <= GOAL_MB } };
}
