/**
 * The fault scenarios' common ground (faults.test.ts and bench/faults.bench.ts): a private PostgreSQL cluster and a
 * private Redis (not started: the nodes start without it), a procedure with one lot per buyer, two server processes,
 * and buyers that bid over HTTP keeping every acknowledged bid by its idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser, PASSWORD } from './factories.ts';
import { PrivatePostgres, PrivateRedis } from './privateServices.ts';
import { postJson, type ServerProcess, startServer } from './process.ts';

export const UNAVAILABLE = 'Сервис временно недоступен, повторите через несколько секунд';
export const STEP = 100_000;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Outcome {
  status: number;
  message: string;
  retryAfter: string | null;
  ms: number;
  at: number;
  data: Record<string, unknown> | null;
}

export async function call(
  url: string,
  token: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await response.json().catch(() => ({}))) as {
      message?: string;
      data?: Record<string, unknown>;
    };
    return {
      status: response.status,
      message: json.message ?? '',
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
      at: Date.now(),
      data: json.data ?? null,
    };
  } catch {
    return {
      status: 0,
      message: '',
      retryAfter: null,
      ms: performance.now() - started,
      at: Date.now(),
      data: null,
    };
  }
}

/** One buyer bidding on one lot, one step above its last accepted bid; every acknowledged bid is kept by its key. */
export class Bidder {
  next: number;
  readonly acked = new Map<string, number>();
  readonly outcomes: Outcome[] = [];

  constructor(
    readonly token: string,
    readonly lotId: number,
    start: number,
  ) {
    this.next = start;
  }

  async once(url: string): Promise<Outcome> {
    const key = randomUUID();
    const outcome = await call(`${url}/api/v1/bids`, this.token, 'POST', {
      lot_id: this.lotId,
      amount: this.next,
      confirm: true,
      idempotency_key: key,
    });
    this.outcomes.push(outcome);
    if (outcome.status === 200) {
      this.acked.set(key, Number(outcome.data?.bid_id));
      this.next = Number(outcome.data?.amount) + STEP;
    } else if (outcome.status === 409) {
      // A bid answered 503 may have committed after all: read the price again.
      const lot = await call(`${url}/api/v1/lots/${this.lotId}`, this.token, 'GET');
      const next = (lot.data?.attributes as { next_price?: number } | undefined)?.next_price;
      if (lot.status === 200 && typeof next === 'number') this.next = next;
    } else {
      await sleep(100);
    }
    return outcome;
  }
}

