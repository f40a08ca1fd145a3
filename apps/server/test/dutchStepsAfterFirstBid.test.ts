/**
 * steps_after_first_bid on a dutch lot through the API and the scheduler (decisions/0240): an order at the clock
 * price no longer ends the lot at once; it trades for the rest of that step and N more, takes other companies'
 * orders, and then finishes with the best order leading.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lots } from '../src/db/schema/index.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;

describe.each(DRIVERS)('dutch steps after the first bid on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let scheduler: Scheduler;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    call = api(t);
    scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  const lotRow = async (id: number) => (await t.ctx.db.select().from(lots).where(eq(lots.id, id)))[0]!;

  it('keeps the lot trading one more step after an order at the clock price, then the first order wins', async () => {
    const { lot } = await tradingLot(t, floor, {
      auctionType: 'dutch',
      startInMs: -5 * MINUTE,
      endInMs: 105 * MINUTE,
      briefcase: { lotRenewalMinutes: 10, stepsAfterFirstBid: 1, maxBids: 5 },
      lot: {
        maxPrice: 2_000_000,
        minPrice: 1_000_000,
        stepPrice: 100_000,
        stepCount: 11,
        currentPrice: 2_000_000,
      },
    });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    expect((await call.bid(a, { lot_id: lot.id, amount: 2_000_000 })).statusCode).toBe(200);
    expect((await lotRow(lot.id)).status).toBe('active');

    t.clock.advance(6 * MINUTE);
    await scheduler.tick();
    expect(await lotRow(lot.id)).toMatchObject({ status: 'active', currentPrice: 1_900_000 });
    expect((await call.bid(b, { lot_id: lot.id, amount: 1_900_000 })).statusCode).toBe(200);
    expect(await lotRow(lot.id)).toMatchObject({ status: 'active', bidsCount: 2 });

    t.clock.advance(8 * MINUTE);
    await scheduler.tick();
    expect((await lotRow(lot.id)).status).toBe('active');
    t.clock.advance(1 * MINUTE);
    await scheduler.tick();
    expect(await lotRow(lot.id)).toMatchObject({ status: 'finished', currentPrice: 2_000_000 });
    expect((await call.lot(floor.seller, lot.id)).current_bidder_company).toBe('ООО «Покупатель 1»');
    t.clock.advance(-15 * MINUTE);
  });
});
