/** SQL of bids and autobids: inserts under the lot lock, the bid log, bidders, idempotency. */
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  autobids,
  bids,
  briefcaseCompanyLists,
  briefcases,
  companies,
  lots,
  refreshTokens,
} from '../../db/schema/index.ts';
import { type AuthContext, contextFingerprint } from '../auth/guards.ts';
import type { lotRowChanges } from '../lots/lots.state.ts';

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
/**
 * The lot's version as the statement's snapshot has it. When a locking read had to wait for another transaction,
 * PostgreSQL returns the lot row as that transaction left it but the joined rows (the new leading bid, the lists)
 * as the snapshot had them: the two versions then differ, and the caller reads again (it holds the lock by then,
 * so the second read waits for nothing and sees everything committed).
 */
const seenVersion = () => sql<number>`(select v.version from ${lots} v where v.id = ${lots.id})`;

/** Whether a locking read waited for another writer and must be repeated (see seenVersion). */
export const readBeforeWait = (row: { lot: { version: number }; seenVersion: number | null }) =>
  row.seenVersion === null || Number(row.seenVersion) !== row.lot.version;

export async function lockLotWithContext(
  tx: DbOrTx,
  lotId: number,
  companyId: number,
  sessionValid: SQL<boolean> = sql<boolean>`true`,
) {
  const read = () =>
    tx
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
        seenVersion: seenVersion(),
      })
      .from(lots)
      .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
      .leftJoin(leaderBids, eq(leaderBids.id, lots.leaderBidId))
      .where(eq(lots.id, lotId))
      .for('no key update', { of: lots });
  let [row] = await read();
  if (row && readBeforeWait(row)) [row] = await read();
  return row ?? null;
}

/** Locks the lots of a bid batch in id order (so two batches never deadlock) with their procedures and leaders. */
export async function lockLotsForBatch(tx: DbOrTx, lotIds: number[]) {
  const read = () =>
    tx
      .select({
        lot: lots,
        briefcase: briefcases,
        leader: leaderBids,
        autobidsEnabled: sql<boolean>`exists (select 1 from ${autobids} where ${autobids.lotId} = ${lots.id} and ${autobids.enabled})`,
        seenVersion: seenVersion(),
      })
      .from(lots)
      .innerJoin(briefcases, eq(briefcases.id, lots.briefcaseId))
      .leftJoin(leaderBids, eq(leaderBids.id, lots.leaderBidId))
      .where(inArray(lots.id, lotIds))
      .orderBy(asc(lots.id))
      .for('no key update', { of: lots });
  let rows = await read();
  if (rows.some(readBeforeWait)) rows = await read();
  return new Map(rows.map((row) => [row.lot.id, row]));
}

/** What lockLotWithContext reads about the caller, for each bid of a batch (by its place in the batch). */
export interface BatchBidderFacts {
  blacklisted: boolean;
  notInvited: boolean;
  companyHasBid: boolean;
  sessionValid: boolean;
}

/** The facts of every bid of a batch in one statement, read under the batch's locks. */
export async function batchBidderFacts(
  tx: DbOrTx,
  bidders: { ord: number; lotId: number; briefcaseId: number; auth: AuthContext }[],
): Promise<Map<number, BatchBidderFacts>> {
  if (bidders.length === 0) return new Map();
  const input = bidders.map((b) => ({
    ord: b.ord,
    lot_id: b.lotId,
    briefcase_id: b.briefcaseId,
    company_id: b.auth.company?.id ?? 0,
    user_id: b.auth.user.id,
    session_id: b.auth.sessionId,
    fingerprint: b.auth.cachedFingerprint ?? null,
  }));
  const result = await tx.execute(sql`select r.ord,
      exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = r.briefcase_id and l.list = 'blacklist' and l.company_id = r.company_id) as blacklisted,
      (exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = r.briefcase_id and l.list = 'whitelist')
        and not exists (select 1 from ${briefcaseCompanyLists} l where l.briefcase_id = r.briefcase_id and l.list = 'whitelist' and l.company_id = r.company_id)) as not_invited,
      exists (select 1 from ${bids} b where b.lot_id = r.lot_id and b.company_id = r.company_id and b.state <> 'withdrawn') as company_has_bid,
      (r.fingerprint is null or (exists (select 1 from ${refreshTokens} t where t.family_id = r.session_id::uuid and t.revoked_at is null)
        and ${contextFingerprint(sql`r.user_id`)} = r.fingerprint)) as session_valid
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(ord integer, lot_id integer, briefcase_id integer,
      company_id integer, user_id integer, session_id text, fingerprint text)`);
  const rows = (
    result as unknown as {
      rows: {
        ord: number;
        blacklisted: boolean;
        not_invited: boolean;
        company_has_bid: boolean;
        session_valid: boolean;
      }[];
    }
  ).rows;
  return new Map(
    rows.map((r) => [
      Number(r.ord),
      {
        blacklisted: r.blacklisted,
        notInvited: r.not_invited,
        companyHasBid: r.company_has_bid,
        sessionValid: r.session_valid,
      },
    ]),
  );
}

/** The lots a bid batch changed, in one statement; each lot's version moves on by one. */
export async function updateLotsAfterBatch(
  tx: DbOrTx,
  updates: { id: number; changes: ReturnType<typeof lotRowChanges> }[],
): Promise<void> {
  if (updates.length === 0) return;
  const input = updates.map(({ id, changes: c }) => ({
    id,
    status: c.status,
    current_price: c.currentPrice,
    leader_bid_id: c.leaderBidId,
    bids_count: c.bidsCount,
    bidders_count: c.biddersCount,
    end_datetime: c.endDatetime.toISOString(),
    renewals_count: c.renewalsCount,
    updated_at: c.updatedAt.toISOString(),
  }));
  await tx.execute(sql`update ${lots} l set status = r.status, current_price = r.current_price,
      leader_bid_id = r.leader_bid_id, bids_count = r.bids_count, bidders_count = r.bidders_count,
      end_datetime = r.end_datetime, renewals_count = r.renewals_count, version = l.version + 1,
      updated_at = r.updated_at
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(id bigint, status text, current_price bigint,
      leader_bid_id bigint, bids_count integer, bidders_count integer, end_datetime timestamptz,
      renewals_count integer, updated_at timestamptz)
    where l.id = r.id`);
}

/** The autobids of these companies on the lot (enabled or not), with who set them. */
export async function findCompanyAutobids(db: DbOrTx, lotId: number, companyIds: number[]) {
  return db
    .select({ companyId: autobids.companyId, userId: autobids.userId, enabled: autobids.enabled })
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), inArray(autobids.companyId, companyIds)));
}
