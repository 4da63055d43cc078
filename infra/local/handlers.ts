/**
 * Lambda entry modules, imported on first use and kept: one warm container per function, as in
 * AWS (module scope runs once). A missing or broken module is reported on each use, so a handler
 * that another person is still writing does not stop the stack from starting.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { installStreamingShim } from './streaming.js';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const modules = new Map<string, Promise<Record<string, unknown>>>();

export class MissingHandlerError extends Error {}

/** The `handler` export of an entry file (path relative to the project root). */
export async function loadHandler(entry: string): Promise<unknown> {
  let loading = modules.get(entry);
  if (!loading) {
    const file = resolve(PROJECT_ROOT, entry);
    if (!existsSync(file)) throw new MissingHandlerError(`${entry} does not exist yet`);
    // The SSE handler calls awslambda.streamifyResponse at import time.
    installStreamingShim();
    loading = import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;
    modules.set(entry, loading);
    // A module that fails to load is retried on the next request (it may be mid-edit).
    loading.catch(() => modules.delete(entry));
  }
  const mod = await loading;
  if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
  return mod.handler;
}

/** The Lambda function's name for an entry, e.g. functions/agents/handler.ts → dealer-console-agents. */
export function functionName(entry: string): string {
  const folder = entry.split('/').at(-2) ?? 'handler';
  return `dealer-console-${folder}`;
}
