/**
 * Two server processes on one PostgreSQL and one Redis: bids arrive on both, and every subscriber on both nodes
 * sees every update of the lot, in order. Needs DATABASE_URL and REDIS_URL (CI sets both).
 *
 * Then a node whose Redis publisher alone is down (its subscriber fine; decisions/0262): its own sockets get its
 * updates at once, the other nodes get them in order once it can publish again, each once, and what waits meanwhile
 * is bounded. The publisher is cut by giving each bus its own Redis user: the user switched off and the publisher's
 * connection killed, it cannot come back until the user is on again, while the subscriber's connection stays.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { LotLivePayload } from '@etp/contracts';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../src/db/schema/index.ts';
import type { BusEvent } from '../src/realtime/bus.ts';
import { RedisBus } from '../src/realtime/redisBus.ts';
import { createTestDatabase } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser, PASSWORD } from './support/factories.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { postJson, type ServerProcess, startServer } from './support/process.ts';

const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.runIf(ready)('two nodes behind one PostgreSQL and Redis', () => {
  const servers: ServerProcess[] = [];
  const clients: LiveTestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of servers) await s.kill('SIGTERM');
  });

  it('delivers every lot update to every subscriber of both nodes, in order', async () => {
    const database = await createTestDatabase('postgres');
    const db = database.db;
    const now = Date.now();
    const seller = await buildCompany(db, { seller: true });
    const buyers = [];
    for (let i = 0; i < 4; i++) {
      const company = await buildCompany(db);
      buyers.push(await buildUser(db, { company }));
    }
    const briefcase = await buildBriefcase(db, seller, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
    });
    const lot = await buildLot(db, briefcase, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
      startPrice: 1_000_000,
      stepPrice: 100_000,
    });
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.REDIS_URL!,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    };
    servers.push(await startServer(env), await startServer(env));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const tokens: string[] = [];
    for (const user of buyers) {
      const reply = await postJson(`${a.url}/api/v2/auth/authorize_by_email`, {
        email: user.email,
        password: PASSWORD,
      });
      tokens.push((reply.body.data.jwt as { token: string }).token);
    }
    for (const server of servers) {
      for (let k = 0; k < 3; k++) {
        const client = await connectLive(server.url, tokens[k]!);
        client.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: briefcase.id });
        await client.waitFor((m) => m.type === 'subscribed');
        clients.push(client);
      }
    }

    // Four bidders, each alternating nodes, racing each other.
    let accepted = 0;
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let round = 0; round < 8; round++) {
          const node = (i + round) % 2 === 0 ? a : b;
          const lotView = await fetch(`${node.url}/api/v1/lots/${lot.id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const next = ((await lotView.json()) as { data: { attributes: { next_price: number } } }).data
            .attributes.next_price;
          const reply = await postJson(
            `${node.url}/api/v1/bids`,
            { lot_id: lot.id, amount: next, confirm: true },
            token,
          );
          if (reply.status === 200) accepted++;
        }
      }),
    );
    const stored = await db.select({ id: bids.id }).from(bids).where(eq(bids.lotId, lot.id));
    expect(stored.length).toBe(accepted);
    expect(accepted).toBeGreaterThan(4);

    const updates = (client: LiveTestClient) =>
      client.messages
        .filter((m) => m.action === 'lot_update')
        .map((m) => (m.payload as { version: number }).version);
    for (const client of clients) {
      await client.waitFor(
        (m) => m.action === 'lot_update' && (m.payload as { version: number }).version === accepted,
        10_000,
      );
      // Every update, each once, in order.
      expect(updates(client)).toEqual(Array.from({ length: accepted }, (_, k) => k + 1));
    }
    await database.close();
  }, 120_000);
});

/** Redis users of this file, each for one bus or node, whose publisher connection a test cuts and restores. */
class RedisUsers {
  readonly admin = new Redis(process.env.REDIS_URL!, { lazyConnect: false });
  private readonly names: string[] = [];

  /** A new user allowed everything; the URL a bus or node connects with. */
  async add(): Promise<{ name: string; url: string }> {
    const name = `etp-test-${randomUUID()}`;
    await this.admin.call('ACL', 'SETUSER', name, 'on', '>pw', '~*', '&*', '+@all');
    this.names.push(name);
    const url = new URL(process.env.REDIS_URL!);
    url.username = name;
    url.password = 'pw';
    return { name, url: url.toString() };
  }

