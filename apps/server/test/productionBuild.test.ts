/**
 * The production build (decisions/0252): the compiled server starts without the TypeScript loader, finds its
 * migrations from dist, answers /health, and its file worker process runs the compiled worker.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from './support/process.ts';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
// A build of its own beside dist (as deep), so that a build or a server running from dist is left alone.
const OUT = mkdtempSync(join(SERVER_DIR, 'dist-test-'));
const DATA = mkdtempSync(join(tmpdir(), 'etp-build-'));

let child: ChildProcess;
let output = '';
let url = '';

/** The command lines of the server's child processes. */
function childCommands(pid: number): string[] {
  return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((id) => {
      try {
        return [readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').join(' ').trim()];
      } catch {
        return [];
      }
    });
}

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs', basename(OUT)], { cwd: SERVER_DIR, stdio: 'pipe' });
  const port = await freePort();
  const { REDIS_URL: _redis, DATABASE_URL: _database, NODE_OPTIONS: _options, ...env } = process.env;
  child = spawn(process.execPath, ['--enable-source-maps', join(OUT, 'main.mjs')], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'off',
      PORT: String(port),
      DATA_DIR: DATA,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited: ${output}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the compiled server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(OUT, { recursive: true, force: true });
  rmSync(DATA, { recursive: true, force: true });
});

test('the compiled server migrates its database and answers /health, its sources named by source maps', async () => {
  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { data: { status: string } }).data.status).toBe('up');
  const map = JSON.parse(readFileSync(join(OUT, 'main.mjs.map'), 'utf8')) as { sources: string[] };
  expect(map.sources).toContain('../src/main.ts');
  // The workspace packages are in the bundle, their sources named.
  expect(
    map.sources.filter((source) => source.startsWith('../../../packages/domain/src/')).length,
  ).toBeGreaterThan(0);
});

test('its file worker process runs the compiled worker, without the TypeScript loader', async () => {
  const deadline = Date.now() + 30_000;
  let workers: string[] = [];
  while (workers.length === 0 && Date.now() < deadline) {
    workers = childCommands(child.pid!).filter((command) => command.includes('fileWorker'));
    if (workers.length === 0) await new Promise((r) => setTimeout(r, 200));
  }
  expect(workers.length).toBeGreaterThan(0);
  for (const command of workers) {
    expect(command).toContain(join(OUT, 'fileWorker.mjs'));
    expect(command).toContain('--enable-source-maps');
    expect(command).not.toMatch(/tsx/);
  }
  expect(existsSync(join(OUT, 'forecast.worker.mjs'))).toBe(true);
});
