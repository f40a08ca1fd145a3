/**
 * The real server for a benchmark: a fresh database (PostgreSQL: a new database on DATABASE_URL's server, dropped
 * afterwards; PGlite: in memory), the app built by buildApp, listening on a free port of 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { type AppContext, createAppContext } from '../../apps/server/src/appContext.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createTestDatabase, type DriverKind } from '../../apps/server/test/support/db.ts';

export type { DriverKind };

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL server of the run: DATABASE_URL, or the machine's local server. */
export function postgresUrl(): string {
  process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL;
  return process.env.DATABASE_URL;
}

export interface BenchServer {
  kind: DriverKind;
  url: string;
  /** The database's own URL (PostgreSQL only), for the pgbench reference. */
  databaseUrl: string | null;
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** PostgreSQL connections of the app's pool (the test helper opens 10). */
  poolSize?: number;
  /** Listen on this port (0: a free one). */
  port?: number;
  /** Serve the built web app from here (the browser benchmarks); none by default. */
  webDistDir?: string;
  /** More settings of the app (DATA_DIR for a benchmark's files). */
  env?: Record<string, string>;
}

export async function startBenchServer(
  kind: DriverKind,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  if (kind === 'postgres') postgresUrl();
  const created = await createTestDatabase(kind);
  let database = created;
  let closePool = async () => {};
  if (kind === 'postgres' && options.poolSize && created.url) {
    // Same fresh database, the app's own pool size.
    const pool = await openDatabase({ kind: 'postgres', url: created.url, poolSize: options.poolSize });
    database = { ...pool, url: created.url };
    closePool = () => pool.close();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: options.webDistDir ?? '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    BIDS_RATE_LIMIT_PER_MINUTE: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    DEMO_SEED: 'off',
    DEMO_SIMULATION: 'off',
    // What production runs: the contract check of every reply is a test-time net (NODE_ENV=test turns it on).
    CHECK_REPLIES: 'off',
    ...options.env,
  });
  const ctx = createAppContext(config, database);
  const app = await buildApp(ctx, { logger: false });
  const url = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    kind,
    url,
    databaseUrl: created.url,
    app,
    ctx,
    close: async () => {
      await app.close();
      await closePool();
      await created.close();
    },
  };
}
