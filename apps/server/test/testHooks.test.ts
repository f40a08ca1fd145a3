import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, deals, lots } from '../src/db/schema/index.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { buildBriefcase, buildLot } from './support/factories.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

describe('the journeys’ test hooks (NODE_ENV=test only)', () => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp('pglite', { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    call = api(t);
  });
  afterAll(() => t.close());

  it('let only an administrator move an active lot’s end, and the lot reads the new end', async () => {
    const { lot } = await tradingLot(t, floor);
    const buyer = floor.buyers[0]!;
    const url = `/api/v1/test/lots/${lot.id}/ends_in`;
    expect((await call.send(buyer, 'POST', url, { seconds: 120 })).statusCode).toBe(403);
    const reply = await call.send(floor.admin, 'POST', url, { seconds: 120 });
    expect(reply.statusCode).toBe(200);
    const end = Date.parse((await call.lot(buyer, lot.id)).end_datetime);
    expect(end - t.clock.now().getTime()).toBe(120_000);
  });

  it('let only an administrator bring an approved procedure’s start near, its lots’ times moved by as much', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 3 * 3_600_000,
      endInMs: 5 * 3_600_000 + 35 * 60_000,
    });
    const buyer = floor.buyers[0]!;
    const url = `/api/v1/test/briefcases/${briefcase.id}/starts_in`;
    expect((await call.send(buyer, 'POST', url, { seconds: 5 })).statusCode).toBe(403);
    const reply = await call.send(floor.admin, 'POST', url, { seconds: 5 });
    expect(reply.statusCode).toBe(200);
    const moved = await call.lot(buyer, lot.id);
    const now = t.clock.now().getTime();
    expect(Date.parse(moved.start_datetime) - now).toBe(5_000);
    // The length of trading is kept: the end moved by as much as the start.
    expect(Date.parse(moved.end_datetime) - now).toBe(5_000 + 2 * 3_600_000 + 35 * 60_000);
    // Only an approved procedure that has not started.
    const { briefcase: active } = await tradingLot(t, floor);
    const url2 = `/api/v1/test/briefcases/${active.id}/starts_in`;
    expect((await call.send(floor.admin, 'POST', url2, { seconds: 5 })).statusCode).toBe(404);
  });

  it('let only an administrator bring a deal’s running deadline near; the scheduler then fails the deal', async () => {
    const db = t.ctx.db;
    const buyer = floor.buyers[0]!;
    const now = t.clock.now().getTime();
    const times = { startDatetime: new Date(now - 3 * 3_600_000), endDatetime: new Date(now - 3_600_000) };
    const briefcase = await buildBriefcase(db, floor.sellerCompany, { status: 'finished', ...times });
    const lot = await buildLot(db, briefcase, { status: 'finished', bidsCount: 1, ...times });
    const [bid] = await db
      .insert(bids)
      .values({
        lotId: lot.id,
        briefcaseId: briefcase.id,
        userId: buyer.userId,
        companyId: buyer.companyId,
        amount: lot.startPrice,
      })
      .returning();
    await db.update(lots).set({ leaderBidId: bid!.id }).where(eq(lots.id, lot.id));
    const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: bid!.id,
    });
    expect(chosen.statusCode).toBe(200);
    const [deal] = await db.select().from(deals).where(eq(deals.lotId, lot.id));
    const url = `/api/v1/test/deals/${deal!.id}/deadline_in`;
    expect((await call.send(buyer, 'POST', url, { seconds: 1 })).statusCode).toBe(403);
    expect((await call.send(floor.admin, 'POST', url, { seconds: 1 })).statusCode).toBe(200);
    const [moved] = await db.select().from(deals).where(eq(deals.id, deal!.id));
    expect(moved!.deadlineAt!.getTime() - t.clock.now().getTime()).toBe(1_000);
    t.clock.advance(1_001);
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    expect((await scheduler.tick())?.dealsExpired).toEqual([deal!.id]);
    await scheduler.stop();
    const [failed] = await db.select().from(deals).where(eq(deals.id, deal!.id));
    expect(failed).toMatchObject({ state: 'failed', deadlineAt: null });
    // A deal whose clock no longer runs is not moved.
    expect((await call.send(floor.admin, 'POST', url, { seconds: 1 })).statusCode).toBe(404);
  });

  it('let only an administrator move an active procedure’s times back; the dutch clock then falls a step', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, {
      auctionType: 'dutch',
      startInMs: -1_000,
      endInMs: 10 * 60_000,
      briefcase: { lotRenewalMinutes: 1 },
      lot: {
        maxPrice: 1_500_000,
        minPrice: 1_000_000,
        stepCount: 6,
        currentStep: 1,
        currentPrice: 1_500_000,
      },
    });
    const buyer = floor.buyers[0]!;
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    await scheduler.tick();
    expect((await call.lot(buyer, lot.id)).current_price).toBe(1_500_000);
    const url = `/api/v1/test/briefcases/${briefcase.id}/advance`;
    expect((await call.send(buyer, 'POST', url, { seconds: 60 })).statusCode).toBe(403);
    const reply = await call.send(floor.admin, 'POST', url, { seconds: 60 });
    expect(reply.statusCode).toBe(200);
    expect(Date.parse(reply.json().data.start_datetime)).toBe(t.clock.now().getTime() - 61_000);
    await scheduler.tick();
    await scheduler.stop();
    const fallen = await call.lot(buyer, lot.id);
    expect(fallen.current_price).toBe(1_400_000);
    expect(Date.parse(fallen.end_datetime) - t.clock.now().getTime()).toBe(9 * 60_000);
    // Only a procedure that trades.
    const { briefcase: ready } = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000 });
    const url2 = `/api/v1/test/briefcases/${ready.id}/advance`;
    expect((await call.send(floor.admin, 'POST', url2, { seconds: 60 })).statusCode).toBe(404);
  });

  it('let only an administrator cut the live channel', async () => {
    const buyer = floor.buyers[0]!;
    expect((await call.send(buyer, 'POST', '/api/v1/test/live/outage', { ms: 100 })).statusCode).toBe(403);
    expect((await call.send(floor.admin, 'POST', '/api/v1/test/live/outage', { ms: 100 })).statusCode).toBe(
      200,
    );
  });

  it('do not exist outside tests', async () => {
    const production = await createTestApp('pglite', { NODE_ENV: 'development' });
    try {
      const reply = await production.app.inject({
        method: 'POST',
        url: '/api/v1/test/live/outage',
        payload: {},
      });
      expect(reply.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
