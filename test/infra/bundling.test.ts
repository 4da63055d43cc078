/**
 * Real bundling, as `cdk synth` does it: every entry is bundled by the local esbuild into an ESM
 * module that Node can load (the createRequire banner gives CommonJS dependencies `require`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CfnElement } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../bench/lambdas.js';
import { API_AREAS, CARRIER_TOPICS, EVENTS_ENTRY, JOBS_ENTRY, type AreaName } from '../../functions/areas.js';
import { PDF_BUNDLE_FILES } from '../../functions/recommendations/fonts.js';
import { BUNDLE_FILES, ORIGIN_GATE_ENTRY } from '../../infra/api.js';
import { ESM_REQUIRE_BANNER } from '../../infra/server-function.js';
import { resources, synthesise, type Synthesised } from './synth.js';

let s: Synthesised;
// Bundling every function takes minutes on a busy two-core machine: more than the project's hook timeout.
beforeAll(() => {
  // Template validation is the stack tests' business; here only the bundles matter.
  s = synthesise({ bundle: true, validateTemplates: false });
}, 600_000);

/** The bundled asset directory of each function, by its entry. */
function bundles(): Map<string, string> {
  const { appStack } = s.built;
  const servers = [...Object.values(appStack.api.areas), appStack.api.originGate, appStack.realtime.stream, ...appStack.messaging.receivers.values(), appStack.jobs.runner];
  const functions = resources(s.app, 'AWS::Lambda::Function');
  return new Map(
    servers.map((server) => {
      const code = functions[appStack.getLogicalId(server.fn.node.defaultChild as CfnElement)]?.Properties?.Code as { S3Key?: string } | undefined;
      // The assembly stages each asset as asset.<hash>/, uploaded as <hash>.zip.
      const hash = code?.S3Key?.replace(/\.zip$/, '');
      if (!hash) throw new Error(`no asset for ${server.entry}`);
      return [server.entry, join(s.assembly.directory, `asset.${hash}`)];
    }),
  );
}

describe('function bundles', () => {
  it('are ESM modules with the createRequire banner and a source map, one per function', () => {
    const dirs = bundles();
    // Every API area, the origin gate, the event stream, each distinct carrier-topic entry and the jobs runner.
    const entries = new Set([...Object.values(API_AREAS).map((a) => a.entry), ORIGIN_GATE_ENTRY, EVENTS_ENTRY, ...Object.values(CARRIER_TOPICS).map((t) => t.entry), JOBS_ENTRY]);
    expect(dirs.size).toBe(entries.size);
    for (const [entry, dir] of dirs) {
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(ESM_REQUIRE_BANNER), entry).toBe(true);
      expect(existsSync(join(dir, 'index.mjs.map')), entry).toBe(true);
    }
  });

  it('load in plain Node and export the handler (API areas, the origin gate and jobs)', () => {
    const dirs = bundles();
    const entries = [...Object.values(API_AREAS).map((area) => area.entry), ORIGIN_GATE_ENTRY, JOBS_ENTRY];
    const urls = entries.map((entry) => pathToFileURL(join(dirs.get(entry)!, 'index.mjs')).href);
    // A child Node, not this test's module loader: the bundle must stand on its own, as in Lambda.
    const script = `const urls = ${JSON.stringify(urls)};
      const kinds = [];
      for (const url of urls) kinds.push(typeof (await import(url)).handler);
      console.log(JSON.stringify(kinds));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual(entries.map(() => 'function'));
  });

  it('carry the PDF library only in the functions that draw the inspection PDF', () => {
    const drawing = pdfDrawingEntries();
    expect(drawing.size).toBeGreaterThan(0);
    for (const [entry, dir] of bundles()) {
      const { sources } = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(sources.some(isPdfLibrary), entry).toBe(drawing.has(entry));
    }
  });

  it('load the PDF library when a PDF is first drawn, not at cold start', async () => {
    for (const entry of pdfDrawingEntries()) {
      const { metafile } = await build({ ...esbuildOptions(entry, join(s.assembly.directory, 'pdf-check', 'index.mjs')), write: false });
      expect(staticallyImported(metafile!.inputs, entry).filter(isPdfLibrary), entry).toEqual([]);
    }
  }, 120_000);
});

/** pdf-lib, fontkit and their helper packages: only drawing the inspection PDF needs them. */
function isPdfLibrary(path: string): boolean {
  return /node_modules\/(pdf-lib|@pdf-lib\/[^/]+)\//.test(path);
}

/** Entries of the areas that draw the inspection PDF: the ones the stack copies its fonts into. */
function pdfDrawingEntries(): Set<string> {
  return new Set(
    (Object.entries(BUNDLE_FILES) as [AreaName, readonly unknown[]][]).filter(([, files]) => files === PDF_BUNDLE_FILES).map(([name]) => API_AREAS[name].entry),
  );
}

/** Every module the entry reaches through static imports alone: what Node evaluates when the function starts. */
function staticallyImported(inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>, entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      queue.push(imported.path);
    }
  }
  expect(seen.size, `${entry} not found in the build`).toBeGreaterThan(1);
  return [...seen];
}