/** Bidders bidding in a loop, each across the nodes in turn, until stopped. */
export function keepBidding(bidders: Bidder[], urls: string[]) {
  let running = true;
  const loops = bidders.map(async (bidder, i) => {
    for (let k = i; running; k++) {
      await bidder.once(urls[k % urls.length]!);
      await sleep(20);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

export interface FaultFloor {
  cluster: PrivatePostgres;
  redis: PrivateRedis;
  /** The test's own connection to the database (fixtures). */
  database: Database;
  url: string;
  a: ServerProcess;
  b: ServerProcess;
  /** Buyer k's access token; buyer k bids on lotIds[k]. */
  tokens: string[];
  /** The access token of a user of the procedure's seller. */
  sellerToken: string;
  lotIds: number[];
  briefcaseId: number;
  /** Buyer k bidding on lot k from its current next price. */
  resume(k: number): Promise<Bidder>;
  /** Every acknowledged bid of the bidders, as stored: key → id (a key stored twice would show as a missing one). */
  stored(bidders: Bidder[]): Promise<{ acknowledged: number; storedOnce: number }>;
  lotVersion(lotId: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the cluster (max_connections 40), migrates a database, builds `buyers` buyers each with a lot of one
 * procedure, and starts two nodes with Redis still down. Node A asks for a pool of 100 (reduced to fit).
 */
export async function startFaultFloor(buyers = 4, env: Record<string, string> = {}): Promise<FaultFloor> {
  const redis = await PrivateRedis.reserve();
  const cluster = await PrivatePostgres.create({ max_connections: 40 });
  // What was started is stopped again if the rest fails (nothing is left running behind a failed set-up).
  const started: ServerProcess[] = [];
  const opened: Database[] = [];
  try {
    return await populate(cluster, redis, buyers, env, started, opened);
  } catch (error) {
    for (const server of started) await server.kill('SIGKILL');
    for (const database of opened) await database.close().catch(() => undefined);
    await redis.kill();
    await cluster.destroy();
    throw error;
  }
}

async function populate(
  cluster: PrivatePostgres,
  redis: PrivateRedis,
  buyers: number,
  env: Record<string, string>,
  started: ServerProcess[],
  opened: Database[],
): Promise<FaultFloor> {
  await cluster.query('create database etp');
  const url = cluster.url('etp');
  const database = await openDatabase({
    kind: 'postgres',
    url,
    poolSize: 4,
    log: { warn: () => undefined, info: () => undefined },
  });
  opened.push(database);
  await database.migrate();
  const db = database.db;
  const now = Date.now();
  const seller = await buildCompany(db, { seller: true });
  const briefcase = await buildBriefcase(db, seller, {
    status: 'active',
    startDatetime: new Date(now - 60_000),
    endDatetime: new Date(now + 3_600_000),
  });
  const sellerUser = await buildUser(db, { company: seller });
  const users = [];
  const lotIds: number[] = [];
  for (let i = 0; i < buyers; i++) {
    users.push(await buildUser(db, { company: await buildCompany(db) }));
    const lot = await buildLot(db, briefcase, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
      startPrice: 1_000_000,
      stepPrice: STEP,
    });
    lotIds.push(lot.id);
  }
  const common = {
    DATABASE_URL: url,
    REDIS_URL: redis.url,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    RATE_LIMIT_PER_MINUTE: '1000000',
    BIDS_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  };
  // Both waited for, so that a node still starting is stopped too when the other fails.
  const starts = await Promise.allSettled([
    startServer({ ...common, DATABASE_POOL_SIZE: '100' }, undefined, 240_000),
    startServer(common, undefined, 240_000),
  ]);
  for (const start of starts) if (start.status === 'fulfilled') started.push(start.value);
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) throw failed.reason;
  const [a, b] = started as [ServerProcess, ServerProcess];
  const tokens: string[] = [];
  for (const user of users) {
    const reply = await postJson(`${a.url}/api/v2/auth/authorize_by_email`, {
      email: user.email,
      password: PASSWORD,
    });
    tokens.push((reply.body.data.jwt as { token: string }).token);
  }
  const signedIn = await postJson(`${a.url}/api/v2/auth/authorize_by_email`, {
    email: sellerUser.email,
    password: PASSWORD,
  });
  const sellerToken = (signedIn.body.data.jwt as { token: string }).token;
  return {
    cluster,
    redis,
    database,
    url,
    a,
    b,
    tokens,
    sellerToken,
    lotIds,
    briefcaseId: briefcase.id,
    resume: async (k) => {
      const lot = await call(`${a.url}/api/v1/lots/${lotIds[k]}`, tokens[k]!, 'GET');
      const attributes = lot.data?.attributes as { next_price: number } | undefined;
      if (!attributes) throw new Error(`lot ${lotIds[k]} could not be read: ${lot.status} ${lot.message}`);
      return new Bidder(tokens[k]!, lotIds[k]!, attributes.next_price);
    },
    stored: async (bidders) => {
      const keys = bidders.flatMap((bidder) => [...bidder.acked.keys()]);
      const rows = await cluster.query<{ id: string; idempotency_key: string }>(
        'select id, idempotency_key from bids where idempotency_key = any($1)',
        [keys],
        'etp',
      );
      const byKey = new Map<string, number[]>();
      for (const r of rows)
        byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), Number(r.id)]);
      let storedOnce = 0;
      for (const bidder of bidders) {
        for (const [key, id] of bidder.acked) {
          const ids = byKey.get(key) ?? [];
          if (ids.length === 1 && ids[0] === id) storedOnce++;
        }
      }
      return { acknowledged: keys.length, storedOnce };
    },
    lotVersion: async (lotId) =>
      Number(
        (
          await cluster.query<{ version: number }>('select version from lots where id = $1', [lotId], 'etp')
        )[0]?.version,
      ),
    close: async () => {
      for (const server of [a, b]) {
        if (server.child.exitCode === null) server.child.kill('SIGCONT');
        await server.kill('SIGKILL');
      }
      await database.close();
      await redis.kill();
      await cluster.destroy();
    },
  };
}
