/**
 * Each board's part of the demo texts from numbers of its own: a number two boards' demos both use
 * would make one board's stranger another board's customer (the guests board's demo texts from a
 * number no record may have).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boards } from '../../functions/lib/boardList.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe("the boards' demos", () => {
  it('use no phone number of another board', () => {
    const owners = new Map<string, string>();
    const shared: string[] = [];
    for (const board of boards()) {
      if (!board.local?.demo) continue;
      const text = readFileSync(resolve(ROOT, board.local.demo), 'utf8');
      for (const number of new Set(text.match(/\+1(?:617|214)555\d{4}/g) ?? [])) {
        const other = owners.get(number);
        if (other && other !== board.name) shared.push(`${number}: ${other} and ${board.name}`);
        owners.set(number, board.name);
      }
    }
    expect(owners.size).toBeGreaterThan(10);
    expect(shared).toEqual([]);
  });
});
