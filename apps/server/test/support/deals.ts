/** A deal's usual start for the deal tests: a finished lot, two bids, the seller picks the higher one. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bids, lots } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { buildBriefcase, buildLot } from './factories.ts';
import type { api, Floor, Trader } from './trading.ts';

const HOUR = 3_600_000;

export interface WonLotOptions {
  briefcase?: Parameters<typeof buildBriefcase>[2];
  lot?: Parameters<typeof buildLot>[2];
}

/**
 * A procedure that ended an hour ago with one lot (start 1 000 000, step 100 000): `second` bid 1 100 000 and
 * `winner` 1 200 000, and the seller picked `winner` (which opens the deal).
 */
export async function wonLot(
  t: TestApp,
  floor: Floor,
  call: ReturnType<typeof api>,
  winner: Trader,
  second: Trader,
  options: WonLotOptions = {},
) {
  const db = t.ctx.db;
  const now = t.clock.now().getTime();
  const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
  const briefcase = await buildBriefcase(db, floor.sellerCompany, {
    status: 'finished',
    ...times,
    ...options.briefcase,
  });
  const lot = await buildLot(db, briefcase, {
    status: 'finished',
    startPrice: 1_000_000,
    stepPrice: 100_000,
    bidsCount: 2,
    ...times,
    ...options.lot,
  });
  const bid = (who: Trader, amount: number) => ({
    lotId: lot.id,
    briefcaseId: briefcase.id,
    userId: who.userId,
    companyId: who.companyId,
    amount,
  });
  const [secondBid, winnerBid] = await db
    .insert(bids)
    .values([bid(second, 1_100_000), bid(winner, 1_200_000)])
    .returning();
  await db
    .update(lots)
    .set({ leaderBidId: winnerBid!.id, currentPrice: 1_200_000 })
    .where(eq(lots.id, lot.id));
  const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
    bid_id: winnerBid!.id,
  });
  expect(chosen.statusCode).toBe(200);
  return { briefcase, lot, times, secondBid: secondBid!, winnerBid: winnerBid! };
}
