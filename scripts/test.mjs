// `npm test`: every unit and integration test (PGlite always, PostgreSQL too when DATABASE_URL is set),
// then the browser journeys against the production build. A missing Chromium fails the run loudly.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
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
// The web app's production build (for the journeys) runs beside Vitest at the lowest priority: it takes what CPU the
// tests leave (their waits on a database, the serial files' idle core) instead of a minute of its own afterwards.
console.log('\n▶ nice -n 19 npm run build --workspace apps/web (beside the tests, output kept for the end)');
const webBuild = new Promise((resolve) => {
  const child = spawn('nice', ['-n', '19', 'npm', 'run', 'build', '--workspace', 'apps/web'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  child.on('close', (code) => resolve({ code: code ?? 1, output }));
});
// Spawned, not spawnSync: the build's output is read while the tests run.
const vitestStatus = await new Promise((resolve) =>
  spawn('npx', ['vitest', 'run'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)),
);
const built = await webBuild;
if (vitestStatus !== 0) {
  console.error(`\n✖ npx vitest run failed (exit ${vitestStatus})`);
  process.exit(vitestStatus);
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    [
      '',
      '████████████████████████████████████████████████████████████████████████',
      '✖ Chromium was not found, so the browser journeys cannot run.',
      '  Install it with: apt-get update && apt-get install -y chromium-headless-shell (or chromium)',
      '  or point CHROMIUM_PATH at a Chromium binary.',
      '████████████████████████████████████████████████████████████████████████',
    ].join('\n'),
  );
  process.exit(1);
}
process.stdout.write(built.output);
if (built.code !== 0) {
  console.error(`\n✖ npm run build --workspace apps/web failed (exit ${built.code})`);
  process.exit(built.code);
}
// Every route's first-load JavaScript against the 250 kB gzip budget (decisions/0145).
run('node', ['scripts/js-budget.mjs']);
// The journeys run in one Playwright process against one server; E2E_SHARDS=N runs N shards at once, each against a
// server of its own (own free port, data directory and demo data). Not the default on two cores (decisions/0153).
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
const runShard = async (index) => {
  const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts'];
  if (shards > 1) args.push(`--shard=${index}/${shards}`);
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: process.env.E2E_PORT && shards === 1 ? process.env.E2E_PORT : String(await freePort()),
    E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index}` : 'test-results',
  };
  console.log(`\n▶ npx ${args.join(' ')}`);
  const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const label = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(label + line));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
};
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.findIndex((code) => code !== 0);
if (failed >= 0) {
  console.error(`\n✖ browser journeys failed (shard ${failed + 1} of ${shards}, exit ${codes[failed]})`);
  process.exit(codes[failed]);
}
console.log('\n✔ all tests passed');
