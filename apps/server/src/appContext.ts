/** What the route modules share: configuration, the database, token service, guards, the clock, the notifier. */
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { type Counters, createCounters } from './http/counters.ts';
import { createGuards, type Guards } from './modules/auth/guards/routeGuards.ts';
import { TokenService } from './modules/auth/session/tokens.ts';
import { createLeaderTagger, type LeaderTagger } from './modules/lots/trading/leaderTags.ts';
import { createNodeState, type NodeState } from './nodeState.ts';
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
  /** Opaque per-lot tags of leading companies (see modules/lots/trading/leaderTags.ts). */
  leaderTag: LeaderTagger;
  /** The clock; tests replace it to move time. */
  now: () => Date;
  /** SMS and e-mail, through the outbox (notify/notifier.ts). */
  notifier: Notifier;
  /** The counts every limit is kept in: Redis with REDIS_URL, this node's memory otherwise (http/counters.ts). */
  counters: Counters;
  /** What this node keeps in memory: its book of lots, caches, schedulers, the file store (nodeState.ts). */
  node: NodeState;
}

export function createAppContext(
  config: Config,
  database: Database,
  now: () => Date = () => new Date(),
  bus?: Bus,
  notifier?: Notifier,
  /** Where the bus reports Redis going away and coming back (main.ts passes its logger). */
  log?: RedisLog,
  counters: Counters = createCounters(config.redisUrl, () => now().getTime()),
): AppContext {
  notifier ??= createNotifier(config, database.db, now, {}, counters);
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  bus ??= config.redisUrl ? new RedisBus(config.redisUrl, log) : new InProcessBus();
  const access = createAccessAnnouncer(bus, now);
  const ctx: AppContext = {
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
    counters,
    node: undefined as unknown as NodeState,
  };
  ctx.node = createNodeState(ctx);
  return ctx;
}
