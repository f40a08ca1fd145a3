import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
        },
      },
      'apps/web',
    ],
  },
});
