/**
 * Access that ends (issue 20 part 3, decision 0067): signing out, a revoked refresh family, a password reset,
 * removal from a company and loss of accreditation take effect on open live sockets within 2 s, on this node and
 * on another one; a new socket with a signed-out token is refused although the hub had just verified it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAppContext } from '../src/appContext.ts';
import { loadConfig } from '../src/config.ts';
import type { Bus } from '../src/realtime/bus.ts';
import { RedisBus } from '../src/realtime/redisBus.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser, PASSWORD } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { lastEmailLink } from './support/outbox.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

const LIMIT_MS = 2000;
const ENV = { ACCESS_TOKEN_TTL_SECONDS: '86400', JWT_SECRET: 'live-revocation-test-secret-0123456789abcdef' };

/** Resolves with the promise's value, or fails the test when it takes longer than the limit. */
function within<T>(promise: Promise<T>, ms = LIMIT_MS): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Session {
  userId: number;
  email: string;
  token: string;
  refresh: string;
}

async function openSession(
  app: FastifyInstance,
  user: { id: number; email: string | null },
): Promise<Session> {
  const { jwt } = await signIn(app, user.email!);
  return { userId: user.id, email: user.email!, token: jwt.token, refresh: jwt.refresh_token };
}

function liveHelpers(clients: LiveTestClient[], url: () => string) {
  const connect = async (token: string) => {
    const client = await connectLive(url(), token);
    clients.push(client);
    return client;
  };
  const subscribe = async (client: LiveTestClient, channel: string, briefcaseId: number) => {
    const before = client.messages.length;
    client.send({ command: 'subscribe', channel, briefcase_id: briefcaseId });
    return client.waitFor(
      (m) =>
        client.messages.indexOf(m) >= before &&
        (m.type === 'subscribed' || m.type === 'rejected') &&
        m.channel === channel,
    );
  };
  /** Waits for the refusal of a subscription the client held, sent when its rights were decided again. */
  const refusal = (client: LiveTestClient, channel: string, after: number) =>
    client.waitFor(
      (m) => client.messages.indexOf(m) >= after && m.type === 'rejected' && m.channel === channel,
      LIMIT_MS,
    );
  return { connect, subscribe, refusal };
}

const lotUpdates = (client: LiveTestClient, lotId: number, after = 0) =>
  client.messages
    .slice(after)
    .filter((m) => m.action === 'lot_update' && (m.payload as { id: number }).id === lotId)
    .map((m) => m.payload as { bids_count: number; current_bidder_company: string | null });

