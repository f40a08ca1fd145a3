/** SQL of deals: insert, lock, read one or a page, update, the due ones, the lot's second-best bid. */
import { and, asc, desc, eq, inArray, isNotNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bids, briefcases, companies, type DealRow, deals, lots } from '../../db/schema/index.ts';
import { liveBid } from '../bids/bids.queries.ts';
import { briefcasesWithDocxTemplate } from './agreement/agreement.queries.ts';

type NewDeal = typeof deals.$inferInsert;

export async function insertDeal(tx: DbOrTx, row: NewDeal): Promise<DealRow> {
  const [inserted] = await tx.insert(deals).values(row).returning();
  return inserted!;
}

/** The deal under its row lock (SELECT … FOR UPDATE): every step is decided on the locked row. */
export async function lockDeal(tx: DbOrTx, id: number): Promise<DealRow | null> {
  const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
  return row ?? null;
}

export async function findDeal(db: DbOrTx, id: number): Promise<DealRow | null> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row ?? null;
}

/** The lot's deals, the newest attempt first. */
export async function findDealsOfLot(db: DbOrTx, lotId: number): Promise<DealRow[]> {
  return db.select().from(deals).where(eq(deals.lotId, lotId)).orderBy(desc(deals.attempt));
}

export async function updateDeal(
  tx: DbOrTx,
  id: number,
  patch: Partial<typeof deals.$inferInsert>,
): Promise<DealRow> {
  const [row] = await tx.update(deals).set(patch).where(eq(deals.id, id)).returning();
  return row!;
}

/** Deals whose running clock ended before `now` (each is re-checked under its lock), oldest deadline first. */
export async function dueDealIds(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(isNotNull(deals.deadlineAt), lt(deals.deadlineAt, now)))
    .orderBy(asc(deals.deadlineAt), asc(deals.id));
  return rows.map((r) => r.id);
}

interface DealPageFilter {
  /** The caller's companies as buyer or seller; null: every deal (an administrator). */
  companyIds: number[] | null;
  role?: 'buyer' | 'seller';
  state?: DealRow['state'];
  now: Date;
  limit: number;
  offset: number;
}

function pageWhere(f: DealPageFilter): SQL | undefined {
  const ids = f.companyIds;
  const side =
    ids === null
      ? undefined
      : f.role === 'buyer'
        ? inArray(deals.buyerCompanyId, ids)
        : f.role === 'seller'
          ? inArray(deals.sellerCompanyId, ids)
          : or(inArray(deals.buyerCompanyId, ids), inArray(deals.sellerCompanyId, ids));
  return and(side, f.state ? eq(deals.state, f.state) : undefined);
}

/** A page of deals: overdue ones (a clock ran out, not yet failed) first, then the newest. */
export async function findDealsPage(db: DbOrTx, f: DealPageFilter) {
  const where = pageWhere(f);
  const overdue = sql`(${deals.deadlineAt} is not null and ${deals.deadlineAt} < ${f.now})`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(where)
      .orderBy(desc(overdue), desc(deals.createdAt), desc(deals.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(deals).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** What a deal's reply names besides the row: its lot, both companies, whether its agreement has a template. */
export async function findDealFacts(db: DbOrTx, rows: readonly DealRow[]) {
  const lotIds = [...new Set(rows.map((r) => r.lotId))];
  const companyIds = [...new Set(rows.flatMap((r) => [r.buyerCompanyId, r.sellerCompanyId]))];
  const briefcaseIds = [...new Set(rows.map((r) => r.briefcaseId))];
  const [lotRows, companyRows, docxTemplates] = await Promise.all([
    lotIds.length
      ? db
          .select({ id: lots.id, number: lots.number, aliasNumber: lots.aliasNumber })
          .from(lots)
          .where(inArray(lots.id, lotIds))
      : [],
    companyIds.length
      ? db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, companyIds))
      : [],
    briefcasesWithDocxTemplate(db, briefcaseIds),
  ]);
  return {
    lots: new Map(lotRows.map((l) => [l.id, l])),
    companies: new Map(companyRows.map((c) => [c.id, c.name])),
    /** Procedures whose agreement template is a .docx: their agreements' text is the seller's. */
    docxTemplates,
  };
}

/** The best live bid on the lot of a company that is neither given one: the second-best bidder's, or null. */
export async function findSecondBestBid(db: DbOrTx, lotId: number, excluded: number[]) {
  const [row] = await db
    .select({ companyId: bids.companyId, amount: bids.amount })
    .from(bids)
    .where(and(eq(bids.lotId, lotId), liveBid(), notInArray(bids.companyId, excluded)))
    .orderBy(desc(bids.amount), asc(bids.id))
    .limit(1);
  return row ?? null;
}

/** The procedure's seller and deal deadlines, for opening a lot's deal. */
export async function findDealProcedure(db: DbOrTx, briefcaseId: number) {
  const [row] = await db
    .select({
      companyId: briefcases.companyId,
      endMode: briefcases.endMode,
      dealSignWorkingDays: briefcases.dealSignWorkingDays,
      dealPayWorkingDays: briefcases.dealPayWorkingDays,
      dealSecondOfferWorkingDays: briefcases.dealSecondOfferWorkingDays,
    })
    .from(briefcases)
    .where(eq(briefcases.id, briefcaseId));
  return row ?? null;
}
