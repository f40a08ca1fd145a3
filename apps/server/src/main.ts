/**
 * Starts the platform: validates the configuration, opens and migrates the database, seeds the demo data
 * into an empty database (not in production), and serves the API and the web app.
 */

import pino from 'pino';
import { buildApp } from './app.ts';
import { createAppContext } from './appContext.ts';
import { ConfigError, loadConfig } from './config.ts';
import { Episode, isDatabaseUnavailable } from './db/availability.ts';
import { openDatabase } from './db/client.ts';
import { DemoSimulator } from './demo/simulator.ts';
import { filePool } from './files/filePool.ts';
import { logSerializers } from './http/logRedaction.ts';
import { modeLine } from './modeLine.ts';
import { isRedisFailure } from './realtime/redisClient.ts';
import {
  FORECAST_CHECK_MS,
  MAIL_CHORE,
  PROTOCOL_CHORE,
  Scheduler,
  SUMMARY_CHORE,
} from './scheduler/scheduler.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo.ts';
import { stopNode } from './shutdown.ts';
import { storageOf } from './storage/storageOf.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The database's and the bus's own reports (a connection lost, a pool reduced), before the app's logger exists.
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  const database = await openDatabase(
    config.database.kind === 'postgres' ? { ...config.database, log } : config.database,
  );
  await database.migrate();

  const ctx = createAppContext(config, database, undefined, undefined, undefined, log);
  const logger =
    config.env === 'development'
      ? {
          level: config.logLevel,
          serializers: logSerializers,
          transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } },
        }
      : { level: config.logLevel, serializers: logSerializers };
  const app = await buildApp(ctx, { logger });

  let accounts: Awaited<ReturnType<typeof seedDemo>> = [];
  if (config.demoSeed && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: seeding demo data');
    accounts = await seedDemo(database.db, { now: new Date(), storage: storageOf(ctx) });
  }

  const scheduler = new Scheduler(
    ctx,
    ctx.leaderTag,
    (error) => app.log.error({ err: error }, 'scheduler tick failed'),
    250,
    FORECAST_CHECK_MS,
    [PROTOCOL_CHORE, MAIL_CHORE, SUMMARY_CHORE],
  );

  const simulator = config.demoSimulation
    ? new DemoSimulator(ctx, (message) => app.log.debug(message))
    : null;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopNode({ simulator, scheduler, app, files: filePool(), database });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The file workers start now, before trading, not on the first upload (decision 0233).
  filePool().warm();
  scheduler.start();
  simulator?.start();
  const where = config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  const address = config.exposed
    ? `http://<адрес этой машины>:${config.port}`
    : `http://localhost:${config.port}`;
  const lines = [
    '',
    `  ЭТП РД запущена: ${address}`,
    `  ${modeLine(config)}`,
    `  База данных: ${where}`,
    ...(accounts.length && !config.exposed
      ? [
          '',
          '  Демо-учётные записи (пароль у всех одинаковый):',
          ...accounts.map((a) => `    ${a.email.padEnd(28)} ${a.password}  ${a.role}`),
        ]
      : config.exposed
        ? ['  Демо-пароль из README.md на этом сервере не действует']
        : ['  Демо-учётные записи перечислены в README.md']),
    '',
  ];
  console.log(lines.join('\n'));
}

// A dependency's failure that reached no caller (a promise nobody waited for) is logged once per episode and the node
// goes on; anything else is a bug: the process exits and its supervisor starts it again (docs/operations.md).
const stray = new Episode(pino({ level: 'warn' }), 'dependency failure outside a request');
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason) || isRedisFailure(reason)) {
    stray.failed(reason);
    return;
  }
  console.error('Необработанная ошибка, сервер остановлен:', reason);
  process.exit(1);
});

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Не удалось запустить сервер:', error);
  }
  process.exit(1);
});
