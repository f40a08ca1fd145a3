/** SQL of lots: the trade tab's page, one lot, the viewer's own bid and autobid, favourites, ids. */
import type { AwardableLot } from '@etp/domain';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  autobids,
  bids,
  briefcaseRowColumns,
  briefcases,
  companies,
  type DealRow,
  deals,
  favouriteLots,
  lots,
} from '../../db/schema/index.ts';
import { liveBid } from '../bids/bids.queries.ts';
import { dealRegistryReady } from '../deals/registry/dealRegistry.policy.ts';

export type LotRow = typeof lots.$inferSelect;
/** A lot as trading reads and writes it: every column but its analytics (the card's figures, never read by a bid). */
export type TradingLotRow = Omit<LotRow, 'analytics'>;
export type AutobidRow = typeof autobids.$inferSelect;

export interface LotViewerFacts {
  isFavorited: boolean;
  ownLastBid: number | null;
  ownAutobid: AutobidRow | null;
  leaderCompanyId: number | null;
  leaderCompanyName: string | null;
  winnerCompanyName: string | null;
  hasEnabledAutobids: boolean;
  /** The viewer's company's deal of the lot whose registry is handed over (decisions/0264), or null. */
  registryDealId: number | null;
  /** The lot's newest deal the viewer may see (decisions/0270), or null. */
  deal: LotDealRow | null;
}

/** What the lot reply says of a deal: its row's columns the summary and the viewer's side need. */
export interface LotDealRow {
  id: number;
  attempt: 1 | 2;
  state: DealRow['state'];
  buyerCompanyId: number;
  buyerCompanyName: string;
  sellerCompanyId: number;
  priceKopecks: number;
  deadlineAt: Date | null;
}

/** Who reads the lots: the acting company (own bids, the registry) and, for deals, every company and the role. */
export interface LotReader {
  userId: number;
  companyId: number | null;
  /** The companies the user is a member of: a deal is seen by the members of its two companies. */
  dealCompanyIds: readonly number[];
  isAdmin: boolean;
}

const isFavourite = (userId: number) =>
  sql<boolean>`exists (select 1 from ${favouriteLots} where ${favouriteLots.lotId} = ${lots.id} and ${favouriteLots.userId} = ${userId})`;