  /** The user's publisher connection cut and kept out (its other connections stay: a disabled user's do). */
  async cutPublisher(name: string): Promise<void> {
    await this.admin.call('ACL', 'SETUSER', name, 'off');
    const list = String(await this.admin.call('CLIENT', 'LIST'));
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` user=${name} `) && line.includes(' name=etp-bus-publisher '))
      .map((line) => /^id=(\d+)/.exec(line)![1]!);
    expect(ids).toHaveLength(1);
    await this.admin.call('CLIENT', 'KILL', 'ID', ids[0]!);
  }

  async restore(name: string): Promise<void> {
    await this.admin.call('ACL', 'SETUSER', name, 'on');
  }

  async close(): Promise<void> {
    for (const name of this.names) await this.admin.call('ACL', 'DELUSER', name);
    this.admin.disconnect();
  }
}

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A marker event: the tests follow which bus delivers which, how many times. */
const marker = (n: number): BusEvent => ({
  message: {
    channel: 'LotsStream',
    briefcase_id: 1,
    action: 'lot_update',
    payload: { mark: n } as unknown as LotLivePayload,
    t: n,
  },
  audience: { kind: 'all' },
});
const marks = (events: BusEvent[]) =>
  events.map((e) => (e.message.payload as unknown as { mark: number }).mark);

