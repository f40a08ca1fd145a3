import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from '../scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(join(tmpdir(), 'etp-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Each shard of `npm test` (scripts/test.mjs) keeps its own traces: a shard starting must not clear another's.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    reducedMotion: 'reduce',
    // A failed journey's trace, for the person who runs it. Recording one costs every journey a fifth of its time
    // (DOM snapshots at each step, serialised by the page and the runner: trade.spec.ts 120-125 s against 92-100 s
    // without); CI, whose clean clone is thrown away, sets E2E_TRACE=0 and keeps the failure's picture and error
    // context only (decisions/0279).
    trace: process.env.E2E_TRACE === '0' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    // The compiled server (decisions/0252), as production runs it: no TypeScript loader in the server or in each
    // file worker it starts. Built into a folder of this run's own (git-ignored), so parallel runs do not collide.
    command: `node ../apps/server/build.mjs dist-e2e-${PORT} && node --enable-source-maps ../apps/server/dist-e2e-${PORT}/main.mjs`,
    url: `http://localhost:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The spec's 120 s between codes to one phone is proven by the server's tests (codes.test.ts); the
      // journeys would otherwise wait it out.
      SMS_RESEND_SECONDS: '3',
      // The journeys sign in about 150 times in ten minutes, all from one address: the sign-in limit (a thirtieth
      // of this per minute per address, proven by the server's tests) would refuse some of them.
      RATE_LIMIT_PER_MINUTE: '6000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