export async function findLotsPage(
  db: DbOrTx,
  briefcaseId: number,
  userId: number,
  page: { limit: number; offset: number; favouritesOnly: boolean },
) {
  const where = and(eq(lots.briefcaseId, briefcaseId), page.favouritesOnly ? isFavourite(userId) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(lots)
      .where(where)
      .orderBy(asc(lots.composite), asc(lots.number), asc(lots.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(lots).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findLot(db: DbOrTx, id: number): Promise<LotRow | null> {
  const [row] = await db.select().from(lots).where(eq(lots.id, id)).limit(1);
  return row ?? null;
}

export async function findBriefcaseOfLot(db: DbOrTx, briefcaseId: number) {
  const [row] = await db
    .select(briefcaseRowColumns)
    .from(briefcases)
    .where(eq(briefcases.id, briefcaseId))
    .limit(1);
  return row ?? null;
}

/** What one viewer sees of a set of lots beyond the lot rows: favourites, own bids and autobids, names. */
export async function findViewerFacts(
  db: DbOrTx,
  lotRows: LotRow[],
  viewer: LotReader,
): Promise<Map<number, LotViewerFacts>> {
  const ids = lotRows.map((l) => l.id);
  const facts = new Map<number, LotViewerFacts>();
  if (ids.length === 0) return facts;
  const company = viewer.companyId ?? 0;
  const leaderBidIds = lotRows.map((l) => l.leaderBidId).filter((v): v is number => v !== null);
  const winnerIds = lotRows.map((l) => l.winnerCompanyId).filter((v): v is number => v !== null);
  const [favs, ownBids, ownAutobids, leaders, winners, enabled, lotDeals] = await Promise.all([
    db
      .select({ lotId: favouriteLots.lotId })
      .from(favouriteLots)
      .where(and(eq(favouriteLots.userId, viewer.userId), inArray(favouriteLots.lotId, ids))),
    db
      .selectDistinctOn([bids.lotId], { lotId: bids.lotId, amount: bids.amount })
      .from(bids)
      .where(and(inArray(bids.lotId, ids), eq(bids.companyId, company), liveBid()))
      .orderBy(bids.lotId, desc(bids.id)),
    db
      .select()
      .from(autobids)
      .where(and(inArray(autobids.lotId, ids), eq(autobids.companyId, company))),
    leaderBidIds.length
      ? db
          .select({ bidId: bids.id, companyId: bids.companyId, name: companies.name })
          .from(bids)
          .innerJoin(companies, eq(companies.id, bids.companyId))
          .where(inArray(bids.id, leaderBidIds))
      : Promise.resolve([]),
    winnerIds.length
      ? db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, winnerIds))
      : Promise.resolve([]),
    db
      .selectDistinct({ lotId: autobids.lotId })
      .from(autobids)
      .where(and(inArray(autobids.lotId, ids), eq(autobids.enabled, true))),
    // Only a lot with a winner can have a deal: the trading pages' lots cost no query. The page's deals the viewer
    // may see in one statement (decisions/0270), at most two a lot (the winner's and the second bidder's).
    winnerIds.length && (viewer.isAdmin || viewer.dealCompanyIds.length)
      ? db
          .select({
            lotId: deals.lotId,
            id: deals.id,
            attempt: deals.attempt,
            state: deals.state,
            buyerCompanyId: deals.buyerCompanyId,
            buyerCompanyName: companies.name,
            sellerCompanyId: deals.sellerCompanyId,
            priceKopecks: deals.priceKopecks,
            deadlineAt: deals.deadlineAt,
          })
          .from(deals)
          .innerJoin(companies, eq(companies.id, deals.buyerCompanyId))
          .where(
            and(
              inArray(deals.lotId, ids),
              viewer.isAdmin
                ? undefined
                : or(
                    inArray(deals.buyerCompanyId, [...viewer.dealCompanyIds]),
                    inArray(deals.sellerCompanyId, [...viewer.dealCompanyIds]),
                  ),
            ),
          )
          .orderBy(asc(deals.lotId), desc(deals.attempt))
      : Promise.resolve([]),
  ]);
  const favSet = new Set(favs.map((f) => f.lotId));
  const ownBidBy = new Map(ownBids.map((b) => [b.lotId, b.amount]));
  const autobidBy = new Map(ownAutobids.map((a) => [a.lotId, a]));
  const leaderBy = new Map(leaders.map((l) => [l.bidId, l]));
  const winnerBy = new Map(winners.map((w) => [w.id, w.name]));
  const enabledSet = new Set(enabled.map((e) => e.lotId));
  // The newest attempt first: the first row of a lot is the deal the viewer sees, as GET /lots/:id/deal picks it.
  const dealBy = new Map<number, LotDealRow>();
  const registryDealBy = new Map<number, number>();
  for (const { lotId, ...deal } of lotDeals) {
    if (!dealBy.has(lotId)) dealBy.set(lotId, deal);
    if (deal.buyerCompanyId === company && dealRegistryReady(deal.state)) registryDealBy.set(lotId, deal.id);
  }
  for (const lot of lotRows) {
    const leader = lot.leaderBidId !== null ? leaderBy.get(lot.leaderBidId) : undefined;
    facts.set(lot.id, {
      isFavorited: favSet.has(lot.id),
      ownLastBid: ownBidBy.get(lot.id) ?? null,
      ownAutobid: autobidBy.get(lot.id) ?? null,
      leaderCompanyId: leader?.companyId ?? null,
      leaderCompanyName: leader?.name ?? null,
      winnerCompanyName: lot.winnerCompanyId !== null ? (winnerBy.get(lot.winnerCompanyId) ?? null) : null,
      hasEnabledAutobids: enabledSet.has(lot.id),
      registryDealId: registryDealBy.get(lot.id) ?? null,
      deal: dealBy.get(lot.id) ?? null,
    });
  }
  return facts;
}

export async function toggleFavouriteLot(db: DbOrTx, userId: number, lotId: number): Promise<boolean> {
  const removed = await db
    .delete(favouriteLots)
    .where(and(eq(favouriteLots.userId, userId), eq(favouriteLots.lotId, lotId)))
    .returning();
  if (removed.length > 0) return false;
  await db.insert(favouriteLots).values({ userId, lotId }).onConflictDoNothing();
  return true;
}

export async function findLotsInfo(db: DbOrTx, briefcaseId: number) {
  return db
    .select({ id: lots.id, number: lots.number, alias_number: lots.aliasNumber, composite: lots.composite })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.id));
}

