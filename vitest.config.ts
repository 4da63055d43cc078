import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One run, five projects: unit and infra need nothing running; integration and e2e each start
 * their own local stack (DynamoDB Local in memory, s3rver, API server) on free ports, which their
 * files share, one after another in one worker; integration-own-stack's files start one each.
 *
 * A board keeps its tests in its own folders (docs/adding-a-board.md): `functions/<board>/tests/`
 * and `web/src/features/<board>/tests/`, the project named by the file's suffix
 * (`*.unit.test.ts(x)`, `*.integration.test.ts`, `*.e2e.test.ts`).
 *
 * Integration files that start a stack of their own and point this process's domain modules at
 * it: each runs in a fresh module graph, since the shared worker of the other files keeps the
 * table and broker clients of the first stack it met.
 */
export const OWN_STACK = ['test/integration/realtime-push.test.ts', 'test/integration/dms-faults.test.ts', 'test/integration/store-outage.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'functions/*/tests/**/*.unit.test.ts', 'web/src/features/*/tests/**/*.unit.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'functions/*/tests/**/*.integration.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_STACK],
          globalSetup: ['test/support/integration-setup.ts'],
          // Tests call the conversation core in process too: every board's port is registered first.
          setupFiles: ['test/support/boards.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One worker runs the files one after another against the one stack: each file need not
          // import every board again (about a second a file, a minute a run).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration-own-stack',
          include: OWN_STACK,
          setupFiles: ['test/support/boards.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'web/src/features/*/tests/**/*.e2e.test.ts'],
          globalSetup: ['test/support/e2e-setup.ts'],
          setupFiles: ['test/support/boards.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
