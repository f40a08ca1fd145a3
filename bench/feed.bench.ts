/**
 * Feed latency: GET /api/v1/briefcases (a page of 10 cards with their counters, filters, status counts, auth)
 * through the whole Fastify stack, against the reference of reading ten procedure rows by primary key order on
 * the same database in the same run. Run on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { createAppContext } from '../apps/server/src/appContext.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createTestDatabase } from '../apps/server/test/support/db.ts';

const ITERATIONS = 300;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    p50_ms: +at(0.5).toFixed(3),
    p99_ms: +at(0.99).toFixed(3),
    mean_ms: +(samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(3),
  };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function measure(database: Database) {
  await seedDemo(database.db, { now: new Date() });
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const ctx = createAppContext(config, database);
  const app = await buildApp(ctx, { logger: false });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/authorize_by_email',
    payload: { email: 'buyer.legal@etp-rd.ru', password: 'Demo-2026!' },
  });
  const token = signIn.json().data.jwt.token as string;
  const feed = await time(async () => {
    const response = await app.inject({
      url: '/api/v1/briefcases?per_page=10',
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  });
  const reference = await time(() => database.db.execute(sql`select * from briefcases order by id limit 10`));
  await app.close();
  const ours = stats(feed);
  const ref = stats(reference);
  return { feed: ours, reference_select_10_rows: ref, ratio_p50: +(ours.p50_ms / ref.p50_ms).toFixed(2) };
}

export async function feedBenchmark() {
  const results: Record<string, unknown> = { iterations: ITERATIONS };
  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  await pglite.migrate();
  results.pglite = await measure(pglite);
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const postgres = await createTestDatabase('postgres');
    results.postgres = await measure(postgres);
    await postgres.close();
  }
  return results;
}
