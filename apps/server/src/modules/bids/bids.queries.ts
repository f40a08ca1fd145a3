/**
 * SQL of the bids table: inserts and state changes, the live bids of a lot, the bid log, bidders, idempotency. The
 * engine's locking reads are engine/lotLock.queries.ts, a batch's one-statement write engine/batchWrite.queries.ts,
 * the autobids autobids.queries.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bids, companies } from '../../db/schema/index.ts';

export type BidRow = typeof bids.$inferSelect;

/**
 * A live bid: not replaced by a newer offer or order of its company, not withdrawn (decisions/0236). Every classic
 * bid stays live; a sealed offer or a dutch order is live until it is changed or withdrawn. Counts, logs, the
 * seller's choice and everything a person reads see live bids only.
 */
export const liveBid = () => eq(bids.state, 'active');
export type NewBid = typeof bids.$inferInsert;

export async function insertBids(tx: DbOrTx, rows: NewBid[]): Promise<BidRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(bids).values(rows).returning();
}

export async function findBidByIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<BidRow | null> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.userId, userId), eq(bids.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The company's live offer or order on a lot (sealed offers and dutch orders can be changed or withdrawn). */
export async function findActiveBidOfCompany(
  tx: DbOrTx,
  lotId: number,
  companyId: number,
): Promise<BidRow | null> {
  const [row] = await tx
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.companyId, companyId), eq(bids.state, 'active')))
    .orderBy(desc(bids.id))
    .limit(1);
  return row ?? null;
}

export async function setBidState(
  tx: DbOrTx,
  id: number,
  state: 'replaced' | 'withdrawn',
  at: Date,
): Promise<void> {
  await tx.update(bids).set({ state, updatedAt: at }).where(eq(bids.id, id));
}

export async function findActiveBids(tx: DbOrTx, lotId: number): Promise<BidRow[]> {
  return tx
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.state, 'active')))
    .orderBy(asc(bids.id));
}

export async function countBidders(tx: DbOrTx, lotId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${bids.companyId})::int` })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), liveBid()));
  return row?.n ?? 0;
}

/**
 * A page of the bid log, newest first, with each company's ordinal in order of its first bid (the log shows
 * participants "Участник N" instead of names). `onlyCompanyId` limits the log to one company's own bids.
 */
export async function findBidLogPage(
  db: DbOrTx,
  lotId: number,
  page: { limit: number; offset: number; onlyCompanyId?: number },
) {
  const where = and(
    eq(bids.lotId, lotId),
    liveBid(),
    page.onlyCompanyId === undefined ? undefined : eq(bids.companyId, page.onlyCompanyId),
  );
  const [rows, [count], firsts] = await Promise.all([
    db
      .select({
        id: bids.id,
        amount: bids.amount,
        sourceType: bids.sourceType,
        createdAt: bids.createdAt,
        companyId: bids.companyId,
        companyName: companies.name,
      })
      .from(bids)
      .innerJoin(companies, eq(companies.id, bids.companyId))
      .where(where)
      .orderBy(desc(bids.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(bids).where(where),
    db
      .select({ companyId: bids.companyId, first: sql<number>`min(${bids.id})` })
      .from(bids)
      .where(eq(bids.lotId, lotId))
      .groupBy(bids.companyId)
      .orderBy(sql`min(${bids.id})`),
  ]);
  const aliases = new Map(firsts.map((f, i) => [f.companyId, i + 1]));
  return { rows, total: count?.n ?? 0, aliases };
}

/** Each company's best live bid on the lot, best first (earliest wins a tie): the winner dialog's list. */
export async function findBidders(db: DbOrTx, lotId: number) {
  const rows = await db
    .selectDistinctOn([bids.companyId], {
      id: bids.id,
      userId: bids.userId,
      companyId: bids.companyId,
      companyName: companies.name,
      companyKind: companies.kind,
      amount: bids.amount,
      createdAt: bids.createdAt,
    })
    .from(bids)
    .innerJoin(companies, eq(companies.id, bids.companyId))
    .where(and(eq(bids.lotId, lotId), liveBid()))
    .orderBy(bids.companyId, desc(bids.amount), asc(bids.id));
  return rows.sort((a, b) => b.amount - a.amount || a.id - b.id);
}

/** One bid by id, or undefined (the lot's leader when the engine did not place it itself). */
export async function findBidById(tx: DbOrTx, id: number): Promise<BidRow | undefined> {
  return tx.query.bids.findFirst({ where: (b) => eq(b.id, id) });
}

export async function findBidsByIds(db: DbOrTx, ids: number[]): Promise<BidRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(bids).where(inArray(bids.id, ids));
}
