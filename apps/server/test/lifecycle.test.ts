import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, briefcases, lots } from '../src/db/schema/index.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;

describe.each(DRIVERS)('timed transitions, dutch clock, sealed offers and winners on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let scheduler: Scheduler;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
    scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  const statusOf = async (id: number) =>
    (await t.ctx.db.select({ s: briefcases.status }).from(briefcases).where(eq(briefcases.id, id)))[0]!.s;
  const lotRow = async (id: number) => (await t.ctx.db.select().from(lots).where(eq(lots.id, id)))[0]!;

  it('starts a procedure at its start, lets early autobids answer, ends it, and never does a transition twice', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 10 * MINUTE,
      endInMs: 70 * MINUTE,
    });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    await call.autobid(a, { lot_id: lot.id, max_price: 1_500_000 });
    await call.autobid(b, { lot_id: lot.id, max_price: 1_200_000 });
    expect((await scheduler.tick())?.started).not.toContain(briefcase.id);

    t.clock.advance(10 * MINUTE);
    const first = await scheduler.tick();
    expect(first?.started).toContain(briefcase.id);
    expect(await statusOf(briefcase.id)).toBe('active');
    // The two autobids resolved at the start: A leads one step above B's maximum.
    expect(await lotRow(lot.id)).toMatchObject({ status: 'active', currentPrice: 1_300_000 });
    const again = await scheduler.tick();
    expect(again?.started).not.toContain(briefcase.id);

    t.clock.advance(60 * MINUTE);
    const end = await scheduler.tick();
    expect(end?.lotsEnded).toContain(lot.id);
    expect(end?.proceduresEnded).toContain(briefcase.id);
    expect(await statusOf(briefcase.id)).toBe('finished');
    expect((await scheduler.tick())?.lotsEnded).not.toContain(lot.id);
    const log = await t.ctx.db.select().from(auditLog).where(eq(auditLog.briefcaseId, briefcase.id));
    expect(log.filter((e) => e.action === 'lot_finished')).toHaveLength(1);
    t.clock.advance(-70 * MINUTE);
  });

  it('closes a procedure without bids as closed_without_bids', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 5 * MINUTE });
    t.clock.advance(5 * MINUTE);
    await scheduler.tick();
    expect(await lotRow(lot.id)).toMatchObject({ status: 'closed', isWithoutWinner: true });
    expect(await statusOf(briefcase.id)).toBe('closed_without_bids');
    t.clock.advance(-5 * MINUTE);
  });

  it('lets the seller pick the winner once lot and procedure are finished, then closes the procedure', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 5 * MINUTE });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    const early = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: null,
    });
    expect(early.json().message).toBe('Победителя можно выбрать после окончания торгов');
    const bidB = (await call.bid(b, { lot_id: lot.id, amount: 1_100_000 })).json().data.bid_id;
    t.clock.advance(5 * MINUTE);
    await scheduler.tick();
    expect(await statusOf(briefcase.id)).toBe('finished');
    const bidders = (await call.get(floor.seller, `/api/v1/lots/${lot.id}/bidders`)).json().data;
    expect(bidders.map((x: { amount: number }) => x.amount)).toEqual([1_100_000, 1_000_000]);
    expect((await call.get(a, `/api/v1/lots/${lot.id}/bidders`)).statusCode).toBe(403);
    expect(
      (await call.send(a, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: bidB })).statusCode,
    ).toBe(403);
    const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: bidB,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({ company_name: 'ООО «Покупатель 2»' });
    expect(await statusOf(briefcase.id)).toBe('closed');
    expect(await call.lot(b, lot.id)).toMatchObject({ status: 'closed', is_winner: true });
    expect((await call.lot(b, lot.id)).condition.text).toBe('Вы победили');
    expect((await call.lot(a, lot.id)).condition.text).toBe('Победил другой участник');
    t.clock.advance(-5 * MINUTE);
  });

  it('runs the dutch clock down and finishes the lot when it reaches the best order', async () => {
    const period = 10 * MINUTE;
    const { briefcase, lot } = await tradingLot(t, floor, {
      auctionType: 'dutch',
      startInMs: -25 * MINUTE,
      endInMs: -25 * MINUTE + 11 * period,
      briefcase: { lotRenewalMinutes: 10, maxBids: 5 },
      lot: {
        maxPrice: 2_000_000,
        minPrice: 1_000_000,
        stepPrice: 100_000,
        stepCount: 11,
        startPrice: 1_000_000,
        currentPrice: 2_000_000,
      },
    });
    await scheduler.tick();
    expect(await lotRow(lot.id)).toMatchObject({ currentPrice: 1_800_000, currentStep: 3 });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_900_000 })).json().message).toBe(
      'Цена изменилась, обновите страницу',
    );
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_500_000 })).statusCode).toBe(200);
    expect((await call.bid(b, { lot_id: lot.id, amount: 1_400_000 })).statusCode).toBe(200);
    expect((await lotRow(lot.id)).status).toBe('active');
    t.clock.advance(30 * MINUTE);
    await scheduler.tick();
    const done = await lotRow(lot.id);
    // 55 minutes in, the clock is at its sixth step, 1 500 000: the step that reached A's order.
    expect(done).toMatchObject({ status: 'finished', currentPrice: 1_500_000, currentStep: 6 });
    expect((await call.lot(floor.seller, lot.id)).current_bidder_company).toBe('ООО «Покупатель 1»');
    expect(await statusOf(briefcase.id)).toBe('finished');
    t.clock.advance(-30 * MINUTE);
  });

  it('closes a dutch lot whose clock ran out without an order, and its procedure without bids', async () => {
    const period = 10 * MINUTE;
    const { briefcase, lot } = await tradingLot(t, floor, {
      auctionType: 'dutch',
      startInMs: -5 * MINUTE,
      endInMs: -5 * MINUTE + 3 * period,
      briefcase: { lotRenewalMinutes: 10 },
      lot: {
        maxPrice: 1_200_000,
        minPrice: 1_000_000,
        stepPrice: 100_000,
        stepCount: 3,
        startPrice: 1_000_000,
        currentPrice: 1_200_000,
      },
    });
    t.clock.advance(25 * MINUTE);
    try {
      await scheduler.tick();
      expect(await lotRow(lot.id)).toMatchObject({ status: 'closed', isWithoutWinner: true, bidsCount: 0 });
      expect(await statusOf(briefcase.id)).toBe('closed_without_bids');
      expect((await call.lot(floor.seller, lot.id)).condition.text).toBe('Торги завершены без ставок');
    } finally {
      t.clock.advance(-25 * MINUTE);
    }
  });

  it('finishes a dutch lot at once when an order takes the current price', async () => {
    const { lot } = await tradingLot(t, floor, {
      auctionType: 'dutch',
      startInMs: -5 * MINUTE,
      endInMs: 105 * MINUTE,
      briefcase: { lotRenewalMinutes: 10 },
      lot: {
        maxPrice: 2_000_000,
        minPrice: 1_000_000,
        stepPrice: 100_000,
        stepCount: 11,
        currentPrice: 2_000_000,
      },
    });
    expect((await call.bid(floor.buyers[2]!, { lot_id: lot.id, amount: 2_000_000 })).statusCode).toBe(200);
    expect(await lotRow(lot.id)).toMatchObject({ status: 'finished', currentPrice: 2_000_000 });
  });

  it('keeps sealed offers sealed: one per company, own only, amounts to the seller after the end', async () => {
    const { lot } = await tradingLot(t, floor, { auctionType: 'private_requests', endInMs: 5 * MINUTE });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    expect((await call.bid(a, { lot_id: lot.id, amount: 50_000_000 })).json().errors).toEqual({
      amount: ['Должно быть меньше общей суммы задолженности'],
    });
    expect((await call.bid(a, { lot_id: lot.id, amount: 3_000_000 })).statusCode).toBe(200);
    expect((await call.bid(a, { lot_id: lot.id, amount: 2_500_000 })).statusCode).toBe(200);
    expect((await call.bid(b, { lot_id: lot.id, amount: 2_000_000 })).statusCode).toBe(200);
    const seenByB = await call.lot(b, lot.id);
    expect(seenByB).toMatchObject({
      current_price: null,
      is_current_bidder: false,
      last_users_bid_cents: 2_000_000,
      leader_tag: null,
    });
    const logB = (await call.get(b, `/api/v1/lots/${lot.id}/bids`)).json().data.bids;
    expect(logB.map((e: { amount: number }) => e.amount)).toEqual([2_000_000]);
    expect(await call.lot(floor.seller, lot.id)).toMatchObject({
      current_price: null,
      current_bidder_company: null,
      bids_count: 2,
    });
    expect((await call.get(floor.seller, `/api/v1/lots/${lot.id}/bids`)).statusCode).toBe(403);
    // Withdraw and offer again.
    expect((await call.send(b, 'DELETE', '/api/v1/bids', { lot_id: lot.id })).statusCode).toBe(200);
    expect((await call.lot(b, lot.id)).last_users_bid_cents).toBeNull();
    t.clock.advance(5 * MINUTE);
    await scheduler.tick();
    const seller = await call.lot(floor.seller, lot.id);
    expect(seller).toMatchObject({
      status: 'finished',
      current_price: 2_500_000,
      current_bidder_company: 'ООО «Покупатель 1»',
    });
    expect((await call.get(floor.seller, `/api/v1/lots/${lot.id}/bidders`)).json().data).toHaveLength(1);
    t.clock.advance(-5 * MINUTE);
  });
});
