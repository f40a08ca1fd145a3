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
    // A hang detector, not a speed limit. A large form (the company's, the wizard's) takes 7 s alone, and in
    // `npm test` these files run in the idle scheduling class beside the browser journeys (decisions/0280), on
    // the CPU the journeys leave: one CI run on a slow machine saw a wizard test take over 60 s and a route test
    // 34 s. So one generous limit for every test, and none of their own.
    testTimeout: 180_000,
    // Each file in a fresh VM context of a reused worker thread, not in a fresh process (decisions/0274): the same
    // isolation (its own modules, its own jsdom), about half the CPU, most of it MUI's modules loaded per file.
    pool: 'vmThreads',
  },
});
