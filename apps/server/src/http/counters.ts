/**
 * The counters every limit is kept in (requests per address, messages per hour, failed sign-ins per account). In
 * memory on one node; with REDIS_URL in Redis, so a limit holds across nodes. Redis is never allowed to take a
 * node down or hold a request: a command that fails or takes longer than COMMAND_TIMEOUT_MS is answered from this
 * node's own counters, so while Redis is away each node limits on its own (docs/security.md).
 */
import { Redis } from 'ioredis';

export interface Count {
  count: number;
  /** Milliseconds until the count is forgotten. */
  resetInMs: number;
}

export interface Counters {
  /**
   * Adds one to `key` and returns the new count. The count is forgotten `windowMs` after its first hit, or after
   * this hit when `slide` is set (a lock that each failure extends).
   */
  hit(key: string, windowMs: number, slide?: boolean): Promise<Count>;
  /** The count of `key` without adding to it (zero when there is none). */
  read(key: string): Promise<Count>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const MAX_KEYS = 200_000;

export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, { count: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, slide = false): Promise<Count> {
    const now = this.now();
    let entry = this.live(key, now);
    if (!entry) {
      if (this.entries.size >= MAX_KEYS) this.sweep(now);
      entry = { count: 0, until: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    if (slide) entry.until = now + windowMs;
    return { count: entry.count, resetInMs: entry.until - now };
  }

  async read(key: string): Promise<Count> {
    const now = this.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.until - now } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Forgets the expired counts; if that frees too little, the oldest half (a flood of keys must not grow memory). */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    if (this.entries.size < MAX_KEYS * 0.9) return;
    let drop = Math.floor(this.entries.size / 2);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 or ARGV[2] == '1' then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}`;

const COMMAND_TIMEOUT_MS = 300;
const PREFIX = 'etp:limit:';

export interface CountersLog {
  warn(data: object, message: string): void;
}

type RedisWithScripts = Redis & {
  limitHit(key: string, windowMs: number, slide: string): Promise<[number, number]>;
  limitRead(key: string): Promise<[number, number]>;
};

export class RedisCounters implements Counters {
  private readonly redis: RedisWithScripts;
  private readonly fallback: MemoryCounters;
  private log: CountersLog | null = null;
  private lastWarning = 0;

  constructor(url: string, now: () => number = Date.now) {
    this.fallback = new MemoryCounters(now);
    const redis = new Redis(url, {
      // A command while disconnected fails at once instead of waiting in a queue; a slow one times out.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
      lazyConnect: false,
    });
    // Without a listener an 'error' event would throw and end the process.
    redis.on('error', (error: Error) => this.warn(error));
    redis.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT });
    redis.defineCommand('limitRead', { numberOfKeys: 1, lua: READ });
    this.redis = redis as RedisWithScripts;
  }

  attachLogger(log: CountersLog): void {
    this.log = log;
  }

  async hit(key: string, windowMs: number, slide = false): Promise<Count> {
    try {
      const [count, ttl] = await this.redis.limitHit(
        PREFIX + key,
        Math.max(1, Math.round(windowMs)),
        slide ? '1' : '0',
      );
      return { count, resetInMs: ttl };
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.hit(key, windowMs, slide);
    }
  }

  async read(key: string): Promise<Count> {
    try {
      const [count, ttl] = await this.redis.limitRead(PREFIX + key);
      return { count, resetInMs: ttl };
    } catch (error) {
      this.warn(error as Error);
      return this.fallback.read(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(PREFIX + key);
    } catch (error) {
      this.warn(error as Error);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }

  /** One warning a minute at most: an outage must not flood the logs. */
  private warn(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.log?.warn({ err: error.message }, 'Redis недоступен: лимиты считаются на этом узле');
  }
}

export function createCounters(redisUrl: string | null, now: () => number = Date.now): Counters {
  return redisUrl ? new RedisCounters(redisUrl, now) : new MemoryCounters(now);
}
