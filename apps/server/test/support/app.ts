/** A real application over a test database, with a clock the test can move. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type AppContext, createAppContext } from '../../src/appContext.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseTimeouts } from '../../src/db/client.ts';
import { createCounters } from '../../src/http/counters.ts';
import { createNotifier, type TransportOverrides } from '../../src/notify/createNotifier.ts';
import type { Bus } from '../../src/realtime/bus.ts';
import { createTestDatabase, type DriverKind, type TestDatabase } from './db.ts';

interface TestClock {
  now: () => Date;
  set(date: Date): void;
  advance(ms: number): void;
}

function createClock(start = new Date('2026-11-22T09:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Transports in place of the configured ones (a failing SMS gateway...). */
  transports?: TransportOverrides;
  /** A bus in place of the configured one (an in-process bus beside a Redis that only the counters use...). */
  bus?: Bus;
  /** Told of every route the application registers. */
  onRoute?: BuildAppOptions['onRoute'];
  /** PostgreSQL only: the database connections' timeouts (a short lock_timeout...). */
  databaseTimeouts?: Partial<DatabaseTimeouts>;
}

export async function createTestApp(
  kind: DriverKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind, options.databaseTimeouts);
  // A fresh random signing key per app, as a server without JWT_SECRET makes one (a test may pass its own, or
  // JWT_SECRET: '' to have the key made in DATA_DIR).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ...env,
  });
  const clock = createClock();
  const counters = createCounters(config.redisUrl, () => clock.now().getTime());
  const notifier = createNotifier(config, database.db, clock.now, options.transports, counters);
  const ctx = createAppContext(config, database, clock.now, options.bus, notifier, undefined, counters);
  const app = await buildApp(ctx, { logger: false, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    ctx,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
