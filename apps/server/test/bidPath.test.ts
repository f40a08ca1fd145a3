/**
 * The fast bid path (decisions/0015-0017): stale classic bids refused from the node's lot book without touching
 * the database, the trading guard's cached session and access re-checked for every bid that reaches the lock,
 * sign-out clearing the cache, the bids route's rate limit as a setting, and audit appends after a remembered head.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcaseCompanyLists, companies, refreshTokens } from '../src/db/schema/index.ts';
import { appendAudit } from '../src/modules/audit/audit.queries.ts';
import { verifyAudit } from '../src/modules/audit/audit.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';
import { countTransactions } from './support/transactions.ts';

const PRICE_CHANGED = 'Цена изменилась, обновите страницу';

describe.each(DRIVERS)('the fast bid path on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
  });
  afterAll(() => t.close());

  it('refuses a stale classic bid with the spec text without opening a transaction', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    // Warm b's session and access, then count transactions.
    expect((await call.bid(b, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(409);
    const transactions = await countTransactions(t.ctx);
    try {
      const stale = await call.bid(b, { lot_id: lot.id, amount: 1_000_000, confirm: true });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'conflict', message: PRICE_CHANGED });
      expect(stale.json().errors).toEqual({ amount: [PRICE_CHANGED] });
      expect(transactions.count()).toBe(0);
      // A bid at the next price still goes to the lock and is accepted.
      expect((await call.bid(b, { lot_id: lot.id, amount: 1_100_000 })).statusCode).toBe(200);
      expect(transactions.count()).toBe(1);
    } finally {
      transactions.restore();
    }
    expect(await call.lot(b, lot.id)).toMatchObject({ current_price: 1_100_000, bids_count: 2 });
  });

  it('still answers "confirm" to the leader and "not trading" after the end, not the stale price', async () => {
    const { lot } = await tradingLot(t, floor, { endInMs: 60_000 });
    const [a] = floor.buyers as [Floor['buyers'][0]];
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    const own = await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    expect(own.json()).toMatchObject({ code: 'confirm_required' });
    t.clock.advance(120_000);
    const late = await call.bid(a, { lot_id: lot.id, amount: 1_000_000, confirm: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Торги по лоту не проводятся');
  });

  it('checks a cached session again when the bid reaches the lock: lost standing is refused', async () => {
    const { lot } = await tradingLot(t, floor);
    const c = floor.buyers[2]!;
    expect((await call.bid(c, { lot_id: lot.id, amount: 900_000 })).statusCode).toBe(422);
    await t.ctx.db.update(companies).set({ goodStanding: false }).where(eq(companies.id, c.companyId));
    try {
      const refused = await call.bid(c, { lot_id: lot.id, amount: 1_000_000 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('not_in_good_standing');
      expect(await call.lot(floor.seller, lot.id)).toMatchObject({ bids_count: 0 });
    } finally {
      await t.ctx.db.update(companies).set({ goodStanding: true }).where(eq(companies.id, c.companyId));
    }
  });

  it('checks cached access again under the lock: a company blacklisted meanwhile cannot bid', async () => {
    const { lot, briefcase } = await tradingLot(t, floor);
    const c = floor.buyers[2]!;
    expect((await call.bid(c, { lot_id: lot.id, amount: 900_000 })).statusCode).toBe(422);
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: briefcase.id, companyId: c.companyId, list: 'blacklist' });
    const refused = await call.bid(c, { lot_id: lot.id, amount: 1_000_000 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Лот не найден');
  });

  it('forgets a cached session at sign-out', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a] = floor.buyers as [Floor['buyers'][0]];
    const c = floor.buyers[2]!;
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    // A stale bid is refused from the cache alone, so only the sign-out can turn it into a 401.
    expect((await call.bid(c, { lot_id: lot.id, amount: 1_000_000, confirm: true })).statusCode).toBe(409);
    const out = await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(c.token) });
    expect(out.statusCode).toBe(200);
    expect((await call.bid(c, { lot_id: lot.id, amount: 1_000_000, confirm: true })).statusCode).toBe(401);
  });

  it('appends to the audit chain after a remembered head that a rolled-back transaction left', async () => {
    const company = await buildCompany(t.ctx.db, { seller: true });
    const briefcaseId = (await buildBriefcase(t.ctx.db, company)).id;
    const entry = (n: number) => ({
      briefcaseId,
      action: 'bid_placed',
      actorUserId: null,
      payload: { n },
      at: new Date(Date.UTC(2026, 10, 22, 9, n)),
    });
    await t.ctx.db.transaction((tx) => appendAudit(tx, entry(1)));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await appendAudit(tx, entry(2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.ctx.db.transaction((tx) => appendAudit(tx, entry(3)));
    const [report] = await verifyAudit(t.ctx.db, briefcaseId);
    expect(report!.verdict).toMatchObject({ ok: true, entries: 2 });
  });
});

describe.each(DRIVERS)('the bids rate limit on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { BIDS_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('is a setting (BIDS_RATE_LIMIT_PER_MINUTE)', async () => {
    const floor = await buildFloor(t, 1);
    const { lot } = await tradingLot(t, floor);
    const call = api(t);
    const a = floor.buyers[0]!;
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_100_000, confirm: true })).statusCode).toBe(200);
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_200_000, confirm: true })).statusCode).toBe(429);
  });
});

describe.each(DRIVERS)('the session cache of the bid route on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    // Cached contexts live 1-2 s here (a random span in the second half of SESSION_CACHE_MS).
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', SESSION_CACHE_MS: '2000' });
    floor = await buildFloor(t, 1);
    call = api(t);
  });
  afterAll(() => t.close());

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('counts a context that an accepted bid found current as loaded then, and still refuses a write on a closed session', async () => {
    const { lot } = await tradingLot(t, floor);
    const c = floor.buyers[0]!;
    // Cached at c's first bid; each accepted bid checks it under the lock and so renews it.
    for (const [k, amount] of [1_000_000, 1_100_000, 1_200_000].entries()) {
      if (k > 0) await pause(700);
      expect((await call.bid(c, { lot_id: lot.id, amount, confirm: true })).statusCode).toBe(200);
    }
    await pause(700);
    // 2.1 s after the first load, past any entry's life unless the bids renewed it: the session is closed in the
    // database behind the cache's back (as when a refresh token is reused).
    const { sessionId } = await t.ctx.guards.authenticateToken(c.token);
    await t.ctx.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, sessionId));
    // A stale bid is still refused from the renewed cache ("price changed": decisions/0017's trade-off) ...
    expect((await call.bid(c, { lot_id: lot.id, amount: 1_000_000, confirm: true })).statusCode).toBe(409);
    // ... but a bid that reaches the lock finds the session closed and writes nothing.
    expect((await call.bid(c, { lot_id: lot.id, amount: 1_300_000, confirm: true })).statusCode).toBe(401);
    expect(await call.lot(floor.seller, lot.id)).toMatchObject({ bids_count: 3, current_price: 1_200_000 });
  });
});
