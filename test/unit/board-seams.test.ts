/**
 * The seams of "a board is its own folder" (DESIGN.md, docs/adding-a-board.md): the core reaches a
 * board only through the registry (functions/boards.ts) and the owner port, never by importing a
 * board's modules; a board's code never waits on the module that loads every board's code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_AREAS } from '../../functions/areas.js';
import { boards } from '../../functions/lib/boardList.js';

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
const BOARD_FOLDERS = new Set(boards().flatMap((board) => Object.values(board.areas).map((area) => area.entry.split('/').slice(0, 2).join('/'))));

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

  it("the shared core imports no board's contract (shared/<board>/), save the DMS feed's schemas, which feed the boards", () => {
    const boardContracts = readdirSync(join(ROOT, 'shared')).filter((name) => statSync(join(ROOT, 'shared', name)).isDirectory() && name !== 'schemas').map((name) => `shared/${name}/`);
    const core = [...filesUnder(join(ROOT, 'shared')).filter((file) => !boardContracts.some((folder) => relative(ROOT, file).startsWith(folder)))].filter((file) => !file.endsWith('shared/schemas/dms.ts'));
    const reaching = core.flatMap((file) => importsOf(file).filter((target) => boardContracts.some((folder) => target.startsWith(folder))).map((target) => `${relative(ROOT, file)} imports ${target}`));
    expect(boardContracts.length).toBeGreaterThan(0);
    expect(reaching, reaching.join('\n')).toEqual([]);
  });

  it("no module but a Lambda entry brings every board (a board's own modules must not depend on the registry being loaded)", () => {
    const entries = new Set(Object.values(API_AREAS).map((area) => area.entry).concat('functions/jobs/handler.ts', 'functions/inbound/handler.ts', 'functions/tableStream/handler.ts'));
    const loaders = filesUnder(join(ROOT, 'functions'))
      .filter((file) => importsOf(file).includes('functions/messages/boards.ts'))
      .map((file) => relative(ROOT, file))
      .filter((file) => !entries.has(file));
    expect(loaders).toEqual([]);
  });

  it('every board declares what the rest of the system reads', () => {
    for (const board of boards()) {
      expect(Object.keys(board.areas).length, board.name).toBeGreaterThan(0);
      if (board.conversations) {
        expect(board.conversations.path, board.name).toContain(`{${board.conversations.idParam}}`);
      }
      for (const [name, job] of Object.entries(board.jobs ?? {})) expect(job.run, `${board.name}: ${name}`).toBeTypeOf('function');
    }
    expect(new Set(boards().map((b) => b.name)).size).toBe(boards().length);
  });

  it('registers the owner port of every board with conversations', async () => {
    const { portFor } = await import('../../functions/messages/owners.js');
    await import('../../functions/messages/boards.js');
    for (const board of boards()) if (board.conversations) expect(portFor(board.conversations).kind, board.name).toBe(board.conversations.kind);
  });
});
