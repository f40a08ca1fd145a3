/** Component and unit tests of the web app: jsdom, React plugin, tests beside their files. */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test/setup.ts'],
    // A large form (the company's, the wizard's) takes 7 s alone; two workers on a busy machine double it.
    testTimeout: 30_000,
    // Each file in a fresh VM context of a reused worker thread, not in a fresh process (decisions/0274): the same
    // isolation (its own modules, its own jsdom), about half the CPU, most of it MUI's modules loaded per file.
    pool: 'vmThreads',
  },
});
