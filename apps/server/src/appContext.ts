/** What the route modules share: configuration, the database, token service, guards, the clock, the notifier. */
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createGuards, type Guards } from './modules/auth/guards.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { createLeaderTagger, type LeaderTagger } from './modules/lots/lots.tags.ts';
import { createNotifier } from './notify/createNotifier.ts';
import type { Notifier } from './notify/notifier.ts';
import { type AccessAnnouncer, createAccessAnnouncer } from './realtime/access.ts';
import { type Bus, InProcessBus } from './realtime/bus.ts';
import { RedisBus } from './realtime/redisBus.ts';
import type { RedisLog } from './realtime/redisClient.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  guards: Guards;
  /** Live events between nodes: Redis when REDIS_URL is set, in-process otherwise. */
  bus: Bus;
  /** Announces that rights were taken away, so open live sockets are re-authorised (decision 0067). */
  access: AccessAnnouncer;
  /** Opaque per-lot tags of leading companies (see lots.tags.ts). */
  leaderTag: LeaderTagger;
  /** The clock; tests replace it to move time. */
  now: () => Date;
  /** SMS and e-mail, through the outbox (notify/notifier.ts). */
  notifier: Notifier;
}

export function createAppContext(
  config: Config,
  database: Database,
  now: () => Date = () => new Date(),
  bus?: Bus,
  notifier: Notifier = createNotifier(config, database.db, now),
  /** Where the bus reports Redis going away and coming back (main.ts passes its logger). */
  log?: RedisLog,
): AppContext {
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  bus ??= config.redisUrl ? new RedisBus(config.redisUrl, log) : new InProcessBus();
  const access = createAccessAnnouncer(bus, now);
  return {
    bus,
    access,
    leaderTag: createLeaderTagger(config.jwtSecret),
    config,
    database,
    db: database.db,
    tokens,
    guards: createGuards({
      db: database.db,
      tokens,
      now,
      bus,
      access,
      sessionCacheMs: config.sessionCacheMs,
    }),
    now,
    notifier,
  };
}
