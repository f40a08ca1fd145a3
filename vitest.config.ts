import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that run one at a time, after the others (decisions/0153): those that share the one Redis of
 * the machine (its live channel and counters are the same for every test app) and those that measure time, memory
 * or the event loop, which a neighbour on the other core would skew.
 */
const SERIAL_SERVER_TESTS = [
  'apps/server/test/config.test.ts',
  'apps/server/test/faults.test.ts',
  'apps/server/test/liveRevocation.test.ts',
  'apps/server/test/multinode.test.ts',
  'apps/server/test/securityLimits.test.ts',
  'apps/server/test/hostileFiles.test.ts',
  'apps/server/test/ingestPacing.test.ts',
  'apps/server/test/registryCopySlices.test.ts',
  'apps/server/test/registryReport.test.ts',
  'apps/server/test/restart.test.ts',
  'apps/server/test/zipMemory.test.ts',
  'apps/server/src/files/filePriority.test.ts',
];

const server = { testTimeout: 30_000, hookTimeout: 120_000, pool: 'forks' as const, isolate: false };

export default defineConfig({
  test: {
    // Server files mostly wait on a database: two at a time even on two cores (the default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...SERIAL_SERVER_TESTS],
          ...server,
        },
      },
      {
        test: {
          name: 'server-serial',
          include: SERIAL_SERVER_TESTS,
          ...server,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web',
    ],
  },
});
