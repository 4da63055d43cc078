/**
 * The seams of "a board is its own folder" (DESIGN.md, docs/adding-a-board.md): the core reaches a
 * board only through the registry (functions/boards.ts) and the owner port, never by importing a
 * board's modules; a board's code never waits on the module that loads every board's code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../functions/areas.js';
import { BOARDS } from '../../functions/lib/boardList.js';

const ROOT = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The project-relative files a module imports (relative specifiers only). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s+'(\.[^']+)'|import\s*\(\s*'(\.[^']+)'\s*\)|(?:^|\n)\s*import\s+'(\.[^']+)'/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

/** The folders under functions/ that belong to a board: each of its areas' folders. */
const BOARD_FOLDERS = new Set(BOARDS.flatMap((board) => Object.values(board.areas).map((area) => area.entry.split('/').slice(0, 2).join('/'))));

/** The conversation core and the platform: none of it may import a board's modules. */
const CORE_FOLDERS = ['functions/lib', 'functions/messages', 'functions/inbound', 'functions/customers', 'functions/events', 'functions/notifications', 'functions/jobs', 'functions/locations', 'functions/agents', 'functions/sessions', 'functions/originGate'];

describe('a board is its own folder (server)', () => {
  it('knows the folders of the registered boards', () => {
    expect([...BOARD_FOLDERS].sort()).toEqual(expect.arrayContaining(['functions/appointments', 'functions/repairOrders']));
    for (const folder of CORE_FOLDERS) expect(BOARD_FOLDERS.has(folder), folder).toBe(false);
  });

  it('the core imports no board: only the registry names them', () => {
    const reaching: string[] = [];
    for (const folder of CORE_FOLDERS) {
      for (const file of filesUnder(join(ROOT, folder))) {
        for (const target of importsOf(file)) {
          const board = [...BOARD_FOLDERS].find((f) => target.startsWith(`${f}/`));
          if (board) reaching.push(`${relative(ROOT, file)} imports ${target}`);
        }
      }
    }
    expect(reaching, reaching.join('\n')).toEqual([]);
  });

  it("no module but a Lambda entry loads every board's code (a board's own modules would wait on themselves)", () => {
    const entries = new Set(Object.values(API_AREAS).map((area) => area.entry).concat('functions/jobs/handler.ts', 'functions/inbound/handler.ts'));
    const loaders = filesUnder(join(ROOT, 'functions'))
      .filter((file) => importsOf(file).includes('functions/messages/boards.ts'))
      .map((file) => relative(ROOT, file))
      .filter((file) => !entries.has(file));
    expect(loaders).toEqual([]);
  });

  it('every board declares what the rest of the system reads', () => {
    for (const board of BOARDS) {
      expect(Object.keys(board.areas).length, board.name).toBeGreaterThan(0);
      if (board.conversations) {
        expect(board.conversations.path, board.name).toContain(`{${board.conversations.idParam}}`);
        expect(board.runtime, `${board.name} has conversations, so code that registers its owner port`).toBeTypeOf('function');
      }
      if (board.jobs && Object.keys(board.jobs).length > 0) expect(board.runJobs, `${board.name} runs jobs`).toBeTypeOf('function');
    }
    expect(new Set(BOARDS.map((b) => b.name)).size).toBe(BOARDS.length);
  });

  it("runs every board's declared jobs from its jobs.ts", async () => {
    for (const board of BOARDS) {
      const code = board.runJobs ? await board.runJobs() : null;
      for (const job of Object.keys(board.jobs ?? {})) expect(code?.jobs[job], `${board.name}: ${job}`).toBeTypeOf('function');
    }
  });
});
