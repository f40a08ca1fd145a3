/** SQL of bids and autobids: inserts under the lot lock, the bid log, bidders, idempotency. */
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { autobids, bids, briefcaseCompanyLists, briefcases, companies, lots } from '../../db/schema/index.ts';

export type BidRow = typeof bids.$inferSelect;
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

export async function findEnabledAutobids(tx: DbOrTx, lotId: number) {
  return tx
    .select()
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), eq(autobids.enabled, true)))
    .orderBy(asc(autobids.createdAt), asc(autobids.id));
}

export async function countBidders(tx: DbOrTx, lotId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${bids.companyId})::int` })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), ne(bids.state, 'withdrawn')));
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
    ne(bids.state, 'withdrawn'),
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

/** Each company's best standing bid on the lot, best first (earliest wins a tie): the winner dialog's list. */
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
    .where(and(eq(bids.lotId, lotId), ne(bids.state, 'withdrawn')))
    .orderBy(bids.companyId, desc(bids.amount), asc(bids.id));
  return rows.sort((a, b) => b.amount - a.amount || a.id - b.id);
}

export async function findBidsByIds(db: DbOrTx, ids: number[]): Promise<BidRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(bids).where(inArray(bids.id, ids));
}

const leaderBids = alias(bids, 'leader_bid');

/**
 * Locks the lot row (FOR NO KEY UPDATE, see lockLot) and reads with it its procedure, its leading bid, whether an
 * autobid is enabled on it, whether `companyId` has a standing bid on it, the company's place on the procedure's
 * lists and (sessionValid) whether the caller's session and context still hold: everything the engine needs under
 * the lock, in one statement.
 */
export async function lockLotWithContext(
  tx: DbOrTx,
  lotId: number,
  companyId: number,
  sessionValid: SQL<boolean> = sql<boolean>`true`,
) {
  const [row] = await tx
    .select({
      lot: lots,
      briefcase: briefcases,
      leader: leaderBids,
      sessionValid,
      blacklisted: sql<boolean>`exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'blacklist' and l.company_id = ${companyId})`,
      notInvited: sql<boolean>`(exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist')
      and not exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = ${briefcases.id} and l.list = 'whitelist' and l.company_id = ${companyId}))`,
      autobidsEnabled: sql<boolean>`exists (select 1 from ${autobids} where ${autobids.lotId} = ${lots.id} and ${autobids.enabled})`,
      companyHasBid: sql<boolean>`exists (select 1 from ${bids} where ${bids.lotId} = ${lots.id} and ${bids.companyId} = ${companyId} and ${bids.state} <> 'withdrawn')`,
    })
    .from(lots)
    .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
    .leftJoin(leaderBids, eq(leaderBids.id, lots.leaderBidId))
    .where(eq(lots.id, lotId))
    .for('no key update', { of: lots });
  return row ?? null;
}

/** The autobids of these companies on the lot (enabled or not), with who set them. */
export async function findCompanyAutobids(db: DbOrTx, lotId: number, companyIds: number[]) {
  return db
    .select({ companyId: autobids.companyId, userId: autobids.userId, enabled: autobids.enabled })
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), inArray(autobids.companyId, companyIds)));
}