describe.each(DRIVERS)('access that ends on live sockets on %s', (driver) => {
  let t: TestApp;
  let url: string;
  let floor: Floor;
  const clients: LiveTestClient[] = [];
  const { connect, subscribe, refusal } = liveHelpers(clients, () => url);
  const latencies: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(driver, ENV);
    floor = await buildFloor(t, 2);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
    if (process.env.LIVE_REVOCATION_REPORT) console.info(driver, latencies);
  });

  const newBuyer = async () =>
    openSession(t.app, await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) }));

  /** A socket of the session on LotsStream of a procedure trading now; the hub has just verified its token. */
  const watching = async (session: Session) => {
    const { briefcase, lot } = await tradingLot(t, floor);
    const socket = await connect(session.token);
    expect(await subscribe(socket, 'LotsStream', briefcase.id)).toMatchObject({ type: 'subscribed' });
    return { socket, briefcase, lot };
  };

  /** The socket is told to sign in again and closed with 4401 within 2 s of `started`. */
  const endsWithin = async (socket: LiveTestClient, started: number, name: string) => {
    expect(await within(socket.closed)).toBe(4401);
    latencies[name] = Math.round(performance.now() - started);
    expect(socket.messages).toContainEqual(
      expect.objectContaining({ type: 'rejected', channel: null, message: 'Требуется вход в систему' }),
    );
  };

  it('closes an open socket at sign-out and refuses a new socket with the signed-out token', async () => {
    const buyer = await newBuyer();
    const { socket, lot } = await watching(buyer);
    const started = performance.now();
    const out = await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(buyer.token) });
    expect(out.statusCode).toBe(200);
    await endsWithin(socket, started, 'sign-out');

    // The token was verified a moment ago (the hub reuses verified tokens for 10 s): still refused now.
    const again = await connectLive(url);
    clients.push(again);
    again.send({ command: 'authenticate', token: buyer.token });
    expect(await again.waitFor((m) => m.type === 'rejected' || m.type === 'authenticated')).toMatchObject({
      type: 'rejected',
      message: 'Требуется вход в систему',
    });
    expect(await within(again.closed)).toBe(4401);

    // Nothing reaches the closed socket any more.
    const before = socket.messages.length;
    expect((await api(t).bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    await pause(200);
    expect(lotUpdates(socket, lot.id, before)).toEqual([]);
  });

  it('closes the sockets of a session whose refresh token was used twice', async () => {
    const buyer = await newBuyer();
    const { socket } = await watching(buyer);
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/refresh',
        payload: { refresh_token: buyer.refresh },
      });
    expect((await refresh()).statusCode).toBe(200);
    const started = performance.now();
    expect((await refresh()).statusCode).toBe(401);
    await endsWithin(socket, started, 'refresh reuse');
  });

  it('closes every socket of the account when its password is reset', async () => {
    const buyer = await newBuyer();
    const { socket } = await watching(buyer);
    const other = await openSession(t.app, { id: buyer.userId, email: buyer.email });
    const { socket: second } = await watching(other);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/password/send_reset_instructions',
      payload: { email: buyer.email },
    });
    const link = await lastEmailLink(t.app, buyer.email);
    const started = performance.now();
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/password',
      payload: {
        reset_password_token: link.searchParams.get('reset_password_token'),
        password: `${PASSWORD}-new`,
      },
    });
    expect(reset.statusCode).toBe(200);
    await endsWithin(socket, started, 'password reset');
    await endsWithin(second, started, 'password reset, second session');
  });

  it('stops the seller frames of a collaborator removed from the company, and only theirs', async () => {
    const collaborator = await openSession(
      t.app,
      await buildUser(t.ctx.db, { company: floor.sellerCompany, owner: false }),
    );
    const { briefcase, lot } = await tradingLot(t, floor);
    const socket = await connect(collaborator.token);
    const owner = await connect(floor.seller.token);
    for (const client of [socket, owner]) {
      expect(await subscribe(client, 'LotsStream', briefcase.id)).toMatchObject({ type: 'subscribed' });
      expect(await subscribe(client, 'BriefcaseStats', briefcase.id)).toMatchObject({ type: 'subscribed' });
    }
    const [buyer] = floor.buyers as [Floor['buyers'][0]];
    expect((await api(t).bid(buyer, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    const leader = 'ООО «Покупатель 1»';
    // Before: the collaborator sees the seller's view, with the leader's name.
    await socket.waitFor(
      (m) =>
        m.action === 'lot_update' &&
        (m.payload as { current_bidder_company?: string }).current_bidder_company === leader,
    );

    const after = socket.messages.length;
    const ownerAfter = owner.messages.length;
    const started = performance.now();
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/users/remove_user',
      headers: bearer(floor.seller.token),
      payload: { email: collaborator.email },
    });
    expect(removed.statusCode).toBe(200);
    // Without a company the collaborator has no standing: both channels are refused, the statistics first of all.
    expect(await refusal(socket, 'BriefcaseStats', after)).toMatchObject({ briefcase_id: briefcase.id });
    expect(await refusal(socket, 'LotsStream', after)).toMatchObject({
      message: 'Доступно только аккредитованным компаниям',
    });
    latencies['removal from the company'] = Math.round(performance.now() - started);

    expect((await api(t).bid(floor.buyers[1]!, { lot_id: lot.id, amount: 1_100_000 })).statusCode).toBe(200);
    // The owner, whose rights did not change, still gets the seller's view; the removed collaborator nothing.
    await owner.waitFor(
      (m) =>
        owner.messages.indexOf(m) >= ownerAfter &&
        m.action === 'lot_update' &&
        (m.payload as { current_bidder_company?: string }).current_bidder_company === 'ООО «Покупатель 2»',
    );
    await pause(200);
    expect(lotUpdates(socket, lot.id, after)).toEqual([]);
    expect(JSON.stringify(socket.messages.slice(after))).not.toContain('Покупатель 2');
  });

  it('stops the updates of a company that loses its accreditation', async () => {
    const company = await buildCompany(t.ctx.db);
    const buyer = await openSession(t.app, await buildUser(t.ctx.db, { company }));
    const { socket, briefcase, lot } = await watching(buyer);
    const after = socket.messages.length;
    const started = performance.now();
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${company.id}/reject`,
      headers: bearer(floor.admin.token),
      payload: { reason: 'Отозвана лицензия' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await refusal(socket, 'LotsStream', after)).toMatchObject({
      briefcase_id: briefcase.id,
      message: 'Доступно только аккредитованным компаниям',
    });
    latencies['loss of accreditation'] = Math.round(performance.now() - started);
    expect((await api(t).bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    await pause(200);
    expect(lotUpdates(socket, lot.id, after)).toEqual([]);
    // A new subscription is refused too, at once (the hub forgot its remembered decision).
    expect(await subscribe(socket, 'LotsStream', briefcase.id)).toMatchObject({ type: 'rejected' });
  });

  it('stops the updates of a company the administrator excludes from a procedure trading now', async () => {
    const company = await buildCompany(t.ctx.db);
    const buyer = await openSession(t.app, await buildUser(t.ctx.db, { company }));
    const { socket, briefcase, lot } = await watching(buyer);
    const after = socket.messages.length;
    const started = performance.now();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/briefcases/${briefcase.id}`,
      headers: bearer(floor.admin.token),
      payload: { rejected_company_ids: [company.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await refusal(socket, 'LotsStream', after)).toMatchObject({ briefcase_id: briefcase.id });
    latencies['excluded from a procedure'] = Math.round(performance.now() - started);
    // The excluded company's own bid is refused by the server as well.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bids',
      headers: bearer(buyer.token),
      payload: { lot_id: lot.id, amount: 1_000_000 },
    });
    expect(own.statusCode).toBeGreaterThanOrEqual(403);
    expect(own.statusCode).toBeLessThan(405);
    expect((await api(t).bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    await pause(200);
    expect(lotUpdates(socket, lot.id, after)).toEqual([]);
  });

  it('keeps a socket whose rights survive the check, with every update in order', async () => {
    const buyer = await newBuyer();
    const { socket, lot } = await watching(buyer);
    // Another session of the same user ends: this socket is checked again and stays.
    const other = await openSession(t.app, { id: buyer.userId, email: buyer.email });
    const out = await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(other.token) });
    expect(out.statusCode).toBe(200);
    for (const amount of [1_000_000, 1_100_000]) {
      const bidder = amount === 1_000_000 ? floor.buyers[0]! : floor.buyers[1]!;
      expect((await api(t).bid(bidder, { lot_id: lot.id, amount })).statusCode).toBe(200);
    }
    await socket.waitFor(
      (m) => m.action === 'lot_update' && (m.payload as { bids_count: number }).bids_count === 2,
    );
    expect(lotUpdates(socket, lot.id).map((p) => p.bids_count)).toEqual([1, 2]);
  });
});