/**
 * Every lot of a procedure as the whole-portfolio rule sees it (packages/domain wholePortfolio.ts): the lots that
 * closed with a winner are sold. Read after the procedure's row is locked, so two choices cannot pass each other.
 */
export async function findPortfolioLots(db: DbOrTx, briefcaseId: number): Promise<AwardableLot[]> {
  const rows = await db
    .select({
      id: lots.id,
      number: lots.number,
      aliasNumber: lots.aliasNumber,
      name: lots.name,
      composite: lots.composite,
      status: lots.status,
      winnerBidId: lots.winnerBidId,
    })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId))
    .orderBy(asc(lots.number), asc(lots.id));
  return rows.map((l) => ({
    id: l.id,
    composite: l.composite,
    name: l.aliasNumber ?? (l.composite && l.name ? l.name : `Лот №${l.number}`),
    awarded: l.status === 'closed' && l.winnerBidId !== null,
  }));
}

/** Whether the company has a standing bid on the lot (the "+N мин" button is for bidders only). */
export async function hasLiveBidOfCompany(tx: DbOrTx, lotId: number, companyId: number): Promise<boolean> {
  const own = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), eq(bids.companyId, companyId), liveBid()))
    .limit(1);
  return own.length > 0;
}

/** The ids of every lot of the procedure, in no particular order. */
export async function findLotIdsOfBriefcase(tx: DbOrTx, briefcaseId: number): Promise<number[]> {
  const rows = await tx.select({ id: lots.id }).from(lots).where(eq(lots.briefcaseId, briefcaseId));
  return rows.map((r) => r.id);
}

/** The ids of every lot of these procedures, in id order (the live snapshot after a gap in the bus). */
export async function findLotIdsOfBriefcases(db: DbOrTx, briefcaseIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: lots.id })
    .from(lots)
    .where(inArray(lots.briefcaseId, briefcaseIds))
    .orderBy(asc(lots.id));
  return rows.map((r) => r.id);
}

/** One company's name (a lot update names the leader and the winner to the seller). */
export async function findCompanyName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [id]));
  return row?.name ?? null;
}

/** One company's row, or undefined (the winner named in the seller's reply). */
export async function findCompany(db: DbOrTx, id: number) {
  return db.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, id) });
}

/** The names of these companies (none asked, none read). */
export async function findCompanyNames(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
}

/** What decides a procedure's status once its lots are decided: each lot's status, bids and winner. */
export async function findLotOutcomes(tx: DbOrTx, briefcaseId: number) {
  return tx
    .select({
      status: lots.status,
      bidsCount: lots.bidsCount,
      winnerBidId: lots.winnerBidId,
      winnerCompanyId: lots.winnerCompanyId,
      secondRoundStartPrice: lots.secondRoundStartPrice,
    })
    .from(lots)
    .where(eq(lots.briefcaseId, briefcaseId));
}

/** Closes the procedure (its status after the lots, whether a second round may start); returns its new row. */
export async function setBriefcaseClosed(
  tx: DbOrTx,
  briefcaseId: number,
  changes: Pick<typeof briefcases.$inferInsert, 'status' | 'canStartSecondRound' | 'updatedAt'>,
) {
  const [updated] = await tx
    .update(briefcases)
    .set(changes)
    .where(eq(briefcases.id, briefcaseId))
    .returning(briefcaseRowColumns);
  return updated;
}

export async function findLotsByIds(db: DbOrTx, ids: number[]): Promise<LotRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(lots).where(inArray(lots.id, ids)).orderBy(asc(lots.id));
}

export async function updateLot(
  tx: DbOrTx,
  id: number,
  changes: Partial<typeof lots.$inferInsert>,
): Promise<LotRow> {
  const [row] = await tx
    .update(lots)
    .set({ ...changes, version: sql`${lots.version} + 1` })
    .where(eq(lots.id, id))
    .returning();
  return row!;
}
