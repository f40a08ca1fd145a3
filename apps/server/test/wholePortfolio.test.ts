/**
 * The whole-portfolio lot and its parts hold the same debts (issue 29 defect 4, decisions/0245): the seller cannot
 * sell them twice (a 409 with a Russian message, closing without a winner stays possible), a lot whose debts were
 * sold elsewhere goes to no next round, and the statistics count each debt once.
 */
import { COMPOSITE_LOT_NAME } from '@etp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, lots } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildLot } from './support/factories.ts';
import { HOUR } from './support/rounds.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

describe.each(DRIVERS)('the whole-portfolio lot on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_MINUTE: '100000' });
    floor = await buildFloor(t, 2);
    call = api(t);
  });
  afterAll(() => t.close());

  /** A classic procedure that ended an hour ago: two part lots and the whole-portfolio lot, each with one bid. */
  async function finishedPortfolio(bidder: Trader) {
    const db = t.ctx.db;
    const end = new Date(t.clock.now().getTime() - HOUR);
    const briefcase = await buildBriefcase(db, floor.sellerCompany, {
      status: 'finished',
      withCompositeLot: true,
      startDatetime: new Date(end.getTime() - 2 * HOUR),
      endDatetime: end,
      roundRequestTtl: 2 * HOUR,
      amountTotal: 521_578_622_00,
      itemsCount: 1000,
    });
    const base = { status: 'finished' as const, endDatetime: end, bidsCount: 1 };
    const one = await buildLot(db, briefcase, {
      ...base,
      number: 1,
      itemsCount: 600,
      amountTotal: 300_000_000_00,
      startPrice: 1_000_000,
    });
    const two = await buildLot(db, briefcase, {
      ...base,
      number: 2,
      itemsCount: 400,
      amountTotal: 221_578_622_00,
      startPrice: 2_000_000,
    });
    const whole = await buildLot(db, briefcase, {
      ...base,
      number: 3,
      composite: true,
      name: COMPOSITE_LOT_NAME,
      itemsCount: 1000,
      amountTotal: 521_578_622_00,
      startPrice: 3_000_000,
    });
    const bidIds: Record<string, number> = {};
    for (const [key, lot, amount] of [
      ['one', one, 1_100_000],
      ['two', two, 2_200_000],
      ['whole', whole, 3_500_000],
    ] as const) {
      const [bid] = await db
        .insert(bids)
        .values({
          lotId: lot.id,
          briefcaseId: briefcase.id,
          userId: bidder.userId,
          companyId: bidder.companyId,
          amount,
        })
        .returning();
      await db.update(lots).set({ leaderBidId: bid!.id, currentPrice: amount }).where(eq(lots.id, lot.id));
      bidIds[key] = bid!.id;
    }
    return { briefcase, one, two, whole, bidIds };
  }

  const pick = (lotId: number, bidId: number | null) =>
    call.send(floor.seller, 'POST', `/api/v1/lots/${lotId}/set_winner`, { bid_id: bidId });

  it('once the whole portfolio is sold, a part lot can only close without a winner, and goes to no next round', async () => {
    const [buyer] = floor.buyers as [Trader];
    const p = await finishedPortfolio(buyer);
    expect((await pick(p.whole.id, p.bidIds.whole!)).statusCode).toBe(200);
    const twice = await pick(p.one.id, p.bidIds.one!);
    expect(twice.statusCode).toBe(409);
    const message =
      'Весь портфель уже продан (Сводный лот: все лоты процедуры): эти долги нельзя продать второй раз. Лот можно закрыть только без победителя';
    expect(twice.json()).toMatchObject({ status: 'error', message, errors: { bid_id: [message] } });
    const [stored] = await t.ctx.db.select().from(lots).where(eq(lots.id, p.one.id));
    expect(stored).toMatchObject({ status: 'finished', winnerBidId: null });
    expect((await pick(p.one.id, null)).statusCode).toBe(200);
    expect((await pick(p.two.id, null)).statusCode).toBe(200);
    // The buyer applies for a part lot of the next round: its debts are sold.
    const applied = await call.send(
      buyer,
      'POST',
      `/api/v1/briefcases/${p.briefcase.id}/round_requests/apply`,
      {
        lots: [p.one.id],
      },
    );
    expect(applied.statusCode).toBe(422);
    expect(JSON.stringify(applied.json().errors)).toContain(
      'Лот №1: долги этого лота уже проданы в другом лоте процедуры',
    );
  });

  it('once a part lot is sold, the whole-portfolio lot cannot be', async () => {
    const [, buyer] = floor.buyers as [Trader, Trader];
    const p = await finishedPortfolio(buyer);
    expect((await pick(p.two.id, p.bidIds.two!)).statusCode).toBe(200);
    const twice = await pick(p.whole.id, p.bidIds.whole!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Часть долгов портфеля уже продана (Лот №2): весь портфель нельзя продать второй раз. Лот можно закрыть только без победителя',
    );
    // The other part holds other debts: it may be sold.
    expect((await pick(p.one.id, p.bidIds.one!)).statusCode).toBe(200);
    expect((await pick(p.whole.id, null)).statusCode).toBe(200);
    const [whole] = await t.ctx.db.select().from(lots).where(eq(lots.id, p.whole.id));
    expect(whole).toMatchObject({ status: 'closed', winnerBidId: null, isWithoutWinner: true });
  });

  it('the statistics count each debt once: the whole-portfolio lot is not added to its parts', async () => {
    const [buyer] = floor.buyers as [Trader];
    const p = await finishedPortfolio(buyer);
    const stats = (await call.get(floor.seller, `/api/v1/charts/briefcases/${p.briefcase.id}/stats`)).json()
      .data.attributes;
    expect(stats.current_price).toBe(1_100_000 + 2_200_000);
    expect(
      stats.lots.map((l: { id: number; composite: boolean; in_totals: boolean }) => [
        l.id,
        l.composite,
        l.in_totals,
      ]),
    ).toEqual([
      [p.one.id, false, true],
      [p.two.id, false, true],
      [p.whole.id, true, false],
    ]);
  });
});
