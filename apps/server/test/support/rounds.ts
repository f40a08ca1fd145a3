/** Procedures whose trading is over, for the next- and second-round tests. */
import { eq } from 'drizzle-orm';
import { bids, lots } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { buildBriefcase, buildLot } from './factories.ts';
import type { Floor, Trader } from './trading.ts';

export const HOUR = 3_600_000;

/**
 * A classic procedure that ended an hour ago, applications open for two hours: lot A (№1) unsold after the
 * bidder's bid, lot B (№2) sold to the bidder, lot C (№3) closed without bids.
 */
export async function endedProcedure(
  t: TestApp,
  floor: Floor,
  bidder: Trader,
  overrides: Parameters<typeof buildBriefcase>[2] = {},
) {
  const db = t.ctx.db;
  const end = new Date(t.clock.now().getTime() - HOUR);
  const briefcase = await buildBriefcase(db, floor.sellerCompany, {
    status: 'closed',
    startDatetime: new Date(end.getTime() - 2 * HOUR),
    endDatetime: end,
    roundRequestTtl: 2 * HOUR,
    ...overrides,
  });
  const base = { status: 'closed' as const, endDatetime: end, amountTotal: 1_000_000, itemsCount: 10 };
  const a = await buildLot(db, briefcase, { ...base, number: 1, isWithoutWinner: true, bidsCount: 1 });
  const b = await buildLot(db, briefcase, { ...base, number: 2 });
  const c = await buildLot(db, briefcase, { ...base, number: 3, isWithoutWinner: true, dpd: 400 });
  const bid = (lotId: number) => ({
    lotId,
    briefcaseId: briefcase.id,
    userId: bidder.userId,
    companyId: bidder.companyId,
    amount: 1_000_000,
  });
  const [bidA, bidB] = await db
    .insert(bids)
    .values([bid(a.id), bid(b.id)])
    .returning();
  await db
    .update(lots)
    .set({
      leaderBidId: bidB!.id,
      winnerBidId: bidB!.id,
      winnerCompanyId: bidder.companyId,
      currentPrice: 1_000_000,
    })
    .where(eq(lots.id, b.id));
  await db.update(lots).set({ leaderBidId: bidA!.id, currentPrice: 1_000_000 }).where(eq(lots.id, a.id));
  return { briefcase, a, b, c };
}