describe.runIf(Boolean(process.env.REDIS_URL))('a bus whose publisher alone is down', () => {
  let users: RedisUsers;
  const buses: RedisBus[] = [];
  beforeAll(() => {
    users = new RedisUsers();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await users.close();
  });

  /** Two buses on a channel of their own, each recording what it delivers and how often it resyncs. */
  async function pair(options: { maxBacklog?: number; maxWaitMs?: number } = {}) {
    const channel = `etp:test:${randomUUID()}`;
    const nodes: { user: string; bus: RedisBus; events: BusEvent[]; resyncs: { count: number } }[] = [];
    for (const own of [options, {}]) {
      const user = await users.add();
      const bus = new RedisBus(user.url, undefined, { channel, ...own });
      buses.push(bus);
      const events: BusEvent[] = [];
      const resyncs = { count: 0 };
      bus.subscribe((event) => events.push(event));
      bus.onResync(() => resyncs.count++);
      nodes.push({ user: user.name, bus, events, resyncs });
    }
    await until(() => nodes.every((n) => n.bus.connected));
    return nodes as [(typeof nodes)[number], (typeof nodes)[number]];
  }

  it('delivers on its node at once and to the other node once it can publish: in order, each once', async () => {
    const [a, b] = await pair();
    await a.bus.publish(marker(0));
    await until(() => b.events.length === 1 && a.events.length === 1);
    const resyncsBefore = b.resyncs.count;

    await users.cutPublisher(a.user);
    await until(() => !a.bus.connected);
    for (let n = 1; n <= 5; n++) await a.bus.publish(marker(n));
    // Its own sockets do not wait for Redis; the other node has nothing yet.
    expect(marks(a.events)).toEqual([0, 1, 2, 3, 4, 5]);
    await new Promise((r) => setTimeout(r, 300));
    expect(marks(b.events)).toEqual([0]);
    expect(a.bus.waiting).toBe(5);

    await users.restore(a.user);
    await until(() => b.events.length === 6);
    await a.bus.publish(marker(6));
    await until(() => b.events.length === 7 && a.events.length === 7);
    await new Promise((r) => setTimeout(r, 300));
    // Published later, delivered in the order published; the echo of what A delivered itself is not repeated.
    expect(marks(b.events)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(marks(a.events)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(a.bus.waiting).toBe(0);
    // B never stopped listening: the events themselves came, not a snapshot.
    expect(b.resyncs.count).toBe(resyncsBefore);
  });

  it('keeps at most maxBacklog events waiting: beyond it drops them and tells the other nodes to resync', async () => {
    const [a, b] = await pair({ maxBacklog: 3 });
    const resyncsBefore = b.resyncs.count;
    await users.cutPublisher(a.user);
    await until(() => !a.bus.connected);
    for (let n = 1; n <= 5; n++) await a.bus.publish(marker(n));
    expect(marks(a.events)).toEqual([1, 2, 3, 4, 5]);
    expect(a.bus.waiting).toBeLessThanOrEqual(3);

    await users.restore(a.user);
    await until(() => b.resyncs.count > resyncsBefore && b.events.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    // The dropped ones are repaired by B's snapshot; what waited after the drop arrives in order.
    expect(marks(b.events)).toEqual([4, 5]);
    expect(b.resyncs.count).toBe(resyncsBefore + 1);
    expect(marks(a.events)).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends no event that waited longer than maxWaitMs: the other nodes resync instead', async () => {
    const [a, b] = await pair({ maxWaitMs: 200 });
    const resyncsBefore = b.resyncs.count;
    await users.cutPublisher(a.user);
    await until(() => !a.bus.connected);
    for (let n = 1; n <= 2; n++) await a.bus.publish(marker(n));
    await new Promise((r) => setTimeout(r, 400));
    await users.restore(a.user);
    await until(() => b.resyncs.count > resyncsBefore);
    await a.bus.publish(marker(3));
    await until(() => b.events.length === 1);
    expect(marks(b.events)).toEqual([3]);
    expect(marks(a.events)).toEqual([1, 2, 3]);
  });

  it('delivers an event that reaches Redis twice (sent again after a failure Redis had carried out) once', async () => {
    const [, b] = await pair();
    const channel = (b.bus as unknown as { channel: string }).channel;
    const envelope = JSON.stringify({ n: randomUUID(), g: 0, s: 1, e: marker(7) });
    await users.admin.publish(channel, envelope);
    await users.admin.publish(channel, envelope);
    await users.admin.publish(channel, JSON.stringify(marker(8)));
    await until(() => b.events.length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(marks(b.events)).toEqual([7, 8]);
  });
});

describe.runIf(ready)('two nodes, the publisher of one down', () => {
  let users: RedisUsers;
  const servers: ServerProcess[] = [];
  const clients: LiveTestClient[] = [];
  beforeAll(() => {
    users = new RedisUsers();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of servers) await s.kill('SIGTERM');
    await users.close();
  });

  it("its bids reach its own sockets at once and the other node's once it can publish, in order, each once", async () => {
    const database = await createTestDatabase('postgres');
    const db = database.db;
    const now = Date.now();
    const seller = await buildCompany(db, { seller: true });
    const buyer = await buildUser(db, { company: await buildCompany(db) });
    const briefcase = await buildBriefcase(db, seller, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
    });
    const lot = await buildLot(db, briefcase, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
      startPrice: 1_000_000,
      stepPrice: 100_000,
    });
    const [userA, userB] = [await users.add(), await users.add()];
    const env = { DATABASE_URL: database.url!, ACCESS_TOKEN_TTL_SECONDS: '3600' };
    servers.push(
      await startServer({ ...env, REDIS_URL: userA.url }),
      await startServer({ ...env, REDIS_URL: userB.url }),
    );
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const login = await postJson(`${a.url}/api/v2/auth/authorize_by_email`, {
      email: buyer.email,
      password: PASSWORD,
    });
    const token = (login.body.data.jwt as { token: string }).token;
    const [onA, onB] = [await connectLive(a.url, token), await connectLive(b.url, token)];
    clients.push(onA, onB);
    for (const client of [onA, onB]) {
      client.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: briefcase.id });
      await client.waitFor((m) => m.type === 'subscribed');
    }
    const bid = async (amount: number) =>
      (await postJson(`${a.url}/api/v1/bids`, { lot_id: lot.id, amount, confirm: true }, token)).status;
    const versions = (client: LiveTestClient) =>
      client.messages
        .filter((m) => m.action === 'lot_update')
        .map((m) => (m.payload as { version: number }).version);
    const reached = (client: LiveTestClient, version: number, timeoutMs = 5_000) =>
      client.waitFor(
        (m) => m.action === 'lot_update' && (m.payload as { version: number }).version === version,
        timeoutMs,
      );

    // Updates flow between the nodes; then A's publisher is cut, its subscriber left as it is.
    expect(await bid(1_000_000)).toBe(200);
    await reached(onB, 1);
    await users.cutPublisher(userA.name);
    expect(await bid(1_100_000)).toBe(200);
    expect(await bid(1_200_000)).toBe(200);
    await reached(onA, 3, 2_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(versions(onB)).toEqual([1]);

    await users.restore(userA.name);
    const back = performance.now();
    await reached(onB, 3);
    console.info(
      `publisher back: the other node had the waiting updates after ${Math.round(performance.now() - back)} ms`,
    );
    expect(await bid(1_300_000)).toBe(200);
    await reached(onB, 4);
    await reached(onA, 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(versions(onA)).toEqual([1, 2, 3, 4]);
    expect(versions(onB)).toEqual([1, 2, 3, 4]);
    expect(a.child.exitCode, a.output()).toBeNull();
    await database.close();
  }, 120_000);
});
