// `npm test`: every unit and integration test (PGlite always, PostgreSQL too when DATABASE_URL is set),
// then the browser journeys against the production build. A missing Chromium fails the run loudly.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { findChromium } from './chromium.mjs';

const run = (command, args, env = {}) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
};

if (!process.env.DATABASE_URL) {
  console.log('ℹ DATABASE_URL is not set: integration tests run on PGlite only.');
}
run('npx', ['vitest', 'run']);

const chromium = findChromium();
if (!chromium) {
  console.error(
    [
      '',
      '████████████████████████████████████████████████████████████████████████',
      '✖ Chromium was not found, so the browser journeys cannot run.',
      '  Install it with: apt-get update && apt-get install -y chromium',
      '  or point CHROMIUM_PATH at a Chromium binary.',
      '████████████████████████████████████████████████████████████████████████',
    ].join('\n'),
  );
  process.exit(1);
}
run('npm', ['run', 'build', '--workspace', 'apps/web']);
// Every route's first-load JavaScript against the 250 kB gzip budget (decisions/0145).
run('node', ['scripts/js-budget.mjs']);
// A free port, so that a server left running elsewhere (or another run) cannot collide with the journeys.
const port = await new Promise((resolve) => {
  const probe = createServer();
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
  E2E_PORT: process.env.E2E_PORT ?? String(port),
});
console.log('\n✔ all tests passed');