describe.each(DRIVERS)('access that ends across nodes on %s', (driver) => {
  const redisUrl = process.env.REDIS_URL;
  let a: TestApp;
  let b: FastifyInstance;
  let urlA: string;
  let floor: Floor;
  const clients: LiveTestClient[] = [];
  const { connect, subscribe, refusal } = liveHelpers(clients, () => urlA);

  beforeAll(async () => {
    // Two nodes on one database; their buses are Redis when REDIS_URL is set, else one in-process bus.
    a = await createTestApp(driver, { ...ENV, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      ...ENV,
    });
    const bus: Bus = redisUrl ? new RedisBus(redisUrl) : a.ctx.bus;
    b = await buildApp(createAppContext(config, a.database, a.clock.now, bus, a.ctx.notifier), {
      logger: false,
    });
    await b.ready();
    floor = await buildFloor(a, 1);
    urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await b.close();
    await a.close();
  });

  it('ends a socket on one node when the session is signed out on the other', async () => {
    const session = await openSession(
      b,
      await buildUser(a.ctx.db, { company: await buildCompany(a.ctx.db) }),
    );
    const { briefcase } = await tradingLot(a, floor);
    const socket = await connect(session.token);
    expect(await subscribe(socket, 'LotsStream', briefcase.id)).toMatchObject({ type: 'subscribed' });
    const out = await b.inject({ url: '/api/v1/user/sign_out', headers: bearer(session.token) });
    expect(out.statusCode).toBe(200);
    expect(await within(socket.closed)).toBe(4401);
  });

  it("stops a removed collaborator's statistics on one node when the owner removes them on the other", async () => {
    const collaborator = await openSession(
      b,
      await buildUser(a.ctx.db, { company: floor.sellerCompany, owner: false }),
    );
    const { briefcase } = await tradingLot(a, floor);
    const socket = await connect(collaborator.token);
    expect(await subscribe(socket, 'BriefcaseStats', briefcase.id)).toMatchObject({ type: 'subscribed' });
    const after = socket.messages.length;
    const removed = await b.inject({
      method: 'POST',
      url: '/api/v1/company/users/remove_user',
      headers: bearer(floor.seller.token),
      payload: { email: collaborator.email },
    });
    expect(removed.statusCode).toBe(200);
    expect(await refusal(socket, 'BriefcaseStats', after)).toMatchObject({ briefcase_id: briefcase.id });
  });
});
