/**
 * Faults (issue 22, decisions 0095-0099): two server processes on a private PostgreSQL cluster and a private Redis
 * that this file starts, stops, crashes, restarts, slows and freezes. Each scenario asserts that no process dies, what
 * the nodes answer while the fault lasts (status, message, Retry-After), how soon they serve again, and that every
 * acknowledged bid is stored exactly once. Needs initdb/pg_ctl and redis-server: without them it fails, loudly.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { buildLot } from './support/factories.ts';
import {
  Bidder,
  call,
  type FaultFloor,
  keepBidding,
  STEP,
  sleep,
  startFaultFloor,
  UNAVAILABLE,
} from './support/faultFloor.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import type { PrivatePostgres, PrivateRedis } from './support/privateServices.ts';
import { freePort, type ServerProcess } from './support/process.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const MAIN = join(HERE, '../src/main.ts');
const SUPERVISE = join(HERE, '../../../scripts/supervise.mjs');

describe('a node rides out PostgreSQL, Redis, locks and a hung leader', () => {
  let floor: FaultFloor;
  let cluster: PrivatePostgres;
  let redis: PrivateRedis;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let tokens: string[];
  let lotIds: number[];
  let briefcaseId: number;
  let resume: FaultFloor['resume'];
  let lotVersion: FaultFloor['lotVersion'];
  const sockets: LiveTestClient[] = [];
  const url = () => floor.url;

  beforeAll(async () => {
    floor = await startFaultFloor(4, { DATABASE_LOCK_TIMEOUT_MS: '1000' });
    ({ cluster, redis, database, a, b, tokens, lotIds, briefcaseId, resume, lotVersion } = floor);
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await floor?.close();
  }, 60_000);

  const alive = () => {
    expect(a.child.exitCode, a.output()).toBeNull();
    expect(b.child.exitCode, b.output()).toBeNull();
  };

  async function expectStoredOnce(bidders: Bidder[]) {
    const { acknowledged, storedOnce } = await floor.stored(bidders);
    expect(acknowledged).toBeGreaterThan(0);
    expect(storedOnce).toBe(acknowledged);
  }

  it('starts without Redis, reduces a pool larger than max_connections with a warning, and acknowledges bids while Redis is away', async () => {
    expect(a.output()).toMatch(/DATABASE_POOL_SIZE=100 exceeds what PostgreSQL allows.*reduced to 35/);
    const bidder = new Bidder(tokens[0]!, lotIds[0]!, 1_000_000);
    for (const node of [a, b]) {
      const outcome = await bidder.once(node.url);
      expect(outcome.status).toBe(200);
      expect(outcome.ms).toBeLessThan(2_000);
    }
    // Redis comes up: the nodes connect by themselves and live updates flow between them.
    await redis.start();
    const started = performance.now();
    const socket = await connectLive(b.url, tokens[1]!);
    sockets.push(socket);
    socket.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: briefcaseId });
    await socket.waitFor((m) => m.type === 'subscribed');
    let version = 0;
    for (let i = 0; i < 50 && version === 0; i++) {
      expect((await bidder.once(a.url)).status).toBe(200);
      const target = await lotVersion(lotIds[0]!);
      await socket
        .waitFor(
          (m) => m.action === 'lot_update' && (m.payload as { version: number }).version === target,
          200,
        )
        .then(() => {
          version = target;
        })
        .catch(() => undefined);
    }
    expect(version).toBeGreaterThan(0);
    console.info(
      `redis up after start: updates flow between nodes after ${Math.round(performance.now() - started)} ms`,
    );
    await expectStoredOnce([bidder]);
    alive();
  }, 60_000);

  it('Redis killed, slowed and restarted under two nodes: bids acknowledged at once, open sockets brought up to date', async () => {
    const socket = sockets[0]!;
    const bidder = await resume(0);
    await redis.kill();
    for (let i = 0; i < 4; i++) {
      const outcome = await bidder.once(a.url);
      expect(outcome.status).toBe(200);
      expect(outcome.ms).toBeLessThan(1_000);
    }
    await sleep(300);
    alive();
    // B's socket missed these (Redis was away); when Redis is back B sends it the lot as it is now.
    const target = await lotVersion(lotIds[0]!);
    expect(socket.messages.some((m) => (m.payload as { version?: number } | null)?.version === target)).toBe(
      false,
    );
    const back = performance.now();
    await redis.start();
    await socket.waitFor(
      (m) =>
        m.action === 'lot_update' &&
        (m.payload as { id: number; version: number }).id === lotIds[0] &&
        (m.payload as { version: number }).version === target,
      5_000,
    );
    console.info(
      `redis restarted: open sockets had a fresh snapshot after ${Math.round(performance.now() - back)} ms`,
    );

    // A Redis that does not answer for 2 s: replies do not wait for the publish.
    const slow = redis.command('DEBUG SLEEP 2');
    await sleep(50);
    const during = await bidder.once(a.url);
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(1_000);
    await slow;
    expect((await bidder.once(b.url)).status).toBe(200);
    await expectStoredOnce([bidder]);
    alive();
  }, 60_000);

  it('PostgreSQL restarted, crashed and down under bidding: 503 with Retry-After meanwhile, then serves again; every acknowledged bid stored once', async () => {
    const bidders = [1, 2, 3].map((k) => new Bidder(tokens[k]!, lotIds[k]!, 1_000_000));
    const schedule = await call(`${b.url}/api/v1/public_briefcases`, tokens[0]!, 'GET');
    expect(schedule.status).toBe(200);
    const load = keepBidding(bidders, [a.url, b.url]);
    await sleep(1_000);
    await cluster.restart();
    await sleep(1_000);
    await cluster.crash();
    await sleep(500);
    await cluster.start();
    await sleep(1_000);
    await cluster.stop('fast');
    const down = Date.now();
    await sleep(500);
    // While the database is away: bids answered 503 with the message and Retry-After; server time still answered.
    const refused = await bidders[0]!.once(a.url);
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(UNAVAILABLE);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.ms).toBeLessThan(7_000);
    const time = await call(`${b.url}/time`, tokens[0]!, 'GET');
    expect(time.status).toBe(200);
    // The public schedule as the node last read it.
    const remembered = await call(`${b.url}/api/v1/public_briefcases`, tokens[0]!, 'GET');
    expect(remembered.status).toBe(200);
    expect(remembered.data).toEqual(schedule.data);
    await sleep(2_500);
    await cluster.start();
    const up = Date.now();
    let recovered = 0;
    for (const deadline = up + 10_000; Date.now() < deadline && !recovered; ) {
      const outcome = await bidders[0]!.once(a.url);
      if (outcome.status === 200) recovered = outcome.at - up;
    }
    await sleep(500);
    await load.stop();
    console.info(`postgres down ${up - down} ms: first bid accepted ${recovered} ms after it was back`);
    expect(recovered).toBeGreaterThan(0);
    expect(recovered).toBeLessThan(5_000);
    const statuses = new Set(bidders.flatMap((bidder) => bidder.outcomes.map((o) => o.status)));
    expect([...statuses].filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    for (const o of bidders.flatMap((bidder) => bidder.outcomes).filter((o) => o.status === 503)) {
      expect(o.message).toBe(UNAVAILABLE);
    }
    expect(bidders.every((bidder) => bidder.acked.size > 2)).toBe(true);
    await expectStoredOnce(bidders);
    alive();
  }, 90_000);

  it("PostgreSQL down: signed-in reads a session made before are answered from memory with the live layer's prices and the same access; the rest 503", async () => {
    const { sellerToken } = floor;
    const [buyer, other, stranger] = [tokens[1]!, tokens[2]!, tokens[3]!];
    const lotId = lotIds[1]!;
    const read = async (path: string, token: string) => {
      const response = await fetch(`${a.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await response.json()) as { message?: string; data?: Record<string, unknown> };
      return {
        status: response.status,
        age: response.headers.get('age'),
        retryAfter: response.headers.get('retry-after'),
        message: json.message ?? '',
        data: json.data ?? null,
      };
    };
    type Lot = { id: number; attributes: Record<string, unknown> };
    const lotOf = (data: Record<string, unknown> | null) =>
      (data?.attributes ?? {}) as Record<string, unknown>;
    const pageLot = (data: Record<string, unknown> | null) =>
      ((data?.lots ?? []) as Lot[]).find((lot) => lot.id === lotId)?.attributes ?? {};
    const paths = {
      feed: '/api/v1/briefcases?page=1&per_page=10',
      card: `/api/v1/briefcases/${briefcaseId}`,
      page: `/api/v1/lots?briefcase_id=${briefcaseId}&page=1&per_page=10`,
      lot: `/api/v1/lots/${lotId}`,
    };
    // Read while the database is there: the buyer reads everything, another buyer and the seller one lot.
    const before: Record<string, Awaited<ReturnType<typeof read>>> = {};
    for (const [name, path] of Object.entries(paths)) {
      before[name] = await read(path, buyer);
      expect(before[name]!.status, name).toBe(200);
    }
    expect((await read(paths.lot, other)).status).toBe(200);
    const sellersBefore = await read(paths.lot, sellerToken);
    expect(lotOf(sellersBefore.data).is_owner).toBe(true);
    // Then the buyer bids (after those reads): the live layer hears the lot's new price.
    const bidder = await resume(1);
    const bid = await bidder.once(a.url);
    expect(bid.status).toBe(200);
    const version = await lotVersion(lotId);
    expect(version).toBeGreaterThan(Number(lotOf(before.lot!.data).version));
    await sleep(500);

    await cluster.stop('fast');
    try {
      await sleep(300);
      // The buyer's own reads: the same answers, the lot as the live layer last heard it.
      for (const name of ['feed', 'card'] as const) {
        const now = await read(paths[name], buyer);
        expect(now.status, name).toBe(200);
        expect(Number(now.age), name).toBeGreaterThanOrEqual(0);
        expect(now.data, name).toEqual(before[name]!.data);
      }
      for (const [name, attributes] of [
        ['lot', lotOf((await read(paths.lot, buyer)).data)],
        ['page', pageLot((await read(paths.page, buyer)).data)],
      ] as const) {
        expect(attributes.version, name).toBe(version);
        expect(attributes.current_price, name).toBe(bid.data?.amount);
        expect(attributes.next_price, name).toBe(Number(bid.data?.amount) + STEP);
        expect(attributes.is_current_bidder, name).toBe(true);
        // A participant never learns the leader's name, from memory either.
        expect(attributes.current_bidder_company, name).toBeNull();
      }
      // Another buyer: its own answer (not the leader), brought up to date the same way.
      const others = lotOf((await read(paths.lot, other)).data);
      expect(others.version).toBe(version);
      expect(others.is_current_bidder).toBe(false);
      expect(others.current_bidder_company).toBeNull();
      expect(others.my_tag).not.toBe(lotOf(before.lot!.data).my_tag);
      // The seller's view keeps what only the seller sees: the leader's name.
      const sellers = lotOf((await read(paths.lot, sellerToken)).data);
      expect(sellers.is_owner).toBe(true);
      expect(sellers.version).toBe(version);
      expect(typeof sellers.current_bidder_company).toBe('string');
      // Nothing another session read is served to one that did not read it, nor any other call, nor a bid.
      for (const [path, token] of [
        [paths.lot, stranger],
        [paths.page, other],
        [`/api/v1/lots/${lotId}/bids?page=1&per_page=10`, buyer],
        [`/api/v1/lots/${lotId}/bidders`, sellerToken],
      ] as const) {
        const refused = await read(path, token);
        expect(refused.status, path).toBe(503);
        expect(refused.message, path).toBe(UNAVAILABLE);
        expect(Number(refused.retryAfter), path).toBeGreaterThan(0);
      }
      const refusedBid = await bidder.once(a.url);
      expect(refusedBid.status).toBe(503);
      expect(refusedBid.message).toBe(UNAVAILABLE);
    } finally {
      await cluster.start();
    }
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(100)) {
      if ((await read(paths.lot, stranger)).status === 200) break;
    }
    const fresh = await read(paths.lot, buyer);
    expect(fresh.status).toBe(200);
    expect(fresh.age).toBeNull();
    await expectStoredOnce([bidder]);
    alive();
  }, 90_000);

  it('a connection of each kind ended by pg_terminate_backend (pool, batch, leader) costs no process and no bid', async () => {
    const bidders = [await resume(1), await resume(2)];
    const load = keepBidding(bidders, [a.url, b.url]);
    await sleep(800);
    for (const name of ['etp-batch', 'etp', 'etp-leader %']) {
      const ended = await cluster.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = 'etp' and application_name like $1`,
        [name],
      );
      expect(ended.length, name).toBeGreaterThan(0);
      await sleep(600);
    }
    // A new leader within a few passes.
    let leader = 0;
    for (let i = 0; i < 40 && !leader; i++) {
      const rows = await cluster.query(
        `select 1 from pg_stat_activity where datname = 'etp' and application_name like 'etp-leader %'`,
      );
      if (rows.length) leader = 1;
      else await sleep(100);
    }
    expect(leader).toBe(1);
    const before = bidders.map((bidder) => bidder.acked.size);
    await sleep(800);
    await load.stop();
    expect(bidders.every((bidder, i) => bidder.acked.size > before[i]!)).toBe(true);
    const statuses = new Set(bidders.flatMap((bidder) => bidder.outcomes.map((o) => o.status)));
    expect([...statuses].filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    await expectStoredOnce(bidders);
    alive();
  }, 60_000);

  it('a row lock held on one lot: bids on the other lots go on, the held lot is answered clearly', async () => {
    const [held, free] = [await resume(2), await resume(3)];
    const baseline: number[] = [];
    for (let i = 0; i < 8; i++) baseline.push((await free.once(a.url)).ms);
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: url() });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from lots where id = $1 for update', [held.lotId]);
    const lockedAt = performance.now();
    const heldBid = held.once(a.url);
    const during: number[] = [];
    while (performance.now() - lockedAt < 2_500) {
      const outcome = await free.once(a.url);
      expect(outcome.status).toBe(200);
      during.push(outcome.ms);
    }
    const refused = await heldBid;
    await locker.query('commit');
    await locker.end();
    // The held lot's bid waited for the lock up to the lock timeout (1 s here), then was refused with the message.
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(UNAVAILABLE);
    expect((await held.once(a.url)).status).toBe(200);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    console.info(
      `row lock on one lot: bids on another lot ${median(baseline).toFixed(1)} ms before, ${median(during).toFixed(1)} ms (max ${Math.max(...during).toFixed(1)}) during`,
    );
    // Not held behind the lock (2.5 s): each answered well within it.
    expect(Math.max(...during)).toBeLessThan(1_000);
    await expectStoredOnce([held, free]);
    alive();
  }, 60_000);

  it('a frozen leader (SIGSTOP) loses its lease: the lot ends within 2 s of its time, once', async () => {
    const now = Date.now();
    const end = new Date(now + 3_500);
    const lot = await buildLot(
      database.db,
      { id: briefcaseId },
      {
        status: 'active',
        startDatetime: new Date(now - 60_000),
        endDatetime: end,
      },
    );
    const rows = await cluster.query<{ application_name: string }>(
      `select application_name from pg_stat_activity where datname = 'etp' and application_name like 'etp-leader %'`,
    );
    const pid = Number(rows[0]?.application_name.split(' ')[1]);
    const leader = [a, b].find((server) => server.child.pid === pid)!;
    expect(leader).toBeDefined();
    await sleep(end.getTime() - Date.now() - 800);
    leader.child.kill('SIGSTOP');
    let endedAt = 0;
    while (!endedAt && Date.now() < end.getTime() + 6_000) {
      const [row] = await cluster.query<{ status: string }>(
        'select status from lots where id = $1',
        [lot.id],
        'etp',
      );
      if (row?.status !== 'active') endedAt = Date.now();
      else await sleep(50);
    }
    const version = await lotVersion(lot.id);
    leader.child.kill('SIGCONT');
    console.info(`frozen leader: the lot ended ${endedAt - end.getTime()} ms after its time`);
    expect(endedAt).toBeGreaterThan(0);
    expect(endedAt - end.getTime()).toBeLessThan(2_000);
    // The woken leader fires nothing twice and lives on.
    await sleep(1_500);
    expect(await lotVersion(lot.id)).toBe(version);
    alive();
    expect((await call(`${leader.url}/time`, tokens[0]!, 'GET')).status).toBe(200);
  }, 60_000);

  it('the same idempotency key sent twice at once gets the first outcome, on one node and across two', async () => {
    const bidder = await resume(3);
    let next = bidder.next;
    for (const pair of [
      [a, a],
      [a, b],
      [b, b],
      [b, a],
    ] as const) {
      const key = randomUUID();
      const body = { lot_id: bidder.lotId, amount: next, confirm: true, idempotency_key: key };
      const [first, second] = await Promise.all(
        pair.map((node) => call(`${node.url}/api/v1/bids`, bidder.token, 'POST', body)),
      );
      expect([first!.status, second!.status]).toEqual([200, 200]);
      expect(first!.data?.bid_id).toBe(second!.data?.bid_id);
      const stored = await cluster.query('select id from bids where idempotency_key = $1', [key], 'etp');
      expect(stored.length).toBe(1);
      next += STEP;
    }
    alive();
  }, 60_000);

  it('a node that exits is started again by its supervisor (scripts/supervise.mjs) and serves again', async () => {
    const port = await freePort();
    let log = '';
    const supervisor = spawn(process.execPath, [SUPERVISE, process.execPath, '--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'off',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: url(),
        REDIS_URL: redis.url,
        RESTART_DELAY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout?.on('data', (d) => (log += d));
    supervisor.stderr?.on('data', (d) => (log += d));
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    const pids = () => [...log.matchAll(/supervise: started pid (\d+)/g)].map((m) => Number(m[1]));
    const serves = async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      return reply?.status === 200;
    };
    try {
      for (const deadline = Date.now() + 60_000; !(await serves()); await sleep(100)) {
        expect(Date.now() < deadline, log).toBe(true);
      }
      const [first] = pids();
      process.kill(first!, 'SIGKILL');
      const killed = performance.now();
      await sleep(100);
      for (
        const deadline = Date.now() + 60_000;
        !(pids().length === 2 && (await serves()));
        await sleep(100)
      ) {
        expect(Date.now() < deadline, log).toBe(true);
      }
      console.info(
        `supervisor: node killed, serving again after ${Math.round(performance.now() - killed)} ms`,
      );
      expect(pids()[1]).not.toBe(first);
    } finally {
      supervisor.kill('SIGTERM');
      await exited;
    }
    expect(await serves()).toBe(false);
  }, 120_000);
});
