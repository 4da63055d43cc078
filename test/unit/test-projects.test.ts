/**
 * The integration files share one worker and one module graph (vitest.config.ts): a file that
 * starts a stack of its own and points the domain modules at it must run apart, in
 * integration-own-stack, or it talks to the shared stack through the clients the first file made.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OWN_STACK } from '../../vitest.config.js';

const STARTS_A_STACK = /\b(startIsolatedStack|startLocalStack|startFaultStack)\(/;

describe('test projects', () => {
  it('runs every integration file that starts a stack of its own apart from the shared worker', async () => {
    const under = (dir: string, suffix: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith(suffix))
        .map((name) => `${dir}/${name}`);
    const files = [...under('test/integration', '.test.ts'), ...under('functions', '.integration.test.ts')];
    expect(files.length).toBeGreaterThan(40);
    const ownStack = files.filter((file) => STARTS_A_STACK.test(readFileSync(file, 'utf8'))).sort();
    expect(ownStack).toEqual([...OWN_STACK].sort());
  });
});
