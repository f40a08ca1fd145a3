/** SQL of the Statistics tab: counters, the lots, bids per minute and the best bid of each minute. */
import { and, asc, count, countDistinct, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bids, companies, downloads, lots } from '../../db/schema/index.ts';
import { liveBid } from '../bids/bids.queries.ts';

const accepted = (briefcaseId: number): SQL => and(eq(bids.briefcaseId, briefcaseId), liveBid()) as SQL;

/** Bids and bidding companies of a procedure: one aggregate over the (briefcase_id, company_id) index. */
export async function statsCounters(
  db: DbOrTx,
  briefcaseId: number,
): Promise<{ bids: number; users: number }> {
  const [row] = await db
    .select({ bids: count(), users: countDistinct(bids.companyId) })
    .from(bids)
    .where(accepted(briefcaseId));
  return { bids: row?.bids ?? 0, users: row?.users ?? 0 };
}

export async function countDownloads(db: DbOrTx, briefcaseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(downloads).where(eq(downloads.briefcaseId, briefcaseId));
  return row?.n ?? 0;
}

export async function findStatsLots(db: DbOrTx, briefcaseId: number) {
  return db
    .select({
      id: lots.id,
      number: lots.number,
      aliasNumber: lots.aliasNumber,
      status: lots.status,
      currentPrice: lots.currentPrice,
      startPrice: lots.startPrice,
      bidsCount: lots.bidsCount,
      composite: lots.composite,
      itemsCount: lots.itemsCount,
    })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.composite), asc(lots.number), asc(lots.id));
}

/** Minute of a bid; whole-hour zones (Moscow is UTC+3) share minute boundaries with UTC. */
const minute = sql<Date>`date_trunc('minute', ${bids.createdAt})`.mapWith(bids.createdAt);

export async function bidsPerMinute(db: DbOrTx, briefcaseId: number) {
  return db
    .select({ minute, bids: count(), users: countDistinct(bids.companyId) })
    .from(bids)
    .where(accepted(briefcaseId))
    .groupBy(minute)
    .orderBy(minute);
}

/** The highest bid of each minute (the earliest of equal ones), leaving out lots whose amounts are hidden. */
export async function bestBidPerMinute(db: DbOrTx, briefcaseId: number, hiddenLotIds: number[]) {
  return db
    .selectDistinctOn([minute], {
      at: bids.createdAt,
      amount: bids.amount,
      lotId: bids.lotId,
      companyName: companies.name,
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.companyId))
    .where(and(accepted(briefcaseId), hiddenLotIds.length ? notInArray(bids.lotId, hiddenLotIds) : undefined))
    .orderBy(minute, desc(bids.amount), asc(bids.id));
}
