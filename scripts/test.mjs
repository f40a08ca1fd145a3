// `npm test`: every unit and integration test (PGlite always, PostgreSQL too when DATABASE_URL is set), then the
// browser journeys against the production build. A missing Chromium fails the run loudly.
//
// Vitest's files that run two at a time (domain, server) with the web app's production build beside them at the
// lowest priority; then its serial files (server-serial: Redis's one channel, time, memory, the event loop), alone,
// since their file workers run at idle priority and any neighbour starves them; then the browser journeys, in one
// Playwright process against one server, with Vitest's long files that measure no time (server-beside) and then the
// web app's tests in the idle scheduling class beside them, on the CPU the journeys leave idle (decisions/0277,
// 0280). E2E_SHARDS=N runs N shards at once, each against a server of its own, the spec files dealt out by their
// measured length; not the default on two cores, where two shards overload the machine and journeys time out
// (decisions/0153, tried again in 0274).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { findChromium } from './chromium.mjs';
import { dealJourneys, JOURNEY_SECONDS } from './journeyShards.mjs';

const failed = (what, code) => {
  if (failedTails.length > 0)
    console.error(['', '── the failed run’s last lines, again ──', ...failedTails].join('\n'));
  console.error(`\n✖ ${what} failed (exit ${code})`);
  process.exit(code || 1);
};

const run = (command, args, env = {}) => {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed(`${command} ${args.join(' ')}`, result.status);
};

/** The last lines a failed child printed, shown again at the very end: a CI record keeps only the output's tail. */
const TAIL_LINES = 160;
const failedTails = [];

/** A child with its output passed through (prefixed by `label`), resolving to its exit code. */
const child = (command, args, { env = process.env, label = '' } = {}) => {
  console.log(`\n▶ ${label}${command} ${args.join(' ')}`);
  const process_ = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  for (const stream of [process_.stdout, process_.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      console.log(label + line);
      tail.push(label + line);
      if (tail.length > TAIL_LINES) tail.shift();
    });
  }
  return new Promise((resolve) =>
    process_.on('close', (code) => {
      if (code !== 0) failedTails.push(`${command} ${args.join(' ')}`, ...tail);
      resolve(code ?? 1);
    }),
  );
};

const vitest = (projects, label) =>
  child('npx', ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])], { label });

if (!process.env.DATABASE_URL) {
  console.log('ℹ DATABASE_URL is not set: integration tests run on PGlite only.');
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

// Where the server's file workers find it too (apps/server/src/files/idlePriority.ts CHRT_PATH).
const CHRT = ['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path));

/**
 * A command at a low CPU priority beside other work, its output kept and shown once that work is done, so the two
 * do not interleave. Resolves to its exit code and its output. `idle`: the scheduler's idle class (chrt --idle),
 * the class of the file workers (decision 0232), which it then shares the spare CPU with instead of starving them
 * as nice 19 would; nice 19 where chrt is missing.
 */
const beside = (command, args, { idle = false } = {}) => {
  const [runner, ...prefix] = idle && CHRT ? [CHRT, '--idle', '0'] : ['nice', '-n', '19'];
  console.log(`\n▶ ${[runner, ...prefix, command, ...args].join(' ')} (beside the tests, output kept)`);
  return new Promise((resolve) => {
    const process_ = spawn(runner, [...prefix, command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [process_.stdout, process_.stderr]) stream.on('data', (chunk) => (output += chunk));
    process_.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
};

const webBuild = beside('npm', ['run', 'build', '--workspace', 'apps/web']);
const parallelStatus = await vitest(['domain', 'server'], '');
const built = await webBuild;
process.stdout.write(built.output);
if (parallelStatus !== 0) failed('vitest (domain, server)', parallelStatus);
if (built.code !== 0) failed('npm run build --workspace apps/web', built.code);
// Every route's first-load JavaScript against the 250 kB gzip budget (decisions/0145).
run('node', ['scripts/js-budget.mjs']);

const serialStatus = await vitest(['server-serial'], '');
if (serialStatus !== 0) failed('vitest (server-serial)', serialStatus);

// The journeys. Each shard gets its own free port, data directory and demo data, and keeps its own traces.
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
const files = dealJourneys(shards);
const runShard = async (index) => {
  const args = ['playwright', 'test', '--config', 'e2e/playwright.config.ts'];
  // A file's path as a pattern of its own: `deals.spec.ts` must not also pick `…/other-deals.spec.ts`.
  if (shards > 1) args.push(...files[index].map((file) => `/${file.replaceAll('.', '\\.')}$`));
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: process.env.E2E_PORT && shards === 1 ? process.env.E2E_PORT : String(await freePort()),
    E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index + 1}` : 'test-results',
  };
  const label = shards > 1 ? `[${index + 1}/${shards}] ` : '';
  if (shards > 1) {
    const seconds = files[index].reduce((sum, file) => sum + (JOURNEY_SECONDS[file] ?? 0), 0);
    console.log(`${label}${files[index].length} files, about ${seconds} s measured alone`);
  }
  return child('npx', args, { env, label });
};
// The lane: the long server files, then the web app's tests (jsdom, no server; decisions/0280), one after the other.
const besideJourneys = (async () => {
  const server = await beside('npx', ['vitest', 'run', '--project', 'server-beside'], { idle: true });
  const web = await beside('npx', ['vitest', 'run', '--project', 'web'], { idle: true });
  return { server, web };
})();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i)));
const besideDone = await besideJourneys;
process.stdout.write(besideDone.server.output + besideDone.web.output);
const shardFailed = codes.findIndex((code) => code !== 0);
if (shardFailed >= 0) failed(`browser journeys (shard ${shardFailed + 1} of ${shards})`, codes[shardFailed]);
if (besideDone.server.code !== 0) failed('vitest (server-beside)', besideDone.server.code);
if (besideDone.web.code !== 0) failed('vitest (web)', besideDone.web.code);
console.log('\n✔ all tests passed');
