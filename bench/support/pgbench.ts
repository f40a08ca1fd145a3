/**
 * The reference of the trading benchmarks: pgbench (/usr/bin/pgbench) updating one row, on the same PostgreSQL
 * server and in the same run as our measurement. One row under `clients` concurrent sessions is the ceiling of
 * any engine that commits each change of one lot durably under that lot's row lock.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgbenchResult {
  tool: string;
  script: string;
  clients: number;
  threads: number;
  seconds: number;
  transactions: number;
  tps: number;
  latency_avg_ms: number;
}

export async function pgbenchSingleRow(
  databaseUrl: string,
  clients: number,
  seconds = 10,
): Promise<PgbenchResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create table if not exists bench_row (id int primary key, v bigint not null)');
  await client.query('insert into bench_row values (1, 0) on conflict (id) do nothing');
  await client.end();
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const script = 'UPDATE bench_row SET v = v + 1 WHERE id = 1;';
  const file = join(dir, 'single-row.sql');
  writeFileSync(file, `${script}\n`);
  const threads = Math.min(2, clients);
  try {
    const { stdout } = await run(
      '/usr/bin/pgbench',
      ['-n', '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-f', file, databaseUrl],
      { maxBuffer: 1 << 20 },
    );
    const number = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? Number.NaN);
    return {
      tool: '/usr/bin/pgbench',
      script,
      clients,
      threads,
      seconds,
      transactions: number(/number of transactions actually processed: (\d+)/),
      tps: +number(/tps = ([\d.]+)/).toFixed(1),
      latency_avg_ms: number(/latency average = ([\d.]+) ms/),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
