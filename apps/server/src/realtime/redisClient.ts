/**
 * Redis connections that survive Redis (decisions/0098): every client made here has its errors handled (logged once
 * per episode of trouble), reconnects by itself for ever with a capped back-off, and never queues commands while
 * disconnected: a command then fails at once, and one sent to a Redis that does not answer fails after
 * COMMAND_TIMEOUT_MS, so no caller waits on Redis longer than that. Callers treat a failed command as "Redis away"
 * and carry on without it (the bus delivers on this node only, counters fall back to the node's own).
 */
import { Redis, type RedisOptions } from 'ioredis';
import { Episode } from '../db/availability.ts';

/** The longest a command waits for Redis's answer. */
const COMMAND_TIMEOUT_MS = 1_000;

/** The longest wait between two attempts to reconnect. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export interface RedisLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const quiet: RedisLog = { warn: () => undefined, info: () => undefined };

/** A client for commands (or, with `subscriber`, for pub/sub: its subscriptions are renewed on every reconnection). */
export function createRedis(
  url: string,
  role: string,
  log: RedisLog = quiet,
  options: { subscriber?: boolean } = {},
): Redis {
  const base: RedisOptions = {
    lazyConnect: false,
    connectTimeout: 2_000,
    // Reconnect for ever: 50 ms, 100 ms, 200 ms... at most MAX_RECONNECT_DELAY_MS between tries.
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), MAX_RECONNECT_DELAY_MS),
    keepAlive: 10_000,
    // Named (etp-bus-publisher…) so CLIENT LIST tells the connections apart (the faults tests cut one of them).
    connectionName: `etp-${role.replaceAll(' ', '-')}`,
  };
  const client = new Redis(
    url,
    options.subscriber
      ? // A subscriber's SUBSCRIBE waits for the connection (it is the only command it queues).
        { ...base, maxRetriesPerRequest: null, autoResubscribe: true }
      : { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS },
  );
  const trouble = new Episode(log, `redis (${role})`);
  client.on('error', (error) => trouble.failed(error));
  client.on('ready', () => trouble.recovered());
  return client;
}

/** Whether an error is Redis (or the connection to it) failing, not a bug. */
export function isRedisFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  const message = String((error as { message?: unknown }).message ?? '');
  return (
    name === 'MaxRetriesPerRequestError' ||
    name === 'ReplyError' ||
    /Connection is closed|Command timed out|Stream isn't writeable|ECONNREFUSED|ECONNRESET|LOADING|BUSY/.test(
      message,
    )
  );
}
